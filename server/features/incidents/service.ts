// Incidents ("scams") of a profile: the public list, the two documented ways to report one,
// and their moderation. A reported incident is pending until staff approve it.
// On the data layer (issue 21, docs/decisions/035): the same code on SQLite and PostgreSQL, given
// the app's Kysely or a write's transaction.
import type { Kysely } from 'kysely';
import { auditOn } from '../../db/audit';
import type { Database } from '../../db/engine/schema';
import { touchProfileOn } from '../../db/revision';
import { AppError, notFound } from '../../errors';
import { profileLabel } from '../../http/profile-paths';
import { approvedIncidentsOn, findProfileRowOn } from '../../read-model/queries';
import { toPendingScam } from '../../read-model/rows';
import { sharedIdentifiersOn } from '../../read-model/shared-identifiers';
import type { ProfileKind } from '../../../shared/contract/common';
import type { NewIncident } from '../../../shared/contract/scam-submit';
import type { PendingScam, QueueQuery } from '../../../shared/contract/admin';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';
import { pageOf, type QueuePage } from '../../http/queue-page';
import { countQueueOn, queueAfterOn, queueAtOrder, queueIdOrder, queueWhereOn } from '../../read-model/staff-queues';

/** GET …/{id}/scams/: approved incidents of a profile the caller may see. */
export async function publicIncidents(db: Kysely<Database>, kind: ProfileKind, profileId: number, isStaff: boolean) {
  const profile = await findProfileRowOn(db, profileId, kind);
  if (!profile || (!isStaff && profile.verification_status !== 'verified')) throw notFound(profileLabel(kind));
  return { incidents: await approvedIncidentsOn(db, profileId) };
}

/**
 * A new incident on an existing profile, pending review. The profile may itself still await
 * review (the report wizard creates the profile, then its incidents); a rejected one may not.
 * Call it in the write's transaction.
 */
export async function reportIncident(
  trx: Kysely<Database>, kind: ProfileKind, profileId: number, input: NewIncident, submittedBy: string,
): Promise<number> {
  const profile = await findProfileRowOn(trx, profileId, kind);
  if (!profile || profile.verification_status === 'rejected') throw notFound(profileLabel(kind));
  const row = await trx.insertInto('incidents')
    .values({
      profile_id: profileId, description: input.description, occurred: input.occurred, reported: new Date().toISOString(),
      amount: input.amount, currency: input.currency, avatar: input.avatar, submitter_contact: input.submitterContact,
      submitted_by: submittedBy,
      types: JSON.stringify(input.types), nicknames: JSON.stringify(input.nicknames),
      industries: JSON.stringify(input.industries), companies: JSON.stringify(input.companies),
      company_addresses: JSON.stringify(input.company_addresses), websites: JSON.stringify(input.websites),
      telegrams: JSON.stringify(input.telegrams), emails: JSON.stringify(input.emails), phones: JSON.stringify(input.phones),
      ip_addresses: JSON.stringify(input.ip_addresses), wallet_addresses: JSON.stringify(input.wallet_addresses),
      bank_accounts: JSON.stringify(input.bank_accounts), verification_status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An incident with its profile's kind and name (what staff see), and the profile's status. */
const staffSelect = (db: Kysely<Database>) => db.selectFrom('incidents as i')
  .innerJoin('profiles as p', 'p.id', 'i.profile_id')
  .selectAll('i')
  .select(['p.kind as profile_kind', 'p.name as profile_name', 'p.verification_status as profile_status']);

/** GET /api/admin/scams/pending/: a page of the incidents awaiting review, oldest first (docs/design.md#moderation). */
export async function pendingIncidents(
  db: Kysely<Database>, { limit, after, ...filter }: QueueQuery = { limit: QUEUE_PAGE_MAX, after: 0 },
): Promise<QueuePage<PendingScam>> {
  const past = await queueAfterOn(db, 'pendingScams', after);
  const rows = await staffSelect(db)
    .where(queueWhereOn('pendingScams', filter))
    .where(past)
    .orderBy(queueAtOrder('pendingScams')).orderBy(queueIdOrder('pendingScams'))
    .limit(limit + 1)
    .execute();
  const n = await countQueueOn(db, 'pendingScams', filter);
  // issue 16: what the registry and the other submissions share with each, to corroborate
  const shared = sharedIdentifiersOn(db);
  const items: PendingScam[] = [];
  for (const row of rows) items.push({ ...toPendingScam(row), shared_identifiers: await shared.ofIncident(row.id) });
  return pageOf(items, limit, n);
}

/** GET /api/admin/scams/{id}/: any incident, whatever its state. */
export async function incidentForStaff(db: Kysely<Database>, id: number): Promise<PendingScam> {
  const row = await staffSelect(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That incident');
  return { ...toPendingScam(row), shared_identifiers: await sharedIdentifiersOn(db).ofIncident(id) };
}

export type IncidentDecision = 'approve' | 'reject';

/** POST /api/admin/scams/{id}/approve/ or /reject/: call it in the write's transaction. */
export async function moderateIncident(trx: Kysely<Database>, id: number, decision: IncidentDecision, actor: string) {
  const before = await staffSelect(trx).where('i.id', '=', id).executeTakeFirst();
  if (!before) throw notFound('That incident');
  const status = decision === 'approve' ? 'approved' : 'rejected';
  await trx.updateTable('incidents').set({ verification_status: status }).where('id', '=', id).execute();
  // the public view changes when an approved incident appears on, or leaves, a verified profile
  const wasPublic = before.verification_status === 'approved';
  if (before.profile_status === 'verified' && (status === 'approved') !== wasPublic) await touchProfileOn(trx, before.profile_id);
  await auditOn(trx, {
    actor, action: `incident.${decision}`, targetKind: 'incident', targetId: id,
    before: { verification_status: before.verification_status }, after: { verification_status: status },
  });
  return { id, verification_status: status };
}

/** A bulk rejection's step: only incidents still awaiting review, so it never unpublishes one. */
export async function rejectPendingIncident(trx: Kysely<Database>, id: number, actor: string) {
  const incident = await trx.selectFrom('incidents').select('verification_status').where('id', '=', id).executeTakeFirst();
  if (!incident) throw notFound('That incident');
  if (incident.verification_status !== 'pending') throw new AppError(409, 'Already decided.');
  return moderateIncident(trx, id, 'reject', actor);
}
