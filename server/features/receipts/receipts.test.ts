// Receipts (issue 20) on the real app and a temp database: every accepted submission answers with
// a reference and a private token; the receipt's status follows the moderation decision and says
// when it changed; it shows nothing of the submission, and any other token reveals nothing.
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, staffClient, visitor, type Client, type TestApp, TEST_ENGINE } from '../../test-support';
import { publishedProfile } from '../../test-flows';
import { routes } from '../../../shared/contract/routes';
import { createdWithReceiptSchema, receiptSchema, type Receipt, type ReceiptIssued } from '../../../shared/contract/receipt';

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

async function accepted(res: PromiseLike<request.Response>): Promise<{ id: number; receipt: ReceiptIssued }> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return createdWithReceiptSchema.parse(answer.body);
}

async function receipt(issued: ReceiptIssued): Promise<Receipt> {
  const res = await request(t.app).get(issued.url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return receiptSchema.parse(res.body);
}

const CONTACT = 'carol.private@example.com';

/** The token with its last character changed (never to itself: a token ending in 'A' made this flaky, 1 in 64). */
const oneCharacterOff = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
const removal = (developer: number) => ({
  case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', contact_information: CONTACT,
  explanation: 'This is about someone else with the same name.', target_type: 'developer', developer,
});

describe('receipts', () => {
  it('when a profile is reported, then its receipt reads in review, then published once staff verify it, with the time it changed', async () => {
    const { id, receipt: issued } = await accepted(anon.post(routes.profiles.create.developer.path(), { name: 'Receipt Person' }));
    expect(issued.reference).toBe(`REPORT-${String(id).padStart(4, '0')}`);
    expect(issued.url).toBe(routes.receipts.read.path({ token: issued.token }));
    expect(issued.page).toBe(`/receipts/${issued.token}`);
    const waiting = await receipt(issued);
    expect(waiting).toMatchObject({ reference: issued.reference, kind: 'developer', status: 'in_review' });
    expect(waiting.changed_at).toBe(waiting.submitted_at);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await staff.post(routes.profiles.verify.developer.path({ id }));
    const published = await receipt(issued);
    expect(published.status).toBe('published');
    expect(published.changed_at > published.submitted_at).toBe(true);
  });

  it('when an incident, an edit and a removal are decided, then each receipt follows its decision', async () => {
    const { id: profile } = await publishedProfile(anon, staff, 'developers', { name: 'Alice Example' });
    const incident = await accepted(anon.post(routes.incidents.submit.developer.path({ id: profile }), { description: 'Fake raise', lostAmount: '10' }));
    const edit = await accepted(anon.post(routes.editRequests.submit.developer.path({ id: profile }), { target_type: 'developer', proposed_changes: { developer: { bio: 'A new bio' } } }));
    const asked = await accepted(anon.post(routes.removalRequests.submit.path(), removal(profile)));
    expect([incident, edit, asked].map((a) => a.receipt.reference.split('-')[0])).toEqual(['INCIDENT', 'EDIT', 'REMOVAL']);
    for (const a of [incident, edit, asked]) expect((await receipt(a.receipt)).status).toBe('in_review');

    await staff.post(routes.incidents.reject.path({ id: incident.id }));
    await staff.post(routes.editRequests.approve.path({ id: edit.id }));
    expect((await receipt(incident.receipt)).status).toBe('not_accepted');
    expect((await receipt(edit.receipt)).status).toBe('published');

    await staff.post(routes.removalRequests.process.path({ id: asked.id }));
    expect((await receipt(asked.receipt)).status).toBe('processed');
    // the profile the removal took away: what was reported about it is gone too
    expect((await receipt(edit.receipt)).status).toBe('removed');
  });

  it('when a removal request is refused, then its receipt reads not accepted', async () => {
    const { id: profile } = await publishedProfile(anon, staff, 'developers', { name: 'Alice Example' });
    const asked = await accepted(anon.post(routes.removalRequests.submit.path(), removal(profile)));
    await staff.post(routes.removalRequests.reject.path({ id: asked.id }));
    expect((await receipt(asked.receipt)).status).toBe('not_accepted');
  });

  it('when a receipt is read, then it shows nothing of the submission; another token, guessed or malformed, reveals nothing', async () => {
    const { id: profile } = await publishedProfile(anon, staff, 'developers', { name: 'Alice Example' });
    const asked = await accepted(anon.post(routes.removalRequests.submit.path(), removal(profile)));
    const res = await request(t.app).get(asked.receipt.url);
    expect(Object.keys(res.body as object).sort()).toEqual(['changed_at', 'kind', 'reference', 'status', 'submitted_at']);
    expect(JSON.stringify(res.body)).not.toContain(CONTACT);
    expect(res.headers['cache-control']).toBe('no-store');

    const guessed = randomBytes(32).toString('base64url');
    const answers = await Promise.all([guessed, 'short', oneCharacterOff(asked.receipt.token), String(asked.id)].map((token) =>
      request(t.app).get(routes.receipts.read.path({ token }))));
    for (const other of answers) {
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ error: 'That receipt was not found.' });
    }
    // only the token's hash is stored
    const stored = await t.engine.db.selectFrom('receipts').selectAll().orderBy('token_hash').execute();
    expect(stored).toHaveLength(3); // the report, the incident and the removal request
    expect(JSON.stringify(stored)).not.toContain(asked.receipt.token);
  });

  it('when a submission is replayed with its Idempotency-Key, then the same receipt comes back and no second one is made', async () => {
    const key = { 'Idempotency-Key': 'receipt-replay-0001' };
    const first = await accepted(anon.post(routes.profiles.create.project.path(), { name: 'Moon Vault' }, key));
    const again = await accepted(anon.post(routes.profiles.create.project.path(), { name: 'Moon Vault' }, key));
    expect(again).toEqual(first);
    expect(await countRows(t, 'receipts')).toBe(1);
  });
});

// SQLite-only: SQLite gives the largest rowid again once its row is deleted, and this test needs a later
// report to take a removed profile's id; PostgreSQL's identity columns never give an id again.
describe.skipIf(TEST_ENGINE === 'postgres')('receipts (SQLite-only: a deleted row\'s id given again)', () => {
  it('when its item was removed and a later report took the same id, then the receipt reads removed, not the later one\'s status', async () => {
    const first = await accepted(anon.post(routes.profiles.create.developer.path(), { name: 'First Person' }));
    await staff.post(routes.profiles.verify.developer.path({ id: first.id }));
    const asked = await accepted(anon.post(routes.removalRequests.submit.path(), removal(first.id)));
    await staff.post(routes.removalRequests.process.path({ id: asked.id }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await accepted(anon.post(routes.profiles.create.developer.path(), { name: 'Later Person' }));
    expect(later.id).toBe(first.id); // SQLite gave the id again
    expect((await receipt(first.receipt)).status).toBe('removed');
    expect((await receipt(later.receipt)).status).toBe('in_review');
  });
});
