// Incidents ("scams") of a profile: the public list, the two documented ways to report one,
// and their moderation. A reported incident is pending until staff approve it.
import type { Db } from '../../db/connection';
import { audit } from '../../db/audit';
import { touchProfile } from '../../db/revision';
import { notFound } from '../../errors';
import { profileLabel } from '../../http/profile-paths';
import { approvedIncidents, findProfileRow } from '../../read-model/queries';
import { toPendingScam, type IncidentRow } from '../../read-model/rows';
import { sharedIdentifiers } from '../../read-model/shared-identifiers';
import type { ProfileKind } from '../../../shared/contract/common';
import type { NewIncident } from '../../../shared/contract/scam-submit';
import type { PendingScam, QueueQuery } from '../../../shared/contract/admin';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';
import { pageOf, type QueuePage } from '../../http/queue-page';
import { countQueue, queueWhere } from '../../read-model/staff-queues';

/** GET …/{id}/scams/: approved incidents of a profile the caller may see. */
export function publicIncidents(db: Db, kind: ProfileKind, profileId: number, isStaff: boolean) {
  const profile = findProfileRow(db, profileId, kind);
  if (!profile || (!isStaff && profile.verification_status !== 'verified')) throw notFound(profileLabel(kind));
  return { incidents: approvedIncidents(db, profileId) };
}

/**
 * A new incident on an existing profile, pending review. The profile may itself still await
 * review (the report wizard creates the profile, then its incidents); a rejected one may not.
 */
export function reportIncident(db: Db, kind: ProfileKind, profileId: number, input: NewIncident, submittedBy: string): number {
  const profile = findProfileRow(db, profileId, kind);
  if (!profile || profile.verification_status === 'rejected') throw notFound(profileLabel(kind));
  const row = db
    .prepare(`INSERT INTO incidents (profile_id, description, occurred, reported, amount, currency, types, nicknames,
        industries, companies, company_addresses, websites, telegrams, emails, phones, ip_addresses, wallet_addresses,
        bank_accounts, avatar, submitter_contact, submitted_by, verification_status)
      VALUES (@profileId, @description, @occurred, @reported, @amount, @currency, @types, @nicknames, @industries,
        @companies, @company_addresses, @websites, @telegrams, @emails, @phones, @ip_addresses, @wallet_addresses,
        @bank_accounts, @avatar, @submitterContact, @submittedBy, 'pending') RETURNING id`)
    .get({
      profileId, description: input.description, occurred: input.occurred, reported: new Date().toISOString(),
      amount: input.amount, currency: input.currency, avatar: input.avatar, submitterContact: input.submitterContact,
      submittedBy,
      types: JSON.stringify(input.types), nicknames: JSON.stringify(input.nicknames),
      industries: JSON.stringify(input.industries), companies: JSON.stringify(input.companies),
      company_addresses: JSON.stringify(input.company_addresses), websites: JSON.stringify(input.websites),
      telegrams: JSON.stringify(input.telegrams), emails: JSON.stringify(input.emails), phones: JSON.stringify(input.phones),
      ip_addresses: JSON.stringify(input.ip_addresses), wallet_addresses: JSON.stringify(input.wallet_addresses),
      bank_accounts: JSON.stringify(input.bank_accounts),
    }) as { id: number };
  return row.id;
}

const STAFF_SELECT = `SELECT i.*, p.kind AS profile_kind, p.name AS profile_name
  FROM incidents i JOIN profiles p ON p.id = i.profile_id`;
type StaffRow = IncidentRow & { profile_kind: ProfileKind; profile_name: string };

/** Staff: incidents awaiting review, oldest first. */
/** GET /api/admin/scams/pending/: a page of the incidents awaiting review, oldest first (docs/design.md#moderation). */
export function pendingIncidents(db: Db, { limit, after, ...filter }: QueueQuery = { limit: QUEUE_PAGE_MAX, after: 0 }): QueuePage<PendingScam> {
  const { where, params } = queueWhere('pendingScams', filter);
  const rows = db.prepare(`${STAFF_SELECT} WHERE ${where}
      AND (i.reported, i.id) > (SELECT reported, id FROM incidents WHERE id = @after UNION ALL SELECT '', 0 LIMIT 1)
      ORDER BY i.reported, i.id LIMIT @limit`)
    .all({ ...params, after, limit: limit + 1 }) as StaffRow[];
  const n = countQueue(db, 'pendingScams', filter);
  // issue 16: what the registry and the other submissions share with each, to corroborate
  const shared = sharedIdentifiers(db);
  return pageOf(rows.map((row) => ({ ...toPendingScam(row), shared_identifiers: shared.ofIncident(row.id) })), limit, n);
}

export function incidentForStaff(db: Db, id: number): PendingScam {
  const row = db.prepare(`${STAFF_SELECT} WHERE i.id = ?`).get(id) as StaffRow | undefined;
  if (!row) throw notFound('That incident');
  return { ...toPendingScam(row), shared_identifiers: sharedIdentifiers(db).ofIncident(id) };
}

export type IncidentDecision = 'approve' | 'reject';

export function moderateIncident(db: Db, id: number, decision: IncidentDecision, actor: string) {
  const before = db.prepare(`${STAFF_SELECT} WHERE i.id = ?`).get(id) as (StaffRow & { profile_status?: string }) | undefined;
  if (!before) throw notFound('That incident');
  const status = decision === 'approve' ? 'approved' : 'rejected';
  db.prepare('UPDATE incidents SET verification_status = ? WHERE id = ?').run(status, id);
  // the public view changes when an approved incident appears on, or leaves, a verified profile
  const profile = findProfileRow(db, before.profile_id);
  const wasPublic = before.verification_status === 'approved';
  if (profile?.verification_status === 'verified' && (status === 'approved') !== wasPublic) touchProfile(db, before.profile_id);
  audit(db, {
    actor, action: `incident.${decision}`, targetKind: 'incident', targetId: id,
    before: { verification_status: before.verification_status }, after: { verification_status: status },
  });
  return { id, verification_status: status };
}
