// API tests: POST /api/removal-requests/ and the staff queue with /process/ and /reject/
// (product.md#entities, product.md#validation, product.md#calls; docs/design.md#moderation, "Replica sync").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { countRows, makeTestApp, memberClient, staffClient, visitor, type TestApp } from '../../test-support';
import { inTransaction } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { nextRevisionOn } from '../../db/revision';
import { auditRow, deleteIncident, exists, revisionOf, rowOf, setSubmittedAt } from '../../../tests/support/api-rows';
import { REMOVAL_MESSAGES, removalRequestSchema } from '../../../shared/contract/removal-request';
import { routes } from '../../../shared/contract/routes';

const AT = '2025-01-01T00:00:00.000Z';

interface Fixture {
  developer: number;
  incidentA: number;
  incidentB: number;
  project: number;
  projectIncident: number;
}

// rows written straight through the test app's data layer (either engine), in one transaction each
type Trx = Kysely<Database>;

async function insertProfileOn(trx: Trx, kind: 'developer' | 'project', name: string, status: 'verified' | 'unverified' = 'verified'): Promise<number> {
  const revision = await nextRevisionOn(trx);
  return (await trx.insertInto('profiles').values({
    kind, name, verification_status: status, joined_date: AT, reported_person_date: AT, submitted_at: AT,
    submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', revision,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function insertIncidentOn(trx: Trx, profileId: number, description: string, status: 'approved' | 'pending' = 'approved'): Promise<number> {
  return (await trx.insertInto('incidents').values({
    profile_id: profileId, description, reported: AT, amount: 500, verification_status: status,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

const insertProfile = (kind: 'developer' | 'project', name: string, status: 'verified' | 'unverified' = 'verified') =>
  inTransaction(t.engine, (trx) => insertProfileOn(trx, kind, name, status));
const insertIncident = (profileId: number, description: string, status: 'approved' | 'pending' = 'approved') =>
  inTransaction(t.engine, (trx) => insertIncidentOn(trx, profileId, description, status));

async function fixture(trx: Trx): Promise<Fixture> {
  const developer = await insertProfileOn(trx, 'developer', 'Alice Example');
  const project = await insertProfileOn(trx, 'project', 'Moon Token');
  return {
    developer,
    incidentA: await insertIncidentOn(trx, developer, 'Rug pull on launch day'),
    incidentB: await insertIncidentOn(trx, developer, 'Fake raise'),
    project,
    projectIncident: await insertIncidentOn(trx, project, 'Exit scam'),
  };
}

const request = (target: Record<string, unknown>) => ({
  case_id: 'BUSTR-2025-0001',
  full_name: 'Carol Requester',
  contact_information: 'carol@example.com',
  explanation: 'This is about someone else with the same name.',
  ...target,
});

const removalRow = (id: number) => rowOf(t, 'removal_requests', id);

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = makeTestApp();
  f = await inTransaction(t.engine, fixture);
});
afterEach(() => t.close());

describe('submitting a removal request', () => {
  it('when a visitor asks to remove a scammer, then a pending request is stored with the scammer name', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), receipt: { reference: expect.any(String), token: expect.any(String), url: expect.any(String), page: expect.any(String) } }); // issue 20: and its receipt
    expect(await removalRow(res.body.id)).toMatchObject({
      target_type: 'developer', developer_id: f.developer, project_id: null, scam_id: null, target_name: 'Alice Example',
      scam_description: null, case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', contact_information: 'carol@example.com',
      explanation: 'This is about someone else with the same name.', verification_status: 'pending', submitted_by: 'Anonymous',
    });
  });

  it('when a visitor asks to remove a project, then the request names the project', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'project', project: f.project, developer: null }));
    expect(res.status).toBe(201);
    expect(await removalRow(res.body.id)).toMatchObject({
      target_type: 'project', developer_id: null, project_id: f.project, target_name: 'Moon Token',
    });
  });

  it('when a visitor asks to remove one incident, then its description and its profile are copied into the request', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'scam', scam: f.incidentB }));
    expect(res.status).toBe(201);
    expect(await removalRow(res.body.id)).toMatchObject({
      target_type: 'scam', scam_id: f.incidentB, developer_id: f.developer, project_id: null,
      target_name: 'Alice Example', scam_description: 'Fake raise',
    });
  });

  const blanks: [string, keyof typeof REMOVAL_MESSAGES, string][] = [
    ['full_name', 'fullName', ''],
    ['contact_information', 'contact', '   '],
    ['explanation', 'explanation', '\t \n'],
  ];
  for (const [field, key, value] of blanks) {
    it(`when ${field} is blank or only whitespace, then it answers 400 with '${REMOVAL_MESSAGES[key]}' and writes nothing`, async () => {
      const client = await visitor(t.app);
      const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer, [field]: value }));
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(REMOVAL_MESSAGES[key]);
      expect(res.body.details).toEqual([{ path: field, message: REMOVAL_MESSAGES[key] }]);
      expect(await countRows(t, 'removal_requests')).toBe(0);
    });
  }

  it('when the target id is missing for the target type, then it answers 400 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'project', developer: f.developer }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/target id/);
    expect(await countRows(t, 'removal_requests')).toBe(0);
  });

  it('when the body carries an unknown field, then it answers 400 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer, verification_status: 'processed' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/verification_status/);
    expect(await countRows(t, 'removal_requests')).toBe(0);
  });

  const missingTargets: [string, (fx: Fixture) => Record<string, unknown>][] = [
    ['the scammer does not exist', () => ({ target_type: 'developer', developer: 99999 })],
    ['the scammer id is a project', (fx) => ({ target_type: 'developer', developer: fx.project })],
    ['the incident does not exist', () => ({ target_type: 'scam', scam: 99999 })],
  ];
  for (const [what, target] of missingTargets) {
    it(`when ${what}, then it answers 404 'The case to remove was not found.'`, async () => {
      const client = await visitor(t.app);
      const res = await client.post(routes.removalRequests.submit.path(), request(target(f)));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'The case to remove was not found.' });
      expect(await countRows(t, 'removal_requests')).toBe(0);
    });
  }

  it('when the CSRF header is missing, then it answers 403 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.agent.post(routes.removalRequests.submit.path()).send(request({ target_type: 'developer', developer: f.developer }));
    expect(res.status).toBe(403);
    expect(await countRows(t, 'removal_requests')).toBe(0);
  });

  it('when the same submit is replayed with its Idempotency-Key, then one request is stored and the same answer returned', async () => {
    const client = await visitor(t.app);
    const body = request({ target_type: 'developer', developer: f.developer });
    const key = { 'Idempotency-Key': '3f0c6a52-0b5e-4c43-9a57-2d8a1f3b7e10:1' };
    const first = await client.post(routes.removalRequests.submit.path(), body, key);
    const replay = await client.post(routes.removalRequests.submit.path(), body, key);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await countRows(t, 'removal_requests')).toBe(1);
  });
});

