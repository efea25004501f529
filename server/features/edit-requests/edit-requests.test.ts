// API tests: POST /api/{developers|projects}/{id}/edit-request/ and the staff queue
// /api/admin/developer-edit-requests/ (product.md#entities, product.md#calls; docs/design.md#moderation).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { countRows, makeTestApp, memberClient, staffClient, visitor, type TestApp } from '../../test-support';
import { inTransaction } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { nextRevisionOn } from '../../db/revision';
import { auditRow, deleteIncident, revisionOf, rowById, rowOf, setSubmittedAt } from '../../../tests/support/api-rows';
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

// rows written straight through the test app's data layer (either engine), in one transaction
type Trx = Kysely<Database>;

async function insertProfile(trx: Trx, kind: 'developer' | 'project', name: string, status: 'verified' | 'unverified'): Promise<number> {
  const revision = await nextRevisionOn(trx);
  return (await trx.insertInto('profiles').values({
    kind, name, bio: 'old bio', nationality: 'Nowhere', languages: '["English"]', verification_status: status, joined_date: AT,
    reported_person_date: AT, submitted_at: AT, submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', revision,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function insertIncident(trx: Trx, profileId: number, description: string, status: 'approved' | 'pending' = 'approved'): Promise<number> {
  return (await trx.insertInto('incidents').values({
    profile_id: profileId, description, reported: AT, amount: 1000, currency: 'USD', websites: '["old.example"]',
    emails: '["old@example.com"]', verification_status: status,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function fixture(trx: Trx): Promise<Fixture> {
  const developer = await insertProfile(trx, 'developer', 'Alice Example', 'verified');
  const project = await insertProfile(trx, 'project', 'Moon Token', 'verified');
  return {
    developer,
    incidentA: await insertIncident(trx, developer, 'Rug pull on launch day'),
    incidentB: await insertIncident(trx, developer, 'Fake raise'),
    pendingIncident: await insertIncident(trx, developer, 'Not reviewed yet', 'pending'),
    project,
    projectIncident: await insertIncident(trx, project, 'Exit scam'),
    unverifiedDeveloper: await insertProfile(trx, 'developer', 'Hidden Person', 'unverified'),
  };
}

const profileEdit = { target_type: 'developer', proposed_changes: { developer: { bio: 'A new bio' } } };

const editRow = (id: number) => rowOf(t, 'edit_requests', id);
const incidentRow = (id: number) => rowById(t, 'incidents', id);
const profileName = async (id: number) =>
  t.engine.db.selectFrom('profiles').select('name').where('id', '=', id).executeTakeFirst();

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = makeTestApp();
  f = await inTransaction(t.engine, fixture);
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
    const row = await editRow(res.body.id);
    expect(row).toMatchObject({
      profile_id: f.developer, verification_status: 'pending', submitted_by: 'Anonymous', full_name: 'Anonymous',
      contact_information: 'me@example.com', target_type: 'developer',
    });
    expect(JSON.parse(row.proposed_changes)).toEqual({ developer: { bio: 'A new bio' } });
  });

  it('when the body carries a case id, then that case id is kept', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), { ...profileEdit, case_id: 'EDITREQ-2024-0042' });
    expect(res.status).toBe(201);
    expect(res.body.case_id).toBe('EDITREQ-2024-0042');
    expect((await editRow(res.body.id)).case_id).toBe('EDITREQ-2024-0042');
  });

  it('when an incident update leaves the amount out, then the stored changes hold only the fields sent', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.developer }), {
      target_type: 'scam', scam: f.incidentA,
      proposed_changes: { append: { scam_updates: [{ id: f.incidentA, set: { websites: ['new.example'] } }] } },
    });
    expect(res.status).toBe(201);
    expect(JSON.parse((await editRow(res.body.id)).proposed_changes)).toEqual({
      append: { scam_updates: [{ id: f.incidentA, set: { websites: ['new.example'] } }] },
    });
    expect((await editRow(res.body.id)).scam_id).toBe(f.incidentA);
  });

  it('when a visitor edits a verified project, then the request is stored against the project', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.project.path({ id: f.project }), {
      target_type: 'both', project: f.project,
      proposed_changes: { developer: { name: 'Moon Token v2' }, append: { scam_updates: [{ id: f.projectIncident, set: { amount: 5 } }] } },
    });
    expect(res.status).toBe(201);
    expect((await editRow(res.body.id)).profile_id).toBe(f.project);
  });

  it('when a signed-in member submits, then the request is recorded as submitted by that member', async () => {
    const member = await memberClient(t);
    const res = await member.post(routes.editRequests.submit.developer.path({ id: f.developer }), profileEdit);
    expect(res.status).toBe(201);
    expect((await editRow(res.body.id)).submitted_by).toBe('member');
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
      const before = await countRows(t, 'edit_requests');
      const res = await client.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(await countRows(t, 'edit_requests')).toBe(before);
    });
  }

  it('when the scammer does not exist, then it answers 404', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: 99999 }), profileEdit);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('That scammer was not found.');
    expect(await countRows(t, 'edit_requests')).toBe(0);
  });

  it('when the scammer is not verified, then it answers 404 as if it did not exist', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.editRequests.submit.developer.path({ id: f.unverifiedDeveloper }), profileEdit);
    expect(res.status).toBe(404);
    expect(await countRows(t, 'edit_requests')).toBe(0);
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
    expect(await countRows(t, 'edit_requests')).toBe(0);
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
    await setSubmittedAt(t, 'edit_requests', first.body.id, '2025-02-01T00:00:00.000Z');
    await setSubmittedAt(t, 'edit_requests', second.body.id, '2025-01-15T00:00:00.000Z');

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
    expect((await editRow(body.id)).verification_status).toBe('pending');
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
    const revisionBefore = await revisionOf(t, f.developer);
    const incidentsBefore = await countRows(t, 'incidents');
    const staff = await staffClient(t);

    const res = await staff.post(routes.editRequests.approve.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'approved' });

    const profile = await rowOf(t, 'profiles', f.developer);
    expect(profile).toMatchObject({
      name: 'Alice Renamed', bio: 'Updated bio', gender: 'Female', nationality: 'Atlantis', location: 'Remote',
    });
    expect(JSON.parse(profile.languages)).toEqual(['French', 'German']);
    expect(await revisionOf(t, f.developer)).toBeGreaterThan(revisionBefore);

    const updated = (await incidentRow(f.incidentA))!;
    expect(JSON.parse(updated.types)).toEqual(['Rug Pull']);
    expect(JSON.parse(updated.wallet_addresses)).toEqual(['0xabc']);
    expect(JSON.parse(updated.bank_accounts)).toEqual([{ bank_name: 'Bank A', account: '123' }]);
    expect(updated).toMatchObject({ amount: 2500.5, currency: 'EUR', description: 'Rug pull on launch day' });
    // fields the set left out stay as they were
    expect(JSON.parse(updated.websites)).toEqual(['old.example']);
    expect(JSON.parse(updated.emails)).toEqual(['old@example.com']);
    expect(await incidentRow(f.incidentB)).toMatchObject({ amount: 1000, currency: 'USD', types: '[]' });

    expect(await countRows(t, 'incidents')).toBe(incidentsBefore + 1);
    const created = await t.engine.db.selectFrom('incidents').selectAll().where('description', '=', 'A new scam').orderBy('id').executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      profile_id: f.developer, verification_status: 'approved', submitted_by: 'Anonymous', amount: 42, currency: 'USD',
    });
    expect(JSON.parse(created.companies)).toEqual(['Shell Co']);
    expect(JSON.parse(created.ip_addresses)).toEqual(['10.0.0.1']);
    expect(Date.parse(created.reported)).toBeGreaterThan(Date.parse(AT));

    expect((await editRow(id)).verification_status).toBe('approved');
    const audited = await auditRow(t, 'edit_request.approve');
    expect(audited).toMatchObject({ actor: 'staff', target_kind: 'edit_request', target_id: id });
    const before = JSON.parse(audited!.before!);
    const after = JSON.parse(audited!.after!);
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
    expect(await incidentRow(f.incidentB)).toMatchObject({ amount: null, currency: 'USD', description: 'Fake raise', websites: '["old.example"]' });
  });

  it('when staff approve a request twice, then the second answers 409', async () => {
    const id = await submitFullEdit();
    const staff = await staffClient(t);
    expect((await staff.post(routes.editRequests.approve.path({ id }))).status).toBe(200);
    const again = await staff.post(routes.editRequests.approve.path({ id }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already approved/);
    expect(await countRows(t, 'incidents')).toBe(5);
  });

  it('when staff reject, then the request is rejected, nothing is applied and an audit row is written', async () => {
    const id = await submitFullEdit();
    const revisionBefore = await revisionOf(t, f.developer);
    const staff = await staffClient(t);
    const res = await staff.post(routes.editRequests.reject.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, verification_status: 'rejected' });
    expect((await editRow(id)).verification_status).toBe('rejected');
    expect(await profileName(f.developer)).toEqual({ name: 'Alice Example' });
    expect(await revisionOf(t, f.developer)).toBe(revisionBefore);
    expect(await countRows(t, 'incidents')).toBe(4);
    const rejected = await t.engine.db.selectFrom('audit_log').select(['actor', 'target_id']).where('action', '=', 'edit_request.reject').orderBy('id').executeTakeFirst();
    expect(rejected).toEqual({ actor: 'staff', target_id: id });
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
    expect((await editRow(first)).verification_status).toBe('rejected');
    expect(JSON.parse((await auditRow(t, 'edit_request.bulk_reject'))!.after!))
      .toEqual({ ids: [first], reason: 'Duplicates' });
  });

  it('when an updated incident was deleted since, then approving answers 409 and applies nothing', async () => {
    const id = await submitFullEdit();
    await deleteIncident(t, f.incidentA);
    const revisionBefore = await revisionOf(t, f.developer);
    const staff = await staffClient(t);
    const res = await staff.post(routes.editRequests.approve.path({ id }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(new RegExp(`no longer exist.*#${f.incidentA}`));
    expect(await profileName(f.developer)).toEqual({ name: 'Alice Example' });
    expect(await countRows(t, 'incidents')).toBe(3);
    expect(await revisionOf(t, f.developer)).toBe(revisionBefore);
    expect((await editRow(id)).verification_status).toBe('pending');
    const audits = await t.engine.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', 'like', 'edit_request.%').executeTakeFirstOrThrow();
    expect(audits).toEqual({ n: 0 });
  });

  it('when the request does not exist, then approving answers 404', async () => {
    const staff = await staffClient(t);
    expect((await staff.post(routes.editRequests.approve.path({ id: 4242 }))).status).toBe(404);
  });
});
