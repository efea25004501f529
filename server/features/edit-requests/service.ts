// Edit requests (product.md#entities-edit-request ("Edit request"), product.md#calls; docs/design.md#moderation): anyone proposes changes to
// a public profile and its incidents; staff approve (changes applied in one transaction) or
// reject. Plain values in, plain results out; the routes own HTTP and the transaction.
// On the data layer (issue 21, docs/decisions/035): the same code on SQLite and PostgreSQL, given
// the app's Kysely or a write's transaction.
import type { Kysely, Updateable } from 'kysely';
import { auditOn } from '../../db/audit';
import type { Database, IncidentsTable, ProfilesTable } from '../../db/engine/schema';
import { pendingRequestOn, rejectRequestOn } from '../../db/pending-requests';
import { touchProfileOn } from '../../db/revision';
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
import { countQueueOn, queueAfterOn, queueAtOrder, queueIdOrder, queueWhereOn } from '../../read-model/staff-queues';

const KIND_LABEL: Record<ProfileKind, string> = { developer: 'scammer', project: 'project' };

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

const findProfile = (db: Kysely<Database>, id: number) => db.selectFrom('profiles')
  .select(['id', 'kind', 'name', 'verification_status']).where('id', '=', id).executeTakeFirst();

const findIncident = (db: Kysely<Database>, id: number) => db.selectFrom('incidents')
  .select(['id', 'profile_id', 'verification_status']).where('id', '=', id).executeTakeFirst();

export interface SubmitEditRequest {
  kind: ProfileKind;
  profileId: number;
  input: EditRequestSubmit;
  submittedBy: string;
}

/** POST /api/{developers|projects}/{id}/edit-request/: a pending request against a public profile. */
export async function submitEditRequest(
  trx: Kysely<Database>, { kind, profileId, input, submittedBy }: SubmitEditRequest,
): Promise<{ id: number; case_id: string }> {
  const label = KIND_LABEL[kind];
  const profile = await findProfile(trx, profileId);
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
    const incident = await findIncident(trx, id);
    if (!incident || incident.profile_id !== profileId || incident.verification_status !== 'approved') {
      throw badRequest(`Invalid request: ${path}: incident ${id} is not an incident of this ${label}.`, [
        { path, message: `incident ${id} is not an incident of this ${label}` },
      ]);
    }
  }

  const caseId = input.case_id ?? editRequestCaseId(profileId);
  const row = await trx.insertInto('edit_requests')
    .values({
      profile_id: profileId, scam_id: input.scam ?? null, full_name: input.full_name, contact_information: input.contact_information,
      case_id: caseId, target_type: input.target_type, proposed_changes: JSON.stringify(changes), verification_status: 'pending',
      submitted_at: new Date().toISOString(), submitted_by: submittedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, case_id: caseId };
}

/** GET /api/admin/developer-edit-requests/: pending requests of both kinds, oldest first. */
export async function listPendingEditRequests(
  db: Kysely<Database>, { limit, after, ...filter }: QueueQuery = { limit: QUEUE_PAGE_MAX, after: 0 },
): Promise<QueuePage<EditRequest>> {
  const past = await queueAfterOn(db, 'editRequests', after);
  const rows = await db.selectFrom('edit_requests as e')
    .innerJoin('profiles as p', 'p.id', 'e.profile_id')
    .selectAll('e')
    .select(['p.kind as profile_kind', 'p.name as profile_name'])
    .where(queueWhereOn('editRequests', filter))
    .where(past)
    .orderBy(queueAtOrder('editRequests')).orderBy(queueIdOrder('editRequests'))
    .limit(limit + 1)
    .execute();
  const n = await countQueueOn(db, 'editRequests', filter);
  // (one request after another: the current values read on the same connection, in order)
  const items: EditRequest[] = [];
  for (const r of rows) {
    items.push({
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
      current_values: await currentValues(db, r.profile_id, JSON.parse(r.proposed_changes) as ProposedChanges),
    });
  }
  return pageOf(items, limit, n);
}

const fromColumnValue = (field: string, value: unknown) => (LIST_FIELDS.has(field) && typeof value === 'string' ? JSON.parse(value) as unknown : value);

/**
 * issue 18: what each proposed field holds now, in the proposal's own names, so staff see the
 * current value beside the proposed one. Only the fields proposed; an incident gone is left out.
 */
async function currentValues(db: Kysely<Database>, profileId: number, changes: ProposedChanges): Promise<EditRequestCurrentValues> {
  const developer: Record<string, unknown> = {};
  const proposed = PROFILE_COLUMNS.filter((f) => changes.developer?.[f] !== undefined);
  if (proposed.length) {
    const row = await selectProfile(db, profileId);
    for (const f of proposed) developer[f] = fromColumnValue(f, row?.[f] ?? null);
  }
  const scam_updates: EditRequestCurrentValues['scam_updates'] = [];
  for (const update of changes.append?.scam_updates ?? []) {
    const row = await selectIncident(db, update.id);
    if (!row || row.profile_id !== profileId) continue;
    const set: Record<string, unknown> = {};
    for (const f of (Object.keys(INCIDENT_COLUMNS) as (keyof IncidentChange)[]).filter((k) => update.set[k] !== undefined)) {
      set[f] = fromColumnValue(f, row[INCIDENT_COLUMNS[f]] ?? null);
    }
    scam_updates.push({ id: update.id, set });
  }
  return { developer, scam_updates };
}

