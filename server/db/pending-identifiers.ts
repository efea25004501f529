// pending_identifiers (migrations/011): the identifiers of every report awaiting review, in
// canonical form, so that staff reads look up only those of the items on a page (issue 18). A
// profile's rows are a function of its row and its incidents' rows (pendingReportsOf); triggers
// mark a profile stale whenever those change, whoever writes, and flushPendingIdentifiers rewrites
// the stale ones: at the end of every API write's transaction (http/write.ts) and at start.
import type { Statement } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Db } from './connection';
import type { AfterWrite, Engine } from './engine/engine';
import type { Database, PendingIdentifiersTable } from './engine/schema';
import { identifierSource, INCIDENT_LISTS_SQL, PROFILE_IDENTIFIERS_FORMAT, PROFILE_LISTS_SQL } from './profile-identifiers';
import { profileIdentifiers, type ProfileIdentifier } from '../../shared/identifiers';

/** The rows' format: that of profile_identifiers, as both are shared/identifiers' canonical forms. */
const FORMAT_KEY = 'pending_identifiers_format';
/** More stale profiles than this are written by one fill of the whole table (three reads) instead. */
export const PENDING_FLUSH_MAX = 2000;

const AWAITING = "('unverified', 'pending')";
// every kind named, so profiles_public (kind, verification_status, name) finds the few awaiting
// review instead of scanning every profile; incidents are reached through those profiles
const AWAITING_PROFILES = `p.kind IN ('developer', 'project') AND p.verification_status IN ${AWAITING}`;
const PENDING_PROFILES = `SELECT p.id, p.kind, p.name, p.submission_kind, ${PROFILE_LISTS_SQL} FROM profiles p WHERE ${AWAITING_PROFILES}`;
const INCIDENTS_OF_PENDING_PROFILES = `SELECT i.id, i.profile_id, ${INCIDENT_LISTS_SQL} FROM profiles p CROSS JOIN incidents i ON i.profile_id = p.id
  WHERE ${AWAITING_PROFILES} AND i.verification_status <> 'rejected' ORDER BY i.id`;
const PENDING_INCIDENTS_ELSEWHERE = `SELECT i.id, i.profile_id, p.kind, p.name, ${INCIDENT_LISTS_SQL} FROM incidents i JOIN profiles p ON p.id = i.profile_id
  WHERE i.verification_status = 'pending' AND p.verification_status NOT IN ${AWAITING} ORDER BY i.id`;

/** The whole pending side's reads (the fill): each must find its rows through an index. */
export const PENDING_SIDE_SQL = { PENDING_PROFILES, INCIDENTS_OF_PENDING_PROFILES, PENDING_INCIDENTS_ELSEWHERE } as const;

/** Whether a profile's details and incidents are under review (shared-identifiers.ts AWAITING_PROFILES). */
export const isAwaiting = (kind: string, status: string) =>
  (kind === 'developer' || kind === 'project') && (status === 'unverified' || status === 'pending');

export interface PendingReport { reportKind: 'profile' | 'incident'; reportId: number; profileId: number; identifiers: ProfileIdentifier[] }

/** The identifiers of a report: profileIdentifiers of its lists, but the case id (the profile's id, no identifier of a report's). */
export function reportIdentifiers(profileId: number, listTexts: readonly string[]): ProfileIdentifier[] {
  return profileIdentifiers(identifierSource(profileId, listTexts)).filter((i) => i.kind !== 'case_id');
}

interface Statements {
  profile: Statement<[number]>; incidentsOf: Statement<[number, string, string]>;
  insert: Statement<[number, string, number, number, string, string, string, string]>;
  deleteOf: Statement<[number]>; stale: Statement<[], number>; unstale: Statement<[number]>;
}
const statements = new WeakMap<Db, Statements>();

