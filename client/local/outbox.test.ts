import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { count } from '../../server/test-support';
import { refreshCsrf } from '../api/csrf';
import { apiJson } from '../api/http';
import type { RegistryDb } from './db';
import {
  BACKOFF_CAP_MS, backoffMs, discard, enqueue, flushOutbox, resend, startOutbox, submitAction, updateAction,
} from './outbox';
import { describeAction } from './outbox-actions';
import type { OutboxAction, OutboxEntry } from './outbox-types';
import { getStatus } from '../state/status';
import {
  connectTo, disconnect, dropDb, freshDb, resetStatus, startLossyProxy, startServer, type RunningServer,
} from './test-support';

let server: RunningServer;
let db: RegistryDb;
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(async () => {
  resetStatus();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  disconnect();
  await dropDb(db);
  await server.close();
});

const wizardIncident = (description: string, extra: Record<string, unknown> = {}) => ({ description, lostAmount: '1500', ...extra });

const report = (name: string, incidents: ReturnType<typeof wizardIncident>[] = []): OutboxAction => ({
  type: 'report-profile', kind: 'developer', profile: { name }, incidents,
});

/** bytes of an SVG, declared as a PNG: the server refuses it (docs/design.md#avatars) */
const NOT_AN_IMAGE = `data:image/png;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`;

const sql = <T>(query: string, ...params: unknown[]) => server.t.db.prepare(query).all(...params) as T[];

describe('backoffMs', () => {
  const almostOne = () => 0.999999;

  it('when attempts grow, then the wait doubles from 2 s up to a 5-minute cap, with full jitter', () => {
    expect(backoffMs(1, null, almostOne)).toBe(1999);
    expect(backoffMs(3, null, almostOne)).toBe(7999);
    expect(backoffMs(30, null, almostOne)).toBe(Math.floor(0.999999 * BACKOFF_CAP_MS));
    expect(backoffMs(3, null, () => 0)).toBe(0);
    expect(backoffMs(3, null, () => 0.5)).toBe(4000);
  });

  it('when the server sent Retry-After, then the wait is never shorter', () => {
    expect(backoffMs(1, 60_000, () => 0)).toBe(60_000);
    expect(backoffMs(1, 10 * 60_000, almostOne)).toBe(10 * 60_000); // above the cap too
    expect(backoffMs(10, 1_000, () => 0.5)).toBe(Math.max(1_000, 0.5 * BACKOFF_CAP_MS));
  });
});

