import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openRegistryDb, readSyncMeta, type RegistryDb } from './db';
import { clearDraft, loadDraft, saveDraft } from './drafts';
import { enqueue, flushOutbox } from './outbox';
import { listOutbox } from './outbox-list';
import { getStatus } from '../state/status';
import { requestPersistentStorage } from './storage';
import { dropDb, freshDb, resetStatus } from './test-support';

const opened: RegistryDb[] = [];
const track = (db: RegistryDb) => {
  opened.push(db);
  return db;
};

afterEach(async () => {
  for (const db of opened.splice(0)) await dropDb(db);
  resetStatus();
});

describe('the local database', () => {
  it('when it is opened, then it has the tables and indexes its header describes', async () => {
    const db = track(freshDb());
    await db.open();

    const schema = Object.fromEntries(db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)]]));

    expect(schema).toEqual({
      chunks: ['id'],
      chunkKeys: ['id'],
      searchIndex: ['key'],
      meta: ['key'],
      outbox: ['id', 'state', 'createdAt', 'nextAttemptAt'],
      drafts: ['key', 'updatedAt'],
      savedSearches: ['++id', 'savedAt', 'serverId'],
      sent: ['id', 'sentAt', 'entryId'],
    });
    expect(await readSyncMeta(db)).toEqual({ cursor: 0, lastSyncedAt: null, registryVersion: 0, epoch: 0 });
  });

  it('when a version 1 database is upgraded, then the old replica and its cursor go and the person\'s own data stays', async () => {
    const name = `bustr-upgrade-${crypto.randomUUID()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      profiles: 'id, kind, revision, name', incidents: 'id, profileId', meta: 'key',
      outbox: 'id, state, createdAt, nextAttemptAt', drafts: 'key, updatedAt', savedSearches: '++id, savedAt, serverId',
    });
    await v1.table('profiles').put({ id: 1, kind: 'developer', revision: 5, name: 'Old Row' });
    await v1.table('meta').put({ key: 'sync', value: { cursor: 5, lastSyncedAt: 1, registryVersion: 3 } });
    await v1.table('drafts').put({ key: 'wizard:developer', value: { step: 2 }, updatedAt: 1 });
    await v1.table('savedSearches').add({ name: 'Mine', filters: {}, query: 'ada', savedAt: 1 });
    v1.close();

    const db = track(openRegistryDb(name));
    await db.open();

    expect(db.tables.map((t) => t.name)).not.toContain('profiles');
    expect(await readSyncMeta(db)).toEqual({ cursor: 0, lastSyncedAt: null, registryVersion: 0, epoch: 0 });
    expect(await loadDraft('wizard:developer', db)).toEqual({ step: 2 });
    expect((await db.savedSearches.toArray()).map((s) => s.name)).toEqual(['Mine']);
  });

  it('when a version 2 database is upgraded, then the replica, its cursor, the outbox and the rest stay, and What I sent is there, empty', async () => {
    const name = `bustr-upgrade-${crypto.randomUUID()}`;
    const v2 = new Dexie(name);
    v2.version(1).stores({
      profiles: 'id, kind, revision, name', incidents: 'id, profileId', meta: 'key',
      outbox: 'id, state, createdAt, nextAttemptAt', drafts: 'key, updatedAt', savedSearches: '++id, savedAt, serverId',
    });
    v2.version(2).stores({ profiles: null, incidents: null, chunks: 'id', chunkKeys: 'id', searchIndex: 'key' });
    const sync = { cursor: 42, lastSyncedAt: 7, registryVersion: 3, epoch: 1 };
    const waiting = {
      id: 'entry-1', action: { type: 'report-profile', kind: 'developer', profile: { name: 'Waiting' }, incidents: [] }, label: 'Report scammer Waiting',
      state: 'pending', createdAt: 1, updatedAt: 1, attempts: 0, nextAttemptAt: 1, lastError: null, failure: 'offline', results: [],
    };
    await v2.table('chunks').put({ id: 1, json: '[]' });
    await v2.table('chunkKeys').put({ id: 1, ids: [], revisions: [], removed: [], removedRevisions: [] });
    await v2.table('meta').put({ key: 'sync', value: sync });
    await v2.table('outbox').put(waiting);
    await v2.table('drafts').put({ key: 'wizard:developer', value: { step: 2 }, updatedAt: 1 });
    v2.close();

    const db = track(openRegistryDb(name));
    await db.open();

    expect(db.verno).toBe(3);
    expect(await readSyncMeta(db)).toEqual(sync);
    expect(await db.chunks.count()).toBe(1);
    expect(await db.chunkKeys.count()).toBe(1);
    expect(await listOutbox(db)).toEqual([waiting]);
    expect(await loadDraft('wizard:developer', db)).toEqual({ step: 2 });
    expect(await db.sent.count()).toBe(0);
  });

  it('when a draft is saved and the database reopened, then the draft is still there until cleared', async () => {
    const first = freshDb();
    await saveDraft('wizard:developer', { step: 2, name: 'Jane Roe' }, first);
    first.close();
    const reopened = track(openRegistryDb(first.name));

    expect(await loadDraft('wizard:developer', reopened)).toEqual({ step: 2, name: 'Jane Roe' });
    await clearDraft('wizard:developer', reopened);
    expect(await loadDraft('wizard:developer', reopened)).toBeUndefined();
  });

  it('when entries are queued, then the list shows them oldest first', async () => {
    const db = track(freshDb());
    // no server is configured: the flushes these start fail and keep the entries
    const a = await enqueue({ type: 'report-profile', kind: 'developer', profile: { name: 'First' }, incidents: [] }, db);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const b = await enqueue({ type: 'report-profile', kind: 'project', profile: { name: 'Second' }, incidents: [] }, db);
    await flushOutbox(db);

    expect((await listOutbox(db)).map((e) => [e.id, e.label])).toEqual([[a.id, 'Report scammer First'], [b.id, 'Report project Second']]);
  });
});

describe('requestPersistentStorage', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'storage');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'storage', original);
    else delete (navigator as { storage?: unknown }).storage;
  });

  it('when the browser cannot persist storage, then the answer is null', async () => {
    Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });

    expect(await requestPersistentStorage()).toBeNull();
    expect(getStatus().storagePersisted).toBeNull();
  });

  it('when the browser grants persistence, then the status says so', async () => {
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persisted: async () => false, persist: async () => true } });

    expect(await requestPersistentStorage()).toBe(true);
    expect(getStatus().storagePersisted).toBe(true);
  });
});
