// Edit requests (product.md#entities-edit-request ("Edit request"), product.md#calls; docs/design.md#moderation): anyone proposes changes to
// a public profile and its incidents; staff approve (changes applied in one transaction) or
// reject. Plain values in, plain results out; the routes own HTTP and the transaction.
import { audit } from '../../db/audit';
import type { Db } from '../../db/connection';
import { pendingRequest, rejectRequest } from '../../db/pending-requests';
import { touchProfile } from '../../db/revision';
import { profileReference } from '../../read-model/rows';
import { AppError, badRequest, notFound } from '../../errors';
import type { ProfileKind } from '../../../shared/contract/common';
import type {
  EditRequest, EditRequestCurrentValues, EditRequestSubmit, IncidentChange, ProfileChange, ProposedChanges,
} from '../../../shared/contract/edit-request';
import { editRequestCaseId } from '../../../shared/domain/case-id';
import type { QueueQuery } from '../../../shared/contract/admin';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';
import { pageOf, type QueuePage } from '../../http/queue-page';
import { countQueue, queueWhere } from '../../read-model/staff-queues';

const KIND_LABEL: Record<ProfileKind, string> = { developer: 'scammer', project: 'project' };

interface ProfileRow { id: number; kind: ProfileKind; name: string; verification_status: string }
interface IncidentRow { id: number; profile_id: number; verification_status: string }
interface EditRequestRow {
  id: number; profile_id: number; scam_id: number | null; full_name: string; contact_information: string;
  case_id: string; target_type: string; proposed_changes: string; verification_status: string;
  submitted_at: string; submitted_by: string;
}

/** Incident columns an edit may set, keyed by the set's camelCase names (product.md#entities). */
const INCIDENT_COLUMNS = {
  nicknames: 'nicknames',
  industries: 'industries',
  scamTypes: 'types',
  companiesUsed: 'companies',
  companyAddresses: 'company_addresses',
  websites: 'websites',
  emails: 'emails',
  phones: 'phones',
  telegrams: 'telegrams',
  walletAddresses: 'wallet_addresses',
  bankAccounts: 'bank_accounts',
  ipAddresses: 'ip_addresses',
  amount: 'amount',
  currency: 'currency',
} as const satisfies Record<keyof IncidentChange, string>;

/** Profile columns an edit may set; `languages` is a JSON list. */
const PROFILE_COLUMNS = ['name', 'bio', 'gender', 'nationality', 'languages', 'location'] as const satisfies
  readonly (keyof ProfileChange)[];

const LIST_FIELDS: ReadonlySet<string> = new Set(['languages', 'nicknames', 'industries', 'scamTypes', 'companiesUsed',
  'companyAddresses', 'websites', 'emails', 'phones', 'telegrams', 'walletAddresses', 'bankAccounts', 'ipAddresses']);

