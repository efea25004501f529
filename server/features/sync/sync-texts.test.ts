// The stored sync texts (migrations/003, docs/decisions/014). The API tests and the tests of what a
// page serves from the table run on both engines (issue 21): the registry is seeded and read through
// the app's data layer (t.engine), and on SQLite the pages are also held to JSON.stringify of their
// object form (syncPage, SQLite's own reference). What is about SQLite itself (a read-only
// connection, another connection's write lock, a second connection on the file, its migrations and
// its synchronous fill) runs on SQLite only; sync-engine.test.ts holds PostgreSQL's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp, TEST_ENGINE } from '../../test-support';
import { publishedProfile, reportIncident } from '../../test-flows';
import { migrate, openDatabase, type Db } from '../../db/connection';
import { inTransaction } from '../../db/engine/engine';
import { seedDemo } from '../../demo/seeding';
import { seedDemoOn } from '../../demo/seed-engine';
import { touchProfile } from '../../db/revision';
import { createHash } from 'node:crypto';
import { SYNC_TEXT_FORMAT } from './page-text';
import { syncPage, syncPageText, syncPageTextOn } from './service';
import { fillSyncTexts, fillSyncTextsLater, syncTextsMissing } from './sync-texts';
import { routes } from '../../../shared/contract/routes';
import type { SyncPage } from '../../../shared/contract/sync';

type OnEngine = Pick<TestApp, 'engine'>;

// for the SQLite-only tests: SQLite connections of their own

const open: Db[] = [];
function seeded(profiles: number, path = ':memory:'): Db {
  const db = openDatabase(path);
  open.push(db);
  seedDemo(db, { profiles });
  return db;
}
const dirs: string[] = [];
function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bustr-sync-texts-'));
  dirs.push(dir);
  return join(dir, 'registry.sqlite');
}
afterEach(() => {
  while (open.length) open.pop()!.close();
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** The stored texts, by profile id. */
function stored(db: Db): Map<number, { revision: number; json: string }> {
  const rows = db.prepare('SELECT id, revision, json FROM sync_texts').all() as { id: number; revision: number; json: string }[];
  return new Map(rows.map((r) => [r.id, { revision: r.revision, json: r.json }]));
}
/** Public profiles without a text at their current revision, counted without the code under test. */
const missing = (db: Db) => db.prepare(`SELECT count(*) FROM profiles p WHERE p.verification_status = 'verified'
  AND NOT EXISTS (SELECT 1 FROM sync_texts t WHERE t.id = p.id AND t.revision = p.revision)`).pluck().get() as number;
const publicIds = (db: Db) => db.prepare("SELECT id FROM profiles WHERE verification_status = 'verified' ORDER BY id").pluck().all() as number[];

// through the test app's data layer (either engine)

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});
/** A test app whose registry is the seeded demonstration data. */
async function seededApp(profiles: number): Promise<TestApp> {
  const t = makeTestApp();
  apps.push(t);
  await seedDemoOn(t.engine, { profiles });
  return t;
}

