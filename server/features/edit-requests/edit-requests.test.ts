// API tests: POST /api/{developers|projects}/{id}/edit-request/ and the staff queue
// /api/admin/developer-edit-requests/ (product.md#entities, product.md#calls; docs/design.md#moderation).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, makeTestApp, memberClient, staffClient, visitor, type TestApp } from '../../test-support';
import type { Db } from '../../db/connection';
import { nextRevision } from '../../db/revision';
import { editRequestSchema } from '../../../shared/contract/edit-request';
import { editRequestCaseId } from '../../../shared/domain/case-id';
import { routes } from '../../../shared/contract/routes';

const AT = '2025-01-01T00:00:00.000Z';

interface Fixture {
  developer: number;
  /** two approved incidents of the developer */
  incidentA: number;
  incidentB: number;
  /** a pending incident of the developer (not public) */
  pendingIncident: number;
  project: number;
  projectIncident: number;
  unverifiedDeveloper: number;
}

function insertProfile(db: Db, kind: 'developer' | 'project', name: string, status: string): number {
  return (db
    .prepare(`INSERT INTO profiles (kind, name, bio, nationality, languages, verification_status, joined_date,
        reported_person_date, submitted_at, submission_kind, revision)
      VALUES (?, ?, 'old bio', 'Nowhere', '["English"]', ?, ?, ?, ?, ?, ?) RETURNING id`)
    .get(kind, name, status, AT, AT, AT, kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', nextRevision(db)) as { id: number }).id;
}

function insertIncident(db: Db, profileId: number, description: string, status = 'approved'): number {
  return (db
    .prepare(`INSERT INTO incidents (profile_id, description, reported, amount, currency, websites, emails, verification_status)
      VALUES (?, ?, ?, 1000, 'USD', '["old.example"]', '["old@example.com"]', ?) RETURNING id`)
    .get(profileId, description, AT, status) as { id: number }).id;
}

function fixture(db: Db): Fixture {
  const developer = insertProfile(db, 'developer', 'Alice Example', 'verified');
  const project = insertProfile(db, 'project', 'Moon Token', 'verified');
  return {
    developer,
    incidentA: insertIncident(db, developer, 'Rug pull on launch day'),
    incidentB: insertIncident(db, developer, 'Fake raise'),
    pendingIncident: insertIncident(db, developer, 'Not reviewed yet', 'pending'),
    project,
    projectIncident: insertIncident(db, project, 'Exit scam'),
    unverifiedDeveloper: insertProfile(db, 'developer', 'Hidden Person', 'unverified'),
  };
}

const profileEdit = { target_type: 'developer', proposed_changes: { developer: { bio: 'A new bio' } } };

function editRow(db: Db, id: number) {
  return db.prepare('SELECT * FROM edit_requests WHERE id = ?').get(id) as Record<string, unknown>;
}
const revisionOf = (db: Db, id: number) => (db.prepare('SELECT revision FROM profiles WHERE id = ?').get(id) as { revision: number }).revision;
const incidentRow = (db: Db, id: number) => db.prepare('SELECT * FROM incidents WHERE id = ?').get(id) as Record<string, unknown> | undefined;

let t: TestApp;
let f: Fixture;
beforeEach(() => {
  t = makeTestApp();
  f = fixture(t.db);
});
afterEach(() => t.close());

describe('submitting an edit request', () => {
  it('when a visitor submits changes to a verified scammer, then a pending request is stored with an EDITREQ case id', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), {
      ...profileEdit, developer: f.developer, contact_information: 'me@example.com',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), case_id: editRequestCaseId(f.developer), receipt: { reference: expect.any(String), token: expect.any(String), url: expect.any(String), page: expect.any(String) } });
    expect(res.body.case_id).toMatch(/^EDITREQ-\d{4}-\d{4}$/);
    const row = editRow(t.db, res.body.id);
    expect(row).toMatchObject({
      profile_id: f.developer, verification_status: 'pending', submitted_by: 'Anonymous', full_name: 'Anonymous',
      contact_information: 'me@example.com', target_type: 'developer',
    });
    expect(JSON.parse(row.proposed_changes as string)).toEqual({ developer: { bio: 'A new bio' } });
  });

  it('when the body carries a case id, then that case id is kept', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), { ...profileEdit, case_id: 'EDITREQ-2024-0042' });
    expect(res.status).toBe(201);
    expect(res.body.case_id).toBe('EDITREQ-2024-0042');
    expect(editRow(t.db, res.body.id).case_id).toBe('EDITREQ-2024-0042');
  });

  it('when an incident update leaves the amount out, then the stored changes hold only the fields sent', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), {
      target_type: 'scam', scam: f.incidentA,
      proposed_changes: { append: { scam_updates: [{ id: f.incidentA, set: { websites: ['new.example'] } }] } },
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(editRow(t.db, res.body.id).proposed_changes as string)).toEqual({
      append: { scam_updates: [{ id: f.incidentA, set: { websites: ['new.example'] } }] },
    });
    expect(editRow(t.db, res.body.id).scam_id).toBe(f.incidentA);
  });

  it('when a visitor edits a verified project, then the request is stored against the project', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.project.path({ id: f.project }), {
      target_type: 'both', project: f.project,
      proposed_changes: { developer: { name: 'Moon Token v2' }, append: { scam_updates: [{ id: f.projectIncident, set: { amount: 5 } }] } },
    });
    expect(res.status).toBe(201);
    expect(editRow(t.db, res.body.id).profile_id).toBe(f.project);
  });

  it('when a signed-in member submits, then the request is recorded as submitted by that member', async () => {
    const member = await memberClient(t);
    const res = await member.post(routes.editRequests.submit.developer.path({ id: f.developer }), profileEdit);
    expect(res.status).toBe(201);
    expect(editRow(t.db, res.body.id).submitted_by).toBe('member');
  });
});

