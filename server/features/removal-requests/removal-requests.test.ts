// API tests: POST /api/removal-requests/ and the staff queue with /process/ and /reject/
// (product.md#entities, product.md#validation, product.md#calls; docs/design.md#moderation, "Replica sync").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, makeTestApp, memberClient, staffClient, visitor, type TestApp } from '../../test-support';
import type { Db } from '../../db/connection';
import { nextRevision } from '../../db/revision';
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

function insertProfile(db: Db, kind: 'developer' | 'project', name: string, status = 'verified'): number {
  return (db
    .prepare(`INSERT INTO profiles (kind, name, verification_status, joined_date, reported_person_date, submitted_at,
        submission_kind, revision)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`)
    .get(kind, name, status, AT, AT, AT, kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', nextRevision(db)) as { id: number }).id;
}

function insertIncident(db: Db, profileId: number, description: string, status = 'approved'): number {
  return (db
    .prepare(`INSERT INTO incidents (profile_id, description, reported, amount, verification_status)
      VALUES (?, ?, ?, 500, ?) RETURNING id`)
    .get(profileId, description, AT, status) as { id: number }).id;
}

function fixture(db: Db): Fixture {
  const developer = insertProfile(db, 'developer', 'Alice Example');
  const project = insertProfile(db, 'project', 'Moon Token');
  return {
    developer,
    incidentA: insertIncident(db, developer, 'Rug pull on launch day'),
    incidentB: insertIncident(db, developer, 'Fake raise'),
    project,
    projectIncident: insertIncident(db, project, 'Exit scam'),
  };
}

const request = (target: Record<string, unknown>) => ({
  case_id: 'BUSTR-2025-0001',
  full_name: 'Carol Requester',
  contact_information: 'carol@example.com',
  explanation: 'This is about someone else with the same name.',
  ...target,
});

const removalRow = (db: Db, id: number) => db.prepare('SELECT * FROM removal_requests WHERE id = ?').get(id) as Record<string, unknown>;
const exists = (db: Db, table: string, id: number) => db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
const revisionOf = (db: Db, id: number) => (db.prepare('SELECT revision FROM profiles WHERE id = ?').get(id) as { revision: number }).revision;

let t: TestApp;
let f: Fixture;
beforeEach(() => {
  t = makeTestApp();
  f = fixture(t.db);
});
afterEach(() => t.close());

describe('submitting a removal request', () => {
  it('when a visitor asks to remove a scammer, then a pending request is stored with the scammer name', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), receipt: { reference: expect.any(String), token: expect.any(String), url: expect.any(String), page: expect.any(String) } }); // issue 20: and its receipt
    expect(removalRow(t.db, res.body.id)).toMatchObject({
      target_type: 'developer', developer_id: f.developer, project_id: null, scam_id: null, target_name: 'Alice Example',
      scam_description: null, case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', contact_information: 'carol@example.com',
      explanation: 'This is about someone else with the same name.', verification_status: 'pending', submitted_by: 'Anonymous',
    });
  });

  it('when a visitor asks to remove a project, then the request names the project', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'project', project: f.project, developer: null }));
    expect(res.status).toBe(201);
    expect(removalRow(t.db, res.body.id)).toMatchObject({
      target_type: 'project', developer_id: null, project_id: f.project, target_name: 'Moon Token',
    });
  });

  it('when a visitor asks to remove one incident, then its description and its profile are copied into the request', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'scam', scam: f.incidentB }));
    expect(res.status).toBe(201);
    expect(removalRow(t.db, res.body.id)).toMatchObject({
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
      expect(count(t.db, 'removal_requests')).toBe(0);
    });
  }

  it('when the target id is missing for the target type, then it answers 400 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'project', developer: f.developer }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/target id/);
    expect(count(t.db, 'removal_requests')).toBe(0);
  });

  it('when the body carries an unknown field, then it answers 400 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer, verification_status: 'processed' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/verification_status/);
    expect(count(t.db, 'removal_requests')).toBe(0);
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
      expect(count(t.db, 'removal_requests')).toBe(0);
    });
  }

  it('when the CSRF header is missing, then it answers 403 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.agent.post(routes.removalRequests.submit.path()).send(request({ target_type: 'developer', developer: f.developer }));
    expect(res.status).toBe(403);
    expect(count(t.db, 'removal_requests')).toBe(0);
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
    expect(count(t.db, 'removal_requests')).toBe(1);
  });
});

