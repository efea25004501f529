import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncPage, SyncProfile } from '../../shared/contract/sync';
import { sampleProfile } from '../../shared/test-support';
import { readSyncMeta, type RegistryDb } from './db';
import { readReplica, type WrittenChunks } from './replica';
import { HeldPages, localPageStore, readSyncPage } from './sync-pages';
import { dropDb, freshDb } from './test-support';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value)).buffer;

function profile(id: number, revision: number, name = `Person ${id}`): SyncProfile {
  return { ...sampleProfile({ id, name }), kind: 'developer', revision, incidents: [] };
}

function page(profiles: SyncProfile[], over: Partial<SyncPage> = {}): SyncPage {
  const cursor = Math.max(0, ...profiles.map((p) => p.revision));
  return { profiles, tombstones: [], cursor, hasMore: false, remaining: 0, reset: false, ...over };
}

describe('readSyncPage', () => {
  it('when the bytes are a sound page, then it is read as it came', () => {
    const sent = page([profile(1, 1), profile(2, 2, 'Zoë Ångström')], { hasMore: true, remaining: 7 });

    expect(readSyncPage(bytes(sent))).toStrictEqual(sent);
  });

  it('when the bytes are not JSON (a captive portal), then it is as good as no answer', () => {
    expect(() => readSyncPage(bytes('<p>Sign in to the Wi-Fi</p>'))).toThrow(expect.objectContaining({ name: 'ApiError', status: 0 }));
  });

  it('when the page breaks the schema, then zod says where', () => {
    const broken = { ...page([profile(1, 1)]), cursor: 'soon' };

    expect(() => readSyncPage(bytes(broken))).toThrow(/cursor/);
  });
});

describe('HeldPages', () => {
  it('when a page is held, then the loop gets what it needs of it, and the page is taken once', () => {
    const held = new HeldPages();
    const sent = page([profile(1, 4)], { hasMore: true, remaining: 3, tombstones: [{ kind: 'developer', id: 9, revision: 3 }] });

    const checked = held.hold(sent);

    expect(checked).toEqual({ key: expect.any(Number), cursor: 4, hasMore: true, reset: false, remaining: 3, changes: 2 });
    expect(held.take(checked.key)).toBe(sent);
    expect(() => held.take(checked.key)).toThrow(/dropped/);
  });

  it('when pages of a failed run were never stored, then they make way for newer ones (at most two wait)', () => {
    const held = new HeldPages();
    const [a, b, c] = [1, 2, 3].map((n) => held.hold(page([profile(n, n)])));

    expect(() => held.take(a!.key)).toThrow(/dropped/);
    expect(held.take(b!.key).cursor).toBe(2);
    expect(held.take(c!.key).cursor).toBe(3);
  });
});

describe('localPageStore', () => {
  let db: RegistryDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    await dropDb(db);
  });

  it('when a checked page is stored, then its profiles and cursor land together, and what was written is offered', async () => {
    const offered: WrittenChunks[] = [];
    const store = localPageStore(db, (written) => offered.push(written));

    const checked = await store.check(bytes(page([profile(1, 1), profile(2, 2)])));
    expect(await readReplica(db)).toEqual([]);
    const changed = await store.store(checked, true);

    expect(changed).toBe(true);
    expect((await readReplica(db)).map((p) => p.id).sort()).toEqual([1, 2]);
    expect((await readSyncMeta(db)).cursor).toBe(2);
    expect(offered).toEqual([expect.objectContaining({ first: 1, profiles: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })] })]);
  });
});