describe('refusing a bad edit request', () => {
  const cases: [string, (fx: Fixture) => { path?: string; body: unknown }, RegExp][] = [
    ['proposed_changes is empty', () => ({ body: { target_type: 'developer', proposed_changes: {} } }), /proposed_changes holds no change/],
    ['an incident update sets nothing', (fx) => ({
      body: { target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: fx.incidentA, set: {} }] } } },
    }), /proposed_changes holds no change/],
    ['target_type is not one of the three', () => ({ body: { ...profileEdit, target_type: 'everything' } }), /target_type must be 'developer', 'scam' or 'both'/],
    ['the body carries an unknown field', () => ({ body: { ...profileEdit, verification_status: 'approved' } }), /verification_status/],
    ['a profile change carries an unknown field', () => ({
      body: { target_type: 'developer', proposed_changes: { developer: { bio: 'x', is_verified: true } } },
    }), /is_verified/],
    ['an update names an incident of another profile', (fx) => ({
      body: { target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: fx.projectIncident, set: { amount: 1 } }] } } },
    }), /is not an incident of this scammer/],
    ['an update names an incident that is not public', (fx) => ({
      body: { target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: fx.pendingIncident, set: { amount: 1 } }] } } },
    }), /is not an incident of this scammer/],
    ['scam names an incident of another profile', (fx) => ({ body: { ...profileEdit, scam: fx.projectIncident } }), /scam: incident \d+ is not an incident/],
    ['the body developer id differs from the address', (fx) => ({ body: { ...profileEdit, developer: fx.project } }), /does not match the scammer/],
    ['the body project id differs from the address', (fx) => ({
      path: routes.editRequests.submit.project.path({ id: fx.project }), body: { ...profileEdit, project: fx.developer },
    }), /does not match the project/],
  ];

  for (const [what, make, message] of cases) {
    it(`when ${what}, then it answers 400 with a readable message and writes nothing`, async () => {
      const client = await visitor(t.app);
      const { path = routes.editRequests.submit.developer.path({ id: f.developer }), body } = make(f);
      const before = count(t.db, 'edit_requests');
      const res = await client.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(count(t.db, 'edit_requests')).toBe(before);
    });
  }

  it('when the scammer does not exist, then it answers 404', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: 99999 }), profileEdit);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('That scammer was not found.');
    expect(count(t.db, 'edit_requests')).toBe(0);
  });

  it('when the scammer is not verified, then it answers 404 as if it did not exist', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.unverifiedDeveloper }), profileEdit);
    expect(res.status).toBe(404);
    expect(count(t.db, 'edit_requests')).toBe(0);
  });

  it('when a project id is used on the scammers path, then it answers 404', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.project }), profileEdit);
    expect(res.status).toBe(404);
  });

  it('when the CSRF header is missing, then it answers 403 and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await client.agent.post(routes.editRequests.submit.developer.path({ id: f.developer })).send(profileEdit);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/CSRF/);
    expect(count(t.db, 'edit_requests')).toBe(0);
  });
});

