// Removal requests (product.md#entities-removal-request ("Removal request"), product.md#validation, product.md#calls; docs/design.md#moderation): anyone asks for
// a profile or one incident to be removed; staff process it (the target is deleted) or reject
// it. Plain values in, plain results out; the routes own HTTP and the transaction.
// On the data layer (issue 21, docs/decisions/035): the same code on SQLite and PostgreSQL, given
// the app's Kysely or a write's transaction.
import type { Kysely } from 'kysely';
import { auditOn } from '../../db/audit';
import type { Database } from '../../db/engine/schema';
import { pendingRequestOn, rejectRequestOn } from '../../db/pending-requests';
import { tombstoneProfileOn, touchProfileOn } from '../../db/revision';
import { AppError } from '../../errors';
import type { ProfileKind } from '../../../shared/contract/common';
import type { RemovalRequest, RemovalRequestSubmit } from '../../../shared/contract/removal-request';
import type { QueueQuery } from '../../../shared/contract/admin';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';
import { pageOf, type QueuePage } from '../../http/queue-page';
import { countQueueOn, queueAfterOn, queueAtOrder, queueIdOrder, queueWhereOn } from '../../read-model/staff-queues';

const TARGET_NOT_FOUND = 'The case to remove was not found.';

const findProfile = (db: Kysely<Database>, kind: ProfileKind, id: number) => db.selectFrom('profiles')
  .select(['id', 'kind', 'name', 'verification_status']).where('id', '=', id).where('kind', '=', kind).executeTakeFirst();

const findIncident = (db: Kysely<Database>, id: number) => db.selectFrom('incidents as i')
  .innerJoin('profiles as p', 'p.id', 'i.profile_id')
  .select(['i.id', 'i.profile_id', 'i.description', 'i.verification_status',
    'p.kind as profile_kind', 'p.name as profile_name', 'p.verification_status as profile_status'])
  .where('i.id', '=', id)
  .executeTakeFirst();

/**
 * POST /api/removal-requests/: the target must exist and be public (else 404, a hidden id never shows). Its name (and an incident's description)
 * are copied into the request, which must still read well after the target is deleted. For an
 * incident, its profile's id is kept too (developer or project), so staff see whose it is.
 */