function findProfile(db: Db, id: number): ProfileRow | undefined {
  return db.prepare('SELECT id, kind, name, verification_status FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
}

function findIncident(db: Db, id: number): IncidentRow | undefined {
  return db.prepare('SELECT id, profile_id, verification_status FROM incidents WHERE id = ?').get(id) as IncidentRow | undefined;
}

export interface SubmitEditRequest {
  kind: ProfileKind;
  profileId: number;
  input: EditRequestSubmit;
  submittedBy: string;
}

/** POST /api/{developers|projects}/{id}/edit-request/: a pending request against a public profile. */
export function submitEditRequest(db: Db, { kind, profileId, input, submittedBy }: SubmitEditRequest): { id: number; case_id: string } {
  const label = KIND_LABEL[kind];
  const profile = findProfile(db, profileId);
  // only public profiles can be edited: a hidden one reads as absent (docs/design.md#visibility)
  if (!profile || profile.kind !== kind || profile.verification_status !== 'verified') throw notFound(`That ${label}`);

  // the spec's payload names its target `developer`, for projects too: any target id sent must be this one
  for (const field of ['developer', 'project'] as const) {
    const sent = input[field];
    if (sent !== undefined && sent !== profileId) {
      throw badRequest(`Invalid request: ${field}: ${sent} does not match the ${label} ${profileId} in the address.`, [
        { path: field, message: `must be ${profileId}, the ${label} in the address` },
      ]);
    }
  }

  // the shared schema already refused a request that changes nothing
  const changes = input.proposed_changes;

  // every incident named must be a public incident of this profile
  const named: { path: string; id: number }[] = (changes.append?.scam_updates ?? []).map((u, i) => ({
    path: `proposed_changes.append.scam_updates.${i}.id`, id: u.id,
  }));
  if (input.scam != null) named.push({ path: 'scam', id: input.scam });
  for (const { path, id } of named) {
    const incident = findIncident(db, id);
    if (!incident || incident.profile_id !== profileId || incident.verification_status !== 'approved') {
      throw badRequest(`Invalid request: ${path}: incident ${id} is not an incident of this ${label}.`, [
        { path, message: `incident ${id} is not an incident of this ${label}` },
      ]);
    }
  }

  const caseId = input.case_id ?? editRequestCaseId(profileId);
  const row = db
    .prepare(`INSERT INTO edit_requests (profile_id, scam_id, full_name, contact_information, case_id, target_type,
        proposed_changes, verification_status, submitted_at, submitted_by)
      VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`)
    .get(profileId, input.scam ?? null, input.full_name, input.contact_information, caseId, input.target_type,
      JSON.stringify(changes), new Date().toISOString(), submittedBy) as { id: number };
  return { id: row.id, case_id: caseId };
}

/** GET /api/admin/developer-edit-requests/: pending requests of both kinds, oldest first. */
export function listPendingEditRequests(
  db: Db, { limit, after, ...filter }: QueueQuery = { limit: QUEUE_PAGE_MAX, after: 0 },
): QueuePage<EditRequest> {
  const { where, params } = queueWhere('editRequests', filter);
  const rows = db
    .prepare(`SELECT e.*, p.kind AS profile_kind, p.name AS profile_name
      FROM edit_requests e JOIN profiles p ON p.id = e.profile_id
      WHERE ${where}
        AND (e.submitted_at, e.id) > (SELECT submitted_at, id FROM edit_requests WHERE id = @after UNION ALL SELECT '', 0 LIMIT 1)
      ORDER BY e.submitted_at, e.id LIMIT @limit`)
    .all({ ...params, after, limit: limit + 1 }) as (EditRequestRow & { profile_kind: ProfileKind; profile_name: string })[];
  const n = countQueue(db, 'editRequests', filter);
  return pageOf(rows.map((r) => {
    return {
      id: r.id,
      submitted_at: r.submitted_at,
      submitted_by: r.submitted_by,
      full_name: r.full_name,
      contact_information: r.contact_information,
      case_id: r.case_id,
      ...profileReference(r.profile_kind, r.profile_id, r.profile_name),
      scam: r.scam_id,
      target_type: r.target_type,
      verification_status: r.verification_status,
      proposed_changes: JSON.parse(r.proposed_changes) as unknown,
      current_values: currentValues(db, r.profile_id, JSON.parse(r.proposed_changes) as ProposedChanges),
    };
  }), limit, n);
}

const fromColumnValue = (field: string, value: unknown) => (LIST_FIELDS.has(field) && typeof value === 'string' ? JSON.parse(value) as unknown : value);

/**
 * issue 18: what each proposed field holds now, in the proposal's own names, so staff see the
 * current value beside the proposed one. Only the fields proposed; an incident gone is left out.
 */
function currentValues(db: Db, profileId: number, changes: ProposedChanges): EditRequestCurrentValues {
  const developer: Record<string, unknown> = {};
  const proposed = PROFILE_COLUMNS.filter((f) => changes.developer?.[f] !== undefined);
  if (proposed.length) {
    const row = selectProfile(db, profileId);
    for (const f of proposed) developer[f] = fromColumnValue(f, row?.[f] ?? null);
  }
  const scam_updates: EditRequestCurrentValues['scam_updates'] = [];
  for (const update of changes.append?.scam_updates ?? []) {
    const row = selectIncident(db, update.id);
    if (!row || row.profile_id !== profileId) continue;
    const set: Record<string, unknown> = {};
    for (const f of (Object.keys(INCIDENT_COLUMNS) as (keyof IncidentChange)[]).filter((k) => update.set[k] !== undefined)) {
      set[f] = fromColumnValue(f, row[INCIDENT_COLUMNS[f]] ?? null);
    }
    scam_updates.push({ id: update.id, set });
  }
  return { developer, scam_updates };
}

const selectProfile = (db: Db, id: number) => db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as Record<string, unknown>;
const selectIncident = (db: Db, id: number) =>
  db.prepare('SELECT * FROM incidents WHERE id = ?').get(id) as Record<string, unknown> | undefined;

const toColumnValue = (field: string, value: unknown) => (LIST_FIELDS.has(field) ? JSON.stringify(value) : value);

export interface ModerationResult { id: number; verification_status: 'approved' | 'rejected' }

/**
 * POST /api/admin/developer-edit-requests/{id}/approve/: applies profile fields, incident
 * updates and new (approved) incidents, all or nothing. Call inside one transaction.
 */
export function approveEditRequest(db: Db, id: number, actor: string): ModerationResult {
  const request = pendingRequest<EditRequestRow>(db, 'edit', id);
  const changes = JSON.parse(request.proposed_changes) as ProposedChanges;
  const profileId = request.profile_id;
  const updates = changes.append?.scam_updates ?? [];
  const creates = changes.append?.scam_creates ?? [];

  // check everything before changing anything, so the message names every missing incident
  const missing = updates.map((u) => u.id).filter((incidentId) => findIncident(db, incidentId)?.profile_id !== profileId);
  if (missing.length > 0) {
    throw new AppError(409, `This edit request updates ${missing.length === 1 ? 'an incident' : 'incidents'} that no longer exist `
      + `(${missing.map((m) => `#${m}`).join(', ')}); reject it instead.`);
  }

  const touchedIds = [...new Set(updates.map((u) => u.id))];
  const before = { profile: selectProfile(db, profileId), incidents: touchedIds.map((i) => selectIncident(db, i)) };

  const profileSet = PROFILE_COLUMNS.filter((f) => changes.developer?.[f] !== undefined);
  if (profileSet.length > 0) {
    db.prepare(`UPDATE profiles SET ${profileSet.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`)
      .run(...profileSet.map((f) => toColumnValue(f, changes.developer![f])), profileId);
  }

  for (const update of updates) {
    const fields = (Object.keys(INCIDENT_COLUMNS) as (keyof IncidentChange)[])
      .filter((f) => update.set[f] !== undefined);
    if (fields.length === 0) continue;
    db.prepare(`UPDATE incidents SET ${fields.map((f) => `${INCIDENT_COLUMNS[f]} = ?`).join(', ')} WHERE id = ?`)
      .run(...fields.map((f) => toColumnValue(f, update.set[f])), update.id);
  }

  // docs/design.md#moderation: incidents added by an approved edit are approved with it
  const now = new Date().toISOString();
  const createdIds: number[] = [];
  for (const draft of creates) {
    const fields = (Object.keys(INCIDENT_COLUMNS) as (keyof IncidentChange)[])
      .filter((f) => draft.set[f] !== undefined);
    const columns = ['profile_id', 'description', 'reported', 'submitted_by', 'verification_status', ...fields.map((f) => INCIDENT_COLUMNS[f])];
    const values = [profileId, draft.description, now, request.submitted_by, 'approved', ...fields.map((f) => toColumnValue(f, draft.set[f]))];
    const row = db.prepare(`INSERT INTO incidents (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`)
      .get(...values) as { id: number };
    createdIds.push(row.id);
  }

  db.prepare("UPDATE edit_requests SET verification_status = 'approved' WHERE id = ?").run(id);
  touchProfile(db, profileId);
  audit(db, {
    actor, action: 'edit_request.approve', targetKind: 'edit_request', targetId: id,
    before,
    after: {
      profile: selectProfile(db, profileId),
      incidents: touchedIds.map((i) => selectIncident(db, i)),
      created: createdIds.map((i) => selectIncident(db, i)),
    },
  });
  return { id, verification_status: 'approved' };
}

/** POST /api/admin/developer-edit-requests/{id}/reject/: nothing is applied. */
export function rejectEditRequest(db: Db, id: number, actor: string): ModerationResult {
  return rejectRequest(db, 'edit', id, actor);
}
