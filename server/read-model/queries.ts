// Reads shared by the features that show profiles: one profile with its approved incidents,
// or many at once (one query for the profiles, one for all their incidents).
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/engine/schema';
import type { Incident } from '../../shared/contract/incident';
import type { ProfileKind } from '../../shared/contract/common';
import { toIncident, type IncidentRow, type ProfileRow } from './rows';

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

/** A profile's row (of `kind`, when given), on the data layer (issue 21, docs/decisions/035). */
export async function findProfileRowOn(db: Kysely<Database>, id: number, kind?: ProfileKind): Promise<ProfileRow | undefined> {
  const row: ProfileRow | undefined = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (!kind || row.kind === kind) ? row : undefined;
}

/** The approved incidents of a profile, in the order the registry shows them (the latest first, by when it happened or else was reported). */
export async function approvedIncidentsOn(db: Kysely<Database>, profileId: number): Promise<Incident[]> {
  const rows: IncidentRow[] = await db.selectFrom('incidents').selectAll()
    .where('profile_id', '=', profileId).where('verification_status', '=', 'approved')
    .orderBy(sql`COALESCE(occurred, reported)`, 'desc').orderBy('id', 'desc')
    .execute();
  return rows.map(toIncident);
}

/** approvedIncidentsByProfile on the data layer: the same order in each group. Callers keep the ids to a batch (a staff page, an export's 500, the search index's 2,000: PostgreSQL takes 65,535 parameters a statement). */
export async function approvedIncidentsByProfileOn(db: Kysely<Database>, profileIds: readonly number[]): Promise<Map<number, Incident[]>> {
  const byProfile = new Map<number, Incident[]>();
  if (profileIds.length === 0) return byProfile;
  const rows: IncidentRow[] = await db.selectFrom('incidents').selectAll()
    .where('profile_id', 'in', profileIds).where('verification_status', '=', 'approved')
    .orderBy(sql`COALESCE(occurred, reported)`, 'desc').orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const group = byProfile.get(row.profile_id);
    if (group) group.push(toIncident(row));
    else byProfile.set(row.profile_id, [toIncident(row)]);
  }
  return byProfile;
}
