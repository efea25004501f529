// Shared identifiers on the staff reads of submissions (issue 16, step 7), through the API: the
// admin panel's lists of reported profiles and pending incidents, and the detail reads.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp, TEST_ENGINE } from '../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../test-flows';
import { PROFILE_FETCH_SIZE } from '../../shared/constants';
import { routes } from '../../shared/contract/routes';
import type { SharedIdentifier } from '../../shared/contract/shared-identifiers';
import { PENDING_SIDE_SQL } from './shared-identifiers';
import { caseId } from '../../shared/domain/case-id';
import { seedDemoOn } from '../demo/seed-engine';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let t: TestApp;
let anon: Client;
let staff: Client;
let listed: number;
let reportedA: number;
let incidentA: number;
let reportedB: number;
let incidentB: number;
let onListed: number;
let unrelated: number;

beforeEach(async () => {
  t = makeTestApp();
  await seedDemoOn(t.engine, { profiles: 40 });
  anon = await visitor(t.app);
  staff = await staffClient(t);
  // a listed scammer whose wallet two approved incidents name
  ({ id: listed } = await publishedProfile(anon, staff, 'developers', { name: 'Aldric Webster' }, [
    { walletAddresses: [WALLET], telegrams: ['@merrow_fict302'] }, { walletAddresses: [WALLET.toLowerCase()] },
  ]));
  // two new reports naming it, as pasted
  reportedA = await reportProfile(anon, 'developers', { name: 'A. Webster' });
  incidentA = await reportIncident(anon, 'developers', reportedA, {
    walletAddresses: [`ethereum:${WALLET}@1`], phones: ['+44 113 496 0123'], victimsContact: 'victim@mail.invalid',
  });
  reportedB = await reportProfile(anon, 'projects', { name: 'Webster Coin' });
  incidentB = await reportIncident(anon, 'projects', reportedB, { walletAddresses: [WALLET.toUpperCase().replace('0X', '0x')], telegrams: ['t.me/merrow_fict302'] });
  // an incident reported on the listed profile
  onListed = await reportIncident(anon, 'developers', listed, { walletAddresses: [WALLET] });
  unrelated = await reportProfile(anon, 'developers', { name: 'Nobody Shared' });
  await reportIncident(anon, 'developers', unrelated, { telegrams: ['@nobody_shares_this'] });
});
afterEach(() => t.close());

const awaiting = (kind: 'developer' | 'project') =>
  routes.profiles.list[kind].path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } });

async function sharedOfProfile(kind: 'developer' | 'project', id: number): Promise<SharedIdentifier[]> {
  const res = await staff.get(awaiting(kind));
  expect(res.status).toBe(200);
  const profile = (res.body.results as { id: number; shared_identifiers: SharedIdentifier[] }[]).find((p) => p.id === id)!;
  return profile.shared_identifiers;
}

async function sharedOfIncident(id: number): Promise<SharedIdentifier[]> {
  const res = await staff.get(routes.incidents.pending.path());
  expect(res.status).toBe(200);
  return (res.body as { id: number; shared_identifiers: SharedIdentifier[] }[]).find((s) => s.id === id)!.shared_identifiers;
}

