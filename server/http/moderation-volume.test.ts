// Moderation at volume (docs/design.md#moderation): staff queues are paged on the server, staff
// reject in bulk, and old idempotency keys and audit rows are pruned by age in the background.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { reportIncident, reportProfile } from '../test-flows';
import { routes } from '../../shared/contract/routes';
import { QUEUE_PAGE_MAX } from '../../shared/constants';
import { pruneOnceOn } from './prune';
import { copiesOfIncident, copiesOfProfile, countWhere } from '../../tests/support/api-rows';

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

async function manyIncidents(n: number): Promise<{ profileId: number; ids: number[] }> {
  const profileId = await reportProfile(anon, 'developers', { name: 'Queue Flood' });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await reportIncident(anon, 'developers', profileId, { description: `Flood ${i}` }));
  return { profileId, ids };
}

/**
 * A queue of `n` incidents (n > 1) without n requests, so that it stays quick on PostgreSQL: the
 * first reported through the API, the rest its copies written in batches, each reported a
 * millisecond after the one before (the queue's order, oldest first, is theirs).
 */
async function floodOfIncidents(n: number): Promise<{ profileId: number; ids: number[] }> {
  const { profileId, ids: [first] } = await manyIncidents(1);
  const reported = Date.parse((await t.engine.db.selectFrom('incidents').select('reported').where('id', '=', first!).executeTakeFirstOrThrow()).reported);
  const copies = await copiesOfIncident(t, first!, n - 1, (i) => ({ description: `Flood ${i + 1}`, reported: new Date(reported + i + 1).toISOString() }));
  return { profileId, ids: [first!, ...copies] };
}

describe('paged staff queues', () => {
  it('when 250 incidents wait, then staff page through them 100 at a time, oldest first, with the total and a next link', async () => {
    const { ids } = await floodOfIncidents(250);
    const seen: number[] = [];
    let path: string | null = routes.incidents.pending.path();
    let pages = 0;
    while (path) {
      const res = await staff.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('250');
      expect(res.body.length).toBeLessThanOrEqual(100);
      seen.push(...(res.body as { id: number }[]).map((i) => i.id));
      const link = res.headers.link as string | undefined;
      path = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it('when a page asks for more than the most, then the answer is 400 with a readable message', async () => {
    const res = await staff.get(`${routes.incidents.pending.path()}?limit=${QUEUE_PAGE_MAX + 1}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/limit/);
    for (const path of [routes.editRequests.pending.path(), routes.removalRequests.pending.path()]) {
      const ok = await staff.get(`${path}?limit=5&after=0`);
      expect(ok.status).toBe(200);
      expect(ok.headers['x-total-count']).toBe('0');
    }
  });

  it('when staff ask for all profiles awaiting review (page_size=9999), then they get a bounded page and a next link', async () => {
    // the first through the API, the rest its copies written in batches (quick on PostgreSQL too)
    const first = await reportProfile(anon, 'projects', { name: 'Project 0' });
    await copiesOfProfile(t, first, QUEUE_PAGE_MAX + 2, (i) => ({ name: `Project ${i + 1}` }));
    const res = await staff.get(routes.profiles.list.project.path({ query: { is_verified: 'false', page_size: 9999 } }));
    expect(res.body.count).toBe(QUEUE_PAGE_MAX + 3);
    expect(res.body.results).toHaveLength(QUEUE_PAGE_MAX);
    expect(res.body.next).toBe(`/api/projects/?is_verified=false&page=2&page_size=${QUEUE_PAGE_MAX}`);
    const second = await staff.get(res.body.next as string);
    expect(second.body.results).toHaveLength(3);
    expect(second.body.next).toBeNull();
  });
});

describe('bulk rejection', () => {
  it('when staff reject many incidents with a reason, then those awaiting review are rejected in one go, a decided one is skipped, and the reason is audited', async () => {
    const { ids } = await manyIncidents(5);
    await staff.post(routes.incidents.approve.path({ id: ids[0]! }));
    const res = await staff.post(routes.incidents.bulkReject.path(), { ids: [...ids, 999_999], reason: 'Spam flood' });
    expect(res.status).toBe(200);
    expect(res.body.rejected).toEqual(ids.slice(1));
    expect(res.body.skipped.map((s: { id: number }) => s.id)).toEqual([ids[0], 999_999]);
    expect((await staff.get(routes.incidents.pending.path())).body).toEqual([]);
    const row = await t.engine.db.selectFrom('audit_log').select('after').where('action', '=', 'incident.bulk_reject').executeTakeFirstOrThrow();
    expect(JSON.parse(row.after!)).toEqual({ ids: ids.slice(1), reason: 'Spam flood' });
    // the approved one is still public
    expect((await t.engine.db.selectFrom('incidents').select('verification_status').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).verification_status).toBe('approved');
  });

  it('when a visitor tries it or sends too many ids, then nothing is rejected', async () => {
    const { ids } = await manyIncidents(2);
    expect((await anon.post(routes.incidents.bulkReject.path(), { ids })).status).toBe(401);
    // a visitor learns nothing of the body either: not signed in comes first (on the data layer too)
    expect((await anon.post(routes.removalRequests.bulkReject.path(), { ids: 'not a list' })).status).toBe(401);
    expect((await anon.post(routes.incidents.bulkReject.path(), { ids: 'not a list' })).status).toBe(401);
    const tooMany = await staff.post(routes.profiles.bulkReject.developer.path(), { ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/At most 200 items/);
    expect(await countRows(t, 'incidents')).toBe(2);
    expect(await countWhere(t, 'incidents', 'verification_status', 'pending')).toBe(2);
  });

  it('when staff reject new profiles in bulk, then they leave the queue', async () => {
    const a = await reportProfile(anon, 'developers', { name: 'Spam A' });
    const b = await reportProfile(anon, 'developers', { name: 'Spam B' });
    const res = await staff.post(routes.profiles.bulkReject.developer.path(), { ids: [a, b] });
    expect(res.body).toEqual({ rejected: [a, b], skipped: [] });
    expect((await staff.get(routes.profiles.list.developer.path({ query: { is_verified: 'false' } }))).body.count).toBe(0);
  });
});

describe('pruning by age', () => {
  it('when a round runs a day later, then idempotency keys are gone and the audit log is kept until its retention', async () => {
    await anon.post(routes.profiles.create.developer.path(), { name: 'Keyed' }, { 'Idempotency-Key': 'outbox-1234:0' });
    expect(await countRows(t, 'idempotency_keys')).toBe(1);
    const audited = await countRows(t, 'audit_log');
    expect(audited).toBeGreaterThan(0); // the staff sign-in
    const dayLater = Date.now() + 25 * 60 * 60 * 1000;
    const deleted = await new Promise<number>((resolve, reject) =>
      pruneOnceOn(t.engine, { auditRetentionDays: 365, now: () => dayLater, batch: 1 }, (n, error) => (error ? reject(error) : resolve(n))));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await countRows(t, 'idempotency_keys')).toBe(0);
    expect(await countRows(t, 'audit_log')).toBe(audited);
    await new Promise<void>((resolve) => pruneOnceOn(t.engine, { auditRetentionDays: 1, now: () => dayLater + 24 * 60 * 60 * 1000 }, () => resolve()));
    expect(await countRows(t, 'audit_log')).toBe(0);
  });
});
