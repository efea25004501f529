// API tests of the sync feed (docs/design.md#sync). They run on both engines (issue 21): the registry
// is read only through the app's data layer (t.engine) and the API; what is about SQLite itself
// (its page texts written in SQL, held to the object form syncPage; json_quote; a query plan) is
// in a describe of its own that runs on SQLite only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp, TEST_ENGINE } from '../../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../../test-flows';
import { openDatabase } from '../../db/connection';
import { seedDemo } from '../../demo/seeding';
import { revisionNow } from '../../db/revision';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { SYNC_LIGHT_FIELDS, fromLightPage, syncLightPageSchema, syncPageSchema } from '../../../shared/contract/sync';
import { CHANGES, REMAINING } from './changes';
import { syncPage, syncPageText, syncPageTextOn } from './service';
import { routes } from '../../../shared/contract/routes';

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(async () => {
  await t.close();
});

/**
 * The page as the feed reads it, uncached (syncPageTextOn, on either engine); on SQLite also held
 * to JSON.stringify of its object form (syncPage), the reference these tests have always used.
 */
const uncached = async (since: number, limit: number): Promise<string> => {
  const text = await syncPageTextOn(t.engine, since, limit);
  if (t.engine.sqlite) expect(text).toBe(JSON.stringify(syncPage(t.engine.sqlite, since, limit)));
  return text;
};

const sync = async (since: number, limit = 500) => {
  const res = await anon.get(routes.sync.page.path({ query: { since, limit } }));
  expect(res.status).toBe(200);
  return syncPageSchema.parse(res.body);
};

describe('the sync feed', () => {
  it('when the registry has verified profiles, then a first sync returns them with their approved incidents only', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Synced' }, [{ description: 'public' }]);
    await reportIncident(anon, 'developers', id, { description: 'still pending' });
    await reportProfile(anon, 'developers', { name: 'Unverified' });
    const page = await sync(0);
    expect(page.profiles.map((p) => p.name)).toEqual(['Synced']);
    expect(page.profiles[0]!.kind).toBe('developer');
    expect(page.profiles[0]!.incidents.map((i) => i.description)).toEqual(['public']);
    expect(page.hasMore).toBe(false);
    expect(page.reset).toBe(false);
    expect(page.tombstones).toEqual([]);
  });

  it('when nothing changed since the cursor, then the next sync is empty', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await sync(0);
    const second = await sync(first.cursor);
    expect(second.profiles).toEqual([]);
    expect(second.tombstones).toEqual([]);
    expect(second.cursor).toBe(first.cursor);
  });

  it('when there are more changes than the limit, then pages follow each other without gaps or repeats', async () => {
    for (const name of ['A', 'B', 'C', 'D', 'E']) await publishedProfile(anon, staff, 'developers', { name }, []);
    const seen: string[] = [];
    const remaining: number[] = [];
    let cursor = 0;
    for (let pages = 0; pages < 10; pages++) {
      const page = await sync(cursor, 2);
      remaining.push(page.remaining);
      seen.push(...page.profiles.map((p) => p.name));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen.sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(remaining).toEqual([3, 1, 0]);
  });

  it('when a synced profile is rejected, then the next sync carries its tombstone', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Doomed' }, []);
    const first = await sync(0);
    await staff.post(routes.profiles.reject.developer.path({ id }));
    const next = await sync(first.cursor);
    expect(next.profiles).toEqual([]);
    expect(next.tombstones).toEqual([{ kind: 'developer', id, revision: expect.any(Number) }]);
  });

  it('when an incident of a synced profile is approved, then the profile comes again with it', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'P' }, []);
    const first = await sync(0);
    const incident = await reportIncident(anon, 'projects', id, { description: 'new one' });
    await staff.post(routes.incidents.approve.path({ id: incident }));
    const next = await sync(first.cursor);
    expect(next.profiles).toHaveLength(1);
    expect(next.profiles[0]!.incidents.map((i) => i.description)).toEqual(['new one']);
  });

  it('when the cursor is ahead of the server, then the answer says reset and starts from the beginning', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const page = await sync(1_000_000);
    expect(page.reset).toBe(true);
    expect(page.profiles.map((p) => p.name)).toEqual(['A']);
  });

  it('when since or limit is not a number or out of range, then 400', async () => {
    expect((await anon.get('/api/sync/?since=abc')).status).toBe(400);
    expect((await anon.get('/api/sync/?limit=0')).status).toBe(400);
    expect((await anon.get('/api/sync/?limit=100000')).status).toBe(400);
  });
});