describe('the outbox against the real server', () => {
  it('when an action is enqueued, then it is on disk with a UUID before the first request leaves', async () => {
    const seenAtFirstPost: OutboxEntry[][] = [];
    connectTo(server.url, undefined, (next) => async (input, init) => {
      if (init?.method === 'POST' && seenAtFirstPost.length === 0) seenAtFirstPost.push(await db.outbox.toArray());
      return next(input, init);
    });

    const entry = await enqueue(report('Jane Roe'), db);
    await flushOutbox(db);

    expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seenAtFirstPost).toEqual([[expect.objectContaining({ id: entry.id, label: 'Report scammer Jane Roe' })]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('when a report with two incidents is sent, then the server has one profile and two pending incidents on its new id', async () => {
    const result = await submitAction(report('Jane Roe', [wizardIncident('first'), wizardIncident('second')]), { db });

    expect(result.outcome).toBe('sent');
    const profiles = sql<{ id: number; name: string; verification_status: string }>('SELECT id, name, verification_status FROM profiles');
    expect(profiles).toEqual([{ id: expect.any(Number), name: 'Jane Roe', verification_status: 'unverified' }]);
    const incidents = sql<{ profile_id: number; description: string; verification_status: string }>(
      'SELECT profile_id, description, verification_status FROM incidents ORDER BY id',
    );
    expect(incidents).toEqual([
      { profile_id: profiles[0]!.id, description: 'first', verification_status: 'pending' },
      { profile_id: profiles[0]!.id, description: 'second', verification_status: 'pending' },
    ]);
    const keys = sql<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key').map((k) => k.key);
    expect(keys).toEqual([1, 2, 3].map((step) => `${result.entry.id}:${step}`));
    expect(await db.outbox.count()).toBe(0);
    expect(getStatus()).toMatchObject({ pendingCount: 0, rejectedCount: 0 });
  });

  it('when the server cannot be reached, then the entry stays pending with an attempt counted and a later retry time', async () => {
    await server.stop();
    const before = Date.now();

    const result = await submitAction(report('Jane Roe'), { db });

    expect(result).toMatchObject({ outcome: 'queued', reason: 'unreachable', nextAttemptAt: expect.any(Number) });
    const entry = await db.outbox.get(result.entry.id);
    expect(entry).toMatchObject({
      state: 'pending', attempts: 1, results: [], failure: 'unreachable', lastError: expect.stringMatching(/could not be reached/),
    });
    expect(entry!.nextAttemptAt).toBeGreaterThanOrEqual(before);
    expect(entry!.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(getStatus()).toMatchObject({ pendingCount: 1, rejectedCount: 0 });

    // not due yet: a flush leaves it alone
    await db.outbox.update(entry!.id, { nextAttemptAt: Date.now() + 60_000 });
    await flushOutbox(db);
    expect((await db.outbox.get(entry!.id))?.attempts).toBe(1);
  });

  it('when the device is offline, then the entry waits for the network and is not tried', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    cleanups.push(() => { vi.restoreAllMocks(); });

    const result = await submitAction(report('Jane Roe'), { db });

    expect(result).toMatchObject({ outcome: 'queued', reason: 'offline', nextAttemptAt: null, message: null });
    expect(await db.outbox.get(result.entry.id)).toMatchObject({ state: 'pending', attempts: 0, failure: null });
    expect(count(server.t.db, 'profiles')).toBe(0);
  });

  it('when the server fails (its database is locked, so it answers 503), then the entry says the server had a problem and when it is tried again, and a retry after the fault delivers it', async () => {
    // a real fault of the real server: another connection holds the write lock, so the write
    // times out on SQLITE_BUSY and the error handler answers 503 (busy, try again)
    server.t.db.pragma('busy_timeout = 50');
    const locker = new Database(server.t.config.DATABASE_PATH);
    locker.exec('BEGIN EXCLUSIVE');
    cleanups.push(() => { if (locker.inTransaction) locker.exec('ROLLBACK'); locker.close(); });
    const before = Date.now();

    const result = await submitAction(report('Jane Roe'), { db });

    expect(result).toMatchObject({
      outcome: 'queued', reason: 'server', message: 'The registry is busy with another write right now. Nothing was saved; please try again in a moment.',
    });
    expect(result.outcome === 'queued' && result.nextAttemptAt).toBeGreaterThanOrEqual(before);
    expect(await db.outbox.get(result.entry.id)).toMatchObject({ state: 'pending', attempts: 1, failure: 'server' });

    locker.exec('COMMIT');
    await resend(result.entry.id, db);

    expect(await db.outbox.get(result.entry.id)).toBeUndefined();
    expect(count(server.t.db, 'profiles')).toBe(1);
  });

  it('when the server answers 503 to the first of several due entries, then the others are not tried and wait as long as it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queuedOffline = [];
    for (const name of ['Jane Roe', 'John Doe', 'Jo Bloggs']) queuedOffline.push((await submitAction(report(name), { db })).entry.id);
    vi.restoreAllMocks();
    server.t.db.pragma('busy_timeout = 50');
    const locker = new Database(server.t.config.DATABASE_PATH);
    locker.exec('BEGIN EXCLUSIVE');
    cleanups.push(() => { if (locker.inTransaction) locker.exec('ROLLBACK'); locker.close(); });

    await flushOutbox(db, { ignoreBackoff: true });

    const [first, ...others] = await Promise.all(queuedOffline.map((id) => db.outbox.get(id)));
    expect(first).toMatchObject({ state: 'pending', attempts: 1, failure: 'server' });
    for (const entry of others) {
      expect(entry).toMatchObject({ state: 'pending', attempts: 0 });
      expect(entry!.nextAttemptAt).toBeGreaterThanOrEqual(first!.nextAttemptAt);
    }
    locker.exec('COMMIT');
    await flushOutbox(db, { ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    expect(count(server.t.db, 'profiles')).toBe(3);
  });

  it('when the server refuses a step, then the entry is kept as rejected with its message, and after an edit a resend delivers it to the same profile', async () => {
    const action = report('Jane Roe', [wizardIncident('with a fake avatar', { avatar: NOT_AN_IMAGE })]);

    const result = await submitAction(action, { db });

    expect(result.outcome).toBe('rejected');
    expect(result.outcome === 'rejected' && result.message).toMatch(/avatar: must be a PNG, JPEG or WebP image/);
    const rejected = await db.outbox.get(result.entry.id);
    expect(rejected).toMatchObject({ state: 'rejected', lastError: expect.stringMatching(/avatar/), results: [{ id: expect.any(Number) }] });
    expect(getStatus()).toMatchObject({ pendingCount: 0, rejectedCount: 1 });
    await flushOutbox(db, { ignoreBackoff: true });
    expect((await db.outbox.get(result.entry.id))?.state).toBe('rejected'); // never dropped, never retried by itself

    await updateAction(result.entry.id, report('Jane Roe', [wizardIncident('with a fake avatar', { avatar: null })]), db);
    await resend(result.entry.id, db);

    expect(await db.outbox.get(result.entry.id)).toBeUndefined();
    expect(count(server.t.db, 'profiles')).toBe(1);
    expect(sql<{ profile_id: number }>('SELECT profile_id FROM incidents')).toEqual([{ profile_id: (rejected!.results[0] as { id: number }).id }]);
    expect(getStatus()).toMatchObject({ pendingCount: 0, rejectedCount: 0 });
  });

  it('when a rejected entry is discarded, then it is gone and nothing was created', async () => {
    const add: OutboxAction = {
      type: 'add-incident', kind: 'developer', profileId: 999, profileName: 'Nobody', incident: { description: 'x', lostAmount: 5 },
    };
    const result = await submitAction(add, { db });
    expect(result.outcome).toBe('rejected');
    expect(getStatus().rejectedCount).toBe(1);

    await discard(result.entry.id, db);

    expect(await db.outbox.count()).toBe(0);
    expect(getStatus().rejectedCount).toBe(0);
    expect(count(server.t.db, 'incidents')).toBe(0);
  });

  it('when the answer is lost after the server wrote the profile, then the retry is answered from its record and there is one profile', async () => {
    const proxy = await startLossyProxy(server.url, (method, path) => method === 'POST' && path === '/api/developers/');
    cleanups.push(() => proxy.close());
    connectTo(proxy.url);

    const first = await submitAction(report('Jane Roe', [wizardIncident('only')]), { db });

    expect(first).toMatchObject({ outcome: 'queued', reason: 'unreachable' });
    expect(await db.outbox.get(first.entry.id)).toMatchObject({ state: 'pending', attempts: 1, results: [] });
    expect(count(server.t.db, 'profiles')).toBe(1); // the server did write it

    await resend(first.entry.id, db);

    expect(await db.outbox.get(first.entry.id)).toBeUndefined();
    const creates = proxy.calls.filter((c) => c.method === 'POST' && c.path === '/api/developers/');
    expect(creates).toEqual([
      expect.objectContaining({ status: 201, lost: true, replayed: false }),
      expect.objectContaining({ status: 201, lost: false, replayed: true }),
    ]);
    expect(count(server.t.db, 'profiles')).toBe(1);
    expect(count(server.t.db, 'incidents')).toBe(1);
  });

  it('when a crash left an entry sending after step 1, then the next flush resumes at step 2 without a second profile', async () => {
    const id = crypto.randomUUID();
    const action = report('Jane Roe', [wizardIncident('first'), wizardIncident('second')]);
    // what the crashed tab had done: step 1 accepted and saved, then nothing
    await refreshCsrf();
    const step1 = await apiJson<{ id: number }>('/api/developers/', { method: 'POST', json: { name: 'Jane Roe' }, idempotencyKey: `${id}:1` });
    const now = Date.now();
    await db.outbox.add({
      id, action, label: describeAction(action), state: 'sending', createdAt: now, updatedAt: now,
      attempts: 0, nextAttemptAt: now, lastError: null, results: [step1],
    });

    await flushOutbox(db);

    expect(await db.outbox.get(id)).toBeUndefined();
    expect(count(server.t.db, 'profiles')).toBe(1);
    expect(sql<{ profile_id: number; description: string }>('SELECT profile_id, description FROM incidents ORDER BY id')).toEqual([
      { profile_id: step1.id, description: 'first' },
      { profile_id: step1.id, description: 'second' },
    ]);
    expect(sql<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key').map((k) => k.key)).toEqual([`${id}:1`, `${id}:2`, `${id}:3`]);
  });

  it('when started, then it sends what an earlier session left pending and says so quietly', async () => {
    await server.stop();
    const queued = await submitAction(report('Jane Roe'), { db });
    expect(queued.outcome).toBe('queued');
    const restarted = await startServer(server.t);
    cleanups.push(() => restarted.stop());
    connectTo(restarted.url);
    await db.outbox.update(queued.entry.id, { nextAttemptAt: Date.now() });

    const stop = startOutbox(db);
    cleanups.push(stop);

    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(getStatus().notice).toBe('Sent: Report scammer Jane Roe.');
    expect(count(server.t.db, 'profiles')).toBe(1);
  });

  it('when the connection comes back, then entries waiting out their back-off are sent at once', async () => {
    await server.stop();
    const queued = await submitAction(report('Jane Roe'), { db });
    await db.outbox.update(queued.entry.id, { nextAttemptAt: Date.now() + 60_000 });
    const restarted = await startServer(server.t);
    cleanups.push(() => restarted.stop());
    connectTo(restarted.url);
    const stop = startOutbox(db);
    cleanups.push(stop);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(1);

    window.dispatchEvent(new Event('online'));

    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(count(server.t.db, 'profiles')).toBe(1);
  });
});
