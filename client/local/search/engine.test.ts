import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchRegistry, type ActiveFilters } from '../../../shared/search/reference';
import { sampleProfile } from '../../../shared/test-support';
import { SearchIndex } from '../../../shared/search/index/search-index';
import type { TokenHelper } from '../../../shared/search/index/token-helper';
import { channelTokenHelper } from '../../../shared/search/index/test-token-helper';
import type { SyncProfile } from '../../../shared/contract/sync';
import { readSyncMeta, type RegistryDb } from '../db';
import { appendChunks, clearReplica, readReplica, type ReplicaRemoval } from '../replica';
import { dropDb, freshDb } from '../test-support';
import { HELPED_BUILD_MIN, RegistrySearchEngine, SAVE_DELAY_MS } from './engine';

const opened: { db: RegistryDb; engines: RegistrySearchEngine[] }[] = [];
const closers: (() => void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const close of closers.splice(0)) close();
  for (const { db, engines } of opened.splice(0)) {
    engines.forEach((e) => e.dispose());
    await dropDb(db);
  }
});

function setup(startTokenHelper?: () => TokenHelper) {
  const entry = { db: freshDb(), engines: [] as RegistrySearchEngine[] };
  opened.push(entry);
  const engine = () => {
    const made = new RegistrySearchEngine(entry.db, startTokenHelper);
    entry.engines.push(made);
    return made;
  };
  return { db: entry.db, engine };
}

const CITIES = ['Berlin', 'Lagos', 'Remote', 'Lima'];
function person(id: number, revision: number, extra: Partial<SyncProfile> = {}): SyncProfile {
  return {
    ...sampleProfile({ id, name: `${['Ada', 'bert', 'Cleo', 'Dana'][id % 4]} ${id}`, location: CITIES[id % 4]!, walletAddresses: [`0xAB${id}CD`] }),
    kind: id % 5 === 0 ? 'project' : 'developer', revision, incidents: [], ...extra,
  };
}

/** Writes a sync page's changes and bumps the registry version, as the replicator does. */
async function syncPage(db: RegistryDb, profiles: SyncProfile[], removals: ReplicaRemoval[] = [], startOver = false): Promise<number> {
  return db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    const meta = await readSyncMeta(db);
    const epoch = (meta.epoch ?? 0) + (startOver ? 1 : 0);
    if (startOver) await clearReplica(db, epoch);
    await appendChunks(db, profiles, removals);
    const registryVersion = meta.registryVersion + 1;
    await db.meta.put({ key: 'sync', value: { ...meta, registryVersion, epoch } });
    return registryVersion;
  });
}

/** syncPage, then the engine is offered what was stored, as the sync in the worker does. */
async function offeredPage(db: RegistryDb, engine: RegistrySearchEngine, profiles: SyncProfile[], removals: ReplicaRemoval[] = [], startOver = false, offer = true): Promise<number> {
  let span: { first: number; last: number } | null = null;
  let epoch = 0;
  const version = await db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    const meta = await readSyncMeta(db);
    epoch = (meta.epoch ?? 0) + (startOver ? 1 : 0);
    if (startOver) await clearReplica(db, epoch);
    span = await appendChunks(db, profiles, removals);
    await db.meta.put({ key: 'sync', value: { ...meta, registryVersion: meta.registryVersion + 1, epoch } });
    return meta.registryVersion + 1;
  });
  const written = span as { first: number; last: number } | null;
  if (offer && written) await engine.offer({ epoch, ...written, profiles, removed: removals.map((r) => r.id) });
  return version;
}

/** How often the engine reads the replica's chunks while `work` runs. */
async function chunkReadsDuring(db: RegistryDb, work: () => Promise<unknown>): Promise<number> {
  const where = vi.spyOn(db.chunks, 'where');
  const get = vi.spyOn(db.chunks, 'get');
  try {
    await work();
    return where.mock.calls.length + get.mock.calls.length;
  } finally {
    where.mockRestore();
    get.mockRestore();
  }
}

const QUERIES: { query: string; filters: ActiveFilters }[] = [
  { query: '', filters: {} },
  { query: 'ada', filters: {} },
  { query: '0xab1', filters: {} },
  { query: 'cleo', filters: { Location: ['Lagos'] } },
  { query: '', filters: { Location: ['Remote', 'Lima'] } },
];

const PAGE = 1000;

