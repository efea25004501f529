// Profiles (scammers and projects): the public registry, new reports, and their moderation.
// On the data layer (issue 21, docs/decisions/035): the same code on SQLite and PostgreSQL, given
// the app's Kysely or a write's transaction. The public list is answered from the engine's snapshot
// and answer cache (read-model/snapshot.ts), keyed by the revision read per request.
import type { Kysely } from 'kysely';
import { auditOn } from '../../db/audit';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { tombstoneProfileOn, touchProfileOn } from '../../db/revision';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { snapshotNow, type PublicSnapshot } from '../../read-model/snapshot';
import { approvedIncidentsByProfileOn, approvedIncidentsOn, findProfileRowOn } from '../../read-model/queries';
import { toProfile, toStaffProfile, type ProfileRow } from '../../read-model/rows';
import { sharedIdentifiersOn } from '../../read-model/shared-identifiers';
import { AppError, badRequest, notFound } from '../../errors';
import { countQueueOn, queueAfterOn, queueAtOrder, queueIdOrder, queueWhereOn } from '../../read-model/staff-queues';
import { QUEUE_KINDS, type QueueFilter } from '../../../shared/contract/admin';
import { profileLabel } from '../../http/profile-paths';
import type { ProfileKind } from '../../../shared/contract/common';
import type { Profile, ProfileCreate, StaffProfile } from '../../../shared/contract/profile';
import { routes } from '../../../shared/contract/routes';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';

export interface Page { page: number; pageSize: number }

/**
 * The verified profiles of a kind, as a DRF-style page; the body is built from the cached snapshot.
 * The public list's hot path (bench "list page of 20"): on SQLite, when the snapshot and the page
 * of the current revision are held, the answer is given as it is (no promise, no query compiled:
 * the revision is SQLite's prepared statement); else, and always on PostgreSQL (a revision read per
 * request), a promise of it.
 */
export function publicListJson(engine: Engine, kind: ProfileKind, page: Page): CachedAnswer | Promise<CachedAnswer> {
  const snapshot = snapshotNow(engine);
  return snapshot instanceof Promise ? snapshot.then((ready) => listPage(engine, ready, kind, page)) : listPage(engine, snapshot, kind, page);
}

function listPage(engine: Engine, snapshot: PublicSnapshot, kind: ProfileKind, { page, pageSize }: Page): CachedAnswer {
  // each page is serialised once per revision, not on every request
  return engineCache(engine, 'list').get(`${kind}:${page}:${pageSize}`, snapshot.revision, () => {
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
export async function awaitingReview(
  db: Kysely<Database>, kind: ProfileKind, { page, pageSize: asked }: Page, { after = 0, ...filter }: QueueFilter & { after?: number } = {},
) {
  // docs/design.md#moderation: a staff page is bounded whatever page_size asks (the spec's 9999)
  const pageSize = Math.min(asked, QUEUE_PAGE_MAX);
  const queue = kind === 'developer' ? 'developers' : 'projects';
  if (filter.kind && !(QUEUE_KINDS[queue] as readonly string[]).includes(filter.kind)) {
    throw badRequest(`Invalid request: kind: must be one of ${QUEUE_KINDS[queue].join(', ')} for ${kind === 'developer' ? 'scammers' : 'projects'}.`,
      [{ path: 'kind', message: `must be one of ${QUEUE_KINDS[queue].join(', ')}` }]);
  }
  // decision 028: after an id too, as the other queues page, so the panel pages them alike
  const past = await queueAfterOn(db, queue, after);
  const rows: ProfileRow[] = await db.selectFrom('profiles as p').selectAll('p')
    .where(queueWhereOn(queue, filter))
    .where(past)
    .orderBy(queueAtOrder(queue)).orderBy(queueIdOrder(queue))
    .limit(pageSize).offset((page - 1) * pageSize)
    .execute();
  const n = await countQueueOn(db, queue, filter);
  const incidents = await approvedIncidentsByProfileOn(db, rows.map((r) => r.id));
  // issue 16: what the registry and the other submissions share with each, to corroborate
  const shared = sharedIdentifiersOn(db);
  const results: StaffProfile[] = [];
  for (const r of rows) results.push({ ...toStaffProfile(r, incidents.get(r.id) ?? []), shared_identifiers: await shared.ofProfile(r.id) });
  const narrowed = Object.entries({ after: after || undefined, ...filter }).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`).join('');
  const at = (p: number) => `${routes.profiles.list[kind].path()}?is_verified=false&page=${p}&page_size=${pageSize}${narrowed}`;
  return { count: n, next: page * pageSize < n ? at(page + 1) : null, previous: page > 1 ? at(page - 1) : null, results };
}

/** One profile: visitors see it only when verified; staff see any, with the submission details. */
export async function profileDetail(db: Kysely<Database>, kind: ProfileKind, id: number, isStaff: boolean): Promise<Profile | StaffProfile> {
  const row = await findProfileRowOn(db, id, kind);
  if (!row || (!isStaff && row.verification_status !== 'verified')) throw notFound(profileLabel(kind));
  const incidents = await approvedIncidentsOn(db, id);
  return isStaff
    ? { ...toStaffProfile(row, incidents), shared_identifiers: await sharedIdentifiersOn(db).ofProfile(id) }
    : toProfile(row, incidents);
}

/** A new report: always unverified, whatever the payload said (the spec's client sends the fields). Call it in the write's transaction. */
export async function createProfile(trx: Kysely<Database>, kind: ProfileKind, input: ProfileCreate, submittedBy: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await trx.insertInto('profiles')
    .values({
      kind, name: input.name, bio: input.bio, gender: input.gender, location: input.location,
      geolocation: input.geolocation, nationality: input.nationality, languages: JSON.stringify(input.languages),
      accent: input.accent, verification_status: 'unverified', joined_date: now, reported_person_date: now, submitted_at: now,
      submitted_by: submittedBy, submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ProfileDecision = 'verify' | 'reject';

/** Staff: publish (verify) or send back (reject) a profile; replicas follow through the revision. Call it in the write's transaction. */
export async function moderateProfile(trx: Kysely<Database>, kind: ProfileKind, id: number, decision: ProfileDecision, actor: string) {
  const before = await findProfileRowOn(trx, id, kind);
  if (!before) throw notFound(profileLabel(kind));
  const status = decision === 'verify' ? 'verified' : 'rejected';
  await trx.updateTable('profiles').set({ verification_status: status }).where('id', '=', id).execute();
  if (status === 'verified') await touchProfileOn(trx, id);
  else if (before.verification_status === 'verified') await tombstoneProfileOn(trx, kind, id);
  await auditOn(trx, {
    actor, action: `${kind}.${decision}`, targetKind: kind, targetId: id,
    before: { verification_status: before.verification_status }, after: { verification_status: status },
  });
  return { id, verification_status: status, isVerified: status === 'verified' };
}

/** A bulk rejection's step: only profiles still awaiting review, so it never unpublishes one. */
export async function rejectAwaitingProfile(trx: Kysely<Database>, kind: ProfileKind, id: number, actor: string) {
  const row = await findProfileRowOn(trx, id, kind);
  if (row && !['unverified', 'pending'].includes(row.verification_status)) throw new AppError(409, 'Already decided.');
  return moderateProfile(trx, kind, id, 'reject', actor);
}
