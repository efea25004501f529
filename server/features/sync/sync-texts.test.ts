import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportIncident } from '../../test-flows';
import { migrate, openDatabase, type Db } from '../../db/connection';
import { seedDemo } from '../../demo/seeding';
import { touchProfile } from '../../db/revision';
import { createHash } from 'node:crypto';
import { SYNC_TEXT_FORMAT } from './page-text';
import { syncPage, syncPageText } from './service';
import { fillSyncTexts, fillSyncTextsLater, syncTextsMissing } from './sync-texts';
import { routes } from '../../../shared/contract/routes';

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

/** Every page of the feed as text, each held to the object form. */
function expectEveryPageAsObjects(db: Db, limit: number): number {
  let since = 0;
  let pages = 0;
  for (; pages < 1000; pages++) {
    const expected = JSON.stringify(syncPage(db, since, limit));
    expect(syncPageText(db, since, limit)).toBe(expected);
    const page = JSON.parse(expected) as { cursor: number; hasMore: boolean };
    since = page.cursor;
    if (!page.hasMore) break;
  }
  return pages + 1;
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
  afterEach(() => t.close());

  it('when a synced profile changes in public view, then its page shows the change, not the text stored before', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'P' }, [{ description: 'first' }]);
    const before = JSON.parse(syncPageText(t.db, 0, 500)) as { profiles: { incidents: { description: string }[] }[] };
    expect(before.profiles[0]!.incidents.map((i) => i.description)).toEqual(['first']);
    const old = stored(t.db).get(id)!;

    const incident = await reportIncident(anon, 'projects', id, { description: 'second' });
    await staff.post(routes.incidents.approve.path({ id: incident })); // touchProfile: a new revision

    const text = syncPageText(t.db, 0, 500);
    const after = JSON.parse(text) as { profiles: { revision: number; incidents: { description: string }[] }[] };
    expect(after.profiles[0]!.incidents.map((i) => i.description).sort()).toEqual(['first', 'second']);
    expect(after.profiles[0]!.revision).toBeGreaterThan(old.revision);
    expect(text).toBe(JSON.stringify(syncPage(t.db, 0, 500)));
    // and the text stored is now the new one
    expect(stored(t.db).get(id)).toEqual({ revision: after.profiles[0]!.revision, json: JSON.stringify(syncPage(t.db, 0, 500).profiles[0]) });
  });

  it('when a synced profile is rejected, then its stored text goes with it', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Doomed' }, []);
    syncPageText(t.db, 0, 500);
    expect(stored(t.db).has(id)).toBe(true);
    await staff.post(routes.profiles.reject.developer.path({ id }));
    expect(stored(t.db).has(id)).toBe(false);
  });
});

describe('the stored sync texts (migrations/003)', () => {
  it('when a text is stored at the profile\'s current revision, then the page serves it as stored', () => {
    const db = seeded(20);
    const [id] = publicIds(db);
    const { revision } = stored(db).get(id!)!;
    const marker = '{"id":0,"name":"stored, not written"}';
    db.prepare('UPDATE sync_texts SET json = ? WHERE id = ? AND revision = ?').run(marker, id, revision);
    const text = syncPageText(db, 0, 500);
    expect(text).toContain(marker);
    expect(text).not.toBe(JSON.stringify(syncPage(db, 0, 500)));
  });

  it('when some texts are stored, some stale and some missing, then every page is exactly JSON.stringify of the page, and the missing ones are stored', () => {
    const db = seeded(300);
    const ids = publicIds(db);
    db.transaction(() => {
      for (const [k, id] of ids.entries()) {
        if (k % 3 === 0) db.prepare('DELETE FROM sync_texts WHERE id = ?').run(id);
        else if (k % 3 === 1) db.prepare('UPDATE sync_texts SET revision = revision - 1 WHERE id = ?').run(id);
      }
    })();
    expect(missing(db)).toBe(200);

    expect(expectEveryPageAsObjects(db, 37)).toBeGreaterThan(5);
    expect(missing(db)).toBe(0);
    // now all from the table
    expectEveryPageAsObjects(db, 37);
    expectEveryPageAsObjects(db, 500);
  });

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

  it('when what page-text.ts writes changes, then SYNC_TEXT_FORMAT changes with it', () => {
    // The seeded demonstration registry's first page, as written: if this fails because page-text.ts
    // now writes something else, bump SYNC_TEXT_FORMAT (stored texts of the old format are then
    // dropped at the next start) and pin both anew; if only the seed changed, pin the new digest.
    const db = seeded(40);
    db.prepare('DELETE FROM sync_texts').run();
    const digest = createHash('sha256').update(syncPageText(db, 0, 500)).digest('hex');

    expect({ format: SYNC_TEXT_FORMAT, digest }).toEqual({ format: 1, digest: 'a91dfe96ef3eb6588514f7f0aefe95a63e00b92a4f8fc3dd494c12ffa1760080' });
  });
});

describe('fillSyncTexts', () => {
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