describe('the cached sync answer (docs/design.md#scale)', () => {
  it('when a page has not changed, then a request with its ETag gets 304 with no body, and it may be kept but asked again', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } }));
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } })).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    // another page of the feed is another answer
    const other = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 1 } })).set('If-None-Match', etag);
    expect(other.status).toBe(200);
  });

  it('when something public changes, then the cached page is replaced: new ETag and the new content', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } }));
    const etag = first.headers.etag as string;
    await publishedProfile(anon, staff, 'developers', { name: 'B' }, []);
    const changed = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } })).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const names = syncPageSchema.parse(changed.body).profiles.map((p) => p.name);
    expect(names.sort()).toEqual(['A', 'B']);
  });

  it('when answered from the cache, then the body is exactly what the uncached page would be', async () => {
    for (const name of ['A', 'B', 'C']) await publishedProfile(anon, staff, 'developers', { name }, [{ description: `about ${name}` }]);
    for (const [since, limit] of [[0, 500], [0, 2], [3, 1]] as const) {
      const first = await anon.get(routes.sync.page.path({ query: { since, limit } }));
      const cached = await anon.get(routes.sync.page.path({ query: { since, limit } }));
      const direct = await uncached(since, limit);
      expect(first.text).toBe(direct);
      expect(cached.text).toBe(direct);
      // compressed once for clients that accept gzip, plain for those that do not
      const plain = await anon.get(routes.sync.page.path({ query: { since, limit } })).set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(direct);
    }
    const big = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } })).set('Accept-Encoding', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    const whole = await uncached(0, 500);
    expect(big.text).toBe(whole);
    // a browser (it accepts br too) gets brotli, which decodes to the same text
    const br = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } })).set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .buffer(true).parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect((br.body as Buffer).toString()).toBe(whole);
  });
});

const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
// what JSON escapes or could trip a hand-written writer: quotes, backslashes, control characters,
// line and paragraph separators, characters outside the BMP, non-Latin text (NUL is refused at the
// API, shared/contract/common.ts textInput: the first test writes one into the database itself)
const AWKWARD = 'Quote " back\\slash \\" tab\t bell\u0007 del\u007f sep\u2028\u2029 emoji 😀 кириллица';

