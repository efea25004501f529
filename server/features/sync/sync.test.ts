import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../../test-flows';
import { syncPageSchema } from '../../../shared/contract/sync';
import { syncPage } from './service';

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

const sync = async (since: number, limit = 500) => {
  const res = await anon.get(`/api/sync/?since=${since}&limit=${limit}`);
  expect(res.status).toBe(200);
  return syncPageSchema.parse(res.body);
};

describe('the sync feed', () => {
  it('when the registry has verified profiles, then a first sync returns them with their approved incidents only', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Synced' }, [{ description: 'public' }]);
    await reportIncident(anon, 'developers', id, { description: 'still pending' });
    await reportProfile(anon, 'developers', { name: 'Unverified' });
    const page = await sync(0);
    expect(page.profiles.map((p) => p.name)).toEqual(['Synced']);
    expect(page.profiles[0]!.kind).toBe('developer');
    expect(page.profiles[0]!.incidents.map((i) => i.description)).toEqual(['public']);
    expect(page.hasMore).toBe(false);
    expect(page.reset).toBe(false);
    expect(page.tombstones).toEqual([]);
  });

  it('when nothing changed since the cursor, then the next sync is empty', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await sync(0);
    const second = await sync(first.cursor);
    expect(second.profiles).toEqual([]);
    expect(second.tombstones).toEqual([]);
    expect(second.cursor).toBe(first.cursor);
  });

  it('when there are more changes than the limit, then pages follow each other without gaps or repeats', async () => {
    for (const name of ['A', 'B', 'C', 'D', 'E']) await publishedProfile(anon, staff, 'developers', { name }, []);
    const seen: string[] = [];
    const remaining: number[] = [];
    let cursor = 0;
    for (let pages = 0; pages < 10; pages++) {
      const page = await sync(cursor, 2);
      remaining.push(page.remaining);
      seen.push(...page.profiles.map((p) => p.name));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen.sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(remaining).toEqual([3, 1, 0]);
  });

  it('when a synced profile is rejected, then the next sync carries its tombstone', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Doomed' }, []);
    const first = await sync(0);
    await staff.post(`/api/developers/${id}/reject/`);
    const next = await sync(first.cursor);
    expect(next.profiles).toEqual([]);
    expect(next.tombstones).toEqual([{ kind: 'developer', id, revision: expect.any(Number) }]);
  });

  it('when an incident of a synced profile is approved, then the profile comes again with it', async () => {
    const { id } = await publishedProfile(anon, staff, 'projects', { name: 'P' }, []);
    const first = await sync(0);
    const incident = await reportIncident(anon, 'projects', id, { description: 'new one' });
    await staff.post(`/api/admin/scams/${incident}/approve/`);
    const next = await sync(first.cursor);
    expect(next.profiles).toHaveLength(1);
    expect(next.profiles[0]!.incidents.map((i) => i.description)).toEqual(['new one']);
  });

  it('when the cursor is ahead of the server, then the answer says reset and starts from the beginning', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const page = await sync(1_000_000);
    expect(page.reset).toBe(true);
    expect(page.profiles.map((p) => p.name)).toEqual(['A']);
  });

  it('when since or limit is not a number or out of range, then 400', async () => {
    expect((await anon.get('/api/sync/?since=abc')).status).toBe(400);
    expect((await anon.get('/api/sync/?limit=0')).status).toBe(400);
    expect((await anon.get('/api/sync/?limit=100000')).status).toBe(400);
  });
});

describe('the cached sync answer (DESIGN.md "Scale")', () => {
  it('when a page has not changed, then a request with its ETag gets 304 with no body, and it may be kept but asked again', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await anon.get('/api/sync/?since=0&limit=500');
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await anon.get('/api/sync/?since=0&limit=500').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    // another page of the feed is another answer
    const other = await anon.get('/api/sync/?since=0&limit=1').set('If-None-Match', etag);
    expect(other.status).toBe(200);
  });

  it('when something public changes, then the cached page is replaced: new ETag and the new content', async () => {
    await publishedProfile(anon, staff, 'developers', { name: 'A' }, []);
    const first = await anon.get('/api/sync/?since=0&limit=500');
    const etag = first.headers.etag as string;
    await publishedProfile(anon, staff, 'developers', { name: 'B' }, []);
    const changed = await anon.get('/api/sync/?since=0&limit=500').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const names = syncPageSchema.parse(changed.body).profiles.map((p) => p.name);
    expect(names.sort()).toEqual(['A', 'B']);
  });

  it('when answered from the cache, then the body is exactly what the uncached page would be', async () => {
    for (const name of ['A', 'B', 'C']) await publishedProfile(anon, staff, 'developers', { name }, [{ description: `about ${name}` }]);
    for (const [since, limit] of [[0, 500], [0, 2], [3, 1]] as const) {
      const first = await anon.get(`/api/sync/?since=${since}&limit=${limit}`);
      const cached = await anon.get(`/api/sync/?since=${since}&limit=${limit}`);
      const direct = JSON.stringify(syncPage(t.db, since, limit));
      expect(first.text).toBe(direct);
      expect(cached.text).toBe(direct);
      // compressed once for clients that accept gzip, plain for those that do not
      const plain = await anon.get(`/api/sync/?since=${since}&limit=${limit}`).set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(direct);
    }
    const big = await anon.get('/api/sync/?since=0&limit=500').set('Accept-Encoding', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.text).toBe(JSON.stringify(syncPage(t.db, 0, 500)));
  });
});