/** The engine's answers against the reference over what the replica holds, for every query and both kinds. */
async function expectSameAsReference(db: RegistryDb, engine: RegistrySearchEngine, version: number): Promise<void> {
  const replica = await readReplica(db);
  for (const kind of ['developer', 'project'] as const) {
    const profiles = replica.filter((p) => p.kind === kind).map(({ incidents: _i, revision: _r, ...p }) => p);
    for (const { query, filters } of QUERIES) {
      const expected = searchRegistry(profiles, query, filters).map((r) => ({ id: r.profile.id, score: r.score }));
      const got = await engine.search({ kind, query, filters, offset: 0, limit: PAGE }, version);
      expect({ kind, query, filters, items: got.items, total: got.total }).toEqual({ kind, query, filters, items: expected.slice(0, PAGE), total: expected.length });
    }
  }
}

describe('the registry search engine', () => {
  it('when the replica fills, changes and loses profiles, then its answers stay those of the reference', async () => {
    const { db, engine } = setup();
    const search = engine();
    let version = await syncPage(db, Array.from({ length: 60 }, (_, i) => person(i + 1, i + 1)));
    await expectSameAsReference(db, search, version);

    // a small delta: two renamed, one moved city, two removed, one new
    version = await syncPage(
      db,
      [person(3, 100, { name: 'Zed Renamed' }), person(8, 101, { location: 'Lagos' }), person(70, 102)],
      [{ id: 4, revision: 103 }, { id: 10, revision: 104 }],
    );
    await expectSameAsReference(db, search, version);

    // a large delta (more than a quarter of the index) is taken in by a build
    version = await syncPage(db, Array.from({ length: 300 }, (_, i) => person(200 + i, 200 + i)));
    await expectSameAsReference(db, search, version);
  });

  it('when the replica starts over (a new epoch), then the index does too', async () => {
    const { db, engine } = setup();
    const search = engine();
    let version = await syncPage(db, Array.from({ length: 20 }, (_, i) => person(i + 1, i + 1)));
    expect((await search.search({ kind: 'developer', query: '', filters: {} }, version)).total).toBe(16);

    version = await syncPage(db, [person(501, 1), person(502, 2)], [], true);

    expect((await search.search({ kind: 'developer', query: '', filters: {} }, version)).items.map((i) => i.id)).toEqual([501, 502]);
    await expectSameAsReference(db, search, version);
  });

  it('when a first sync streams in while nobody searches, then the first search builds once over every page', async () => {
    const { db, engine } = setup();
    const search = engine();
    let version = 0;
    for (let page = 0; page < 3; page++) {
      version = await offeredPage(db, search, Array.from({ length: 30 }, (_, i) => person(page * 30 + i + 1, page * 30 + i + 1)), [], page === 0);
    }
    expect(await db.searchIndex.count()).toBe(0);

    await expectSameAsReference(db, search, version);
  });

  it('when the index was saved, then a new engine (a cold start) answers from it and catches up with newer chunks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { db, engine } = setup();
    const first = engine();
    let version = await syncPage(db, Array.from({ length: 40 }, (_, i) => person(i + 1, i + 1)));
    await first.search({ kind: 'developer', query: '', filters: {} }, version);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await vi.waitFor(async () => expect(await db.searchIndex.get('registry')).toMatchObject({ lastChunk: 1 }));
    first.dispose();

    version = await syncPage(db, [person(41, 41, { name: 'Ada Newcomer' })], [{ id: 2, revision: 42 }]);
    const chunksRead = vi.spyOn(db.chunks, 'where');
    const coldStart = engine();

    await expectSameAsReference(db, coldStart, version);
    // the saved index was used: only the chunk written after it was read, never all of them
    expect(chunksRead).not.toHaveBeenCalled();
    expect((await coldStart.search({ kind: 'developer', query: 'newcomer', filters: {} }, version)).items.map((i) => i.id)).toEqual([41]);
  });

  it('when the saved index cannot be read, then it is built again from the replica', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, Array.from({ length: 12 }, (_, i) => person(i + 1, i + 1)));
    await db.searchIndex.put({ key: 'registry', epoch: 0, lastChunk: 1, index: { meta: { format: 999 as never, slots: 0, parts: [] }, buffers: [] } });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await expectSameAsReference(db, engine(), version);
    expect(warned).toHaveBeenCalled();
  });

  it('when the sync offers each page it stored, then a first sync is indexed without reading the chunks back, and deltas too', async () => {
    const { db, engine } = setup();
    const e = engine();
    await offeredPage(db, e, Array.from({ length: 150 }, (_, i) => person(i + 1, i + 1)), [], true);
    await offeredPage(db, e, [person(7, 200, { name: 'Ada Changed' }), ...Array.from({ length: 50 }, (_, i) => person(i + 151, 201 + i))]);
    let version = await offeredPage(db, e, [], [{ id: 3, revision: 300 }, { id: 160, revision: 301 }]);

    expect(await chunkReadsDuring(db, () => e.search({ kind: 'developer', query: '', filters: {}, offset: 0, limit: 20 }, version))).toBe(0);
    await expectSameAsReference(db, e, version);

    // a small delta into the built index: upserted from the offer
    version = await offeredPage(db, e, [person(11, 400, { name: 'Cleo Moved', location: 'Lima' })], [{ id: 12, revision: 401 }]);
    expect(await chunkReadsDuring(db, () => e.search({ kind: 'developer', query: 'cleo', filters: {}, offset: 0, limit: 20 }, version))).toBe(0);
    await expectSameAsReference(db, e, version);
  });

  it('when a first sync has just filled the replica, then the opening page comes before the build, as the reference gives it, and the build follows', async () => {
    const { db, engine } = setup();
    const e = engine();
    await offeredPage(db, e, Array.from({ length: 90 }, (_, i) => person(i + 1, i + 1)), [], true);
    const version = await offeredPage(db, e, Array.from({ length: 30 }, (_, i) => person(i + 91, i + 91)), [{ id: 5, revision: 200 }]);
    const build = vi.spyOn(SearchIndex, 'build');
    const developers = (await readReplica(db)).filter((p) => p.kind === 'developer');
    const expected = searchRegistry(developers, '', {}).map((r) => ({ id: r.profile.id, score: r.score }));

    // the page asks for its filters' options first, then for the opening page
    const options = e.facetOptions('developer', 'Location', version);
    const opening = await e.search({ kind: 'developer', query: '', filters: {}, offset: 20, limit: 20 }, version);

    expect(build).not.toHaveBeenCalled();
    expect((await options).map((o) => o.value).sort()).toEqual([...new Set(developers.map((p) => p.location))].sort());
    expect(opening).toEqual({ total: expected.length, items: expected.slice(20, 40) });
    // the next call finds the index built (once), and a search for a term is answered from it
    await expectSameAsReference(db, e, version);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('when an offer does not follow what the index took in, then it is left to the catch-up, which reads the chunks', async () => {
    const { db, engine } = setup();
    const e = engine();
    await offeredPage(db, e, Array.from({ length: 40 }, (_, i) => person(i + 1, i + 1)), [], true);
    await offeredPage(db, e, [person(41, 41), person(42, 42)], [], false, false); // never offered
    const version = await offeredPage(db, e, [person(43, 43)], [{ id: 2, revision: 44 }]); // out of order: ignored

    expect(await chunkReadsDuring(db, () => e.search({ kind: 'developer', query: '', filters: {}, offset: 0, limit: 20 }, version))).toBeGreaterThan(0);
    await expectSameAsReference(db, e, version);
  });

  describe('a large build', () => {
    /** a helper over a real channel, with its builds counted */
    function countedHelper(mode: 'serving' | 'failing') {
      const { helper, close } = channelTokenHelper(mode);
      closers.push(close);
      const reader = vi.spyOn(helper, 'reader');
      return { start: vi.fn(() => helper), reader };
    }

    it('when a first sync brings more than HELPED_BUILD_MIN profiles, then a helper tokenises its texts, once, and the answers are the reference\'s', async () => {
      const helper = countedHelper('serving');
      const { db, engine } = setup(helper.start);
      const e = engine();
      const version = await offeredPage(db, e, Array.from({ length: HELPED_BUILD_MIN }, (_, i) => person(i + 1, i + 1)), [], true);

      await expectSameAsReference(db, e, version);
      expect(helper.start).toHaveBeenCalledTimes(1);
      expect(helper.reader).toHaveBeenCalledTimes(1);
    });

    it('when the helper fails, then the build is made without it, with the same answers', async () => {
      const helper = countedHelper('failing');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { db, engine } = setup(helper.start);
      const e = engine();
      const version = await offeredPage(db, e, Array.from({ length: HELPED_BUILD_MIN }, (_, i) => person(i + 1, i + 1)), [], true);

      await expectSameAsReference(db, e, version);
      expect(helper.reader).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith('The search index helper failed; building without it', expect.any(Error));
      warn.mockRestore();
    });

    it('when the helper cannot be started, then every build is made without it, and it is tried once', async () => {
      const start = vi.fn((): TokenHelper => { throw new ReferenceError('Worker is not defined'); });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { db, engine } = setup(start);
      const e = engine();
      let version = await offeredPage(db, e, Array.from({ length: HELPED_BUILD_MIN }, (_, i) => person(i + 1, i + 1)), [], true);
      await expectSameAsReference(db, e, version);
      // a new epoch: built again
      version = await offeredPage(db, e, Array.from({ length: HELPED_BUILD_MIN }, (_, i) => person(i + 9001, i + 1)), [], true);
      await expectSameAsReference(db, e, version);

      expect(start).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledTimes(1);
      warn.mockRestore();
    });

    it('when a build is small, then no helper is started', async () => {
      const helper = countedHelper('serving');
      const { db, engine } = setup(helper.start);
      const version = await syncPage(db, Array.from({ length: 50 }, (_, i) => person(i + 1, i + 1)));
      await expectSameAsReference(db, engine(), version);
      expect(helper.start).not.toHaveBeenCalled();
    });
  });
});

