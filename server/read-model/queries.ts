// Reads shared by the features that show profiles: one profile with its approved incidents,
// or many at once (one query for the profiles, one for all their incidents).
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/engine/schema';
import type { Incident } from '../../shared/contract/incident';
import type { ProfileKind } from '../../shared/contract/common';
import { toIncident, type IncidentRow, type ProfileRow } from './rows';

export function findProfileRow(db: Db, id: number, kind?: ProfileKind): ProfileRow | undefined {
  const row = db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
  return row && (!kind || row.kind === kind) ? row : undefined;
}

export function approvedIncidents(db: Db, profileId: number): Incident[] {
  const rows = db
    .prepare("SELECT * FROM incidents WHERE profile_id = ? AND verification_status = 'approved' ORDER BY COALESCE(occurred, reported) DESC, id DESC")
    .all(profileId) as IncidentRow[];
  return rows.map(toIncident);
}

export const APPROVED_INCIDENTS_OF_PROFILES = `SELECT i.* FROM incidents i
  WHERE i.profile_id IN (SELECT value FROM json_each(?)) AND i.verification_status = 'approved'`;

/** Approved incidents of the given profiles, grouped by profile id. */
export function approvedIncidentsByProfile(db: Db, profileIds: readonly number[]): Map<number, Incident[]> {
  const byProfile = new Map<number, Incident[]>();
  if (profileIds.length === 0) return byProfile;
  const rows = db
    // IN (subquery), not JOIN json_each: the join made SQLite scan every approved incident and
    // probe the id list for each (8.6 s for 500 ids at 100k profiles); IN uses incidents_profile
    .prepare(`${APPROVED_INCIDENTS_OF_PROFILES} ORDER BY COALESCE(i.occurred, i.reported) DESC, i.id DESC`)
    .all(JSON.stringify(profileIds)) as IncidentRow[];
  for (const row of rows) {
    const group = byProfile.get(row.profile_id);
    if (group) group.push(toIncident(row));
    else byProfile.set(row.profile_id, [toIncident(row)]);
  }
  return byProfile;
}

/** findProfileRow on the data layer (issue 21, docs/decisions/035). */
export async function findProfileRowOn(db: Kysely<Database>, id: number, kind?: ProfileKind): Promise<ProfileRow | undefined> {
  const row: ProfileRow | undefined = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (!kind || row.kind === kind) ? row : undefined;
}

/** approvedIncidents on the data layer: the same order (the latest first, by when it happened or else was reported). */
export async function approvedIncidentsOn(db: Kysely<Database>, profileId: number): Promise<Incident[]> {
  const rows: IncidentRow[] = await db.selectFrom('incidents').selectAll()
    .where('profile_id', '=', profileId).where('verification_status', '=', 'approved')
    .orderBy(sql`COALESCE(occurred, reported)`, 'desc').orderBy('id', 'desc')
    .execute();
  return rows.map(toIncident);
}
