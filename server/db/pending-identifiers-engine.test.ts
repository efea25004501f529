// pending_identifiers on the data layer (issue 21, docs/decisions/035): the same writes, made
// through Kysely so that the triggers of migrations/011 mark the profiles stale on either engine,
// then flushed, leave the same rows on SQLite (the sync flush) and on PostgreSQL
// (flushPendingIdentifiersOn); the twin on SQLite leaves those of the sync flush; and a write
// through engineWriteRoute on PostgreSQL leaves them current.
import express from 'express';
import type { Kysely } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useEngines } from '../../tests/support/engines';
import { errorHandler } from '../http/errors';
import { engineWriteRoute } from '../http/write';
import { openDatabase, type Db } from './connection';
import { engineOver, inTransaction, openEngine, type Engine } from './engine/engine';
import type { Database } from './engine/schema';
import {
  ensurePendingIdentifiers, ensurePendingIdentifiersOn, fillPendingIdentifiers, fillPendingIdentifiersOn, flushPendingIdentifiers,
  flushPendingIdentifiersOn, PENDING_FLUSH_MAX, pendingIdentifiersAfterWrite, pendingReportsOf, pendingReportsOfOn,
} from './pending-identifiers';
import { PROFILE_IDENTIFIERS_FORMAT } from './profile-identifiers';

const engines = useEngines();

type Row = [profileId: number, reportKind: string, reportId: number, seq: number, kind: string, canonical: string, field: string, value: string];

async function stored(db: Kysely<Database>): Promise<Row[]> {
  const rows = await db.selectFrom('pending_identifiers')
    .select(['profile_id', 'report_kind', 'report_id', 'seq', 'kind', 'canonical', 'field', 'value'])
    .orderBy('profile_id').orderBy('report_kind').orderBy('report_id').orderBy('seq').execute();
  return rows.map((r): Row => [r.profile_id, r.report_kind, r.report_id, r.seq, r.kind, r.canonical, r.field, r.value]);
}

