// docs/design.md#scale: the public registry is a snapshot cached by revision. Every change to
// public data bumps the revision, so the cache is valid exactly while the revision is the same;
// list, filter-option and ETag answers come from it without touching the tables.
import type { Db } from '../db/connection';
import { currentRevision } from '../db/revision';
import type { Profile } from '../../shared/contract/profile';
import type { ProfileKind } from '../../shared/contract/common';
import { toProfile, type IncidentRow, type ProfileRow } from './rows';
import { toIncident } from './rows';
import type { Incident } from '../../shared/contract/incident';

export interface PublicSnapshot {
  revision: number;
  profiles: Record<ProfileKind, Profile[]>;
  /** the whole list of each kind, serialised once */
  json: Record<ProfileKind, string>;
}

const cache = new WeakMap<Db, PublicSnapshot>();

export function publicSnapshot(db: Db): PublicSnapshot {
  const revision = currentRevision(db);
  const cached = cache.get(db);
  if (cached && cached.revision === revision) return cached;
  const snapshot = db.transaction(() => build(db, currentRevision(db)))();
  cache.set(db, snapshot);
  return snapshot;
}

function build(db: Db, revision: number): PublicSnapshot {
  const rows = db.prepare("SELECT * FROM profiles WHERE verification_status = 'verified' ORDER BY name COLLATE NOCASE, id").all() as ProfileRow[];
  const incidentRows = db
    .prepare(`SELECT i.* FROM incidents i JOIN profiles p ON p.id = i.profile_id
      WHERE p.verification_status = 'verified' AND i.verification_status = 'approved'
      ORDER BY COALESCE(i.occurred, i.reported) DESC, i.id DESC`)
    .all() as IncidentRow[];
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
