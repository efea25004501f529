// Sync pages cached by what they hold (align.ts, docs/design.md#sync), through the real call. On
// both engines (issue 21): the registry is seeded and read through the app's data layer (t.engine).
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRows, makeTestApp, type TestApp } from '../../test-support';
import { seedDemoOn } from '../../demo/seed-engine';
import { revisionNow } from '../../db/revision';
import { engineCache } from '../../read-model/answer-cache';
import { countWhere } from '../../../tests/support/api-rows';
import { routes } from '../../../shared/contract/routes';
import type { SyncPage } from '../../../shared/contract/sync';

let t: TestApp;
beforeEach(async () => {
  t = makeTestApp();
  await seedDemoOn(t.engine, { profiles: 1300 });
});
afterEach(async () => {
  await t.close();
});

const page = async (since: number, limit: number) => {
  const res = await request(t.app).get(routes.sync.page.path({ query: { since, limit } }));
  expect(res.status).toBe(200);
  return { body: res.body as SyncPage, etag: res.headers.etag as string };
};
const built = () => engineCache(t.engine, 'sync').size;
/**
 * Until the page after a page of `limit` that has more is prepared (service.ts prefetchNext): on
 * SQLite it is, by the time its answer is in; on PostgreSQL the prefetch takes a few round trips more.
 */
const prefetched = async (body: SyncPage, limit: number) => {
  if (t.engine.sqlite || !body.hasMore) return;
  const revision = await revisionNow(t.engine);
  await vi.waitFor(() => engineCache(t.engine, 'sync').get(`${body.cursor}:${limit}`, revision, () => {
    throw new Error(`the page after ${body.cursor} is not prepared yet`);
  }), { timeout: 5000, interval: 20 });
};
const revisions = (p: SyncPage) => [...p.profiles.map((x) => x.revision), ...p.tombstones.map((x) => x.revision)];

describe('sync pages by what they hold', () => {
  it('when a script asks for many different since values inside one part of the feed, then one page is built for them all', async () => {
    const first = await page(0, 500);
    expect(first.body.hasMore).toBe(true);
    await prefetched(first.body, 500);
    const before = built();
    const cursor = first.body.cursor;
    const answers = [];
    for (let since = 1; since < cursor; since += Math.max(1, Math.floor(cursor / 40))) answers.push(await page(since, 500));
    expect(answers.length).toBeGreaterThan(20);
    expect(new Set(answers.map((a) => a.etag))).toEqual(new Set([first.etag]));
    expect(built()).toBe(before);
  });

  it('when since is above the head, then every such since gets the one reset page', async () => {
    const head = await revisionNow(t.engine);
    const etags = new Set<string>();
    for (let i = 1; i <= 30; i++) {
      const { body, etag } = await page(head + i * 97, 500);
      expect(body.reset).toBe(true);
      etags.add(etag);
    }
    expect(etags.size).toBe(1);
  });

  it('when a replica syncs from 0 with growing pages, then it gets every change once and ends at the head', async () => {
    const seen: number[] = [];
    let since = 0;
    let limit = 500;
    for (let i = 0; i < 20; i++) {
      const { body } = await page(since, limit);
      seen.push(...revisions(body));
      since = body.cursor;
      limit = Math.min(limit * 2, 5000);
      if (!body.hasMore) break;
    }
    expect(since).toBe(await revisionNow(t.engine));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await countWhere(t, 'profiles', 'verification_status', 'verified'));
  });

  it('when a cursor sits in the middle of a part, then the page may repeat changes it holds, but holds every change after it and moves on', async () => {
    const all = revisions((await page(0, 5000)).body).sort((a, b) => a - b);
    const cursor = all[700]!; // between the grid points 500 and 1000
    const { body } = await page(cursor, 500);
    const got = revisions(body);
    expect(Math.min(...got)).toBeLessThanOrEqual(cursor); // aligned down: a repeat
    expect(body.cursor).toBeGreaterThan(cursor); // but it moves on
    const after = all.filter((r) => r > cursor && r <= body.cursor);
    for (const r of after) expect(got).toContain(r);
  });

  it('when a replica is at the head, then its delta is empty and the cursor stays', async () => {
    const head = await revisionNow(t.engine);
    const { body } = await page(head, 500);
    expect(body).toMatchObject({ profiles: [], tombstones: [], cursor: head, hasMore: false, reset: false });
  });
});

describe('a delta near the head', () => {
  it('when fewer changes than the limit follow since, then the page holds just those, even where the feed fills the grid exactly', async () => {
    const exact = makeTestApp();
    try {
      // 1,000 changes: a multiple of the grid's step, so the last grid point is the head itself
      await seedDemoOn(exact.engine, { profiles: 1000, pending: false });
      const head = await revisionNow(exact.engine);
      const changes = await countWhere(exact, 'profiles', 'verification_status', 'verified') + await countRows(exact, 'tombstones');
      expect(changes % 500).toBe(0);
      const res = await request(exact.app).get(routes.sync.page.path({ query: { since: head - 100, limit: 500 } }));
      expect(res.status).toBe(200);
      const delta = res.body as SyncPage;
      expect(revisions(delta).every((r) => r > head - 100)).toBe(true);
      expect(revisions(delta).length).toBeLessThanOrEqual(100);
      expect(delta.hasMore).toBe(false);
    } finally {
      await exact.close();
    }
  });
});
