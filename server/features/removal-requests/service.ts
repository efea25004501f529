// Removal requests (product.md#entities-removal-request ("Removal request"), product.md#validation, product.md#calls; docs/design.md#moderation): anyone asks for
// a profile or one incident to be removed; staff process it (the target is deleted) or reject
// it. Plain values in, plain results out; the routes own HTTP and the transaction.
import { audit } from '../../db/audit';
import type { Db } from '../../db/connection';
import { pendingRequest, rejectRequest } from '../../db/pending-requests';
import { tombstoneProfile, touchProfile } from '../../db/revision';
import { AppError } from '../../errors';
import type { ProfileKind } from '../../../shared/contract/common';
import type { RemovalRequest, RemovalRequestSubmit, RemovalTargetType } from '../../../shared/contract/removal-request';
import type { QueueQuery } from '../../../shared/contract/admin';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';
import { pageOf, type QueuePage } from '../../http/queue-page';
import { countQueue, queueWhere } from '../../read-model/staff-queues';

interface ProfileRow { id: number; kind: ProfileKind; name: string; verification_status: string }
interface IncidentRow {
  id: number; profile_id: number; description: string; verification_status: string;
  profile_kind: ProfileKind; profile_name: string; profile_status: string;
}
interface RemovalRequestRow {
  id: number; target_type: RemovalTargetType; developer_id: number | null; project_id: number | null;
  scam_id: number | null; target_name: string | null; scam_description: string | null; case_id: string;
  full_name: string; contact_information: string; explanation: string; verification_status: string;
  submitted_at: string; submitted_by: string;
}

const TARGET_NOT_FOUND = 'The case to remove was not found.';

function findProfile(db: Db, kind: ProfileKind, id: number): ProfileRow | undefined {
  return db.prepare('SELECT id, kind, name, verification_status FROM profiles WHERE id = ? AND kind = ?')
    .get(id, kind) as ProfileRow | undefined;
}

function findIncident(db: Db, id: number): IncidentRow | undefined {
  return db
    .prepare(`SELECT i.id, i.profile_id, i.description, i.verification_status,
        p.kind AS profile_kind, p.name AS profile_name, p.verification_status AS profile_status
      FROM incidents i JOIN profiles p ON p.id = i.profile_id WHERE i.id = ?`)
    .get(id) as IncidentRow | undefined;
}

/**
 * POST /api/removal-requests/: the target must exist and be public (else 404, a hidden id never shows). Its name (and an incident's description)
 * are copied into the request, which must still read well after the target is deleted. For an
 * incident, its profile's id is kept too (developer or project), so staff see whose it is.
 */
export function submitRemovalRequest(db: Db, input: RemovalRequestSubmit, submittedBy: string): { id: number } {
  const target = { developer: null as number | null, project: null as number | null, scam: null as number | null };
  let targetName: string;
  let scamDescription: string | null = null;
  if (input.target_type === 'scam') {
    const incident = findIncident(db, input.scam!);
    // docs/design.md#visibility: what the public cannot see is not found, as in every other call
    if (!incident || incident.verification_status !== 'approved' || incident.profile_status !== 'verified') {
      throw new AppError(404, TARGET_NOT_FOUND);
    }
    target.scam = incident.id;
    target[incident.profile_kind] = incident.profile_id;
    targetName = incident.profile_name;
    scamDescription = incident.description;
  } else {
    const profile = findProfile(db, input.target_type, input[input.target_type]!);
    if (!profile || profile.verification_status !== 'verified') throw new AppError(404, TARGET_NOT_FOUND);
    target[input.target_type] = profile.id;
    targetName = profile.name;
  }
  const row = db
    .prepare(`INSERT INTO removal_requests (target_type, developer_id, project_id, scam_id, target_name, scam_description,
        case_id, full_name, contact_information, explanation, verification_status, submitted_at, submitted_by)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`)
    .get(input.target_type, target.developer, target.project, target.scam, targetName, scamDescription, input.case_id,
      input.full_name, input.contact_information, input.explanation, new Date().toISOString(), submittedBy) as { id: number };
  return { id: row.id };
}

/** GET /api/removal-requests/: pending requests, oldest first. */
export function listPendingRemovalRequests(
  db: Db, { limit, after, ...filter }: QueueQuery = { limit: QUEUE_PAGE_MAX, after: 0 },
): QueuePage<RemovalRequest> {
  const { where, params } = queueWhere('removalRequests', filter);
  const rows = db
    .prepare(`SELECT r.* FROM removal_requests r WHERE ${where}
      AND (r.submitted_at, r.id) > (SELECT submitted_at, id FROM removal_requests WHERE id = @after UNION ALL SELECT '', 0 LIMIT 1)
      ORDER BY r.submitted_at, r.id LIMIT @limit`)
    .all({ ...params, after, limit: limit + 1 }) as RemovalRequestRow[];
  const n = countQueue(db, 'removalRequests', filter);
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
 * profile a new revision. Call inside one transaction.
 */
export function processRemovalRequest(db: Db, id: number, actor: string): ModerationResult {
  const request = pendingRequest<RemovalRequestRow>(db, 'removal', id);
  let before: unknown = null;
  if (request.target_type === 'scam') {
    const incident = request.scam_id === null ? undefined
      : db.prepare('SELECT * FROM incidents WHERE id = ?').get(request.scam_id) as Record<string, unknown> & IncidentRow | undefined;
    if (incident) {
      const profile = db.prepare('SELECT id, kind, verification_status FROM profiles WHERE id = ?')
        .get(incident.profile_id) as Pick<ProfileRow, 'id' | 'kind' | 'verification_status'>;
      before = { incident };
      db.prepare('DELETE FROM incidents WHERE id = ?').run(incident.id);
      if (incident.verification_status === 'approved' && profile.verification_status === 'verified') touchProfile(db, profile.id);
    }
  } else {
    const kind = request.target_type;
    const profileId = kind === 'developer' ? request.developer_id : request.project_id;
    const profile = profileId === null ? undefined
      : db.prepare('SELECT * FROM profiles WHERE id = ? AND kind = ?').get(profileId, kind) as Record<string, unknown> & ProfileRow | undefined;
    if (profile) {
      before = { profile, incidents: db.prepare('SELECT * FROM incidents WHERE profile_id = ? ORDER BY id').all(profile.id) };
      db.prepare('DELETE FROM profiles WHERE id = ?').run(profile.id);
      if (profile.verification_status === 'verified') tombstoneProfile(db, kind, profile.id);
    }
  }
  db.prepare("UPDATE removal_requests SET verification_status = 'processed' WHERE id = ?").run(id);
  audit(db, {
    actor, action: 'removal_request.process', targetKind: 'removal_request', targetId: id,
    // null: the target was already gone
    before, after: { verification_status: 'processed', deleted: before !== null },
  });
  return { id, verification_status: 'processed' };
}

/** POST /api/removal-requests/{id}/reject/: the target stays. */
export function rejectRemovalRequest(db: Db, id: number, actor: string): ModerationResult {
  return rejectRequest(db, 'removal', id, actor);
}