describe('the staff queue of removal requests', () => {
  it('when staff list it, then pending requests come oldest first in the admin shape with the target names', async () => {
    const client = await visitor(t.app);
    const dev = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer }));
    const proj = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'project', project: f.project, case_id: 'BUSTR-2025-0002' }));
    const scam = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'scam', scam: f.projectIncident }));
    await setSubmittedAt(t, 'removal_requests', dev.body.id, '2025-03-01T00:00:00.000Z');
    await setSubmittedAt(t, 'removal_requests', proj.body.id, '2025-02-01T00:00:00.000Z');
    await setSubmittedAt(t, 'removal_requests', scam.body.id, '2025-01-01T00:00:00.000Z');

    const staff = await staffClient(t);
    const res = await staff.get(routes.removalRequests.pending.path());
    expect(res.status).toBe(200);
    const list = removalRequestSchema.array().parse(res.body);
    expect(list.map((r) => r.id)).toEqual([scam.body.id, proj.body.id, dev.body.id]);
    expect(list[0]).toMatchObject({
      target_type: 'scam', scam: f.projectIncident, project: f.project, developer: null,
      project_name: 'Moon Token', developer_name: null, scam_description: 'Exit scam',
    });
    expect(list[1]).toEqual({
      id: proj.body.id, submitted_at: '2025-02-01T00:00:00.000Z', case_id: 'BUSTR-2025-0002', full_name: 'Carol Requester',
      contact_information: 'carol@example.com', explanation: 'This is about someone else with the same name.',
      developer: null, project: f.project, scam: null, target_type: 'project', developer_name: null,
      project_name: 'Moon Token', scam_description: null, verification_status: 'pending',
    });
    expect(list[2]).toMatchObject({ target_type: 'developer', developer: f.developer, developer_name: 'Alice Example', project_name: null });
  });

  it('when a visitor asks for the list, then it answers 401', async () => {
    const client = await visitor(t.app);
    expect((await client.get(routes.removalRequests.pending.path())).status).toBe(401);
  });

  it('when a signed-in member who is not staff asks for the list, then it answers 403', async () => {
    const member = await memberClient(t);
    expect((await member.get(routes.removalRequests.pending.path())).status).toBe(403);
  });

  it('when a member tries to process a request, then it answers 403 and the target stays', async () => {
    const client = await visitor(t.app);
    const { body } = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer }));
    const member = await memberClient(t);
    expect((await member.post(routes.removalRequests.process.path({ id: body.id }))).status).toBe(403);
    expect(await exists(t, 'profiles', f.developer)).toBe(true);
  });
});

