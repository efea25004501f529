import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, memberClient, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../../test-flows';
import { routes } from '../../../shared/contract/routes';
import { countWhere, revisionOf } from '../../../tests/support/api-rows';

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('reporting an incident', () => {
  it('when the Add Scam payload is posted, then a pending incident is stored with every field', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Target' }, []);
    const res = await anon.post(routes.incidents.submit.developer.path({ id }), {
      description: 'Fake presale', lostAmount: '1,250.12345678', currency: 'usdt', victimsContact: 'victim@example.com',
      avatar: PNG_1x1, scamDate: '2024-05-01', nicknames: ['Bob'], industries: ['DeFi'], scamTypes: ['Rug Pull'],
      companiesUsed: ['Acme'], companyAddresses: ['1 Main St'], websites: ['scam.example'], emails: ['a@b.example'],
      phones: ['+1 555'], telegrams: ['@bob'], walletAddresses: ['0x1'], ipAddresses: ['10.0.0.1'],
      bankAccounts: [{ bank_name: 'Acme Bank', account: '42' }, { bank_name: '', account: '' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'pending', receipt: { reference: expect.any(String), token: expect.any(String), url: expect.any(String), page: expect.any(String) } });
    const row = await t.engine.db.selectFrom('incidents').selectAll().where('id', '=', res.body.id as number).executeTakeFirst();
    expect(row).toMatchObject({
      profile_id: id, verification_status: 'pending', amount: 1250.12345678, currency: 'USDT', occurred: '2024-05-01',
      submitter_contact: 'victim@example.com', types: '["Rug Pull"]', bank_accounts: '[{"bank_name":"Acme Bank","account":"42"}]',
      // decoded and encoded anew on the server (http/avatar.test.ts)
      avatar: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
    });
  });

  it('when the wizard snake_case payload is posted to a new unverified profile, then it lands pending too', async () => {
    const id = await reportProfile(anon, 'developers', { name: 'Fresh' });
    const res = await anon.post(routes.incidents.report.developer.path({ id }), {
      nickname: 'Slick', companies_used: ['Acme'], company_address: '2 Side St', industry: ['NFT'], scam_type: ['Phishing'],
      website: 'x.example', email: [], phone: [], telegram: ['@slick'], wallet_addresses: ['bc1q'], bank_accounts: ['Acme Bank:99'],
      ip_addresses: [], description: 'Phished', lostAmount: 50, victimsContact: 'me', verification_status: 'verified', is_verified: true,
    });
    expect(res.status).toBe(201);
    const row = await t.engine.db.selectFrom('incidents')
      .select(['nicknames', 'company_addresses', 'bank_accounts', 'verification_status', 'currency'])
      .where('id', '=', res.body.id as number).executeTakeFirst();
    expect(row).toEqual({
      nicknames: '["Slick"]', company_addresses: '["2 Side St"]', bank_accounts: '[{"bank_name":"Acme Bank","account":"99"}]',
      verification_status: 'pending', currency: 'USD',
    });
  });

  it('when description or lost amount is missing or the amount is text, then 400 and nothing is written', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Target' }, []);
    for (const body of [{ lostAmount: '5' }, { description: 'x' }, { description: 'x', lostAmount: 'lots' }, { description: 'x', lostAmount: '1.123456789' }]) {
      const res = await anon.post(routes.incidents.submit.developer.path({ id }), body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await countRows(t, 'incidents')).toBe(0);
  });

  it('when the avatar is not a real PNG, JPEG or WebP image, then 400', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Target' }, []);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const fakePng = `data:image/png;base64,${Buffer.from('<html>not an image</html>').toString('base64')}`;
    const huge = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(210 * 1024)]).toString('base64')}`;
    for (const avatar of [svg, fakePng, huge, 'https://evil.example/a.png']) {
      const res = await anon.post(routes.incidents.submit.developer.path({ id }), { description: 'x', lostAmount: '1', avatar });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/avatar/);
    }
    expect(await countRows(t, 'incidents')).toBe(0);
  });

  it('when the profile does not exist or is of the other kind, then 404', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'P' }, []);
    expect((await anon.post(routes.incidents.submit.developer.path({ id: 424242 }), { description: 'x', lostAmount: '1' })).status).toBe(404);
    expect((await anon.post(routes.incidents.submit.developer.path({ id }), { description: 'x', lostAmount: '1' })).status).toBe(404);
    expect(await countRows(t, 'incidents')).toBe(0);
  });
});

describe('reading incidents', () => {
  it('when a profile has approved, pending and rejected incidents, then visitors see only the approved ones, without contact details', async () => {
    const { id, incidentIds } = await publishedProfile(anon, staff, 'developers', { name: 'T' }, [
      { description: 'approved one', lostAmount: '10.5', victimsContact: 'secret@example.com', scamDate: '2023-01-02' },
    ]);
    const pending = await reportIncident(anon, 'developers', id, { description: 'pending one' });
    const rejected = await reportIncident(anon, 'developers', id, { description: 'rejected one' });
    await staff.post(routes.incidents.reject.path({ id: rejected }));
    const res = await anon.get(routes.incidents.ofProfile.developer.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body.incidents).toHaveLength(1);
    expect(res.body.incidents[0]).toMatchObject({ id: incidentIds[0], description: 'approved one', amount: 10.5, currency: 'USD', occurred: '2023-01-02', status: 'approved' });
    expect(JSON.stringify(res.body)).not.toContain('secret@example.com');
    expect(pending).toBeGreaterThan(0);
  });

  it('when the profile is not verified, then visitors get 404 for its incidents', async () => {
    const id = await reportProfile(anon, 'developers', { name: 'Unverified' });
    expect((await anon.get(routes.incidents.ofProfile.developer.path({ id }))).status).toBe(404);
  });
});

describe('moderating incidents', () => {
  it('when staff list pending incidents, then each carries its profile, its submitter and the contact', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'Proj' }, []);
    const incident = await reportIncident(anon, 'projects', id, { victimsContact: 'call me', walletAddresses: ['0xdead'] });
    const res = await staff.get(routes.incidents.pending.path());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({
      id: incident, project: id, project_name: 'Proj', developer: null, submitter_contact: 'call me',
      submitted_by: 'Anonymous', verification_status: 'pending', wallet_addresses: ['0xdead'], amount: 1000,
    })]);
    const one = await staff.get(routes.incidents.detail.path({ id: incident }));
    expect(one.body).toMatchObject({ id: incident, project_name: 'Proj' });
  });

  it('when a visitor asks for the pending incidents or a detail, then 401, and 403 for a member', async () => {
    expect((await anon.get(routes.incidents.pending.path())).status).toBe(401);
    expect((await anon.get(routes.incidents.detail.path({ id: 1 }))).status).toBe(401);
    const member = await memberClient(t);
    expect((await member.get(routes.incidents.pending.path())).status).toBe(403);
  });

  it('when staff approve an incident of a verified profile, then it is public and the profile revision moves', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'T' }, []);
    const before = await revisionOf(t, id);
    const incident = await reportIncident(anon, 'developers', id);
    const res = await staff.post(routes.incidents.approve.path({ id: incident }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: incident, verification_status: 'approved' });
    const after = await revisionOf(t, id);
    expect(after).toBeGreaterThan(before);
    expect((await anon.get(routes.incidents.ofProfile.developer.path({ id }))).body.incidents).toHaveLength(1);
    expect(await countWhere(t, 'audit_log', 'action', 'incident.approve')).toBe(1);
  });

  it('when staff reject an incident, then it stays out of public view', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'T' }, []);
    const incident = await reportIncident(anon, 'developers', id);
    expect((await staff.post(routes.incidents.reject.path({ id: incident }))).body.verification_status).toBe('rejected');
    expect((await anon.get(routes.incidents.ofProfile.developer.path({ id }))).body.incidents).toEqual([]);
    expect((await staff.get(routes.incidents.pending.path())).body).toEqual([]);
  });
});