function prepared(db: Db): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      profile: db.prepare<[number]>(`SELECT p.kind, p.verification_status, ${PROFILE_LISTS_SQL} FROM profiles p WHERE p.id = ?`).raw(true),
      // through incidents_profile (profile_id, verification_status): a listed profile's approved incidents are not read
      incidentsOf: db.prepare<[number, string, string]>(`SELECT i.id, ${INCIDENT_LISTS_SQL} FROM incidents i
        WHERE i.profile_id = ? AND i.verification_status IN (?, ?) ORDER BY i.id`).raw(true),
      insert: db.prepare(`INSERT OR IGNORE INTO pending_identifiers (profile_id, report_kind, report_id, seq, kind, canonical, field, value)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      deleteOf: db.prepare<[number]>('DELETE FROM pending_identifiers WHERE profile_id = ?'),
      stale: db.prepare<[], number>('SELECT profile_id FROM pending_identifiers_stale ORDER BY profile_id').pluck(),
      unstale: db.prepare<[number]>('DELETE FROM pending_identifiers_stale WHERE profile_id = ?'),
    };
    statements.set(db, s);
  }
  return s;
}

/** A profile's reports awaiting review, read from its rows: its details and incidents not rejected while it awaits review, else its pending incidents. */
export function pendingReportsOf(db: Db, profileId: number): PendingReport[] {
  const s = prepared(db);
  const row = s.profile.get(profileId) as [string, string, string] | undefined;
  if (!row) return [];
  const [kind, status, lists] = row;
  const statuses = incidentStatusesOf(kind, status);
  return reportsOf(profileId, isAwaiting(kind, status) ? lists : null, s.incidentsOf.all(profileId, ...statuses) as [number, string][]);
}

/** The incidents of a profile that await review with it: not rejected while it awaits review, else only the pending ones. */
function incidentStatusesOf(kind: string, status: string): [string, string] {
  return isAwaiting(kind, status) ? ['pending', 'approved'] : ['pending', 'pending'];
}

/** A profile's reports from its lists (null: its details are not under review) and its incidents' awaiting review, by id. */
function reportsOf(profileId: number, profileLists: string | null, incidents: Iterable<[id: number, lists: string]>): PendingReport[] {
  const reports: PendingReport[] = [];
  if (profileLists !== null) reports.push({ reportKind: 'profile', reportId: profileId, profileId, identifiers: reportIdentifiers(profileId, [profileLists]) });
  for (const [id, incidentLists] of incidents) {
    reports.push({ reportKind: 'incident', reportId: id, profileId, identifiers: reportIdentifiers(profileId, [incidentLists]) });
  }
  return reports;
}

function store(db: Db, reports: Iterable<PendingReport>): void {
  const { insert } = prepared(db);
  for (const { reportKind, reportId, profileId, identifiers } of reports) {
    identifiers.forEach((i, seq) => insert.run(profileId, reportKind, reportId, seq, i.kind, i.canonical, i.field, i.value));
  }
}

/**
 * flushPendingIdentifiers as the last step of a write on the data layer (http/write.ts
 * engineWriteRoute): on SQLite on the app's connection `db`, inside the write's transaction, which
 * the engine runs on that connection in one turn (docs/decisions/035); on PostgreSQL in the
 * write's own transaction (flushPendingIdentifiersOn).
 */
export function pendingIdentifiersAfterWrite(engine: Pick<Engine, 'sqlite'>): AfterWrite {
  const { sqlite } = engine;
  if (sqlite) return async () => flushPendingIdentifiers(sqlite);
  return (trx) => flushPendingIdentifiersOn(trx);
}

/** Rewrites the stale profiles' rows; call it in the write's transaction. */
export function flushPendingIdentifiers(db: Db): void {
  const s = prepared(db);
  const stale = s.stale.all();
  if (stale.length === 0) return;
  if (stale.length > PENDING_FLUSH_MAX) {
    fillPendingIdentifiers(db);
    return;
  }
  for (const id of stale) {
    s.deleteOf.run(id);
    store(db, pendingReportsOf(db, id));
    s.unstale.run(id);
  }
}

/** Writes the whole table anew from what awaits review, and records its format; how many rows it wrote. */
export function fillPendingIdentifiers(db: Db): number {
  return db.transaction(() => {
    db.prepare('DELETE FROM pending_identifiers').run();
    db.prepare('DELETE FROM pending_identifiers_stale').run();
    const reports: PendingReport[] = [];
    for (const [id, , , , lists] of db.prepare(PENDING_PROFILES).raw(true).all() as [number, string, string, string, string][]) {
      reports.push({ reportKind: 'profile', reportId: id, profileId: id, identifiers: reportIdentifiers(id, [lists]) });
    }
    for (const [id, profileId, lists] of db.prepare(INCIDENTS_OF_PENDING_PROFILES).raw(true).all() as [number, number, string][]) {
      reports.push({ reportKind: 'incident', reportId: id, profileId, identifiers: reportIdentifiers(profileId, [lists]) });
    }
    for (const [id, profileId, , , lists] of db.prepare(PENDING_INCIDENTS_ELSEWHERE).raw(true).all() as [number, number, string, string, string][]) {
      reports.push({ reportKind: 'incident', reportId: id, profileId, identifiers: reportIdentifiers(profileId, [lists]) });
    }
    store(db, reports);
    db.prepare('INSERT OR REPLACE INTO server_state (key, value) VALUES (?, ?)').run(FORMAT_KEY, String(PROFILE_IDENTIFIERS_FORMAT));
    return (db.prepare('SELECT COUNT(*) FROM pending_identifiers').pluck().get() as number);
  })();
}

/** At start: fills the table when it was never filled or is of another format, else rewrites the stale profiles. */
export function ensurePendingIdentifiers(db: Db): void {
  const format = db.prepare('SELECT value FROM server_state WHERE key = ?').pluck().get(FORMAT_KEY);
  if (format !== String(PROFILE_IDENTIFIERS_FORMAT)) fillPendingIdentifiers(db);
  else db.transaction(() => flushPendingIdentifiers(db)).immediate();
}

// The twins on the data layer (docs/decisions/035): the same rows as the functions above, on either
// engine, in the transaction `trx` the caller holds. Their SQL is engine-neutral: concat() for the
// lists, ON CONFLICT … DO NOTHING on the table's key for SQLite's INSERT OR IGNORE, and joins
// PostgreSQL accepts (it refuses CROSS JOIN … ON, SQLite's way of fixing the join order).

const profileListsSql = sql.raw<string>(PROFILE_LISTS_SQL);
const incidentListsSql = sql.raw<string>(INCIDENT_LISTS_SQL);
const awaitingProfilesSql = sql.raw<boolean>(AWAITING_PROFILES);
/** Rows an INSERT writes at once: 8 values each, well under SQLite's 32766 and PostgreSQL's 65535 parameters. */
const INSERT_BATCH = 500;

/** The reports of `profileIds` (at most PENDING_FLUSH_MAX of them), profile by profile in id order: pendingReportsOf for each, in two reads. */
async function pendingReportsOfMany(trx: Kysely<Database>, profileIds: readonly number[]): Promise<PendingReport[]> {
  if (profileIds.length === 0) return [];
  const profiles = await trx.selectFrom('profiles as p')
    .select(['p.id', 'p.kind', 'p.verification_status', profileListsSql.as('lists')])
    .where('p.id', 'in', profileIds).orderBy('p.id').execute();
  // through incidents_profile, as pendingReportsOf; a profile's statuses are sorted out below
  const incidents = await trx.selectFrom('incidents as i')
    .select(['i.id', 'i.profile_id', 'i.verification_status', incidentListsSql.as('lists')])
    .where('i.profile_id', 'in', profileIds).where('i.verification_status', 'in', ['pending', 'approved'])
    .orderBy('i.id').execute();
  const incidentsOf = new Map<number, typeof incidents>();
  for (const incident of incidents) {
    const list = incidentsOf.get(incident.profile_id);
    if (list) list.push(incident);
    else incidentsOf.set(incident.profile_id, [incident]);
  }
  const reports: PendingReport[] = [];
  for (const { id, kind, verification_status: status, lists } of profiles) {
    const statuses = incidentStatusesOf(kind, status);
    const awaitingIncidents = (incidentsOf.get(id) ?? []).filter((i) => statuses.includes(i.verification_status));
    reports.push(...reportsOf(id, isAwaiting(kind, status) ? lists : null, awaitingIncidents.map((i): [number, string] => [i.id, i.lists])));
  }
  return reports;
}

/** pendingReportsOf on the data layer. */
export async function pendingReportsOfOn(trx: Kysely<Database>, profileId: number): Promise<PendingReport[]> {
  return pendingReportsOfMany(trx, [profileId]);
}

async function storeOn(trx: Kysely<Database>, reports: Iterable<PendingReport>): Promise<void> {
  const rows: PendingIdentifiersTable[] = [];
  for (const { reportKind, reportId, profileId, identifiers } of reports) {
    identifiers.forEach((i, seq) => rows.push({
      profile_id: profileId, report_kind: reportKind, report_id: reportId, seq, kind: i.kind, canonical: i.canonical, field: i.field, value: i.value,
    }));
  }
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await trx.insertInto('pending_identifiers').values(rows.slice(start, start + INSERT_BATCH))
      .onConflict((oc) => oc.columns(['profile_id', 'report_kind', 'report_id', 'seq']).doNothing())
      .execute();
  }
}

/** The profiles whose rows may be out of date (a read takes theirs from pendingReportsOf). */
export async function staleProfilesOn(trx: Kysely<Database>): Promise<number[]> {
  return (await trx.selectFrom('pending_identifiers_stale').select('profile_id').orderBy('profile_id').execute()).map((r) => r.profile_id);
}

/** flushPendingIdentifiers on the data layer: rewrites the stale profiles' rows; call it in the write's transaction. */
export async function flushPendingIdentifiersOn(trx: Kysely<Database>): Promise<void> {
  const stale = await staleProfilesOn(trx);
  if (stale.length === 0) return;
  if (stale.length > PENDING_FLUSH_MAX) {
    await fillPendingIdentifiersOn(trx);
    return;
  }
  // (a few statements for them all, not five a profile: on PostgreSQL each is a round trip). Two
  // PostgreSQL writes that stale one profile meet at its stale row: the second's trigger waits for
  // the first to commit, so its flush reads the first's rows too.
  await trx.deleteFrom('pending_identifiers').where('profile_id', 'in', stale).execute();
  await storeOn(trx, await pendingReportsOfMany(trx, stale));
  await trx.deleteFrom('pending_identifiers_stale').where('profile_id', 'in', stale).execute();
}

/**
 * fillPendingIdentifiers on the data layer: the whole table anew from what awaits review, and its
 * format; how many rows it wrote. Unlike the sync one it opens no transaction of its own (on
 * SQLite inTransaction's is not one Kysely knows of): call it in one.
 */
export async function fillPendingIdentifiersOn(trx: Kysely<Database>): Promise<number> {
  await trx.deleteFrom('pending_identifiers').execute();
  await trx.deleteFrom('pending_identifiers_stale').execute();
  const reports: PendingReport[] = [];
  // PENDING_PROFILES
  const profiles = await trx.selectFrom('profiles as p').select(['p.id', profileListsSql.as('lists')])
    .where(awaitingProfilesSql).execute();
  for (const { id, lists } of profiles) reports.push(...reportsOf(id, lists, []));
  // INCIDENTS_OF_PENDING_PROFILES
  const incidentsOfAwaiting = await trx.selectFrom('profiles as p').innerJoin('incidents as i', 'i.profile_id', 'p.id')
    .select(['i.id', 'i.profile_id', incidentListsSql.as('lists')])
    .where(awaitingProfilesSql).where('i.verification_status', '<>', 'rejected').orderBy('i.id').execute();
  // PENDING_INCIDENTS_ELSEWHERE
  const pendingElsewhere = await trx.selectFrom('incidents as i').innerJoin('profiles as p', 'p.id', 'i.profile_id')
    .select(['i.id', 'i.profile_id', incidentListsSql.as('lists')])
    .where('i.verification_status', '=', 'pending').where(sql<boolean>`p.verification_status NOT IN ${sql.raw(AWAITING)}`)
    .orderBy('i.id').execute();
  for (const { id, profile_id: profileId, lists } of [...incidentsOfAwaiting, ...pendingElsewhere]) {
    reports.push(...reportsOf(profileId, null, [[id, lists]]));
  }
  await storeOn(trx, reports);
  const format = String(PROFILE_IDENTIFIERS_FORMAT);
  await trx.insertInto('server_state').values({ key: FORMAT_KEY, value: format })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: format })).execute();
  const { rows } = await trx.selectFrom('pending_identifiers').select((eb) => eb.fn.countAll<number>().as('rows')).executeTakeFirstOrThrow();
  return Number(rows);
}

/** pg_advisory_xact_lock's key for ensurePendingIdentifiersOn: instances starting at once on one database take turns. */
const ENSURE_LOCK = 'bustr pending_identifiers ensure';

/**
 * ensurePendingIdentifiers on the data layer, for the server's start on PostgreSQL (on SQLite,
 * openDatabase runs the synchronous one): fills the table when it was never filled (a new
 * PostgreSQL database's format is '0', migrations/011_schema.sql) or is of another format, else
 * rewrites the profiles the triggers marked stale (written by something other than the API's
 * writes, which flush their own). One transaction; on PostgreSQL instances starting at once take
 * turns on an advisory lock, so the second reads the format the first wrote and only flushes.
 * (Kysely's own transaction, not inTransaction, which this file cannot import: engine.ts opens
 * SQLite through connection.ts, which imports this file. At start nothing else writes on SQLite's
 * connection, and the work awaits only its own queries.)
 */
export async function ensurePendingIdentifiersOn(engine: Engine): Promise<void> {
  await engine.db.transaction().execute(async (trx) => {
    if (engine.kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtextextended(${ENSURE_LOCK}, 0))`.execute(trx);
    const row = await trx.selectFrom('server_state').select('value').where('key', '=', FORMAT_KEY).executeTakeFirst();
    if (row?.value !== String(PROFILE_IDENTIFIERS_FORMAT)) await fillPendingIdentifiersOn(trx);
    else await flushPendingIdentifiersOn(trx);
  });
}