const selectProfile = (db: Kysely<Database>, id: number) => db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
const selectIncident = (db: Kysely<Database>, id: number) => db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();

const toColumnValue = (field: string, value: unknown) => (LIST_FIELDS.has(field) ? JSON.stringify(value) : value);

/** The profile columns a change sets, with the values they store. */
function profileSet(change: ProfileChange | undefined): Updateable<ProfilesTable> {
  const set: Record<string, unknown> = {};
  for (const f of PROFILE_COLUMNS) if (change?.[f] !== undefined) set[f] = toColumnValue(f, change[f]);
  // (the keys are PROFILE_COLUMNS', the values as the sync code bound them)
  return set as Updateable<ProfilesTable>;
}

/** The incident columns a change sets (INCIDENT_COLUMNS' names), with the values they store. */
function incidentSet(change: IncidentChange): Updateable<IncidentsTable> {
  const set: Record<string, unknown> = {};
  for (const f of Object.keys(INCIDENT_COLUMNS) as (keyof IncidentChange)[]) {
    if (change[f] !== undefined) set[INCIDENT_COLUMNS[f]] = toColumnValue(f, change[f]);
  }
  return set as Updateable<IncidentsTable>;
}

export interface ModerationResult { id: number; verification_status: 'approved' | 'rejected' }

/**
 * POST /api/admin/developer-edit-requests/{id}/approve/: applies profile fields, incident
 * updates and new (approved) incidents, all or nothing, and a new revision for the profile. Call it in
 * the write's transaction.
 */
export async function approveEditRequest(trx: Kysely<Database>, id: number, actor: string): Promise<ModerationResult> {
  const request = await pendingRequestOn(trx, 'edit', id);
  const changes = JSON.parse(request.proposed_changes) as ProposedChanges;
  const profileId = request.profile_id;
  const updates = changes.append?.scam_updates ?? [];
  const creates = changes.append?.scam_creates ?? [];

  // check everything before changing anything, so the message names every missing incident
  const missing: number[] = [];
  for (const u of updates) if ((await findIncident(trx, u.id))?.profile_id !== profileId) missing.push(u.id);
  if (missing.length > 0) {
    throw new AppError(409, `This edit request updates ${missing.length === 1 ? 'an incident' : 'incidents'} that no longer exist `
      + `(${missing.map((m) => `#${m}`).join(', ')}); reject it instead.`);
  }

  const touchedIds = [...new Set(updates.map((u) => u.id))];
  const incidentsOf = async (ids: number[]) => {
    const rows = [];
    for (const i of ids) rows.push(await selectIncident(trx, i));
    return rows;
  };
  const before = { profile: await selectProfile(trx, profileId), incidents: await incidentsOf(touchedIds) };

  const profileChange = profileSet(changes.developer);
  if (Object.keys(profileChange).length > 0) await trx.updateTable('profiles').set(profileChange).where('id', '=', profileId).execute();

  for (const update of updates) {
    const incidentChange = incidentSet(update.set);
    if (Object.keys(incidentChange).length === 0) continue;
    await trx.updateTable('incidents').set(incidentChange).where('id', '=', update.id).execute();
  }

  // docs/design.md#moderation: incidents added by an approved edit are approved with it
  const now = new Date().toISOString();
  const createdIds: number[] = [];
  for (const draft of creates) {
    const row = await trx.insertInto('incidents')
      .values({
        profile_id: profileId, description: draft.description, reported: now, submitted_by: request.submitted_by,
        verification_status: 'approved', ...incidentSet(draft.set),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    createdIds.push(row.id);
  }

  await trx.updateTable('edit_requests').set({ verification_status: 'approved' }).where('id', '=', id).execute();
  await touchProfileOn(trx, profileId);
  await auditOn(trx, {
    actor, action: 'edit_request.approve', targetKind: 'edit_request', targetId: id,
    before,
    after: {
      profile: await selectProfile(trx, profileId),
      incidents: await incidentsOf(touchedIds),
      created: await incidentsOf(createdIds),
    },
  });
  return { id, verification_status: 'approved' };
}

/** POST /api/admin/developer-edit-requests/{id}/reject/: nothing is applied. */
export async function rejectEditRequest(trx: Kysely<Database>, id: number, actor: string): Promise<ModerationResult> {
  return rejectRequestOn(trx, 'edit', id, actor);
}