describe('identifier search in the engine (issue 16)', () => {
  const registry = () => [
    person(1, 1, { kind: 'developer', name: 'Aldric Quenby', telegram: ['@aldric_web302'], phone: ['+61 (0)491 570 159'] }),
    person(2, 1, { kind: 'project', name: 'CoinHaven', website: ['https://coinhaven.example'], walletAddresses: ['0xa92741a4b1498a0a1e05a558a3b2fcc5a002c275'] }),
    person(3, 1, { kind: 'developer', name: 'Cleo Other' }),
  ];
  const page = (query: string, kind: 'developer' | 'project' = 'developer') => ({ kind, query, filters: {}, offset: 0, limit: 20 });

  it('when a page is searched by a pasted identifier, then the profile found names it, with the readings and the other kind counted', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, registry());
    const answer = await engine().searchPage(page('https://t.me/aldric_web302'), version);
    expect(answer.items).toEqual([{ id: 1, score: 100, matched: { kind: 'telegram', field: 'telegram', value: '@aldric_web302' } }]);
    expect(answer.readings[0]).toEqual({ kind: 'telegram', canonical: 'aldric_web302', valid: true });
    expect(answer.otherKind).toEqual({ kind: 'project', total: 0 });
    expect(answer.lookalikes).toEqual([]);
  });

  it('when a project wallet is searched among scammers, then nothing is listed and the projects count it', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, registry());
    const answer = await engine().searchPage(page('0xA92741A4B1498A0A1E05A558A3B2FCC5A002C275'), version);
    expect(answer).toMatchObject({ total: 0, items: [], otherKind: { kind: 'project', total: 1 } });
  });

  it('when the query only looks like a listed domain, then it is a warning naming the profile, not a result', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, registry());
    const answer = await engine().searchPage(page('c0inhaven.example'), version);
    expect(answer.total).toBe(0);
    expect(answer.lookalikes).toEqual([{ id: 2, profileKind: 'project', name: 'CoinHaven', as: 'domain', field: 'website', value: 'https://coinhaven.example', reason: 'confusable' }]);
  });

  it('when there is no query, then there are no readings, no other kind and no lookalikes', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, registry());
    expect(await engine().searchPage(page(''), version)).toMatchObject({ total: 2, readings: [], otherKind: null, lookalikes: [] });
  });

  it('when a value is looked up, then both kinds are searched and the holder is named with the value it lists', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, registry());
    const e = engine();
    expect(await e.lookup('tel:+61491570159', version)).toEqual({
      readings: [{ kind: 'phone', canonical: '+61491570159', valid: true }],
      matches: [{ id: 1, profileKind: 'developer', name: 'Aldric Quenby', kind: 'phone', field: 'phone', value: '+61 (0)491 570 159' }],
      lookalikes: [],
    });
    expect((await e.lookup('coinhaven.example', version)).matches).toMatchObject([{ id: 2, profileKind: 'project', field: 'website' }]);
    expect(await e.lookup('+61 491 570 169', version)).toMatchObject({ matches: [], lookalikes: [] });
  });

  it('when a listed name is looked up, without case or extra spaces, then its profile of either kind is named; another name finds none', async () => {
    const { db, engine } = setup();
    const version = await syncPage(db, registry());
    const e = engine();
    expect(await e.findName(' aldric  QUENBY ', version)).toEqual([{ id: 1, profileKind: 'developer', name: 'Aldric Quenby' }]);
    expect(await e.findName('coinhaven', version)).toEqual([{ id: 2, profileKind: 'project', name: 'CoinHaven' }]);
    expect(await e.findName('Aldric Quenby Jr', version)).toEqual([]);
  });
});
