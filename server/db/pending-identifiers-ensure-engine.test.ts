// ensurePendingIdentifiersOn (issue 21, docs/decisions/035): what ensurePendingIdentifiers does at the
// SQLite server's start, on either engine. Reports written outside the API (the triggers of
// migrations/011 mark their profiles stale) are written by it; a table of another format (a new
// PostgreSQL database's '0') is filled anew; both engines end with the same rows, those SQLite's
// synchronous fill writes; and two PostgreSQL instances starting at once agree.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { openEngine } from './engine/engine';
import type { Database } from './engine/schema';
import { ensurePendingIdentifiers, ensurePendingIdentifiersOn, fillPendingIdentifiers } from './pending-identifiers';
import { PROFILE_IDENTIFIERS_FORMAT } from './profile-identifiers';

const engines = useEngines();

type Row = [profileId: number, reportKind: string, reportId: number, seq: number, kind: string, canonical: string, field: string, value: string];

async function stored(db: Kysely<Database>): Promise<Row[]> {
  const rows = await db.selectFrom('pending_identifiers')
    .select(['profile_id', 'report_kind', 'report_id', 'seq', 'kind', 'canonical', 'field', 'value'])
    .orderBy('profile_id').orderBy('report_kind').orderBy('report_id').orderBy('seq').execute();
  return rows.map((r): Row => [r.profile_id, r.report_kind, r.report_id, r.seq, r.kind, r.canonical, r.field, r.value]);
}
const staleIds = async (db: Kysely<Database>) =>
  (await db.selectFrom('pending_identifiers_stale').select('profile_id').orderBy('profile_id').execute()).map((r) => r.profile_id);
const format = async (db: Kysely<Database>) =>
  (await db.selectFrom('server_state').select('value').where('key', '=', 'pending_identifiers_format').executeTakeFirst())?.value;

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const list = (...values: string[]) => JSON.stringify(values);
const profile = (name: string, status: 'unverified' | 'verified', lists: Record<string, string> = {}) => ({
  kind: 'developer' as const, name, verification_status: status, joined_date: '2026-01-01', reported_person_date: '2026-01-01',
  submitted_at: '2026-01-01T00:00:00.000Z', submission_kind: 'NEW_DEVELOPER', ...lists,
});

/** Reports written straight into the tables, as a writer outside the API would (the seed, a script): their profiles are left stale. */
async function writeOutsideTheApi(db: Kysely<Database>): Promise<{ reported: number; listed: number }> {
  const reported = (await db.insertInto('profiles')
    .values(profile('Reported Dev', 'unverified', { email: list('Scam@Example.com'), wallet_addresses: list(WALLET) }))
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('incidents').values({ profile_id: reported, description: 'd', reported: '2026-01-02', verification_status: 'pending', telegrams: list('@helper') }).execute();
  const listed = (await db.insertInto('profiles').values(profile('Listed Dev', 'verified', { email: list('listed@example.com') }))
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('incidents').values({ profile_id: listed, description: 'd', reported: '2026-01-02', verification_status: 'pending', emails: list('new@example.com') }).execute();
  await db.insertInto('incidents').values({ profile_id: listed, description: 'd', reported: '2026-01-02', verification_status: 'approved', emails: list('public@example.com') }).execute();
  return { reported, listed };
}

describe('ensurePendingIdentifiersOn', () => {
  it('when reports were written outside the API, then at start it writes their rows on either engine, the same rows, and leaves nothing stale', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      const formatAtOpen = await format(engine.db);
      // what a start finds: the format a migration left, then reports written by something else
      if (engine.kind === 'postgres') await ensurePendingIdentifiersOn(engine);
      const { reported, listed } = await writeOutsideTheApi(engine.db);
      const staleBefore = await staleIds(engine.db);
      await ensurePendingIdentifiersOn(engine);
      const rows = await stored(engine.db);
      // on SQLite, the synchronous fill writes the very same rows
      if (sqlite) {
        fillPendingIdentifiers(sqlite);
        expect(await stored(engine.db)).toEqual(rows);
      }
      return { formatAtOpen, staleBefore, reported, listed, rows, staleAfter: await staleIds(engine.db), format: await format(engine.db) };
    });
    // a new PostgreSQL database's table was never filled; openDatabase fills SQLite's at open
    expect(results[0].formatAtOpen).toBe(String(PROFILE_IDENTIFIERS_FORMAT));
    expect(results[1].formatAtOpen).toBe('0');
    const [onSqlite, onPostgres] = results.map(({ formatAtOpen: _, ...rest }) => rest);
    expect(onPostgres).toEqual(onSqlite);

    const { reported, listed } = onSqlite!;
    expect(onSqlite!.staleBefore).toEqual([reported, listed]);
    expect(onSqlite!.staleAfter).toEqual([]);
    expect(onSqlite!.format).toBe(String(PROFILE_IDENTIFIERS_FORMAT));
    expect(onSqlite!.rows).toHaveLength(4);
    // the report's details and its incident, and the listed profile's pending incident only
    const canonicals = onSqlite!.rows.map((r) => `${r[0]} ${r[1]} ${r[4]}:${r[5]}`);
    expect(canonicals).toEqual(expect.arrayContaining([
      `${reported} profile email:scam@example.com`,
      `${reported} profile evm:${WALLET.toLowerCase()}`,
      `${reported} incident telegram:helper`,
      `${listed} incident email:new@example.com`,
    ]));
    expect(canonicals.some((c) => c.includes('listed@example.com') || c.includes('public@example.com'))).toBe(false);
  });

  it('when the rows are of another format (or damaged), then it fills the table anew, as the synchronous one does', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      await writeOutsideTheApi(engine.db);
      await ensurePendingIdentifiersOn(engine);
      const good = await stored(engine.db);
      // a row no report has, one gone, and the format of older code
      await engine.db.deleteFrom('pending_identifiers').where('seq', '=', 0).execute();
      await engine.db.insertInto('pending_identifiers')
        .values({ profile_id: good[0]![0], report_kind: 'profile', report_id: 999, seq: 0, kind: 'email', canonical: 'stray@example.com', field: 'email', value: 'stray@example.com' })
        .execute();
      await engine.db.updateTable('server_state').set({ value: '0' }).where('key', '=', 'pending_identifiers_format').execute();
      await ensurePendingIdentifiersOn(engine);
      const refilled = await stored(engine.db);
      expect(refilled).toEqual(good);
      if (sqlite) {
        // the synchronous one agrees: with the format current it leaves them as they are
        ensurePendingIdentifiers(sqlite);
        expect(await stored(engine.db)).toEqual(good);
      }
      return { rows: refilled, format: await format(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0].format).toBe(String(PROFILE_IDENTIFIERS_FORMAT));
    expect(results[0].rows).toHaveLength(4);
  });

  it('when two PostgreSQL instances start at once on a database never filled, then both succeed and the rows are written once', async () => {
    const url = await engines.postgresUrl();
    const a = await openEngine(url);
    const b = await openEngine(url);
    try {
      await writeOutsideTheApi(a.db);
      await writeOutsideTheApi(a.db);
      expect(await format(a.db)).toBe('0');
      await Promise.all([ensurePendingIdentifiersOn(a), ensurePendingIdentifiersOn(b)]);
      const rows = await stored(a.db);
      expect(rows.length).toBe(2 * 4);
      expect(await staleIds(b.db)).toEqual([]);
      // what one start alone writes
      await a.db.updateTable('server_state').set({ value: '0' }).where('key', '=', 'pending_identifiers_format').execute();
      await ensurePendingIdentifiersOn(a);
      expect(await stored(b.db)).toEqual(rows);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