// SQLite-only: on SQLite the page texts are written in SQL (page-text.ts, with json_quote), and these
// tests hold them to the object form syncPage (SQLite's own, synchronous reference) and to SQLite's
// json_quote and query plan; a NUL (which PostgreSQL's text refuses) is written into SQLite's rows.
// On PostgreSQL the texts are JSON.stringify of syncProfileOf by construction, and
// sync-engine.test.ts holds both engines' pages equal byte for byte.
describe.skipIf(TEST_ENGINE === 'postgres')('the sync page as text (page-text.ts) (SQLite-only: SQLite writes the texts in SQL, held to its object form syncPage, its json_quote and query plan, a NUL only its text holds)', () => {
  it('when values are awkward and profiles join lists with their incidents, then the text is exactly JSON.stringify of the page', async () => {
    const rejected = await publishedProfile(anon, staff, 'projects', { name: 'Gone soon' }, []);
    await publishedProfile(anon, staff, 'developers', { name: `A ${AWKWARD}`, bio: `Line one\nLine two ${AWKWARD}`, languages: ['English', AWKWARD, 'English'] }, [
      {
        description: `Older ${AWKWARD}`, scamDate: '2024-01-02', lostAmount: 1250.5, currency: 'EUR',
        nicknames: ['', 'second'], scamTypes: ['Rug Pull', 'Rug Pull', AWKWARD], emails: ['a@example.test'],
        bankAccounts: [{ bank_name: '', account: 'ACC-1' }, { bank_name: 'Bank "One"', account: 'ACC-2' }, 'Bank "One":ACC-3'],
        walletAddresses: ['0xabc'], companiesUsed: ['Same Co', AWKWARD],
      },
      {
        description: 'Newer, no date (reported today)', lostAmount: '0.12345678', currency: 'USDT',
        nicknames: ['first nick'], avatar: PNG_1x1, scamTypes: ['Rug Pull', 'Phishing'], emails: ['a@example.test', 'b@example.test'],
        bankAccounts: [{ bank_name: 'Bank "One"', account: 'ACC-2' }, { bank_name: 'Other', account: '' }],
        telegrams: ['@handle'], phones: ['+1 555 0100'], ipAddresses: ['203.0.113.1'], companyAddresses: [AWKWARD],
        industries: ['DeFi', 'DeFi'], websites: ['https://example.test/?q="x"'], companiesUsed: ['Same Co'],
      },
      { description: 'Same day as the older one', scamDate: '2024-01-02', lostAmount: 99999999.99 },
    ]);
    await publishedProfile(anon, staff, 'projects', { name: 'No incidents' }, []);
    await staff.post(routes.profiles.reject.project.path({ id: rejected.id }));
    // a registry written before the API refused NUL may hold one: its text still escapes it
    t.db.prepare("UPDATE profiles SET bio = bio || ? WHERE name LIKE 'A %'").run(' nul\u0000 kept');
    t.db.prepare("UPDATE incidents SET description = description || ? WHERE description LIKE 'Older %'").run(' nul\u0000 kept');

    for (const limit of [500, 1, 2]) {
      let since = 0;
      for (let pages = 0; pages < 10; pages++) {
        const expected = JSON.stringify(syncPage(t.db, since, limit));
        expect(syncPageText(t.db, since, limit)).toBe(expected);
        const page = syncPageSchema.parse(JSON.parse(expected));
        since = page.cursor;
        if (!page.hasMore) break;
      }
    }
    const whole = syncPage(t.db, 0, 500);
    expect(whole.tombstones).toHaveLength(1);
    // the joined lists and the nickname and avatar taken from incidents are really exercised
    const joined = whole.profiles.find((p) => p.name.startsWith('A '))!;
    expect(joined.nickname).toBe('first nick');
    expect(joined.bio.endsWith(' nul\u0000 kept')).toBe(true);
    expect(joined.avatar).toMatch(/^data:image\/png;base64,iVBORw0KGgo/); // encoded anew on the server (http/avatar.ts)
    expect(joined.bank).toEqual(['Bank "One"', 'Other']);
    expect(joined.scam_type).toEqual(['Rug Pull', 'Phishing', AWKWARD]);
    // and a cursor ahead of the head (reset) too
    expect(syncPageText(t.db, 1_000_000, 500)).toBe(JSON.stringify(syncPage(t.db, 1_000_000, 500)));
  });

  it('when the registry is the seeded demonstration data, then every page as text is exactly JSON.stringify of the page', () => {
    const db = openDatabase(':memory:');
    try {
      seedDemo(db, { profiles: 300 });
      // the seed stores every text (sync-texts.ts): these pages write theirs anew
      db.prepare('DELETE FROM sync_texts').run();
      let since = 0;
      for (let pages = 0; pages < 100; pages++) {
        const expected = JSON.stringify(syncPage(db, since, 37));
        expect(syncPageText(db, since, 37)).toBe(expected);
        const page = JSON.parse(expected) as { cursor: number; hasMore: boolean };
        since = page.cursor;
        if (!page.hasMore) break;
      }
      expect(since).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('when SQLite quotes any character as JSON, then it writes it as JSON.stringify does (page-text.ts relies on it)', () => {
    const characters: string[] = [];
    for (let code = 0; code <= 0xffff; code++) if (code < 0xd800 || code > 0xdfff) characters.push(`a${String.fromCharCode(code)}b`);
    characters.push('😀', '\u{10ffff}', '');
    const quoted = t.db.prepare('SELECT json_quote(value) FROM json_each(?) ORDER BY key').pluck().all(JSON.stringify(characters)) as string[];
    const differing = characters.filter((c, k) => quoted[k] !== JSON.stringify(c));
    expect(differing).toEqual([]);
  });

  it('when the page and what remains are read, then only the index of public profiles by revision is read, not the profile rows', () => {
    const plan = (sql: string, params: Record<string, number>) =>
      (t.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).filter((d) => /profiles/.test(d));
    for (const detail of [...plan(CHANGES, { since: 0, limit: 10 }), ...plan(REMAINING, { cursor: 0 })]) {
      expect(detail).toContain('COVERING INDEX profiles_public_revision');
    }
  });
});

describe('the next sync page, prepared ahead', () => {
  /** The page of 2 after `since` in the answer cache at the current revision, or a throw. */
  const cachedNext = async (since: number): Promise<CachedAnswer> => {
    const revision = await revisionNow(t.engine);
    return engineCache(t.engine, 'sync').get(`${since}:2`, revision, () => {
      throw new Error(`the page after ${since} was not prepared`);
    });
  };
  /**
   * The page the prefetch prepared after a page of 2 (service.ts prefetchNext), or a throw. On
   * SQLite it is made in the turn after the answer; on PostgreSQL its reads take a few round trips
   * more, waited for here.
   */
  const prepared = async (since: number): Promise<CachedAnswer> => {
    await new Promise((resolve) => setImmediate(resolve));
    return t.engine.sqlite ? cachedNext(since) : vi.waitFor(() => cachedNext(since), { timeout: 5000, interval: 20 });
  };

  it('when a page with more to come is served, then the next page is cached right after, exactly as read anew', async () => {
    for (const name of ['A', 'B', 'C']) await publishedProfile(anon, staff, 'developers', { name }, []);
    const first = await sync(0, 2);
    expect((await prepared(first.cursor)).bytes.toString()).toBe(await uncached(first.cursor, 2));
    const last = await sync(first.cursor, 2);
    expect(last.hasMore).toBe(false);
    // the last page has nothing after it: nothing more is prepared (on PostgreSQL, given the time a prefetch would take)
    await new Promise((resolve) => setImmediate(resolve));
    if (!t.engine.sqlite) await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(cachedNext(last.cursor)).rejects.toThrow('was not prepared');
  });

  it('when something public changes before the next page is asked for, then that page is read anew', async () => {
    for (const name of ['A', 'B', 'C']) await publishedProfile(anon, staff, 'developers', { name }, []);
    const first = await sync(0, 2);
    await prepared(first.cursor);
    await publishedProfile(anon, staff, 'developers', { name: 'D' }, []);
    const next = await sync(first.cursor, 2);
    expect(next.profiles.map((p) => p.name)).toEqual(['C', 'D']);
  });
});

describe('the light form of the sync feed (form=light, issue 17)', () => {
  const lightPage = async (since: number, limit = 500) => {
    const res = await anon.get(routes.sync.page.path({ query: { since, limit, form: 'light' } }));
    expect(res.status).toBe(200);
    return { page: syncLightPageSchema.parse(res.body), etag: res.headers.etag as string, text: res.text };
  };

  it('when a profile has incidents and an avatar, then the light page carries the same profiles, revisions, tombstones and cursor, without incidents or avatars', async () => {
    const gone = await publishedProfile(anon, staff, 'projects', { name: 'Gone soon' }, []);
    await publishedProfile(anon, staff, 'developers', { name: `A ${AWKWARD}`, bio: `Bio ${AWKWARD}` }, [
      { description: `Secret story ${AWKWARD}`, nicknames: ['nick'], avatar: PNG_1x1, walletAddresses: ['0xabc'], telegrams: ['@handle'] },
      { description: 'Another story', lostAmount: 12 },
    ]);
    await publishedProfile(anon, staff, 'projects', { name: 'No incidents' }, []);
    await staff.post(routes.profiles.reject.project.path({ id: gone.id }));

    for (const limit of [500, 1, 2]) {
      let since = 0;
      for (let pages = 0; pages < 10; pages++) {
        const full = await sync(since, limit);
        const { page, text } = await lightPage(since, limit);
        expect(text).not.toContain('Secret story');
        expect(text).not.toContain('data:image');
        expect(Object.keys(page.columns)).toEqual(SYNC_LIGHT_FIELDS);
        const light = fromLightPage(page);
        expect(light.profiles.map((p) => [p.id, p.revision])).toEqual(full.profiles.map((p) => [p.id, p.revision]));
        // everything else as the full form has it, the bio (searched, on the cards) included
        expect(light.profiles).toEqual(full.profiles.map((p) => ({ ...p, avatar: null, incidents: [], details: false })));
        expect({ ...light, profiles: [] }).toEqual({ ...full, profiles: [] });
        since = page.cursor;
        if (!page.hasMore) break;
      }
    }
    const whole = fromLightPage((await lightPage(0)).page);
    expect(whole.tombstones).toHaveLength(1);
    const joined = whole.profiles.find((p) => p.name.startsWith('A '))!;
    // the lists a profile joins from its incidents stay: search and lookup need them
    expect(joined.walletAddresses).toEqual(['0xabc']);
    expect(joined.telegram).toEqual(['@handle']);
    expect(joined.nickname).toBe('nick');
    expect(joined.bio).toBe(`Bio ${AWKWARD}`);
  });

  it('when both forms are asked at one revision, then each has its own cached answer and ETag, and a cursor ahead of the head resets the light form too', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'Ada' }, [{ description: 'story' }]);
    const fullRes = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500 } }));
    const light = await lightPage(0);
    expect(light.etag).not.toBe(fullRes.headers.etag);
    const again = await anon.get(routes.sync.page.path({ query: { since: 0, limit: 500, form: 'light' } })).set('If-None-Match', light.etag);
    expect(again.status).toBe(304);
    const reset = await lightPage(1_000_000);
    expect(reset.page.reset).toBe(true);
    expect(reset.page.columns.name).toEqual(['Ada']);
  });

  it('when the form is not one of full and light, then the request is refused', async () => {
    const res = await anon.get(`${routes.sync.page.path()}?since=0&form=tiny`);
    expect(res.status).toBe(400);
  });
});
