import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, memberClient, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportProfile } from '../../test-flows';
import { auditRow, rowOf } from '../../../tests/support/api-rows';
import { routes } from '../../../shared/contract/routes';

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

describe('reporting a profile', () => {
  it('when a visitor reports a scammer, then it is stored unverified and the answer is its id', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), {
      name: '  Jane Roe ', bio: 'Runs fake raises', gender: 'Female', location: 'Lisbon', geolocation: '38.7,-9.1',
      nationality: 'Portuguese', languages: ['Portuguese', 'English', ''], accent: 'Lisbon',
      reported_person_date: '2020-01-01', verification_status: 'verified', is_verified: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), receipt: { reference: expect.any(String), token: expect.any(String), url: expect.any(String), page: expect.any(String) } }); // issue 20: and its receipt
    const row = await rowOf(t, 'profiles', res.body.id);
    expect(row).toMatchObject({
      kind: 'developer', name: 'Jane Roe', verification_status: 'unverified', submitted_by: 'Anonymous',
      submission_kind: 'NEW_DEVELOPER', languages: '["Portuguese","English"]',
    });
    expect(row.reported_person_date).not.toBe('2020-01-01');
  });

  it('when a signed-in member reports a project, then the submission records who sent it', async () => {
    const member = await memberClient(t);
    const id = await reportProfile(member, 'projects', { name: 'MoonVault' });
    const row = await t.engine.db.selectFrom('profiles').select(['kind', 'submitted_by', 'submission_kind']).where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ kind: 'project', submitted_by: 'member', submission_kind: 'NEW_PROJECT' });
  });

  it('when the name is blank, then the answer is 400 with a readable message and nothing is written', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Full name is required');
    expect(res.body.details[0]).toMatchObject({ path: 'name' });
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when the payload carries an unknown field, then it is refused (no mass assignment)', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), { name: 'Jane', revision: 99, submitted_by: 'staff' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/revision|submitted_by|Unrecognized/i);
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when the gender is not one of the spec options, then it is refused', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), { name: 'Jane', gender: 'robot' });
    expect(res.status).toBe(400);
    expect(await countRows(t, 'profiles')).toBe(0);
  });
});

describe('the public lists', () => {
  it('when profiles are reported and one is verified, then visitors see only the verified one with the spec field names', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Alice Crook', languages: ['English'] }, [
      { walletAddresses: ['0xabc'], telegrams: ['@alice'], scamTypes: ['Rug Pull'], bankAccounts: [{ bank_name: 'Acme Bank', account: '123' }] },
    ]);
    await reportProfile(anon, 'developers', { name: 'Still Pending' });
    const res = await anon.get(routes.profiles.list.developer.path({ query: { page_size: 9999 } }));
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    const [profile] = res.body.results;
    expect(profile).toMatchObject({
      id, name: 'Alice Crook', isVerified: true, verification_status: 'verified', languages: ['English'],
      walletAddresses: ['0xabc'], telegram: ['@alice'], scam_type: ['Rug Pull'], bank: ['Acme Bank'],
      bankAccounts: [{ bank_name: 'Acme Bank', account: '123' }], currencies: ['USD'],
    });
    for (const field of ['company', 'companyAddress', 'industry', 'email', 'phone', 'website', 'ipAddresses', 'knownPartners', 'companiesUsed', 'joinedDate', 'reported_person_date', 'nickname', 'avatar', 'bio', 'gender', 'nationality', 'accent', 'geolocation', 'location']) {
      expect(profile).toHaveProperty(field);
    }
    expect(profile).not.toHaveProperty('submittedBy');
  });

  it('when projects and scammers both exist, then each list holds only its kind', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'Dev One' });
    await publishedProfile(anon, staff, 'projects', { name: 'Project One' });
    const devs = await anon.get(routes.profiles.list.developer.path({ query: { page_size: 9999 } }));
    const projects = await anon.get(routes.profiles.list.project.path({ query: { page_size: 9999 } }));
    expect(devs.body.results.map((p: { name: string }) => p.name)).toEqual(['Dev One']);
    expect(projects.body.results.map((p: { name: string }) => p.name)).toEqual(['Project One']);
  });

  it('when a page size is given, then the list is paged with next and previous links', async () => {
    for (const name of ['A', 'B', 'C']) await publishedProfile(anon, staff, 'developers', { name }, []);
    const first = await anon.get(routes.profiles.list.developer.path({ query: { page_size: 2 } }));
    expect(first.body).toMatchObject({ count: 3, previous: null, next: '/api/developers/?page=2&page_size=2' });
    expect(first.body.results.map((p: { name: string }) => p.name)).toEqual(['A', 'B']);
    const second = await anon.get(routes.profiles.list.developer.path({ query: { page: 2, page_size: 2 } }));
    expect(second.body.results.map((p: { name: string }) => p.name)).toEqual(['C']);
    expect(second.body.next).toBeNull();
  });

  it('when the list has not changed, then a request with its ETag gets 304, and after a change 200', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await anon.get(routes.profiles.list.developer.path({ query: { page_size: 9999 } }));
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await anon.get(routes.profiles.list.developer.path({ query: { page_size: 9999 } })).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    await publishedProfile(anon, staff, 'developers', { name: 'B' }, []);
    const changed = await anon.get(routes.profiles.list.developer.path({ query: { page_size: 9999 } })).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.count).toBe(2);
  });

  it('when a page is answered from the per-revision cache, then it matches a fresh build and a change replaces it', async () => {
    for (const name of ['A', 'B', 'C']) await publishedProfile(anon, staff, 'developers', { name }, []);
    const first = await anon.get(routes.profiles.list.developer.path({ query: { page: 2, page_size: 2 } }));
    const cached = await anon.get(routes.profiles.list.developer.path({ query: { page: 2, page_size: 2 } }));
    expect(cached.text).toBe(first.text);
    expect(cached.headers.etag).toBe(first.headers.etag);
    const notModified = await anon.get(routes.profiles.list.developer.path({ query: { page: 2, page_size: 2 } })).set('If-None-Match', `W/${first.headers.etag as string}, "other"`);
    expect(notModified.status).toBe(304);
    await publishedProfile(anon, staff, 'developers', { name: 'D' }, []);
    const changed = await anon.get(routes.profiles.list.developer.path({ query: { page: 2, page_size: 2 } }));
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.body.results.map((p: { name: string }) => p.name)).toEqual(['C', 'D']);
  });

  it('when page_size is not a number, then the answer is 400', async () => {
    const res = await anon.get('/api/developers/?page_size=lots');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('page_size');
  });
});

