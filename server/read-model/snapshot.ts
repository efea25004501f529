// docs/design.md#scale: the public registry is a snapshot cached by revision. Every change to
// public data bumps the revision, so the cache is valid exactly while the revision is the same;
// list, filter-option and ETag answers come from it without touching the tables.
// On the data layer (issue 21, docs/decisions/035): one Kysely build for SQLite and PostgreSQL,
// held per engine (every engineOver of one SQLite connection shares it) and checked against the
// revision read per request: on PostgreSQL that read is what makes an instance see at once what
// another instance changed.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/engine/engine';
import type { Database } from '../db/engine/schema';
import { currentRevision, currentRevisionOn, revisionNow } from '../db/revision';
import type { Profile } from '../../shared/contract/profile';
import type { ProfileKind } from '../../shared/contract/common';
import { toIncident, toProfile, type IncidentRow, type ProfileRow } from './rows';
import type { Incident } from '../../shared/contract/incident';

export interface PublicSnapshot {
  revision: number;
  profiles: Record<ProfileKind, Profile[]>;
  /** the whole list of each kind, serialised once */
  json: Record<ProfileKind, string>;
}

interface Held {
  snapshot?: PublicSnapshot;
  /** a build under way (PostgreSQL's takes turns of the event loop): requests at its revision wait for it */
  building?: { revision: number; snapshot: Promise<PublicSnapshot> };
}

/** By what the engine reads through: SQLite's connection, or a PostgreSQL engine's Kysely (an instance's own). */
const held = new WeakMap<object, Held>();

/** The public registry at the current revision, built once per revision. */
export async function publicSnapshot(engine: Engine): Promise<PublicSnapshot> {
  return snapshotNow(engine);
}

/**
 * publicSnapshot for a hot path: on SQLite, when the snapshot of the current revision is held (the
 * common case), it is given as it is, without a promise (the revision is SQLite's prepared
 * statement); else a promise of it.
 */
export function snapshotNow(engine: Engine): PublicSnapshot | Promise<PublicSnapshot> {
  if (engine.sqlite) return snapshotAt(engine, engine.sqlite, currentRevision(engine.sqlite));
  return revisionNow(engine).then((revision) => snapshotAt(engine, engine.db, revision));
}

function snapshotAt(engine: Engine, key: object, revision: number): PublicSnapshot | Promise<PublicSnapshot> {
  let entry = held.get(key);
  if (!entry) {
    entry = {};
    held.set(key, entry);
  }
  if (entry.snapshot?.revision === revision) return entry.snapshot;
  if (entry.building?.revision === revision) return entry.building.snapshot;
  const into = entry;
  const snapshot = build(engine).then((built) => {
    // the last built is held: it is of the revision read when it began, or newer
    into.snapshot = built;
    if (into.building?.snapshot === snapshot) into.building = undefined;
    return built;
  }, (error: unknown) => {
    if (into.building?.snapshot === snapshot) into.building = undefined;
    throw error;
  });
  into.building = { revision, snapshot };
  return snapshot;
}

/**
 * Reads the revision and the rows from one moment: on PostgreSQL in one REPEATABLE READ
 * transaction (every statement sees the database as its first did), on SQLite in a read
 * transaction, which runs in one turn of the event loop (its awaits are its own queries').
 */
function build(engine: Engine): Promise<PublicSnapshot> {
  const transaction = engine.kind === 'postgres'
    ? engine.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
    : engine.db.transaction();
  return transaction.execute(buildIn);
}

async function buildIn(trx: Kysely<Database>): Promise<PublicSnapshot> {
  const revision = await currentRevisionOn(trx);
  // by name, letter case aside, then id: lower() folds ASCII letters only on both engines (SQLite's
  // built-in, PostgreSQL's under the columns' COLLATE "C"), and both then compare UTF-8 bytes: the
  // order of SQLite's `name COLLATE NOCASE` (snapshot-engine.test.ts holds all three equal)
  const rows: ProfileRow[] = await trx.selectFrom('profiles').selectAll()
    .where('verification_status', '=', 'verified')
    .orderBy(sql`lower(name)`).orderBy('id')
    .execute();
  // the registry's order (read-model/queries.ts): the latest first, by when it happened or else was reported
  const incidentRows: IncidentRow[] = await trx.selectFrom('incidents as i')
    .innerJoin('profiles as p', 'p.id', 'i.profile_id')
    .selectAll('i')
    .where('p.verification_status', '=', 'verified').where('i.verification_status', '=', 'approved')
    .orderBy(sql`COALESCE(i.occurred, i.reported)`, 'desc').orderBy('i.id', 'desc')
    .execute();
  return assemble(revision, rows, incidentRows);
}

function assemble(revision: number, rows: readonly ProfileRow[], incidentRows: readonly IncidentRow[]): PublicSnapshot {
  const byProfile = new Map<number, Incident[]>();
  for (const row of incidentRows) {
    const group = byProfile.get(row.profile_id);
    if (group) group.push(toIncident(row));
    else byProfile.set(row.profile_id, [toIncident(row)]);
  }
  const profiles: Record<ProfileKind, Profile[]> = { developer: [], project: [] };
  for (const row of rows) profiles[row.kind].push(toProfile(row, byProfile.get(row.id) ?? []));
  return {
    revision,
    profiles,
    json: { developer: JSON.stringify(profiles.developer), project: JSON.stringify(profiles.project) },
  };
}