describe('processing and rejecting a removal request', () => {
  async function submit(target: Record<string, unknown>): Promise<number> {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request(target));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('when staff process a scammer removal, then the scammer, its incidents and edit requests are deleted and a tombstone written', async () => {
    const id = await submit({ target_type: 'developer', developer: f.developer });
    // an edit request of the scammer, sent as a visitor sends it
    const edit = await (await visitor(t.app)).post(routes.editRequests.submit.developer.path({ id: f.developer }), {
      target_type: 'developer', proposed_changes: { developer: { bio: 'x' } },
    });
    expect(edit.status).toBe(201);
    expect(await countRows(t, 'edit_requests')).toBe(1);
    const staff = await staffClient(t);

    const res = await staff.post(routes.removalRequests.process.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'processed' });
    expect(await exists(t, 'profiles', f.developer)).toBe(false);
    expect(await exists(t, 'incidents', f.incidentA)).toBe(false);
    expect(await exists(t, 'incidents', f.incidentB)).toBe(false);
    expect(await countRows(t, 'edit_requests')).toBe(0);
    expect(await exists(t, 'profiles', f.project)).toBe(true);
    const tombstone = await t.engine.db.selectFrom('tombstones').select(['kind', 'id', 'revision']).orderBy('kind').orderBy('id').execute();
    expect(tombstone).toEqual([{ kind: 'developer', id: f.developer, revision: expect.any(Number) }]);
    expect(tombstone[0]!.revision).toBeGreaterThan(await revisionOf(t, f.project));
    expect((await removalRow(id)).verification_status).toBe('processed');

    const audited = await auditRow(t, 'removal_request.process');
    expect(audited).toMatchObject({ actor: 'staff', target_kind: 'removal_request', target_id: id });
    const before = JSON.parse(audited!.before!);
    expect(before.profile).toMatchObject({ id: f.developer, name: 'Alice Example' });
    expect(before.incidents.map((i: { description: string }) => i.description)).toEqual(['Rug pull on launch day', 'Fake raise']);
    expect((await staff.get(routes.removalRequests.pending.path())).body).toEqual([]);
  });

  it('when the target is not public (an unverified profile, a pending incident), then the request is 404 like every other call, and nothing is stored', async () => {
    const hidden = await insertProfile('developer', 'Hidden Person', 'unverified');
    const pending = await insertIncident(f.developer, 'Not reviewed yet', 'pending');
    const client = await visitor(t.app);
    for (const body of [{ target_type: 'developer', developer: hidden }, { target_type: 'scam', scam: pending }]) {
      const res = await client.post(routes.removalRequests.submit.path(), request(body));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'The case to remove was not found.' });
    }
    expect(await countRows(t, 'removal_requests')).toBe(0);
  });

  it('when the removed scammer is no longer public, then no tombstone is written', async () => {
    const hidden = await insertProfile('developer', 'Hidden Person', 'verified');
    const id = await submit({ target_type: 'developer', developer: hidden });
    await t.engine.db.updateTable('profiles').set({ verification_status: 'unverified' }).where('id', '=', hidden).execute();
    const staff = await staffClient(t);
    expect((await staff.post(routes.removalRequests.process.path({ id }))).status).toBe(200);
    expect(await exists(t, 'profiles', hidden)).toBe(false);
    expect(await countRows(t, 'tombstones')).toBe(0);
  });

  it('when staff process an incident removal, then only that incident is deleted and its profile revision bumped', async () => {
    const id = await submit({ target_type: 'scam', scam: f.incidentA });
    const revisionBefore = await revisionOf(t, f.developer);
    const staff = await staffClient(t);

    const res = await staff.post(routes.removalRequests.process.path({ id }));
    expect(res.status).toBe(200);
    expect(await exists(t, 'incidents', f.incidentA)).toBe(false);
    expect(await exists(t, 'incidents', f.incidentB)).toBe(true);
    expect(await exists(t, 'profiles', f.developer)).toBe(true);
    expect(await revisionOf(t, f.developer)).toBeGreaterThan(revisionBefore);
    expect(await countRows(t, 'tombstones')).toBe(0);
    const audited = await auditRow(t, 'removal_request.process');
    expect(JSON.parse(audited!.before!).incident).toMatchObject({ id: f.incidentA, description: 'Rug pull on launch day' });
  });

  it('when the removed incident is no longer public, then the profile revision stays', async () => {
    const pending = await insertIncident(f.developer, 'Not reviewed yet', 'approved');
    const id = await submit({ target_type: 'scam', scam: pending });
    await t.engine.db.updateTable('incidents').set({ verification_status: 'pending' }).where('id', '=', pending).execute();
    const revisionBefore = await revisionOf(t, f.developer);
    const staff = await staffClient(t);
    expect((await staff.post(routes.removalRequests.process.path({ id }))).status).toBe(200);
    expect(await exists(t, 'incidents', pending)).toBe(false);
    expect(await revisionOf(t, f.developer)).toBe(revisionBefore);
  });

  it('when the target is already gone, then processing still marks the request processed', async () => {
    const id = await submit({ target_type: 'scam', scam: f.incidentA });
    await deleteIncident(t, f.incidentA);
    const staff = await staffClient(t);
    const res = await staff.post(routes.removalRequests.process.path({ id }));
    expect(res.status).toBe(200);
    expect((await removalRow(id)).verification_status).toBe('processed');
  });

  it('when staff reject, then the target stays, the request is rejected and an audit row is written', async () => {
    const id = await submit({ target_type: 'developer', developer: f.developer });
    const staff = await staffClient(t);
    const res = await staff.post(routes.removalRequests.reject.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'rejected' });
    expect(await exists(t, 'profiles', f.developer)).toBe(true);
    expect(await countRows(t, 'incidents')).toBe(3);
    expect(await countRows(t, 'tombstones')).toBe(0);
    expect((await removalRow(id)).verification_status).toBe('rejected');
    const rejected = await t.engine.db.selectFrom('audit_log').select(['actor', 'target_id']).where('action', '=', 'removal_request.reject').orderBy('id').executeTakeFirst();
    expect(rejected).toEqual({ actor: 'staff', target_id: id });
  });

  it('when a request is no longer pending, then processing or rejecting it again answers 409', async () => {
    const id = await submit({ target_type: 'scam', scam: f.incidentA });
    const staff = await staffClient(t);
    expect((await staff.post(routes.removalRequests.process.path({ id }))).status).toBe(200);
    const again = await staff.post(routes.removalRequests.process.path({ id }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already processed/);
    expect((await staff.post(routes.removalRequests.reject.path({ id }))).status).toBe(409);
  });

  it('when the request does not exist, then processing answers 404', async () => {
    const staff = await staffClient(t);
    expect((await staff.post(routes.removalRequests.process.path({ id: 4242 }))).status).toBe(404);
  });
});