const staleCount = async (db: Kysely<Database>) =>
  Number((await db.selectFrom('pending_identifiers_stale').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const list = (...values: string[]) => JSON.stringify(values);

function profile(kind: 'developer' | 'project', name: string, status: 'unverified' | 'verified') {
  return {
    kind, name, verification_status: status, joined_date: '2026-01-01', reported_person_date: '2026-01-01',
    submitted_at: '2026-01-01T00:00:00.000Z', submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT',
  };
}
function incident(profileId: number, status: 'pending' | 'approved' | 'rejected', emails: string[], telegrams: string[] = []) {
  return { profile_id: profileId, description: 'd', reported: '2026-01-02', verification_status: status, emails: list(...emails), telegrams: list(...telegrams) };
}

/** Who the writes made, by role: their ids are the same on both engines, as both number from 1. */
interface Cast { unverified: number; verified: number; verifiedLater: number; rejectedIncident: number }

/** The first writes: reports awaiting review, on a fresh registry. */
async function firstWrites(db: Kysely<Database>): Promise<Cast> {
  const id = async (row: Promise<{ id: number }>) => Number((await row).id);
  const unverified = await id(db.insertInto('profiles').values({
    ...profile('developer', 'Unverified Dev', 'unverified'),
    email: list('Scam@Example.com'), phone: list('+1 (415) 555-0100'), telegram: list('@scammer'), wallet_addresses: list(WALLET),
  }).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('incidents').values(incident(unverified, 'pending', ['other@example.com'], ['@helper'])).execute();
  // an approved incident goes with its profile while that awaits review
  await db.insertInto('incidents').values(incident(unverified, 'approved', ['approved@example.com'])).execute();
  const rejectedIncident = await id(db.insertInto('incidents').values(incident(unverified, 'pending', ['soon-rejected@example.com']))
    .returning('id').executeTakeFirstOrThrow());

  const verified = await id(db.insertInto('profiles').values({ ...profile('project', 'Listed Project', 'verified'), website: list('https://listed.example') })
    .returning('id').executeTakeFirstOrThrow());
  await db.insertInto('incidents').values(incident(verified, 'pending', ['pending@example.com'])).execute();
  await db.insertInto('incidents').values(incident(verified, 'approved', ['public@example.com'])).execute();

  const verifiedLater = await id(db.insertInto('profiles').values({ ...profile('developer', 'Verified Later', 'unverified'), email: list('later@example.com') })
    .returning('id').executeTakeFirstOrThrow());
  await db.insertInto('incidents').values(incident(verifiedLater, 'pending', ['later-incident@example.com'])).execute();
  return { unverified, verified, verifiedLater, rejectedIncident };
}

/** The second writes, after a flush: an incident rejected, a profile verified, another's e-mail edited. */
async function secondWrites(db: Kysely<Database>, cast: Cast): Promise<void> {
  await db.updateTable('incidents').set({ verification_status: 'rejected' }).where('id', '=', cast.rejectedIncident).execute();
  await db.updateTable('profiles').set({ verification_status: 'verified' }).where('id', '=', cast.verifiedLater).execute();
  await db.updateTable('profiles').set({ email: list('edited@example.com') }).where('id', '=', cast.unverified).execute();
}

type Flush = (engine: Engine, db: Db) => Promise<void>;
const syncFlush: Flush = async (_engine, db) => db.transaction(() => flushPendingIdentifiers(db)).immediate();
const twinFlush: Flush = (engine) => inTransaction(engine, (trx) => flushPendingIdentifiersOn(trx));

interface Seen { cast: Cast; afterFirst: Row[]; afterSecond: Row[]; staleAfter: number[] }

/** The writes and flushes on `engine` (`db`: the SQLite connection under it, or an idle one beside PostgreSQL); the rows after each flush. */
async function writeAndFlush(engine: Engine, db: Db, flush: Flush): Promise<Seen> {
  const cast = await firstWrites(engine.db);
  const staleBefore = await staleCount(engine.db);
  await flush(engine, db);
  const afterFirst = await stored(engine.db);
  const staleAfter = [staleBefore, await staleCount(engine.db)];
  await secondWrites(engine.db, cast);
  staleAfter.push(await staleCount(engine.db));
  await flush(engine, db);
  staleAfter.push(await staleCount(engine.db));
  return { cast, afterFirst, afterSecond: await stored(engine.db), staleAfter };
}

/** A fresh SQLite registry: its connection and Kysely over it. */
function sqliteRegistry(): { db: Db; engine: Engine } {
  const db = openDatabase(engines.sqlitePath());
  return { db, engine: engineOver(db) };
}

const reportsIn = (rows: Row[]) => [...new Set(rows.map((r) => `${r.at(1)} ${r.at(2)}`))];

describe('flushPendingIdentifiersOn', () => {
  it('when the same reports are written on both engines and flushed, then PostgreSQL holds the rows SQLite\'s sync flush writes, and nothing stays stale', async () => {
    const sqlite = sqliteRegistry();
    const pg = await openEngine(await engines.postgresUrl());
    try {
      const onSqlite = await writeAndFlush(sqlite.engine, sqlite.db, syncFlush);
      const onPostgres = await writeAndFlush(pg, sqlite.db, twinFlush);

      // what the writes must give, so that equal answers are not equally wrong
      const { unverified, verified, verifiedLater, rejectedIncident } = onSqlite.cast;
      expect(onSqlite.staleAfter).toEqual([3, 0, 2, 0]);
      // (rows in key order: a profile's incidents before its own details; incident 5 is approved, of a listed profile)
      expect([unverified, verified, verifiedLater, rejectedIncident]).toEqual([1, 2, 3, 3]);
      expect(reportsIn(onSqlite.afterFirst)).toEqual(['incident 1', 'incident 2', 'incident 3', 'profile 1', 'incident 4', 'incident 6', 'profile 3']);
      expect(onSqlite.afterFirst.filter((r) => r[0] === verified).map((r) => r[5])).toEqual(['pending@example.com']);
      expect(reportsIn(onSqlite.afterSecond)).toEqual(['incident 1', 'incident 2', 'profile 1', 'incident 4', 'incident 6']);
      expect(onSqlite.afterSecond.filter((r) => r[0] === unverified && r[1] === 'profile' && r[4] === 'email').map((r) => r[7])).toEqual(['edited@example.com']);

      expect(onPostgres).toEqual(onSqlite);
    } finally {
      await pg.close();
      sqlite.db.close();
    }
  });

  it('when it runs on SQLite, then it writes the rows of the sync flush', async () => {
    const sync = sqliteRegistry();
    const twin = sqliteRegistry();
    try {
      const bySync = await writeAndFlush(sync.engine, sync.db, syncFlush);
      expect(bySync.afterSecond.length).toBeGreaterThan(0);
      expect(await writeAndFlush(twin.engine, twin.db, twinFlush)).toEqual(bySync);
    } finally {
      sync.db.close();
      twin.db.close();
    }
  });

  it('when more than PENDING_FLUSH_MAX profiles are stale, then it fills the whole table as the sync one does, and records the format', async () => {
    const sqlite = sqliteRegistry();
    const pg = await openEngine(await engines.postgresUrl());
    try {
      const overMax = async (engine: Engine, flush: Flush) => {
        await firstWrites(engine.db);
        // a stale row the fill must clear, marks past the limit (no such profiles: only their number counts)
        await engine.db.insertInto('pending_identifiers').values({ profile_id: 1, report_kind: 'profile', report_id: 1, seq: 99, kind: 'email', canonical: 'x', field: 'email', value: 'x' }).execute();
        await engine.db.updateTable('server_state').set({ value: '0' }).where('key', '=', 'pending_identifiers_format').execute();
        await engine.db.insertInto('pending_identifiers_stale')
          .values(Array.from({ length: PENDING_FLUSH_MAX + 1 }, (_, i) => ({ profile_id: 1_000_000 + i }))).execute();
        await flush(engine, sqlite.db);
        const format = await engine.db.selectFrom('server_state').select('value').where('key', '=', 'pending_identifiers_format').executeTakeFirstOrThrow();
        return { rows: await stored(engine.db), stale: await staleCount(engine.db), format: format.value };
      };
      const onSqlite = await overMax(sqlite.engine, syncFlush);
      expect(onSqlite.rows.some((r) => r[3] === 99)).toBe(false);
      expect([onSqlite.rows.length > 0, onSqlite.stale, onSqlite.format]).toEqual([true, 0, String(PROFILE_IDENTIFIERS_FORMAT)]);
      expect(await overMax(pg, twinFlush)).toEqual(onSqlite);
    } finally {
      await pg.close();
      sqlite.db.close();
    }
  });
});

describe('the other twins', () => {
  it('when a registry is filled or a profile\'s reports are read, then both engines give what the sync functions give on SQLite', async () => {
    const sqlite = sqliteRegistry();
    const pg = await openEngine(await engines.postgresUrl());
    try {
      const cast = await firstWrites(sqlite.engine.db);
      await firstWrites(pg.db);
      const reportsOnSqlite = Object.values(cast).map((id) => pendingReportsOf(sqlite.db, id));
      expect(reportsOnSqlite.flat().length).toBeGreaterThan(0);
      for (const engine of [sqlite.engine, pg]) {
        expect(await Promise.all(Object.values(cast).map((id) => pendingReportsOfOn(engine.db, id)))).toEqual(reportsOnSqlite);
      }

      const written = fillPendingIdentifiers(sqlite.db);
      const rows = await stored(sqlite.engine.db);
      expect(written).toBeGreaterThan(0);
      await sqlite.engine.db.deleteFrom('pending_identifiers').execute();
      for (const engine of [sqlite.engine, pg]) {
        expect(await inTransaction(engine, (trx) => fillPendingIdentifiersOn(trx))).toBe(written);
        expect(await stored(engine.db)).toEqual(rows);
        expect(await staleCount(engine.db)).toBe(0);
      }
    } finally {
      await pg.close();
      sqlite.db.close();
    }
  });
});

describe('pendingIdentifiersAfterWrite', () => {
  it('when a write through engineWriteRoute reports a profile, on either engine, then its rows are current when the write has committed', async () => {
    const sqlite = sqliteRegistry();
    const pg = await openEngine(await engines.postgresUrl());
    try {
      const seen: Row[][] = [];
      for (const engine of [sqlite.engine, pg]) {
        const app = express();
        app.use(express.json());
        app.post('/api/reports/', engineWriteRoute(engine, z.object({ name: z.string(), email: z.string() }), async (trx, _req, { name, email }) => {
          const { id } = await trx.insertInto('profiles').values({ ...profile('developer', name, 'unverified'), email: list(email) })
            .returning('id').executeTakeFirstOrThrow();
          return { status: 201, body: { id } };
        }, pendingIdentifiersAfterWrite(engine)));
        app.use(errorHandler);

        const res = await request(app).post('/api/reports/').send({ name: 'Reported', email: 'Reported@Example.com' });
        expect([engine.kind, res.status]).toEqual([engine.kind, 201]);
        expect(await staleCount(engine.db)).toBe(0);
        seen.push(await stored(engine.db));
      }
      expect(seen[0]).toEqual([[1, 'profile', 1, 0, 'email', 'reported@example.com', 'email', 'Reported@Example.com']]);
      expect(seen[1]).toEqual(seen[0]);
    } finally {
      await pg.close();
      sqlite.db.close();
    }
  });
});

// ensurePendingIdentifiersOn (issue 21, docs/decisions/035): what ensurePendingIdentifiers does at the
// SQLite server's start, on either engine. Reports written outside the API (the triggers of
// migrations/011 mark their profiles stale) are written by it; a table of another format (a new
// PostgreSQL database's '0') is filled anew; both engines end with the same rows, those SQLite's
// synchronous fill writes; and two PostgreSQL instances starting at once agree.
const staleIds = async (db: Kysely<Database>) =>
  (await db.selectFrom('pending_identifiers_stale').select('profile_id').orderBy('profile_id').execute()).map((r) => r.profile_id);
const format = async (db: Kysely<Database>) =>
  (await db.selectFrom('server_state').select('value').where('key', '=', 'pending_identifiers_format').executeTakeFirst())?.value;

const outsideProfile = (name: string, status: 'unverified' | 'verified', lists: Record<string, string> = {}) => ({
  kind: 'developer' as const, name, verification_status: status, joined_date: '2026-01-01', reported_person_date: '2026-01-01',
  submitted_at: '2026-01-01T00:00:00.000Z', submission_kind: 'NEW_DEVELOPER', ...lists,
});

/** Reports written straight into the tables, as a writer outside the API would (the seed, a script): their profiles are left stale. */
async function writeOutsideTheApi(db: Kysely<Database>): Promise<{ reported: number; listed: number }> {
  const reported = (await db.insertInto('profiles')
    .values(outsideProfile('Reported Dev', 'unverified', { email: list('Scam@Example.com'), wallet_addresses: list(WALLET) }))
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('incidents').values({ profile_id: reported, description: 'd', reported: '2026-01-02', verification_status: 'pending', telegrams: list('@helper') }).execute();
  const listed = (await db.insertInto('profiles').values(outsideProfile('Listed Dev', 'verified', { email: list('listed@example.com') }))
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
