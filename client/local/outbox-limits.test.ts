// The outbox against the real server with its limits on (docs/design.md#limits): a write the
// server refuses with 429 is kept, waits at least Retry-After, says when it can be sent, and is
// sent later — never dropped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, makeTestApp } from '../../server/test-support';
import type { RegistryDb } from './db';
import { flushOutbox, submitAction } from './outbox';
import type { OutboxAction } from './outbox-types';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from './test-support';

let server: RunningServer;
let db: RegistryDb;
beforeEach(async () => {
  resetStatus();
  server = await startServer(makeTestApp({ RATE_LIMITS: true, LIMIT_WRITES: 2, LIMIT_WRITES_WINDOW_S: 2 }));
  connectTo(server.url);
  db = freshDb();
});
afterEach(async () => {
  disconnect();
  await dropDb(db);
  await server.close();
});

const report = (name: string): OutboxAction => ({ type: 'report-profile', kind: 'developer', profile: { name }, incidents: [] });

describe('the outbox and the write limit', () => {
  it('when the server answers 429, then the report is kept with the server\'s text, waits out Retry-After, and is sent later', async () => {
    expect((await submitAction(report('First Person'), { db })).outcome).toBe('sent');
    expect((await submitAction(report('Second Person'), { db })).outcome).toBe('sent');
    const before = Date.now();
    const limited = await submitAction(report('Third Person'), { db });

    expect(limited.outcome).toBe('queued');
    const entry = (await db.outbox.get(limited.entry.id))!;
    expect(entry).toMatchObject({
      state: 'pending', attempts: 1,
      lastError: expect.stringMatching(/^Too many submissions from your network in a short time\. Yours is kept and can be sent again in \d seconds?\.$/),
    });
    expect(entry.nextAttemptAt).toBeGreaterThanOrEqual(before + 1000);
    expect(count(server.t.db, 'profiles')).toBe(2);

    // not due yet: a flush leaves it alone
    await flushOutbox(db);
    expect(count(server.t.db, 'profiles')).toBe(2);

    await new Promise((r) => setTimeout(r, Math.max(0, entry.nextAttemptAt - Date.now()) + 50));
    await flushOutbox(db);
    expect(await db.outbox.get(limited.entry.id)).toBeUndefined();
    expect(count(server.t.db, 'profiles')).toBe(3);
  }, 15_000);
});
