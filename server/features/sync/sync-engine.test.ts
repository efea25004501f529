// The sync feed on both engines (issue 21, docs/decisions/035): one registry written through the data
// layer on SQLite and on PostgreSQL, and the same pages from each, byte for byte. SQLite writes its
// profile texts in SQL (json_quote), PostgreSQL in JavaScript (JSON.stringify of syncProfileOf): the
// awkward values (U+2028, '/', quotes, control characters, emoji, non-Latin text, empty lists) are
// where the two would part. Also: a delta after a touch and a tombstone, the cursor and what
// remains, publicLightProfileTextsOn, the fill, and two instances over one PostgreSQL database.
import express from 'express';
import { sql, type Kysely } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { inTransaction, openEngine, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { nextRevisionOn, revisionNow, tombstoneProfileOn, touchProfileOn } from '../../db/revision';
import { errorHandler } from '../../http/errors';
import { routes } from '../../../shared/contract/routes';
import { fromLightPage, syncLightPageSchema, syncPageSchema, type SyncForm, type SyncPage } from '../../../shared/contract/sync';
import { lightProfileText, publicLightProfileTextsOn } from './page-text';
import { syncPage, syncPageJson, syncPageTextOn } from './service';
import { fillSyncTextsLater, fillSyncTextsOn } from './sync-texts';
import { syncRoutes } from './routes';

const engines = useEngines();

const AT = '2025-01-01T00:00:00.000Z';
const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
// what JSON escapes, or PostgreSQL's to_json would escape otherwise than JSON.stringify (U+2028,
// U+2029, '/'), or a hand-written writer could trip on (NUL: PostgreSQL's text refuses it, and so
// does the API)
const AWKWARD = 'Quote " back\\slash \\" tab\t bell\u0007 del\u007f sep\u2028 para\u2029 slash / </script> emoji 😀 кириллица 中文 é';

interface Registry { awkward: number; plain: number; hidden: number; doomed: number; others: number[] }

async function profile(trx: Kysely<Database>, kind: 'developer' | 'project', name: string, values: Record<string, unknown> = {}, status: 'verified' | 'unverified' = 'verified'): Promise<number> {
  const revision = await nextRevisionOn(trx);
  return (await trx.insertInto('profiles').values({
    kind, name, verification_status: status, joined_date: AT, reported_person_date: AT, submitted_at: AT,
    submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', revision, ...values,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function incident(trx: Kysely<Database>, profileId: number, values: Record<string, unknown>, status: 'approved' | 'pending' = 'approved'): Promise<void> {
  await trx.insertInto('incidents').values({ profile_id: profileId, description: 'x', reported: AT, verification_status: status, ...values }).execute();
}

const json = (value: unknown) => JSON.stringify(value);

/** The registry, the same on both engines: ids and revisions come out equal. */
function registry(engine: Engine): Promise<Registry> {
  return inTransaction(engine, async (trx) => {
    const awkward = await profile(trx, 'developer', `A ${AWKWARD}`, {
      bio: `Line one\nLine two ${AWKWARD}`, location: 'Zürich / Genève', languages: json(['English', AWKWARD, 'English']),
      email: json(['own@example.test']), bank_accounts: json([{ bank_name: 'Own "Bank"', account: '/1' }]), known_partners: json([AWKWARD]),
    });
    await incident(trx, awkward, {
      description: `Older ${AWKWARD}`, occurred: '2024-01-02', amount: 1250.5, currency: 'EUR',
      nicknames: json(['', 'second']), types: json(['Rug Pull', 'Rug Pull', AWKWARD]), emails: json(['a@example.test']),
      bank_accounts: json([{ bank_name: '', account: 'ACC-1' }, { bank_name: 'Bank "One"', account: 'ACC-2' }]),
      wallet_addresses: json(['0xabc']), companies: json(['Same Co', AWKWARD]),
    });
    await incident(trx, awkward, {
      description: 'Newer, no date', amount: 0.12345678, currency: 'USDT', reported: '2025-02-01T00:00:00.000Z',
      nicknames: json(['first nick']), avatar: PNG_1x1, types: json(['Rug Pull', 'Phishing']), emails: json(['a@example.test', 'b@example.test']),
      bank_accounts: json([{ bank_name: 'Bank "One"', account: 'ACC-2' }, { bank_name: 'Other', account: '' }]),
      telegrams: json(['@handle']), websites: json(['https://example.test/?q="x"&a=/b']), company_addresses: json([AWKWARD]),
    });
    await incident(trx, awkward, { description: 'Same day as the older one', occurred: '2024-01-02', amount: 99999999.99 });
    await incident(trx, awkward, { description: 'Still pending: never in the feed' }, 'pending');
    // every list empty, no incidents
    const plain = await profile(trx, 'project', 'Moon / Token');
    const hidden = await profile(trx, 'developer', 'Hidden Person', { email: json(['hidden@example.test']) }, 'unverified');
    const doomed = await profile(trx, 'project', 'Gone soon', { website: json(['https://gone.example.test/']) });
    const others: number[] = [];
    for (const name of ['Ünïcode', 'Ω', 'Plain Dev', 'Another']) {
      const id = await profile(trx, 'developer', name, { nickname: `${name} nick`, avatar: name === 'Ω' ? PNG_1x1 : null });
      await incident(trx, id, { description: `about ${name}`, amount: 10 });
      others.push(id);
    }
    for (const id of [awkward, plain, doomed, ...others]) await touchProfileOn(trx, id);
    return { awkward, plain, hidden, doomed, others };
  });
}

/** Every page of the feed from `since`, as text, `limit` a page. */
async function walk(engine: Engine, limit: number, form: SyncForm = 'full', since = 0): Promise<string[]> {
  const pages: string[] = [];
  for (let n = 0; n < 50; n++) {
    const text = await syncPageTextOn(engine, since, limit, form);
    pages.push(text);
    const page = JSON.parse(text) as { cursor: number; hasMore: boolean };
    since = page.cursor;
    if (!page.hasMore) break;
  }
  return pages;
}

/** SQLite's reference: JSON.stringify of every page in the object form (service.ts syncPage). */
function objectPages(sqlite: Db, limit: number): string[] {
  const pages: string[] = [];
  for (let since = 0, n = 0; n < 50; n++) {
    const page = syncPage(sqlite, since, limit);
    pages.push(JSON.stringify(page));
    since = page.cursor;
    if (!page.hasMore) break;
  }
  return pages;
}

/** The answer the feed sends (cached; on SQLite at once, on PostgreSQL a promise): its text and ETag. */
async function answer(engine: Engine, since: number, limit: number, form: SyncForm = 'full') {
  const cached = await syncPageJson(engine, since, limit, form);
  return { text: cached.bytes.toString('utf8'), etag: cached.etag };
}

const storedTexts = async (db: Kysely<Database>) => db.selectFrom('sync_texts').select(['id', 'revision', 'json']).orderBy('id').execute();

/** A prefetch runs a turn after the answer (service.ts prefetchNext): let it finish before the engine closes. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the sync feed on both engines', () => {
  it('when the registry holds awkward values, then both engines write the same pages byte for byte, full and light, at every page size', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      const rows = await registry(engine);
      const full: Record<number, string[]> = {};
      const light: Record<number, string[]> = {};
      for (const limit of [500, 1, 2, 3]) {
        full[limit] = await walk(engine, limit);
        light[limit] = await walk(engine, limit, 'light');
      }
      // SQLite's text is JSON.stringify of the object form (as sync.test.ts holds), so equal bytes mean equal texts
      if (sqlite) for (const limit of [500, 1, 2, 3]) expect(full[limit]).toEqual(objectPages(sqlite, limit));
      const cached = [await answer(engine, 0, 500), await answer(engine, 0, 500, 'light'), await answer(engine, 0, 2), await answer(engine, 3, 500)];
      const reset = await answer(engine, 1_000_000, 500);
      await settle();
      return { rows, full, light, cached, reset, stored: await storedTexts(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);

    const { rows, full, light, cached, reset, stored } = results[0];
    const whole = syncPageSchema.parse(JSON.parse(full[500]![0]!));
    expect(whole.profiles.map((p) => p.id)).toEqual([rows.awkward, rows.plain, rows.doomed, ...rows.others]);
    expect(whole).toMatchObject({ tombstones: [], hasMore: false, remaining: 0, reset: false });
    const awkward = whole.profiles[0]!;
    expect(awkward.name).toBe(`A ${AWKWARD}`);
    // the nickname and avatar taken from its incidents, the lists joined with theirs
    expect(awkward.nickname).toBe('first nick');
    expect(awkward.avatar).toBe(PNG_1x1);
    expect(awkward.bank).toEqual(['Bank "One"', 'Other']);
    expect(awkward.bankAccounts).toEqual([
      { bank_name: 'Own "Bank"', account: '/1' }, { bank_name: 'Bank "One"', account: 'ACC-2' }, { bank_name: 'Other', account: '' },
      { bank_name: '', account: 'ACC-1' },
    ]);
    expect(awkward.scam_type).toEqual(['Rug Pull', 'Phishing', AWKWARD]);
    expect(awkward.incidents.map((i) => i.description)).toEqual(['Newer, no date', 'Same day as the older one', `Older ${AWKWARD}`]);
    expect(whole.profiles[1]).toMatchObject({ name: 'Moon / Token', email: [], incidents: [], avatar: null, nickname: '' });
    // written as JSON.stringify writes them: U+2028 and '/' as they are, not escaped
    expect(full[500]![0]).toContain('sep\u2028 para\u2029 slash / </script>');
    expect(full[500]![0]).not.toContain('\\u2028');
    expect(full[500]![0]).not.toContain('\\/');
    // the pages of 1 to 3 hold the same changes, each once, the cursor moving on and what remains counting down
    for (const limit of [1, 2, 3]) {
      const pages = full[limit]!.map((text) => syncPageSchema.parse(JSON.parse(text)));
      expect(pages.flatMap((p) => p.profiles)).toEqual(whole.profiles);
      expect(pages.map((p) => p.remaining)).toEqual(pages.map((_, k) => Math.max(0, whole.profiles.length - limit * (k + 1))));
      expect(pages.at(-1)!.cursor).toBe(whole.cursor);
      // the light form: the same profiles without incidents or avatars, the same cursor and what remains
      const lightPages = light[limit]!.map((text) => fromLightPage(syncLightPageSchema.parse(JSON.parse(text))));
      expect(lightPages.map((p) => ({ ...p, profiles: [] }))).toEqual(pages.map((p) => ({ ...p, profiles: [] })));
      expect(lightPages.flatMap((p) => p.profiles)).toEqual(whole.profiles.map((p) => ({ ...p, avatar: null, incidents: [], details: false })));
    }
    // the cached answers are the pages as read, their ETags by revision and what they hold
    expect(cached[0]!.text).toBe(full[500]![0]);
    expect(cached[1]!.text).toBe(light[500]![0]);
    expect(cached[2]!.text).toBe(full[2]![0]);
    expect(JSON.parse(reset.text)).toMatchObject({ reset: true, cursor: whole.cursor });
    // every public profile's text stored, at its revision, as the page has it
    expect(stored).toEqual(whole.profiles.map((p) => ({ id: p.id, revision: p.revision, json: JSON.stringify(p) })));
  });

  it('when a profile is touched and another tombstoned, then the delta holds just those on both, and the stored texts follow', async () => {
    const results = await engines.onBoth(async (engine) => {
      const rows = await registry(engine);
      const first = JSON.parse((await answer(engine, 0, 500)).text) as SyncPage;
      const atHead = await answer(engine, first.cursor, 500);
      await inTransaction(engine, async (trx) => {
        await trx.updateTable('profiles').set({ bio: `changed / ${AWKWARD}` }).where('id', '=', rows.plain).execute();
        await touchProfileOn(trx, rows.plain);
        await trx.updateTable('profiles').set({ verification_status: 'rejected' }).where('id', '=', rows.doomed).execute();
        await tombstoneProfileOn(trx, 'project', rows.doomed);
      });
      const delta = await answer(engine, first.cursor, 500);
      const deltaLight = await answer(engine, first.cursor, 500, 'light');
      const deltaText = await syncPageTextOn(engine, first.cursor, 500);
      const whole = await walk(engine, 500);
      await settle();
      return { rows, head: first.cursor, atHead, delta, deltaLight, deltaText, whole, stored: await storedTexts(engine.db), revision: await revisionNow(engine) };
    });
    expect(results[1]).toEqual(results[0]);

    const { rows, head, atHead, delta, deltaLight, deltaText, whole, stored, revision } = results[0];
    expect(JSON.parse(atHead.text)).toMatchObject({ profiles: [], tombstones: [], cursor: head, hasMore: false });
    const page = syncPageSchema.parse(JSON.parse(delta.text));
    expect(page.profiles.map((p) => [p.id, p.bio])).toEqual([[rows.plain, `changed / ${AWKWARD}`]]);
    expect(page.tombstones).toEqual([{ kind: 'project', id: rows.doomed, revision }]);
    expect(page).toMatchObject({ cursor: revision, hasMore: false, remaining: 0, reset: false });
    expect(delta.etag).not.toBe(atHead.etag);
    expect(deltaText).toBe(delta.text);
    expect(fromLightPage(syncLightPageSchema.parse(JSON.parse(deltaLight.text))).tombstones).toEqual(page.tombstones);
    // from the start: the tombstone, and the profile at its new revision, last
    const all = syncPageSchema.parse(JSON.parse(whole[0]!));
    expect(all.profiles.map((p) => p.id)).not.toContain(rows.doomed);
    expect(all.profiles.at(-1)!.id).toBe(rows.plain);
    expect(stored.map((t) => t.id)).not.toContain(rows.doomed);
    expect(stored.find((t) => t.id === rows.plain)).toEqual({ id: rows.plain, revision: page.profiles[0]!.revision, json: JSON.stringify(page.profiles[0]) });
  });

  it('when the search asks for light texts (publicLightProfileTextsOn), then both give those of public profiles only, as the pages have them, written or stored', async () => {
    const results = await engines.onBoth(async (engine) => {
      const rows = await registry(engine);
      await inTransaction(engine, async (trx) => {
        await trx.updateTable('profiles').set({ verification_status: 'rejected' }).where('id', '=', rows.doomed).execute();
        await tombstoneProfileOn(trx, 'project', rows.doomed);
      });
      const ids = [rows.others[0]!, rows.awkward, rows.hidden, rows.doomed, 999_999, rows.plain];
      // none stored yet: written in JavaScript (on SQLite too) and kept
      const written = await publicLightProfileTextsOn(engine.db, ids);
      const keptAfterWriting = await storedTexts(engine.db);
      // now read back, inside a caller's transaction
      const stored = await inTransaction(engine, (trx) => publicLightProfileTextsOn(trx, ids));
      const pages = await walk(engine, 500);
      const asText = (texts: Map<number, string>) => [...texts].map(([id, text]) => [id, text]).sort((a, b) => Number(a[0]) - Number(b[0]));
      return { rows, written: asText(written), stored: asText(stored), keptAfterWriting, pages, none: (await publicLightProfileTextsOn(engine.db, [])).size };
    });
    expect(results[1]).toEqual(results[0]);

    const { rows, written, stored, keptAfterWriting, pages, none } = results[0];
    expect(none).toBe(0);
    const page = syncPageSchema.parse(JSON.parse(pages[0]!));
    const expected = [rows.awkward, rows.plain, rows.others[0]!].sort((a, b) => a - b)
      .map((id) => [id, lightProfileText(JSON.stringify(page.profiles.find((p) => p.id === id)))]);
    expect(written).toEqual(expected);
    expect(stored).toEqual(expected);
    expect(keptAfterWriting.map((t) => t.id)).toEqual([rows.awkward, rows.plain, rows.others[0]!].sort((a, b) => a - b));
    const light = JSON.parse(written.find(([id]) => id === rows.awkward)![1] as string) as Record<string, unknown>;
    expect(light).toMatchObject({ avatar: null, incidents: [], details: false, nickname: 'first nick', name: `A ${AWKWARD}` });
  });

  it('when the texts are filled ahead (fillSyncTextsLater given an engine), then both store every public text as pages write them, and a second fill writes none', async () => {
    const results = await engines.onBoth(async (engine) => {
      const rows = await registry(engine);
      const fill = () => new Promise<[number, unknown]>((resolve) => fillSyncTextsLater(engine, (written, error) => resolve([written, error]), { batch: 2 }));
      const first = await fill();
      const stored = await storedTexts(engine.db);
      const second = await fill();
      await inTransaction(engine, (trx) => touchProfileOn(trx, rows.awkward));
      const afterTouch = await fillSyncTextsOn(engine, 3);
      const pages = await walk(engine, 500);
      return { first, second, afterTouch, stored, restored: await storedTexts(engine.db), pages };
    });
    expect(results[1]).toEqual(results[0]);

    const { first, second, afterTouch, stored, restored, pages } = results[0];
    expect(first).toEqual([7, undefined]);
    expect(second).toEqual([0, undefined]);
    expect(afterTouch).toBe(1);
    const page = syncPageSchema.parse(JSON.parse(pages[0]!));
    expect(restored).toEqual(page.profiles.map((p) => ({ id: p.id, revision: p.revision, json: JSON.stringify(p) })).sort((a, b) => a.id - b.id));
    expect(stored).toHaveLength(7);
  });
});

describe('the sync feed on PostgreSQL', () => {
  it('when a second instance over the same database changes the registry, then the first serves the new delta at once, through its route too', async () => {
    const url = await engines.postgresUrl();
    const [a, b] = [await openEngine(url), await openEngine(url)];
    try {
      const rows = await registry(a);
      const app = express().use(syncRoutes({ engine: a } as unknown as AppDeps)).use(errorHandler);
      const get = async (since: number) => {
        const res = await request(app).get(routes.sync.page.path({ query: { since, limit: 500 } }));
        expect(res.status).toBe(200);
        return { page: syncPageSchema.parse(res.body), etag: res.headers.etag as string, text: res.text };
      };
      const first = await get(0);
      const atHead = await get(first.page.cursor);
      expect(atHead.page.profiles).toEqual([]);
      // cached: the same answer again
      expect((await get(first.page.cursor)).etag).toBe(atHead.etag);

      await inTransaction(b, async (trx) => {
        await trx.updateTable('profiles').set({ name: 'Moon / Token, renamed' }).where('id', '=', rows.plain).execute();
        await touchProfileOn(trx, rows.plain);
      });
      const delta = await get(first.page.cursor);
      expect(delta.page.profiles.map((p) => p.name)).toEqual(['Moon / Token, renamed']);
      expect(delta.etag).not.toBe(atHead.etag);
      // the first page again (aligned the same, now from a newer feed): the profile moved to the end
      expect((await get(0)).page.profiles.map((p) => p.id).at(-1)).toBe(rows.plain);
      // and both instances answer the same
      expect((await answer(b, first.page.cursor, 500)).text).toBe(delta.text);
      // the instance that wrote stores what it writes: a's texts serve b
      expect((await storedTexts(b.db)).find((t) => t.id === rows.plain)?.json).toBe(JSON.stringify(delta.page.profiles[0]));
      await settle();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('when the stored texts are of another format, then no page serves them, and the fill drops them and writes them anew', async () => {
    const url = await engines.postgresUrl();
    const setup = await openEngine(url);
    let started: Engine | undefined;
    try {
      const rows = await registry(setup);
      await fillSyncTextsOn(setup);
      const marker = '{"id":0,"name":"an older format"}';
      await setup.db.updateTable('sync_texts').set({ json: marker }).where('id', '=', rows.awkward).execute();
      await setup.db.updateTable('server_state').set({ value: '0' }).where('key', '=', 'sync_text_format').execute();

      // an instance started on it: reads the format once
      started = await openEngine(url);
      const page = await syncPageTextOn(started, 0, 500);
      expect(page).not.toContain(marker);
      expect((await storedTexts(started.db)).find((t) => t.id === rows.awkward)?.json).toBe(marker); // skipped, not added to

      const [written, error] = await new Promise<[number, unknown]>((resolve) => fillSyncTextsLater(started!, (n, e) => resolve([n, e])));
      expect([written, error]).toEqual([7, undefined]);
      expect((await storedTexts(started.db)).find((t) => t.id === rows.awkward)?.json).not.toBe(marker);
      expect(await syncPageTextOn(started, 0, 500)).toBe(page);
    } finally {
      await setup.close();
      await started?.close();
    }
  });

  it('when texts are asked for inside a read-only transaction, then they are written and answered, and the transaction goes on', async () => {
    const url = await engines.postgresUrl();
    const engine = await openEngine(url);
    try {
      const rows = await registry(engine);
      const [texts, after] = await engine.db.transaction().setAccessMode('read only').setIsolationLevel('repeatable read').execute(async (trx) => {
        const texts = await publicLightProfileTextsOn(trx, [rows.awkward, rows.plain]);
        // the failed store was rolled back to its savepoint: the transaction still reads
        return [texts, await sql<{ n: number }>`SELECT 1 AS n`.execute(trx)] as const;
      });
      expect([...texts.keys()].sort()).toEqual([rows.awkward, rows.plain].sort());
      expect(after.rows).toEqual([{ n: 1 }]);
      expect(await storedTexts(engine.db)).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});
