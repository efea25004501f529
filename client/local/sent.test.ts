// "What I sent" against the real server on a temp database: the outbox keeps each accepted call's
// receipt when it forgets the entry, and the statuses follow the server's, a few calls at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffClient } from '../../server/test-support';
import { routes } from '../../shared/contract/routes';
import type { RegistryDb } from './db';
import { flushOutbox, submitAction } from './outbox';
import type { OutboxAction } from './outbox-types';
import { checkSentReceipts, forgetSent, listSent, RECEIPT_CHECKS_AT_ONCE, receiptsOf } from './sent';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from './test-support';

let server: RunningServer;
let db: RegistryDb;

beforeEach(async () => {
  resetStatus();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
});

afterEach(async () => {
  disconnect();
  await dropDb(db);
  await server.close();
});

const report = (name: string, incidents: number): OutboxAction => ({
  type: 'report-profile', kind: 'developer', profile: { name },
  incidents: Array.from({ length: incidents }, (_, i) => ({ description: `incident ${i + 1}`, lostAmount: '100' })),
});

const one = <T>(query: string, ...params: unknown[]) => server.t.db.prepare(query).get(...params) as T;

describe('what I sent', () => {
  it('when a report with an incident is sent, then the entry leaves the outbox and its two receipts stay, labelled and in review', async () => {
    const before = Date.now();
    const result = await submitAction(report('Jane Roe', 1), { db });

    expect(result.outcome).toBe('sent');
    expect(await db.outbox.count()).toBe(0);
    const rows = await listSent(db);
    expect(rows.map((r) => [r.label, r.kind, r.status, r.checkedAt])).toEqual([
      ['Report: Jane Roe', 'developer', 'in_review', null],
      ['Incident for Jane Roe', 'incident', 'in_review', null],
    ]);
    const profile = one<{ id: number }>("SELECT id FROM profiles WHERE name = 'Jane Roe'");
    expect(rows[0]!.reference).toBe(`REPORT-${String(profile.id).padStart(4, '0')}`);
    expect(rows[1]!.reference).toMatch(/^INCIDENT-\d{4,}$/);
    for (const row of rows) {
      expect(row.entryId).toBe(result.entry.id);
      expect(row.page).toBe(`/receipts/${row.token}`);
      expect(row.sentAt).toBeGreaterThanOrEqual(before);
      expect(row.changedAt).toBe(row.sentAt);
    }
  });

  it('when staff verify the report, then a check reads Published with the time it changed, and keeps it', async () => {
    await submitAction(report('Jane Roe', 0), { db });
    const staff = await staffClient(server.t);
    const { id } = one<{ id: number }>("SELECT id FROM profiles WHERE name = 'Jane Roe'");
    await staff.post(routes.profiles.verify.developer.path({ id }));
    const decided = Date.parse(one<{ at: string }>("SELECT at FROM audit_log WHERE action = 'developer.verify'").at);

    const outcome = await checkSentReceipts(db);

    expect(outcome).toEqual({ checked: 1, offline: false, failed: false });
    const [row] = await listSent(db);
    expect(row).toMatchObject({ status: 'published', changedAt: decided, checkedAt: expect.any(Number), unknown: false });
  });

  it('when the server cannot be reached, then a check says offline and the last statuses stay', async () => {
    await submitAction(report('Jane Roe', 0), { db });
    await server.stop();

    const outcome = await checkSentReceipts(db);

    expect(outcome).toMatchObject({ checked: 0, offline: true });
    expect((await listSent(db))[0]).toMatchObject({ status: 'in_review', checkedAt: null });
  });

  it('when the server has no such receipt, then the row is marked unknown, not removed', async () => {
    await submitAction(report('Jane Roe', 0), { db });
    server.t.db.prepare('DELETE FROM receipts').run();

    await checkSentReceipts(db);

    expect((await listSent(db))[0]).toMatchObject({ status: 'in_review', unknown: true, checkedAt: expect.any(Number) });
  });

  it('when many receipts are checked, then no more than a few calls are in flight at once, and only to the receipt route', async () => {
    await submitAction(report('Jane Roe', 9), { db });
    let inFlight = 0;
    let most = 0;
    const paths: string[] = [];
    connectTo(server.url, undefined, (next) => async (input, init) => {
      paths.push(new URL(String(input)).pathname);
      inFlight++;
      most = Math.max(most, inFlight);
      try { return await next(input, init); } finally { inFlight--; }
    });

    const outcome = await checkSentReceipts(db);

    expect(outcome.checked).toBe(10);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(RECEIPT_CHECKS_AT_ONCE);
    for (const path of paths) expect(path).toMatch(/^\/api\/receipts\/[A-Za-z0-9_-]{43}\/$/);
  });

  it('when a row is removed from the device, then only it goes', async () => {
    await submitAction(report('Jane Roe', 1), { db });
    const [first, second] = await listSent(db);

    await forgetSent(first!.id, db);

    expect((await listSent(db)).map((r) => r.id)).toEqual([second!.id]);
  });

  it('when the receipts cannot be stored, then the entry stays in the outbox to be sent again, and is then kept once', async () => {
    const failing = vi.fn(() => { throw new Error('disk full'); });
    db.sent.hook('creating', failing);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await submitAction(report('Jane Roe', 0), { db, waitMs: 2_000 });

    expect(failing).toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.sent.count()).toBe(0);

    db.sent.hook('creating').unsubscribe(failing);
    await flushOutbox(db, { ignoreBackoff: true });

    expect(await db.outbox.count()).toBe(0);
    expect((await listSent(db)).map((r) => r.label)).toEqual(['Report: Jane Roe']);
    // replayed from the server's record: still one profile
    expect(one<{ n: number }>("SELECT count(*) AS n FROM profiles WHERE name = 'Jane Roe'").n).toBe(1);
    vi.restoreAllMocks();
  });

  it('when an answer carries no receipt, then it has no row', () => {
    const rows = receiptsOf('e', report('Jane Roe', 1), [{ id: 1 }, { id: 2, receipt: { reference: 'Scam #2', token: 't', url: '/api/receipts/t/', page: '/receipts/t' } }], 5);

    expect(rows).toEqual([expect.objectContaining({ id: 'e:2', label: 'Incident for Jane Roe', reference: 'Scam #2', sentAt: 5 })]);
  });
});
