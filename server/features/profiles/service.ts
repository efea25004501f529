// Profiles (scammers and projects): the public registry, new reports, and their moderation.
import type { Db } from '../../db/connection';
import { audit } from '../../db/audit';
import { tombstoneProfile, touchProfile } from '../../db/revision';
import { answerCache, type CachedAnswer } from '../../read-model/answer-cache';
import { publicSnapshot } from '../../read-model/snapshot';
import { findProfileRow, approvedIncidents, approvedIncidentsByProfile } from '../../read-model/queries';
import { toProfile, toStaffProfile, type ProfileRow } from '../../read-model/rows';
import { sharedIdentifiers } from '../../read-model/shared-identifiers';
import { badRequest, notFound } from '../../errors';
import { countQueue, queueWhere } from '../../read-model/staff-queues';
import { QUEUE_KINDS, type QueueFilter } from '../../../shared/contract/admin';
import { profileLabel } from '../../http/profile-paths';
import type { ProfileKind } from '../../../shared/contract/common';
import type { Profile, ProfileCreate, StaffProfile } from '../../../shared/contract/profile';
import { routes } from '../../../shared/contract/routes';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';

export interface Page { page: number; pageSize: number }

/** The verified profiles of a kind, as a DRF-style page; the body is built from the cached snapshot. */
export function publicListJson(db: Db, kind: ProfileKind, { page, pageSize }: Page): CachedAnswer {
  const snapshot = publicSnapshot(db);
  // each page is serialised once per revision, not on every request
  return answerCache(db, 'list').get(`${kind}:${page}:${pageSize}`, snapshot.revision, () => {
    const all = snapshot.profiles[kind];
    const start = (page - 1) * pageSize;
    const isWhole = start === 0 && pageSize >= all.length;
    const results = isWhole ? snapshot.json[kind] : JSON.stringify(all.slice(start, start + pageSize));
    const link = (p: number) => JSON.stringify(routes.profiles.list[kind].path({ query: { page: p, page_size: pageSize } }));
    const next = start + pageSize < all.length ? link(page + 1) : 'null';
    const previous = page > 1 ? link(page - 1) : 'null';
    return {
      revision: snapshot.revision,
      bytes: Buffer.from(`{"count":${all.length},"next":${next},"previous":${previous},"results":${results}}`),
      etag: `"${kind}-${snapshot.revision}-${page}-${pageSize}"`,
    };
  });
}

/** Staff: submitted profiles awaiting review (product.md#states: pending and unverified), oldest first. */
export function awaitingReview(db: Db, kind: ProfileKind, { page, pageSize: asked }: Page, { after = 0, ...filter }: QueueFilter & { after?: number } = {}) {
  // docs/design.md#moderation: a staff page is bounded whatever page_size asks (the spec's 9999)
  const pageSize = Math.min(asked, QUEUE_PAGE_MAX);
  const queue = kind === 'developer' ? 'developers' : 'projects';
  if (filter.kind && !(QUEUE_KINDS[queue] as readonly string[]).includes(filter.kind)) {
    throw badRequest(`Invalid request: kind: must be one of ${QUEUE_KINDS[queue].join(', ')} for ${kind === 'developer' ? 'scammers' : 'projects'}.`,
      [{ path: 'kind', message: `must be one of ${QUEUE_KINDS[queue].join(', ')}` }]);
  }
  const { where, params } = queueWhere(queue, filter);
  // decision 028: after an id too, as the other queues page, so the panel pages them alike
  const rows = db
    .prepare(`SELECT p.* FROM profiles p WHERE ${where}
      AND (p.submitted_at, p.id) > (SELECT submitted_at, id FROM profiles WHERE id = @after UNION ALL SELECT '', 0 LIMIT 1)
      ORDER BY p.submitted_at, p.id LIMIT @limit OFFSET @offset`)
    .all({ ...params, after, limit: pageSize, offset: (page - 1) * pageSize }) as ProfileRow[];
  const n = countQueue(db, queue, filter);
  const incidents = approvedIncidentsByProfile(db, rows.map((r) => r.id));
  // issue 16: what the registry and the other submissions share with each, to corroborate
  const shared = sharedIdentifiers(db);
  const results = rows.map((r) => ({ ...toStaffProfile(r, incidents.get(r.id) ?? []), shared_identifiers: shared.ofProfile(r.id) }));
  const narrowed = Object.entries({ after: after || undefined, ...filter }).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`).join('');
  const at = (p: number) => `${routes.profiles.list[kind].path()}?is_verified=false&page=${p}&page_size=${pageSize}${narrowed}`;
  return { count: n, next: page * pageSize < n ? at(page + 1) : null, previous: page > 1 ? at(page - 1) : null, results };
}

/** One profile: visitors see it only when verified; staff see any, with the submission details. */
export function profileDetail(db: Db, kind: ProfileKind, id: number, isStaff: boolean): Profile | StaffProfile {
  const row = findProfileRow(db, id, kind);
  if (!row || (!isStaff && row.verification_status !== 'verified')) throw notFound(profileLabel(kind));
  const incidents = approvedIncidents(db, id);
  return isStaff
    ? { ...toStaffProfile(row, incidents), shared_identifiers: sharedIdentifiers(db).ofProfile(id) }
    : toProfile(row, incidents);
}

/** A new report: always unverified, whatever the payload said (the spec's client sends the fields). */
export function createProfile(db: Db, kind: ProfileKind, input: ProfileCreate, submittedBy: string): number {
  const now = new Date().toISOString();
  const row = db
    .prepare(`INSERT INTO profiles (kind, name, bio, gender, location, geolocation, nationality, languages, accent,
        verification_status, joined_date, reported_person_date, submitted_at, submitted_by, submission_kind)
      VALUES (@kind, @name, @bio, @gender, @location, @geolocation, @nationality, @languages, @accent,
        'unverified', @now, @now, @now, @submittedBy, @submissionKind) RETURNING id`)
    .get({
      kind, name: input.name, bio: input.bio, gender: input.gender, location: input.location,
      geolocation: input.geolocation, nationality: input.nationality, languages: JSON.stringify(input.languages),
      accent: input.accent, now, submittedBy, submissionKind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT',
    }) as { id: number };
  return row.id;
}

export type ProfileDecision = 'verify' | 'reject';

/** Staff: publish (verify) or send back (reject) a profile; replicas follow through the revision. */
export function moderateProfile(db: Db, kind: ProfileKind, id: number, decision: ProfileDecision, actor: string) {
  const before = findProfileRow(db, id, kind);
  if (!before) throw notFound(profileLabel(kind));
  const status = decision === 'verify' ? 'verified' : 'rejected';
  db.prepare('UPDATE profiles SET verification_status = ? WHERE id = ?').run(status, id);
  if (status === 'verified') touchProfile(db, id);
  else if (before.verification_status === 'verified') tombstoneProfile(db, kind, id);
  audit(db, {
    actor, action: `${kind}.${decision}`, targetKind: kind, targetId: id,
    before: { verification_status: before.verification_status }, after: { verification_status: status },
  });
  return { id, verification_status: status, isVerified: status === 'verified' };
}