describe('the staff queue of reported profiles', () => {
  it('when a visitor asks for unverified profiles, then the answer is 401, and 403 for a member', async () => {
    expect((await anon.get(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } }))).status).toBe(401);
    const member = await memberClient(t);
    expect((await member.get(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } }))).status).toBe(403);
  });

  it('when staff ask for unverified profiles, then they get the submissions with when, by whom and their kind', async () => {
    const id = await reportProfile(anon, 'developers', { name: 'New One', geolocation: '1,2' });
    const res = await staff.get(routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: 9999 } }));
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0]).toMatchObject({
      id, name: 'New One', verification_status: 'unverified', isVerified: false, kind: 'NEW_DEVELOPER',
      submittedBy: 'Anonymous', coordinatesGeolocation: '1,2', submittedAt: expect.any(String),
    });
  });
});

describe('one profile', () => {
  it('when a visitor opens an unverified profile, then it is 404; staff see it', async () => {
    const id = await reportProfile(anon, 'developers', { name: 'Hidden' });
    expect((await anon.get(routes.profiles.detail.developer.path({ id }))).status).toBe(404);
    const res = await staff.get(routes.profiles.detail.developer.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Hidden', kind: 'NEW_DEVELOPER' });
  });

  it('when a project id is asked for under /api/developers/, then it is 404', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'P' }, []);
    expect((await anon.get(routes.profiles.detail.developer.path({ id }))).status).toBe(404);
    expect((await anon.get(routes.profiles.detail.project.path({ id }))).status).toBe(200);
    expect((await anon.get('/api/projects/abc/')).status).toBe(404);
  });
});

describe('moderating profiles', () => {
  it('when staff verify a profile, then it is public, its revision moves and the action is audited', async () => {
    const id = await reportProfile(anon, 'developers', { name: 'To Verify' });
    const res = await staff.post(routes.profiles.verify.developer.path({ id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, verification_status: 'verified' });
    const row = await rowOf(t, 'profiles', id);
    expect(row.verification_status).toBe('verified');
    expect(row.revision).toBeGreaterThan(0);
    expect(await auditRow(t, 'developer.verify')).toMatchObject({ actor: 'staff', action: 'developer.verify', target_id: id });
  });

  it('when staff reject a published profile, then it leaves the list and a tombstone is written', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'Gone Soon' }, []);
    const res = await staff.post(routes.profiles.reject.project.path({ id }));
    expect(res.status).toBe(200);
    expect((await anon.get(routes.profiles.list.project.path({ query: { page_size: 9999 } }))).body.count).toBe(0);
    expect(await t.engine.db.selectFrom('tombstones').select(['kind', 'id']).orderBy('kind').orderBy('id').execute()).toEqual([{ kind: 'project', id }]);
  });

  it('when a visitor or a member tries to verify, then 401 / 403 and nothing changes', async () => {
    const id = await reportProfile(anon, 'developers', { name: 'X' });
    expect((await anon.post(routes.profiles.verify.developer.path({ id }))).status).toBe(401);
    const member = await memberClient(t);
    expect((await member.post(routes.profiles.verify.developer.path({ id }))).status).toBe(403);
    expect(await t.engine.db.selectFrom('profiles').select('verification_status').where('id', '=', id).executeTakeFirst()).toEqual({ verification_status: 'unverified' });
    expect(await countRows(t, 'audit_log')).toBe(2); // only the two sign-ins
  });

  it('when staff verify an unknown id, then the answer is 404 JSON', async () => {
    const res = await staff.post(routes.profiles.verify.developer.path({ id: 9999 }));
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/not found/);
  });
});