describe('the staff queue of removal requests', () => {
  it('when staff list it, then pending requests come oldest first in the admin shape with the target names', async () => {
    const client = await visitor(t.app);
    const dev = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'developer', developer: f.developer }));
    const proj = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'project', project: f.project, case_id: 'BUSTR-2025-0002' }));
    const scam = await client.post(routes.removalRequests.submit.path(), request({ target_type: 'scam', scam: f.projectIncident }));
    t.db.prepare("UPDATE removal_requests SET submitted_at = '2025-03-01T00:00:00.000Z' WHERE id = ?").run(dev.body.id);
    t.db.prepare("UPDATE removal_requests SET submitted_at = '2025-02-01T00:00:00.000Z' WHERE id = ?").run(proj.body.id);
    t.db.prepare("UPDATE removal_requests SET submitted_at = '2025-01-01T00:00:00.000Z' WHERE id = ?").run(scam.body.id);

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
    expect(exists(t.db, 'profiles', f.developer)).toBe(true);
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
    t.db.prepare(`INSERT INTO edit_requests (profile_id, full_name, case_id, target_type, proposed_changes, submitted_at)
      VALUES (?, 'Anonymous', 'EDITREQ-2025-0001', 'developer', '{"developer":{"bio":"x"}}', ?)`).run(f.developer, AT);
    const staff = await staffClient(t);

    const res = await staff.post(routes.removalRequests.process.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'processed' });
    expect(exists(t.db, 'profiles', f.developer)).toBe(false);
    expect(exists(t.db, 'incidents', f.incidentA)).toBe(false);
    expect(exists(t.db, 'incidents', f.incidentB)).toBe(false);
    expect(count(t.db, 'edit_requests')).toBe(0);
    expect(exists(t.db, 'profiles', f.project)).toBe(true);
    const tombstone = t.db.prepare('SELECT kind, id, revision FROM tombstones').all();
    expect(tombstone).toEqual([{ kind: 'developer', id: f.developer, revision: expect.any(Number) }]);
    expect((tombstone[0] as { revision: number }).revision).toBeGreaterThan(revisionOf(t.db, f.project));
    expect(removalRow(t.db, id).verification_status).toBe('processed');

    const auditRow = t.db.prepare("SELECT * FROM audit_log WHERE action = 'removal_request.process'").get() as Record<string, string | number>;
    expect(auditRow).toMatchObject({ actor: 'staff', target_kind: 'removal_request', target_id: id });
    const before = JSON.parse(auditRow.before as string);
    expect(before.profile).toMatchObject({ id: f.developer, name: 'Alice Example' });
    expect(before.incidents.map((i: { description: string }) => i.description)).toEqual(['Rug pull on launch day', 'Fake raise']);
    expect((await staff.get(routes.removalRequests.pending.path())).body).toEqual([]);
  });

  it('when the target is not public (an unverified profile, a pending incident), then the request is 404 like every other call, and nothing is stored', async () => {
    const hidden = insertProfile(t.db, 'developer', 'Hidden Person', 'unverified');
    const pending = insertIncident(t.db, f.developer, 'Not reviewed yet', 'pending');
    const client = await visitor(t.app);
    for (const body of [{ target_type: 'developer', developer: hidden }, { target_type: 'scam', scam: pending }]) {
      const res = await client.post(routes.removalRequests.submit.path(), request(body));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'The case to remove was not found.' });
    }
    expect(count(t.db, 'removal_requests')).toBe(0);
  });

  it('when the removed scammer is no longer public, then no tombstone is written', async () => {
    const hidden = insertProfile(t.db, 'developer', 'Hidden Person', 'verified');
    const id = await submit({ target_type: 'developer', developer: hidden });
    t.db.prepare("UPDATE profiles SET verification_status = 'unverified' WHERE id = ?").run(hidden);
    const staff = await staffClient(t);
    expect((await staff.post(routes.removalRequests.process.path({ id }))).status).toBe(200);
    expect(exists(t.db, 'profiles', hidden)).toBe(false);
    expect(count(t.db, 'tombstones')).toBe(0);
  });

  it('when staff process an incident removal, then only that incident is deleted and its profile revision bumped', async () => {
    const id = await submit({ target_type: 'scam', scam: f.incidentA });
    const revisionBefore = revisionOf(t.db, f.developer);
    const staff = await staffClient(t);

    const res = await staff.post(routes.removalRequests.process.path({ id }));
    expect(res.status).toBe(200);
    expect(exists(t.db, 'incidents', f.incidentA)).toBe(false);
    expect(exists(t.db, 'incidents', f.incidentB)).toBe(true);
    expect(exists(t.db, 'profiles', f.developer)).toBe(true);
    expect(revisionOf(t.db, f.developer)).toBeGreaterThan(revisionBefore);
    expect(count(t.db, 'tombstones')).toBe(0);
    const auditRow = t.db.prepare("SELECT before FROM audit_log WHERE action = 'removal_request.process'").get() as { before: string };
    expect(JSON.parse(auditRow.before).incident).toMatchObject({ id: f.incidentA, description: 'Rug pull on launch day' });
  });

  it('when the removed incident is no longer public, then the profile revision stays', async () => {
    const pending = insertIncident(t.db, f.developer, 'Not reviewed yet', 'approved');
    const id = await submit({ target_type: 'scam', scam: pending });
    t.db.prepare("UPDATE incidents SET verification_status = 'pending' WHERE id = ?").run(pending);
    const revisionBefore = revisionOf(t.db, f.developer);
    const staff = await staffClient(t);
    expect((await staff.post(routes.removalRequests.process.path({ id }))).status).toBe(200);
    expect(exists(t.db, 'incidents', pending)).toBe(false);
    expect(revisionOf(t.db, f.developer)).toBe(revisionBefore);
  });

  it('when the target is already gone, then processing still marks the request processed', async () => {
    const id = await submit({ target_type: 'scam', scam: f.incidentA });
    t.db.prepare('DELETE FROM incidents WHERE id = ?').run(f.incidentA);
    const staff = await staffClient(t);
    const res = await staff.post(routes.removalRequests.process.path({ id }));
    expect(res.status).toBe(200);
    expect(removalRow(t.db, id).verification_status).toBe('processed');
  });

  it('when staff reject, then the target stays, the request is rejected and an audit row is written', async () => {
    const id = await submit({ target_type: 'developer', developer: f.developer });
    const staff = await staffClient(t);
    const res = await staff.post(routes.removalRequests.reject.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'rejected' });
    expect(exists(t.db, 'profiles', f.developer)).toBe(true);
    expect(count(t.db, 'incidents')).toBe(3);
    expect(count(t.db, 'tombstones')).toBe(0);
    expect(removalRow(t.db, id).verification_status).toBe('rejected');
    expect(t.db.prepare("SELECT actor, target_id FROM audit_log WHERE action = 'removal_request.reject'").get()).toEqual({ actor: 'staff', target_id: id });
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
