import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client } from '../../server/test-support';
import { publishedProfile } from '../../server/test-flows';
import { currentRevision } from '../../server/db/revision';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from '../../shared/constants';
import { syncPageSchema, type SyncPage } from '../../shared/contract/sync';
import { readSyncMeta, type RegistryDb } from './db';
import { startReplicator, syncNow } from './replicator';
import { awaitingFirstAnswer, resetReplicationGate } from './replication-gate';
import { clearReplica, getIncidents, getProfile, readReplica, replicaCount } from './replica';
import { getStatus, useStatus, type FirstSyncProgress } from '../state/status';
import { localPageStore, type SyncPageStore } from './sync-pages';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from './test-support';
import { routes } from '../../shared/contract/routes';

let server: RunningServer;
let db: RegistryDb;
let anon: Client;
let staff: Client;
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(async () => {
  resetStatus();
  resetReplicationGate();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
  anon = await visitor(server.t.app);
  staff = await staffClient(server.t);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  disconnect();
  await dropDb(db);
  await server.close();
});

async function publish(names: string[], incidents = 1): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const made = await publishedProfile(anon, staff, 'developers', { name }, Array.from({ length: incidents }, (_, i) => ({ description: `${name} case ${i + 1}` })));
    ids.push(made.id);
  }
  return ids;
}

async function serverPage(since: number, limit: number): Promise<SyncPage> {
  const res = await fetch(`${server.url}/api/sync/?since=${since}&limit=${limit}`);
  return (await res.json()) as SyncPage;
}

/** A store that checks and stores as the page does, and records what it stored. */
function recordingStore(db: RegistryDb): { store: SyncPageStore; stored: { cursor: number; hasMore: boolean; startOver: boolean }[] } {
  const inner = localPageStore(db);
  const stored: { cursor: number; hasMore: boolean; startOver: boolean }[] = [];
  return {
    stored,
    store: {
      check: (body) => inner.check(body),
      store: (checked, startOver) => {
        stored.push({ cursor: checked.cursor, hasMore: checked.hasMore, startOver });
        return inner.store(checked, startOver);
      },
    },
  };
}

const names = async () => (await readReplica(db)).map((p) => p.name).sort();
const incidentCount = async () => (await readReplica(db)).reduce((n, p) => n + p.incidents.length, 0);
const incidentsOf = async (id: number) => (await getIncidents(id, db)).length;