export async function submitRemovalRequest(trx: Kysely<Database>, input: RemovalRequestSubmit, submittedBy: string): Promise<{ id: number }> {
  const target = { developer: null as number | null, project: null as number | null, scam: null as number | null };
  let targetName: string;
  let scamDescription: string | null = null;
  if (input.target_type === 'scam') {
    const incident = await findIncident(trx, input.scam!);
    // docs/design.md#visibility: what the public cannot see is not found, as in every other call
    if (!incident || incident.verification_status !== 'approved' || incident.profile_status !== 'verified') {
      throw new AppError(404, TARGET_NOT_FOUND);
    }
    target.scam = incident.id;
    target[incident.profile_kind] = incident.profile_id;
    targetName = incident.profile_name;
    scamDescription = incident.description;
  } else {
    const profile = await findProfile(trx, input.target_type, input[input.target_type]!);
    if (!profile || profile.verification_status !== 'verified') throw new AppError(404, TARGET_NOT_FOUND);
    target[input.target_type] = profile.id;
    targetName = profile.name;
  }
  return trx.insertInto('removal_requests')
    .values({
      target_type: input.target_type, developer_id: target.developer, project_id: target.project, scam_id: target.scam,
      target_name: targetName, scam_description: scamDescription, case_id: input.case_id, full_name: input.full_name,
      contact_information: input.contact_information, explanation: input.explanation, verification_status: 'pending',
      submitted_at: new Date().toISOString(), submitted_by: submittedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** GET /api/removal-requests/: pending requests, oldest first. */
export async function listPendingRemovalRequests(
  db: Kysely<Database>, { limit, after, ...filter }: QueueQuery = { limit: QUEUE_PAGE_MAX, after: 0 },
): Promise<QueuePage<RemovalRequest>> {
  const past = await queueAfterOn(db, 'removalRequests', after);
  const rows = await db.selectFrom('removal_requests as r')
    .selectAll('r')
    .where(queueWhereOn('removalRequests', filter))
    .where(past)
    .orderBy(queueAtOrder('removalRequests')).orderBy(queueIdOrder('removalRequests'))
    .limit(limit + 1)
    .execute();
  const n = await countQueueOn(db, 'removalRequests', filter);
  return pageOf(rows.map((r) => {
    // the name belongs to the developer or project the request is about (an incident's profile for 'scam')
    const ofDeveloper = r.target_type === 'developer' || (r.target_type === 'scam' && r.developer_id !== null);
    const ofProject = r.target_type === 'project' || (r.target_type === 'scam' && r.project_id !== null);
    return {
      id: r.id,
      submitted_at: r.submitted_at,
      case_id: r.case_id,
      full_name: r.full_name,
      contact_information: r.contact_information,
      explanation: r.explanation,
      developer: r.developer_id,
      project: r.project_id,
      scam: r.scam_id,
      target_type: r.target_type,
      developer_name: ofDeveloper ? r.target_name : null,
      project_name: ofProject ? r.target_name : null,
      scam_description: r.scam_description,
      verification_status: r.verification_status,
    };
  }), limit, n);
}

export interface ModerationResult { id: number; verification_status: 'processed' | 'rejected' }

/**
 * POST /api/removal-requests/{id}/process/: deletes the target (a profile with its incidents
 * and edit requests, by cascade, or one incident). A target already gone still counts as
 * removed. Replicas learn of it: a public profile gets a tombstone, a public incident's
 * profile a new revision. Call it in the write's transaction.
 */
export async function processRemovalRequest(trx: Kysely<Database>, id: number, actor: string): Promise<ModerationResult> {
  const request = await pendingRequestOn(trx, 'removal', id);
  let before: unknown = null;
  if (request.target_type === 'scam') {
    const incident = request.scam_id === null ? undefined
      : await trx.selectFrom('incidents').selectAll().where('id', '=', request.scam_id).executeTakeFirst();
    if (incident) {
      const profile = await trx.selectFrom('profiles').select(['id', 'verification_status'])
        .where('id', '=', incident.profile_id).executeTakeFirstOrThrow();
      before = { incident };
      await trx.deleteFrom('incidents').where('id', '=', incident.id).execute();
      if (incident.verification_status === 'approved' && profile.verification_status === 'verified') await touchProfileOn(trx, profile.id);
    }
  } else {
    const kind = request.target_type;
    const profileId = kind === 'developer' ? request.developer_id : request.project_id;
    const profile = profileId === null ? undefined
      : await trx.selectFrom('profiles').selectAll().where('id', '=', profileId).where('kind', '=', kind).executeTakeFirst();
    if (profile) {
      before = { profile, incidents: await trx.selectFrom('incidents').selectAll().where('profile_id', '=', profile.id).orderBy('id').execute() };
      // its incidents and edit requests go with it (ON DELETE CASCADE)
      await trx.deleteFrom('profiles').where('id', '=', profile.id).execute();
      if (profile.verification_status === 'verified') await tombstoneProfileOn(trx, kind, profile.id);
    }
  }
  await trx.updateTable('removal_requests').set({ verification_status: 'processed' }).where('id', '=', id).execute();
  await auditOn(trx, {
    actor, action: 'removal_request.process', targetKind: 'removal_request', targetId: id,
    // null: the target was already gone
    before, after: { verification_status: 'processed', deleted: before !== null },
  });
  return { id, verification_status: 'processed' };
}

/** POST /api/removal-requests/{id}/reject/: the target stays. */
export async function rejectRemovalRequest(trx: Kysely<Database>, id: number, actor: string): Promise<ModerationResult> {
  return rejectRequestOn(trx, 'removal', id, actor);
}