describe('the staff queue of edit requests', () => {
  it('when staff list it, then pending requests of both kinds come oldest first in the admin shape with names', async () => {
    const client = await visitor(t.app);
    const first = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), { ...profileEdit, contact_information: 'tg @me' });
    const second = await client.post(routes.editRequests.submit.project.path({ id: f.project }), {
      target_type: 'scam', scam: f.projectIncident,
      proposed_changes: { append: { scam_updates: [{ id: f.projectIncident, set: { currency: 'usdt' } }] } },
    });
    t.db.prepare("UPDATE edit_requests SET submitted_at = '2025-02-01T00:00:00.000Z' WHERE id = ?").run(first.body.id);
    t.db.prepare("UPDATE edit_requests SET submitted_at = '2025-01-15T00:00:00.000Z' WHERE id = ?").run(second.body.id);

    const staff = await staffClient(t);
    const res = await staff.get(routes.editRequests.pending.path());
    expect(res.status).toBe(200);
    const list = editRequestSchema.array().parse(res.body);
    expect(list.map((r) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(list[0]).toEqual({
      id: second.body.id, submitted_at: '2025-01-15T00:00:00.000Z', submitted_by: 'Anonymous', full_name: 'Anonymous',
      contact_information: '', case_id: editRequestCaseId(f.project), developer: null, project: f.project,
      scam: f.projectIncident, developer_name: null, project_name: 'Moon Token', target_type: 'scam',
      verification_status: 'pending',
      proposed_changes: { append: { scam_updates: [{ id: f.projectIncident, set: { currency: 'USDT' } }] } },
      // issue 18: beside each proposed field, what it holds now
      current_values: { developer: {}, scam_updates: [{ id: f.projectIncident, set: { currency: 'USD' } }] },
    });
    expect(list[1]).toMatchObject({
      developer: f.developer, project: null, developer_name: 'Alice Example', project_name: null,
      contact_information: 'tg @me', scam: null,
      current_values: { developer: { bio: 'old bio' }, scam_updates: [] },
    });
  });

  it('when a visitor asks for the list, then it answers 401', async () => {
    const client = await visitor(t.app);
    expect((await client.get(routes.editRequests.pending.path())).status).toBe(401);
  });

  it('when a signed-in member who is not staff asks for the list, then it answers 403', async () => {
    const member = await memberClient(t);
    expect((await member.get(routes.editRequests.pending.path())).status).toBe(403);
  });

  it('when a visitor tries to approve, then it answers 401 and nothing changes', async () => {
    const client = await visitor(t.app);
    const { body } = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), profileEdit);
    const res = await client.post(routes.editRequests.approve.path({ id: body.id }));
    expect(res.status).toBe(401);
    expect(editRow(t.db, body.id).verification_status).toBe('pending');
  });
});