describe('the replicator', () => {
  it('when the registry spans several pages, then every profile arrives with its incidents and the last cursor is stored', async () => {
    await publish(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);

    await syncNow(db, { pageSize: 2 });

    expect(await names()).toEqual(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);
    expect(await incidentCount()).toBe(5);
    const meta = await readSyncMeta(db);
    expect(meta.cursor).toBe(currentRevision(server.t.db));
    expect(meta.registryVersion).toBe(3); // one bump per page that changed the replica
    expect(getStatus()).toMatchObject({ syncing: false, lastSyncError: null, lastSyncedAt: meta.lastSyncedAt });
  });

  it('when a synced profile is rejected by staff, then the next sync deletes it and its incidents', async () => {
    const [gone, kept] = await publish(['Gone Person', 'Kept Person'], 2);
    await syncNow(db);
    expect(await incidentsOf(gone!)).toBe(2);
    const versionBefore = (await readSyncMeta(db)).registryVersion;

    const res = await staff.post(routes.profiles.reject.developer.path({ id: gone! }));
    expect(res.status).toBe(200);
    await syncNow(db);

    expect(await getProfile(gone!, db)).toBeUndefined();
    expect(await incidentsOf(gone!)).toBe(0);
    expect(await getProfile(kept!, db)).toMatchObject({ name: 'Kept Person' });
    expect(await incidentsOf(kept!)).toBe(2);
    expect((await readSyncMeta(db)).registryVersion).toBe(versionBefore + 1);
  });

  it('when the write of the second page fails, then the cursor stays at the first page and a retry completes without duplicates', async () => {
    await publish(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);
    const firstPage = await serverPage(0, 2);
    let failures = 0;
    // the meta row is created by page 1 and updated by page 2: fail that update, once
    db.meta.hook('updating', () => {
      if (failures++ === 0) throw new Error('disk full');
    });

    await syncNow(db, { pageSize: 2 });

    expect(getStatus().lastSyncError).toMatch(/disk full/);
    expect((await readSyncMeta(db)).cursor).toBe(firstPage.cursor);
    expect(await names()).toEqual(firstPage.profiles.map((p) => p.name).sort()); // page 2's rows rolled back with it

    await syncNow(db, { pageSize: 2 });

    expect(getStatus().lastSyncError).toBeNull();
    expect(await names()).toEqual(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);
    expect(await incidentCount()).toBe(5);
    expect((await readSyncMeta(db)).cursor).toBe(currentRevision(server.t.db));
  });

  it('when the server database was replaced by one with a lower head, then the replica is cleared and refilled from it', async () => {
    await publish(['Old One', 'Old Two', 'Old Three']);
    await syncNow(db);
    const cursorBefore = (await readSyncMeta(db)).cursor;

    const replaced = await startServer(makeTestApp());
    cleanups.push(() => replaced.close());
    const replacedStaff = await staffClient(replaced.t);
    await publishedProfile(await visitor(replaced.t.app), replacedStaff, 'projects', { name: 'New Project' }, [{}]);
    expect(currentRevision(replaced.t.db)).toBeLessThan(cursorBefore);
    connectTo(replaced.url);

    await syncNow(db);

    expect(await names()).toEqual(['New Project']);
    expect(await incidentCount()).toBe(1);
    expect((await readSyncMeta(db)).cursor).toBe(currentRevision(replaced.t.db));
  });

  it('when the replica fills, then the filling store checks and stores its pages; a delta is checked and stored here', async () => {
    const filling = recordingStore(db);
    await publish(['Ada', 'Bert', 'Cleo']);

    await syncNow(db, { pageSize: 2, fillingPages: filling.store });

    expect(filling.stored).toEqual([{ cursor: expect.any(Number), hasMore: true, startOver: true }, { cursor: currentRevision(server.t.db), hasMore: false, startOver: false }]);
    expect(getStatus().lastSyncError).toBeNull();
    expect(await names()).toEqual(['Ada', 'Bert', 'Cleo']);

    await publish(['Dana']);
    await syncNow(db, { pageSize: 2, fillingPages: filling.store });

    expect(filling.stored).toHaveLength(2);
    expect(await names()).toEqual(['Ada', 'Bert', 'Cleo', 'Dana']);
    expect((await readSyncMeta(db)).cursor).toBe(currentRevision(server.t.db));
  });

  it("when a delta's first page says the server started over, then the pages after it go to the filling store", async () => {
    await publish(['Old One', 'Old Two', 'Old Three', 'Old Four', 'Old Five']);
    await syncNow(db);
    const replaced = await startServer(makeTestApp());
    cleanups.push(() => replaced.close());
    const replacedStaff = await staffClient(replaced.t);
    for (const name of ['New One', 'New Two']) await publishedProfile(await visitor(replaced.t.app), replacedStaff, 'projects', { name }, [{}]);
    expect(currentRevision(replaced.t.db)).toBeLessThan((await readSyncMeta(db)).cursor);
    connectTo(replaced.url);
    const filling = recordingStore(db);

    await syncNow(db, { pageSize: 1, fillingPages: filling.store });

    // the reset page was asked for as a delta (stored here), the next one as the replica refilled
    expect(filling.stored).toEqual([{ cursor: currentRevision(replaced.t.db), hasMore: false, startOver: false }]);
    expect(await names()).toEqual(['New One', 'New Two']);
  });

  it('when the local profiles were emptied but the cursor kept, then the next sync starts again from 0', async () => {
    await publish(['Ada', 'Bert']);
    await syncNow(db);
    await db.transaction('rw', db.chunks, db.chunkKeys, () => clearReplica(db));
    expect((await readSyncMeta(db)).cursor).toBeGreaterThan(0);

    await syncNow(db);

    expect(await names()).toEqual(['Ada', 'Bert']);
    expect(await incidentCount()).toBe(2);
  });

  it('when the replica starts empty, then the first sync reports how many of how many, and later syncs stay quiet', async () => {
    await publish(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);
    const seen: (FirstSyncProgress | null)[] = [];
    const unsubscribe = useStatus.subscribe((state, previous) => {
      if (state.firstSync !== previous.firstSync) seen.push(state.firstSync);
    });
    cleanups.push(unsubscribe);

    await syncNow(db, { pageSize: 2 });
    // from the start, the total unknown until the first page is in
    expect(seen).toEqual([{ done: 0, total: 0 }, { done: 2, total: 5 }, { done: 4, total: 5 }, { done: 5, total: 5 }, null]);

    seen.length = 0;
    await publish(['Fay']);
    await syncNow(db, { pageSize: 2 });
    expect(seen).toEqual([]);
    expect(await replicaCount(db)).toBe(6);
  });

  it('when a first download stopped after a page, then the next run resumes it from its cursor as the same download, with its progress', async () => {
    await publish(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);
    const firstPage = await serverPage(0, 2);
    let failures = 0;
    // the meta row is created by page 1 and updated by page 2: fail that update, once (a reload, a lost connection)
    db.meta.hook('updating', (_mods, key) => {
      if (key === 'sync' && failures++ === 0) throw new Error('gone');
    });
    await syncNow(db, { pageSize: 2 });
    expect((await readSyncMeta(db)).lastSyncedAt).toBeNull();
    expect((await db.meta.get('fill'))?.value).toEqual({ held: 2, total: 5 });

    const seen: (FirstSyncProgress | null)[] = [];
    cleanups.push(useStatus.subscribe((state, previous) => {
      if (state.firstSync !== previous.firstSync) seen.push(state.firstSync);
    }));
    const asked: number[] = [];
    connectTo(server.url, undefined, (next) => (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === routes.sync.page.path()) asked.push(Number(url.searchParams.get('since')));
      return next(input, init);
    });
    await syncNow(db, { pageSize: 2 });

    expect(asked[0]).toBe(firstPage.cursor);
    expect(seen).toEqual([{ done: 2, total: 5 }, { done: 4, total: 5 }, { done: 5, total: 5 }, null]);
    expect(await names()).toEqual(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil']);
    expect((await readSyncMeta(db)).lastSyncedAt).not.toBeNull();
  });

  it('when syncs are asked for while one runs in this tab, then they share it', async () => {
    await publish(['Ada']);
    const requests: string[] = [];
    connectTo(server.url, undefined, (next) => (input, init) => {
      requests.push(String(input));
      return next(input, init);
    });

    await Promise.all([syncNow(db), syncNow(db), syncNow(db)]);

    expect(requests.filter((u) => u.includes(routes.sync.page.path()))).toHaveLength(1);
    expect(await names()).toEqual(['Ada']);
  });

  it('when a sync is asked for after the running one sent its last request, then it runs once more and brings the change', async () => {
    await publish(['Ada']);
    const requests: string[] = [];
    let later: Promise<void> | null = null;
    connectTo(server.url, undefined, (next) => async (input, init) => {
      const res = await next(input, init);
      if (String(input).includes(routes.sync.page.path())) {
        requests.push(String(input));
        // the run's only request is answered; then a profile is published and a trigger comes
        if (requests.length === 1) {
          await publish(['Bert']);
          later = syncNow(db);
        }
      }
      return res;
    });

    await syncNow(db);

    expect(later).not.toBeNull();
    expect(requests).toHaveLength(2);
    expect(await names()).toEqual(['Ada', 'Bert']);
  });

  it('when pages come in fast, then each next page is twice as large, up to the largest; a later sync starts small again', async () => {
    await publish(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil', 'Fay', 'Gus', 'Hal']);
    const requests: string[] = [];
    connectTo(server.url, undefined, (next) => (input, init) => {
      if (String(input).includes(routes.sync.page.path())) requests.push(String(input));
      return next(input, init);
    });

    await syncNow(db, { pageSize: 1, maxPageSize: 4 });
    await publish(['Ivy']);
    await syncNow(db, { pageSize: 1, maxPageSize: 4 });

    expect(requests.map((u) => new URL(u).searchParams.get('limit'))).toEqual(['1', '2', '4', '4', '1']);
    expect(await names()).toEqual(['Ada', 'Bert', 'Cleo', 'Dana', 'Emil', 'Fay', 'Gus', 'Hal', 'Ivy']);
  });

  it('when the connection is 4G-class, then a sync starts at the largest page; after a page fails, the next run asks for half', async () => {
    await publish(['Ada']);
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', saveData: false }, configurable: true });
    cleanups.push(() => void Reflect.deleteProperty(navigator, 'connection'));
    const requests: string[] = [];
    let fail = true;
    connectTo(server.url, undefined, (next) => (input, init) => {
      if (String(input).includes(routes.sync.page.path())) {
        requests.push(String(input));
        if (fail) {
          fail = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
      }
      return next(input, init);
    });

    await syncNow(db);
    expect(getStatus().lastSyncError).toMatch(/could not be reached/);
    await syncNow(db);

    expect(requests.map((u) => new URL(u).searchParams.get('limit'))).toEqual([String(SYNC_PAGE_MAX), String(SYNC_PAGE_MAX / 2)]);
    expect(await names()).toEqual(['Ada']);
  });

  it('when no page size is asked for, then a sync starts at the default page', async () => {
    await publish(['Ada']);
    const requests: string[] = [];
    connectTo(server.url, undefined, (next) => (input, init) => {
      if (String(input).includes(routes.sync.page.path())) requests.push(String(input));
      return next(input, init);
    });

    await syncNow(db);

    expect(requests.map((u) => new URL(u).searchParams.get('limit'))).toEqual([String(SYNC_PAGE_DEFAULT)]);
  });

  it('when a sync page passes the schema, then it is exactly its JSON (the compiled check passes a page as it came, and that is what is stored)', async () => {
    await publish(['Ada', 'Bert'], 2);
    const text = await (await fetch(`${server.url}/api/sync/?since=0&limit=10`)).text();
    const json: unknown = JSON.parse(text);

    expect(syncPageSchema.parse(json)).toStrictEqual(json);
    expect((json as SyncPage).profiles.flatMap((p) => p.incidents)).toHaveLength(4);
  });

  it('when the server cannot be reached, then the replica and cursor stay and the error is shown', async () => {
    await publish(['Ada']);
    await syncNow(db);
    const before = await readSyncMeta(db);
    await server.stop();

    await syncNow(db);

    expect(getStatus()).toMatchObject({ syncing: false, lastSyncError: expect.stringMatching(/could not be reached/) });
    expect(await readSyncMeta(db)).toEqual(before);
    expect(await names()).toEqual(['Ada']);
  });

  it('when started on a replica that is not complete, after the first answer, then it shows the download as starting and syncs only once the answer is shown', async () => {
    await publish(['Ada']);
    const shown = awaitingFirstAnswer();
    const stop = startReplicator(db, () => syncNow(db), { afterFirstAnswer: true });
    cleanups.push(stop);

    await vi.waitFor(() => expect(getStatus().firstSync).toEqual({ done: 0, total: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await names()).toEqual([]);

    shown();
    await vi.waitFor(async () => expect(await names()).toEqual(['Ada']));
    await vi.waitFor(() => expect(getStatus()).toMatchObject({ firstSync: null, lastSyncedAt: expect.any(Number) }));
  });

  it('when started on a complete replica, after the first answer, then it syncs at once', async () => {
    await publish(['Ada']);
    await syncNow(db);
    await publish(['Bert']);
    awaitingFirstAnswer(); // never shown
    const stop = startReplicator(db, () => syncNow(db), { afterFirstAnswer: true });
    cleanups.push(stop);

    await vi.waitFor(async () => expect(await names()).toEqual(['Ada', 'Bert']));
  });

  it('when started, then it syncs at once and follows the online and offline events', async () => {
    await publish(['Ada']);
    const stop = startReplicator(db);
    cleanups.push(stop);

    await vi.waitFor(async () => expect(await names()).toEqual(['Ada']));
    await vi.waitFor(() => expect(getStatus().lastSyncedAt).not.toBeNull());

    window.dispatchEvent(new Event('offline'));
    expect(getStatus().online).toBe(false);

    await publish(['Bert']);
    window.dispatchEvent(new Event('online'));
    expect(getStatus().online).toBe(true);
    await vi.waitFor(async () => expect(await names()).toEqual(['Ada', 'Bert']));
  });
});