/** The stored texts, by profile id. */
async function storedOn(t: OnEngine): Promise<Map<number, { revision: number; json: string }>> {
  const rows = await t.engine.db.selectFrom('sync_texts').select(['id', 'revision', 'json']).execute();
  return new Map(rows.map((r) => [r.id, { revision: r.revision, json: r.json }]));
}
/** Public profiles without a text at their current revision, counted without the code under test. */
const missingOn = async (t: OnEngine): Promise<number> => {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM profiles p WHERE p.verification_status = 'verified'
    AND NOT EXISTS (SELECT 1 FROM sync_texts t WHERE t.id = p.id AND t.revision = p.revision)`.execute(t.engine.db);
  return Number(rows[0]!.n);
};
const publicIdsOn = async (t: OnEngine): Promise<number[]> =>
  (await t.engine.db.selectFrom('profiles').select('id').where('verification_status', '=', 'verified').orderBy('id').execute()).map((r) => r.id);

/** A page as the feed reads it (syncPageTextOn); on SQLite also held to JSON.stringify of its object form. */
async function pageTextOn(t: OnEngine, since: number, limit: number): Promise<string> {
  const text = await syncPageTextOn(t.engine, since, limit);
  if (t.engine.sqlite) expect(text).toBe(JSON.stringify(syncPage(t.engine.sqlite, since, limit)));
  return text;
}
/** Every page of the feed as text (each held to the object form on SQLite). */
async function everyPageOn(t: OnEngine, limit: number): Promise<string[]> {
  const pages: string[] = [];
  for (let since = 0; pages.length < 1000;) {
    const text = await pageTextOn(t, since, limit);
    pages.push(text);
    const page = JSON.parse(text) as { cursor: number; hasMore: boolean };
    since = page.cursor;
    if (!page.hasMore) break;
  }
  return pages;
}

describe('the stored sync texts, through the API', () => {
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

  it('when a synced profile changes in public view, then its page shows the change, not the text stored before', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'P' }, [{ description: 'first' }]);
    const before = JSON.parse(await syncPageTextOn(t.engine, 0, 500)) as { profiles: { incidents: { description: string }[] }[] };
    expect(before.profiles[0]!.incidents.map((i) => i.description)).toEqual(['first']);
    const old = (await storedOn(t)).get(id)!;

    const incident = await reportIncident(anon, 'projects', id, { description: 'second' });
    await staff.post(routes.incidents.approve.path({ id: incident })); // touchProfile: a new revision

    // (held to JSON.stringify of the object form on SQLite)
    const text = await pageTextOn(t, 0, 500);
    const after = JSON.parse(text) as SyncPage;
    expect(after.profiles[0]!.incidents.map((i) => i.description).sort()).toEqual(['first', 'second']);
    expect(after.profiles[0]!.revision).toBeGreaterThan(old.revision);
    // and the text stored is now the new one: the profile as the page has it
    expect((await storedOn(t)).get(id)).toEqual({ revision: after.profiles[0]!.revision, json: JSON.stringify(after.profiles[0]) });
  });

  it('when a synced profile is rejected, then its stored text goes with it', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Doomed' }, []);
    await syncPageTextOn(t.engine, 0, 500);
    expect((await storedOn(t)).has(id)).toBe(true);
    await staff.post(routes.profiles.reject.developer.path({ id }));
    expect((await storedOn(t)).has(id)).toBe(false);
  });
});

describe('the stored sync texts (migrations/003)', () => {
  it('when a text is stored at the profile\'s current revision, then the page serves it as stored', async () => {
    const t = await seededApp(20);
    const [id] = await publicIdsOn(t);
    const { revision } = (await storedOn(t)).get(id!)!;
    const written = await pageTextOn(t, 0, 500);
    const marker = '{"id":0,"name":"stored, not written"}';
    await t.engine.db.updateTable('sync_texts').set({ json: marker }).where('id', '=', id!).where('revision', '=', revision).execute();
    const text = await syncPageTextOn(t.engine, 0, 500);
    expect(text).toContain(marker);
    expect(text).not.toBe(written);
    if (t.engine.sqlite) expect(text).not.toBe(JSON.stringify(syncPage(t.engine.sqlite, 0, 500)));
  });

  it('when some texts are stored, some stale and some missing, then every page is exactly JSON.stringify of the page, and the missing ones are stored', async () => {
    const t = await seededApp(300);
    // the pages from the texts the seed stored (on PostgreSQL: those SQLite wrote, copied across)
    const expected = { 37: await everyPageOn(t, 37), 500: await everyPageOn(t, 500) };
    const ids = await publicIdsOn(t);
    await inTransaction(t.engine, async (trx) => {
      await trx.deleteFrom('sync_texts').where('id', 'in', ids.filter((_, k) => k % 3 === 0)).execute();
      await trx.updateTable('sync_texts').set((eb) => ({ revision: eb('revision', '-', 1) })).where('id', 'in', ids.filter((_, k) => k % 3 === 1)).execute();
    });
    expect(await missingOn(t)).toBe(200);

    const pages = await everyPageOn(t, 37);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages).toEqual(expected[37]);
    expect(await missingOn(t)).toBe(0);
    // now all from the table
    expect(await everyPageOn(t, 37)).toEqual(expected[37]);
    expect(await everyPageOn(t, 500)).toEqual(expected[500]);
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('the stored sync texts when SQLite cannot write them (SQLite-only: a read-only better-sqlite3 connection, and another connection holding the file\'s write lock)', () => {
  it('when the database cannot be written (read-only, or another connection writing), then pages are served anyway', () => {
    const path = tempPath();
    const db = seeded(60, path);
    db.prepare('DELETE FROM sync_texts').run();
    const expected = JSON.stringify(syncPage(db, 0, 500));

    const readOnly = new Database(path, { readonly: true });
    open.push(readOnly);
    expect(syncPageText(readOnly, 0, 500)).toBe(expected);

    // another connection holds the write lock: the page's transaction cannot take it
    const writer = new Database(path);
    open.push(writer);
    writer.exec('BEGIN IMMEDIATE');
    expect(syncPageText(db, 0, 500)).toBe(expected);
    writer.exec('COMMIT');
    expect(missing(db)).toBe(60);
    // nothing in the way: stored
    expect(syncPageText(db, 0, 500)).toBe(expected);
    expect(missing(db)).toBe(0);
  });
});

describe('the format of the stored texts', () => {
  it('when what page-text.ts writes changes, then SYNC_TEXT_FORMAT changes with it', async () => {
    // The seeded demonstration registry's first page, as written: if this fails because page-text.ts
    // now writes something else, bump SYNC_TEXT_FORMAT (stored texts of the old format are then
    // dropped at the next start) and pin both anew; if only the seed changed, pin the new digest.
    // (On PostgreSQL the same digest: its texts, written in JavaScript, are SQLite's byte for byte.)
    const t = await seededApp(40);
    await t.engine.db.deleteFrom('sync_texts').execute();
    const digest = createHash('sha256').update(await syncPageTextOn(t.engine, 0, 500)).digest('hex');

    expect({ format: SYNC_TEXT_FORMAT, digest }).toEqual({ format: 1, digest: 'a91dfe96ef3eb6588514f7f0aefe95a63e00b92a4f8fc3dd494c12ffa1760080' });
  });

  it('when an instance of another version stored texts of its format at the current revisions (a rolling deploy), then no page or search serves them, and this one keeps its own in their place', async () => {
    const t = await seededApp(20);
    const written = await pageTextOn(t, 0, 500);
    const ids = await publicIdsOn(t);
    // what the other instance stored: the same profiles, the same revisions, another format
    const other = SYNC_TEXT_FORMAT + 1;
    const marker = (id: number) => `{"id":${id},"name":"written by format ${other}"}`;
    const storeOthers = async () => {
      for (const id of ids) await t.engine.db.updateTable('sync_texts').set({ json: marker(id), format: other }).where('id', '=', id).execute();
    };

    await storeOthers();
    const search = await request(t.app).get(routes.search.page.path({ query: { kind: 'developer', q: '' } }));
    expect(search.status).toBe(200);
    expect(search.text).toContain('"items":[{"profile":{');
    expect(search.text).not.toContain(`written by format ${other}`);
    await storeOthers();
    expect(await syncPageTextOn(t.engine, 0, 500)).toBe(written);
    // this instance's own texts replaced them, each at its profile's revision
    const rows = await t.engine.db.selectFrom('sync_texts').select(['id', 'format', 'json']).execute();
    expect(rows.filter((r) => r.format === other)).toEqual([]);
    expect(rows.every((r) => !r.json.includes('written by format'))).toBe(true);
    expect(await missingOn(t)).toBe(0);
  });
});

// PostgreSQL's own: sync-engine.test.ts ('when the stored texts are of another format …')
describe.skipIf(TEST_ENGINE === 'postgres')('the stored texts of another format (SQLite-only: a second better-sqlite3 connection on the file, as a server started on it would open, and SQLite\'s synchronous fillSyncTexts)', () => {
  it('when the stored texts are of another format, then no page serves them, and the next fill drops them and writes them anew', () => {
    const path = tempPath();
    const db = seeded(40, path);
    const [id] = publicIds(db);
    const marker = '{"id":0,"name":"an older format"}';
    db.prepare('UPDATE sync_texts SET json = ? WHERE id = ?').run(marker, id);
    db.prepare("UPDATE server_state SET value = '0' WHERE key = 'sync_text_format'").run();

    // another connection, as a server started on this file would open
    const started = openDatabase(path);
    open.push(started);
    expect(syncPageText(started, 0, 500)).toBe(JSON.stringify(syncPage(started, 0, 500)));
    expect(stored(started).get(id!)!.json).toBe(marker); // skipped, not added to

    expect(fillSyncTexts(started)).toBe(40);
    expect(stored(started).get(id!)!.json).not.toBe(marker);
    expect(started.prepare("SELECT value FROM server_state WHERE key = 'sync_text_format'").pluck().get()).toBe(String(SYNC_TEXT_FORMAT));
    expect(syncPageText(started, 0, 500)).toBe(JSON.stringify(syncPage(started, 0, 500)));
  });
});

// the data layer's fill (fillSyncTextsOn, fillSyncTextsLater given an engine) is held on both engines in sync-engine.test.ts
describe.skipIf(TEST_ENGINE === 'postgres')('fillSyncTexts (SQLite-only: SQLite\'s synchronous fill with its prepared statements, a batch a turn of the event loop, and its migrations from user_version 2)', () => {
  it('when a database is migrated from before the table, then it stores every public profile\'s text, and a second time nothing', () => {
    const db = seeded(250);
    touchProfile(db, publicIds(db)[0]!); // a revision the seed did not give
    // as a database of migration 2 was: without migrations 3 to 5
    db.exec('DROP TABLE sync_texts; DROP TABLE server_state; CREATE INDEX profiles_revision ON profiles (revision)');
    db.pragma('user_version = 2');
    migrate(db);
    expect(stored(db).size).toBe(0);
    expect(syncTextsMissing(db)).toBe(true);

    expect(fillSyncTexts(db, 100)).toBe(250);
    expect(missing(db)).toBe(0);
    expect(syncTextsMissing(db)).toBe(false);
    const whole = syncPage(db, 0, 500);
    const texts = stored(db);
    for (const profile of whole.profiles) expect(texts.get(profile.id)).toEqual({ revision: profile.revision, json: JSON.stringify(profile) });
    expect(texts.size).toBe(250); // none for unverified profiles

    expect(fillSyncTexts(db, 100)).toBe(0);
  });

  it('when a profile changed since its text was stored, then only that one is written again', () => {
    const db = seeded(50);
    const id = publicIds(db)[7]!;
    touchProfile(db, id);
    expect(syncTextsMissing(db)).toBe(true);
    expect(fillSyncTexts(db)).toBe(1);
    expect(syncTextsMissing(db)).toBe(false);
  });

  it('when run in the background, then it fills between turns of the event loop and says how many it wrote', async () => {
    const db = seeded(120);
    db.prepare('DELETE FROM sync_texts').run();
    const done = new Promise<[number, unknown]>((resolve) => fillSyncTextsLater(db, (written, error) => resolve([written, error]), { batch: 50 }));
    // nothing yet: the caller goes on first; then one batch a turn
    expect(stored(db).size).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stored(db).size).toBe(50);
    const [written, error] = await done;
    expect(error).toBeUndefined();
    expect(written).toBe(120);
    expect(missing(db)).toBe(0);
  });
});
