// The staff queues narrowed by kind and date, and the count chips (issue 18, decision 028): a
// chip's count is what its filter lists, pages keep the filter, and bad values are readable 400s.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { reportIncident, reportProfile } from '../../test-flows';
import { routes } from '../../../shared/contract/routes';
import { writeOn } from '../../../tests/support/api-rows';

let t: TestApp;
let anon: Client;
let staff: Client;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

/** Arranged submissions: scams of a scammer and of a project, a new scammer and a new case, at known ages. */
async function arrange() {
  const scammer = await reportProfile(anon, 'developers', { name: 'Aldo Queue' });
  const caseProfile = await reportProfile(anon, 'developers', { name: 'Bea Case' });
  const project = await reportProfile(anon, 'projects', { name: 'Queue Coin' });
  // the demo's other submissions read 'New Case': one arranged as such
  await writeOn(t)((trx) => trx.updateTable('profiles').set({ submission_kind: 'CASE', submitted_at: daysAgo(40) }).where('id', '=', caseProfile).execute());
  const scammerScams: number[] = [];
  for (let i = 0; i < 3; i++) scammerScams.push(await reportIncident(anon, 'developers', scammer, { description: `Scammer scam ${i}` }));
  const projectScams: number[] = [];
  for (let i = 0; i < 2; i++) projectScams.push(await reportIncident(anon, 'projects', project, { description: `Project scam ${i}` }));
  // ages: the first scammer scam 10 days old, the first project scam 3 days; the rest today
  await writeOn(t)(async (trx) => {
    await trx.updateTable('incidents').set({ reported: daysAgo(10) }).where('id', '=', scammerScams[0]!).execute();
    await trx.updateTable('incidents').set({ reported: daysAgo(3) }).where('id', '=', projectScams[0]!).execute();
  });
  return { scammer, caseProfile, project, scammerScams, projectScams };
}

const ids = (body: { id: number }[]) => body.map((item) => item.id);

describe('staff queues narrowed by kind and date', () => {
  it('when staff press a kind, then the incidents queue lists only that kind, with its total and a next link that keeps the filter', async () => {
    const { scammerScams } = await arrange();
    const path = routes.incidents.pending.path({ query: { kind: 'new-scammer-scam', limit: 2 } });
    const first = await staff.get(path);
    expect(first.status).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(ids(first.body)).toEqual(scammerScams.slice(0, 2));
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)![1]!;
    expect(next).toContain('kind=new-scammer-scam');
    const second = await staff.get(next);
    expect(ids(second.body)).toEqual(scammerScams.slice(2));
    expect(second.headers.link).toBeUndefined();
  });

  it('when staff narrow by date, then only what was submitted in the range is listed and counted', async () => {
    const { scammerScams, projectScams } = await arrange();
    const week = await staff.get(routes.incidents.pending.path({ query: { since: daysAgo(7) } }));
    expect(ids(week.body)).toEqual([projectScams[0], scammerScams[1], scammerScams[2], projectScams[1]]);
    expect(week.headers['x-total-count']).toBe('4');
    const older = await staff.get(routes.incidents.pending.path({ query: { until: daysAgo(7).slice(0, 10) } }));
    expect(ids(older.body)).toEqual([scammerScams[0]]);
    const both = await staff.get(routes.incidents.pending.path({ query: { kind: 'new-project-scam', since: daysAgo(1) } }));
    expect(ids(both.body)).toEqual([projectScams[1]]);
    expect(both.headers['x-total-count']).toBe('1');
  });

  it('when staff narrow the profiles awaiting review, then the kind and date apply there too, with the count and next link', async () => {
    const { scammer, caseProfile } = await arrange();
    const newScammers = await staff.get(routes.profiles.list.developer.path({ query: { is_verified: 'false', kind: 'new-scammer' } }));
    expect(newScammers.status).toBe(200);
    expect(newScammers.body.count).toBe(1);
    expect(ids(newScammers.body.results)).toEqual([scammer]);
    const cases = await staff.get(routes.profiles.list.developer.path({ query: { is_verified: 'false', kind: 'new-case', until: daysAgo(30) } }));
    expect(ids(cases.body.results)).toEqual([caseProfile]);
    const afterCase = await staff.get(routes.profiles.list.developer.path({ query: { is_verified: 'false', after: caseProfile } }));
    expect(ids(afterCase.body.results)).toEqual([scammer]);
  });

  it('when staff read the counts, then each kind is counted for the date range, and each equals what its filter lists', async () => {
    await arrange();
    const all = await staff.get(routes.moderation.counts.path());
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(8);
    expect(all.body.kinds).toMatchObject({ 'new-scammer': 1, 'new-case': 1, 'new-project': 1, 'new-scammer-scam': 3, 'new-project-scam': 2, 'edit-scam': 0 });
    const week = await staff.get(routes.moderation.counts.path({ query: { since: daysAgo(7) } }));
    expect(week.body.kinds).toMatchObject({ 'new-scammer': 1, 'new-case': 0, 'new-scammer-scam': 2, 'new-project-scam': 2 });
    expect(week.body.total).toBe(6);
    const listed = await staff.get(routes.incidents.pending.path({ query: { kind: 'new-scammer-scam', since: daysAgo(7) } }));
    expect(Number(listed.headers['x-total-count'])).toBe(week.body.kinds['new-scammer-scam']);
  });

  it('when a filter is wrong, then the answer is 400 with a message naming it, and visitors are refused the counts', async () => {
    const bad: [string, RegExp][] = [
      [`${routes.incidents.pending.path()}?kind=edit-scam`, /kind must be one of new-scammer-scam, new-project-scam/],
      [`${routes.editRequests.pending.path()}?kind=everything`, /kind must be one of edit-scammer, edit-scam, edit-scammer-scam/],
      [`${routes.removalRequests.pending.path()}?since=yesterday`, /since must be a date/],
      [`${routes.incidents.pending.path()}?since=2026-11-20&until=2026-11-01`, /since must be before until/],
      [`${routes.moderation.counts.path()}?until=25%2F11%2F2026`, /until must be a date/],
      [`${routes.profiles.list.developer.path()}?is_verified=false&kind=new-project`, /kind: must be one of new-scammer, new-case/],
    ];
    for (const [path, message] of bad) {
      const res = await staff.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatch(message);
    }
    expect((await anon.get(routes.moderation.counts.path())).status).toBe(401);
  });
});