describe('approving and rejecting an edit request', () => {
  async function submitFullEdit(): Promise<number> {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), {
      target_type: 'both', developer: f.developer, full_name: 'Bob Reporter',
      proposed_changes: {
        developer: { name: 'Alice Renamed', bio: 'Updated bio', gender: 'Female', nationality: 'Atlantis', languages: ['French', 'German'], location: 'Remote' },
        append: {
          scam_updates: [{ id: f.incidentA, set: { scamTypes: ['Rug Pull'], walletAddresses: ['0xabc'], bankAccounts: ['Bank A:123'], amount: '2500.5', currency: 'eur' } }],
          scam_creates: [{ description: 'A new scam', set: { companiesUsed: ['Shell Co'], ipAddresses: ['10.0.0.1'], amount: 42 } }],
        },
      },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('when staff approve, then profile fields, incident updates and new approved incidents are applied, the revision bumped and an audit row written', async () => {
    const id = await submitFullEdit();
    const revisionBefore = revisionOf(t.db, f.developer);
    const incidentsBefore = count(t.db, 'incidents');
    const staff = await staffClient(t);

    const res = await staff.post(routes.editRequests.approve.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'approved' });

    const profile = t.db.prepare('SELECT * FROM profiles WHERE id = ?').get(f.developer) as Record<string, unknown>;
    expect(profile).toMatchObject({
      name: 'Alice Renamed', bio: 'Updated bio', gender: 'Female', nationality: 'Atlantis', location: 'Remote',
    });
    expect(JSON.parse(profile.languages as string)).toEqual(['French', 'German']);
    expect(revisionOf(t.db, f.developer)).toBeGreaterThan(revisionBefore);

    const updated = incidentRow(t.db, f.incidentA)!;
    expect(JSON.parse(updated.types as string)).toEqual(['Rug Pull']);
    expect(JSON.parse(updated.wallet_addresses as string)).toEqual(['0xabc']);
    expect(JSON.parse(updated.bank_accounts as string)).toEqual([{ bank_name: 'Bank A', account: '123' }]);
    expect(updated).toMatchObject({ amount: 2500.5, currency: 'EUR', description: 'Rug pull on launch day' });
    // fields the set left out stay as they were
    expect(JSON.parse(updated.websites as string)).toEqual(['old.example']);
    expect(JSON.parse(updated.emails as string)).toEqual(['old@example.com']);
    expect(incidentRow(t.db, f.incidentB)).toMatchObject({ amount: 1000, currency: 'USD', types: '[]' });

    expect(count(t.db, 'incidents')).toBe(incidentsBefore + 1);
    const created = t.db.prepare('SELECT * FROM incidents WHERE description = ?').get('A new scam') as Record<string, unknown>;
    expect(created).toMatchObject({
      profile_id: f.developer, verification_status: 'approved', submitted_by: 'Anonymous', amount: 42, currency: 'USD',
    });
    expect(JSON.parse(created.companies as string)).toEqual(['Shell Co']);
    expect(JSON.parse(created.ip_addresses as string)).toEqual(['10.0.0.1']);
    expect(Date.parse(created.reported as string)).toBeGreaterThan(Date.parse(AT));

    expect(editRow(t.db, id).verification_status).toBe('approved');
    const auditRow = t.db.prepare("SELECT * FROM audit_log WHERE action = 'edit_request.approve'").get() as Record<string, string | number>;
    expect(auditRow).toMatchObject({ actor: 'staff', target_kind: 'edit_request', target_id: id });
    const before = JSON.parse(auditRow.before as string);
    const after = JSON.parse(auditRow.after as string);
    expect(before.profile.name).toBe('Alice Example');
    expect(after.profile.name).toBe('Alice Renamed');
    expect(before.incidents[0].currency).toBe('USD');
    expect(after.incidents[0].currency).toBe('EUR');
    expect(after.created[0].description).toBe('A new scam');

    expect((await staff.get(routes.editRequests.pending.path())).body).toEqual([]);
  });

  it('when an update sends amount null, then approving clears the amount and leaves the rest', async () => {
    const client = await visitor(t.app);
    const { body } = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), {
      target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: f.incidentB, set: { amount: null } }] } },
    });
    const staff = await staffClient(t);
    expect((await staff.post(routes.editRequests.approve.path({ id: body.id }))).status).toBe(200);
    expect(incidentRow(t.db, f.incidentB)).toMatchObject({ amount: null, currency: 'USD', description: 'Fake raise', websites: '["old.example"]' });
  });

  it('when staff approve a request twice, then the second answers 409', async () => {
    const id = await submitFullEdit();
    const staff = await staffClient(t);
    expect((await staff.post(routes.editRequests.approve.path({ id }))).status).toBe(200);
    const again = await staff.post(routes.editRequests.approve.path({ id }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already approved/);
    expect(count(t.db, 'incidents')).toBe(5);
  });

  it('when staff reject, then the request is rejected, nothing is applied and an audit row is written', async () => {
    const id = await submitFullEdit();
    const revisionBefore = revisionOf(t.db, f.developer);
    const staff = await staffClient(t);
    const res = await staff.post(routes.editRequests.reject.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'rejected' });
    expect(editRow(t.db, id).verification_status).toBe('rejected');
    expect(t.db.prepare('SELECT name FROM profiles WHERE id = ?').get(f.developer)).toEqual({ name: 'Alice Example' });
    expect(revisionOf(t.db, f.developer)).toBe(revisionBefore);
    expect(count(t.db, 'incidents')).toBe(4);
    expect(t.db.prepare("SELECT actor, target_id FROM audit_log WHERE action = 'edit_request.reject'").get()).toEqual({ actor: 'staff', target_id: id });
    // and it can no longer be approved
    expect((await staff.post(routes.editRequests.approve.path({ id }))).status).toBe(409);
  });

  it('when staff reject in bulk, then the pending ones are rejected in one write, a decided or missing one is skipped and said, and the reason is audited', async () => {
    const [first, second] = [await submitFullEdit(), await submitFullEdit()];
    const staff = await staffClient(t);
    expect((await staff.post(routes.editRequests.reject.path({ id: second }))).status).toBe(200);

    const res = await staff.post(routes.editRequests.bulkReject.path(), { ids: [first, second, 999_999], reason: 'Duplicates' });

    expect(res.status).toBe(200);
    expect(res.body.rejected).toEqual([first]);
    expect(res.body.skipped.map((s: { id: number }) => s.id)).toEqual([second, 999_999]);
    expect(editRow(t.db, first).verification_status).toBe('rejected');
    expect(JSON.parse((t.db.prepare("SELECT after FROM audit_log WHERE action = 'edit_request.bulk_reject'").get() as { after: string }).after))
      .toEqual({ ids: [first], reason: 'Duplicates' });
  });

  it('when an updated incident was deleted since, then approving answers 409 and applies nothing', async () => {
    const id = await submitFullEdit();
    t.db.prepare('DELETE FROM incidents WHERE id = ?').run(f.incidentA);
    const revisionBefore = revisionOf(t.db, f.developer);
    const staff = await staffClient(t);
    const res = await staff.post(routes.editRequests.approve.path({ id }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(new RegExp(`no longer exist.*#${f.incidentA}`));
    expect(t.db.prepare('SELECT name FROM profiles WHERE id = ?').get(f.developer)).toEqual({ name: 'Alice Example' });
    expect(count(t.db, 'incidents')).toBe(3);
    expect(revisionOf(t.db, f.developer)).toBe(revisionBefore);
    expect(editRow(t.db, id).verification_status).toBe('pending');
    expect(t.db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action LIKE 'edit_request.%'").get()).toEqual({ n: 0 });
  });

  it('when the request does not exist, then approving answers 404', async () => {
    const staff = await staffClient(t);
    expect((await staff.post(routes.editRequests.approve.path({ id: 4242 }))).status).toBe(404);
  });
});