describe('shared identifiers of a reported profile', () => {
  it('when its wallet is listed and named by other submissions, then staff see the profile, the submissions and how many reports name it', async () => {
    const shared = await sharedOfProfile('developer', reportedA);

    expect(shared).toEqual([{
      kind: 'evm', canonical: WALLET.toLowerCase(), field: 'walletAddresses', value: `ethereum:${WALLET}@1`,
      // the listed profile's two incidents, this report, the other report, the incident on the listed profile
      reports: 5,
      // as the profile shows it first: the newer incident's, in lower case
      profiles: [{ id: listed, kind: 'developer', name: 'Aldric Webster', case_id: caseId(listed), field: 'walletAddresses', value: WALLET.toLowerCase() }],
      submissions: [
        {
          type: 'project', id: reportedB, name: 'Webster Coin', profile_kind: 'project', submission_kind: 'NEW_PROJECT',
          field: 'walletAddresses', value: WALLET.toUpperCase().replace('0X', '0x'),
        },
        // an incident on a listed scammer: its card reads New Scammer Scam
        { type: 'scam', id: onListed, name: 'Aldric Webster', profile_kind: 'developer', submission_kind: null, field: 'walletAddresses', value: WALLET },
      ],
    }]);
  });

  it('when only it names an identifier, then that identifier is not listed', async () => {
    expect((await sharedOfProfile('developer', reportedA)).map((s) => s.kind)).not.toContain('phone');
    expect(await sharedOfProfile('developer', unrelated)).toEqual([]);
  });

  it('when a handle is shared too, then each identifier is listed with its own holders', async () => {
    const shared = await sharedOfProfile('project', reportedB);

    expect(shared.map((s) => [s.kind, s.canonical, s.reports, s.profiles.map((p) => p.id), s.submissions.map((x) => `${x.type}:${x.id}`)])).toEqual([
      ['evm', WALLET.toLowerCase(), 5, [listed], [`developer:${reportedA}`, `scam:${onListed}`]],
      ['telegram', 'merrow_fict302', 2, [listed], []],
    ]);
  });

  it('when staff open one profile, then its detail carries the same; a visitor\'s read of a listed profile carries none', async () => {
    const detail = await staff.get(routes.profiles.detail.developer.path({ id: reportedA }));
    expect(detail.body.shared_identifiers).toEqual(await sharedOfProfile('developer', reportedA));

    const publicRead = await anon.get(routes.profiles.detail.developer.path({ id: listed }));
    expect(publicRead.status).toBe(200);
    expect(publicRead.body).not.toHaveProperty('shared_identifiers');
    const staffRead = await staff.get(routes.profiles.detail.developer.path({ id: listed }));
    // the listed profile itself is not among its holders; its reports count
    expect(staffRead.body.shared_identifiers[0]).toMatchObject({
      kind: 'evm', reports: 5, profiles: [],
      submissions: [{ type: 'developer', id: reportedA }, { type: 'project', id: reportedB }, { type: 'scam', id: onListed }],
    });
  });
});

describe('shared identifiers of a pending incident', () => {
  it('when it is reported on a listed profile, then the profile it is about is listed as holding the wallet, with the other submissions', async () => {
    const shared = await sharedOfIncident(onListed);

    expect(shared).toEqual([expect.objectContaining({
      kind: 'evm', reports: 5,
      profiles: [expect.objectContaining({ id: listed })],
      submissions: [
        expect.objectContaining({ type: 'developer', id: reportedA }),
        expect.objectContaining({ type: 'project', id: reportedB }),
      ],
    })]);
    const detail = await staff.get(routes.incidents.detail.path({ id: onListed }));
    expect(detail.body.shared_identifiers).toEqual(shared);
  });

  it('when it belongs to a reported profile, then that profile\'s own submission is not listed as another', async () => {
    const shared = await sharedOfIncident(incidentA);

    expect(shared[0]!.submissions.map((s) => `${s.type}:${s.id}`)).toEqual([`project:${reportedB}`, `scam:${onListed}`]);
  });

  it('when a reported profile is rejected, then it is listed no more, but its incident still awaiting review is, as the panel shows it', async () => {
    await staff.post(routes.profiles.reject.project.path({ id: reportedB }));

    const shared = await sharedOfIncident(onListed);
    expect(shared[0]!.submissions.map((s) => `${s.type}:${s.id}`)).toEqual([`developer:${reportedA}`, `scam:${incidentB}`]);
    expect(shared[0]!.reports).toBe(5);
  });

  it('when an incident is rejected, then it is neither listed nor counted', async () => {
    await staff.post(routes.incidents.reject.path({ id: onListed }));

    const shared = await sharedOfProfile('developer', reportedA);
    expect(shared[0]!.submissions.map((s) => `${s.type}:${s.id}`)).toEqual([`project:${reportedB}`]);
    expect(shared[0]!.reports).toBe(4);
  });
});

describe('for staff only', () => {
  it('when anything is shared, then nothing of who reported it is in it', async () => {
    const res = await staff.get(awaiting('developer'));

    const shared = JSON.stringify((res.body.results as { shared_identifiers: unknown }[]).map((p) => p.shared_identifiers));
    expect(shared).not.toContain('victim@mail.invalid');
    expect(shared).not.toContain('Anonymous');
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('the pending side is found through indexes (SQLite-only: EXPLAIN QUERY PLAN reads SQLite\'s own plan of PENDING_SIDE_SQL)', () => {
  it('when staff read a queue, then no read of what awaits review scans every profile or every incident (~270 ms each at 100k)', () => {
    for (const [name, sql] of Object.entries(PENDING_SIDE_SQL)) {
      const plan = (t.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
      expect({ name, scans: plan.filter((d) => /^SCAN [pi]\b/.test(d)) }).toEqual({ name, scans: [] });
    }
  });
});
