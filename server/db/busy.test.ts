// docs/design.md#errors on a real SQLite file: another connection holds the write lock (BEGIN
// IMMEDIATE, as a second process writing to the file would) while writes come in. They
// answer 503 with Retry-After and a readable message, logged as a warning; nothing of them is
// written; once the lock is released the same writes go through.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, makeTestApp, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { reportProfile } from '../test-flows';
import { routes } from '../../shared/contract/routes';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, isBusy, isReadOnly, isWriteFailure } from './write-failure';

/** The app's wait for the lock: short, so a test does not wait openDatabase's 5 s. */
const BUSY_TIMEOUT_MS = 50;

let t: TestApp;
let anon: Client;
let locker: Database.Database;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  locker = new Database(t.config.DATABASE_PATH);
});
afterEach(() => {
  if (locker.inTransaction) locker.exec('ROLLBACK');
  locker.close();
  t.close();
  vi.restoreAllMocks();
});

/** Holds the write lock from the second connection; the app waits BUSY_TIMEOUT_MS for it. */
function holdWriteLock(): void {
  t.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  locker.exec('BEGIN IMMEDIATE');
}

const report = { name: 'Jane Roe', bio: 'Sells fake presales.' };

describe('a write while another connection holds the write lock', () => {
  it('when a report comes in, then 503 with Retry-After and the busy message, logged as a warning, nothing written; after the lock is released the same report is stored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    holdWriteLock();

    const refused = await anon.post(routes.profiles.create.developer.path(), report);

    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: BUSY_MESSAGE });
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(count(t.db, 'profiles')).toBe(0);
    expect(count(t.db, 'receipts')).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[warn\] POST \/api\/developers\/: the database is busy \(SQLITE_BUSY\)/));
    expect(error).not.toHaveBeenCalled();

    locker.exec('COMMIT');
    const stored = await anon.post(routes.profiles.create.developer.path(), report);
    expect(stored.status).toBe(201);
    expect(count(t.db, 'profiles')).toBe(1);
  });

  it('when a bad request comes in meanwhile, then it is its 400, read before the lock is asked for, not the busy 503', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    holdWriteLock();
    const bad = [
      [routes.profiles.create.developer.path(), { name: '' }],
      [routes.removalRequests.submit.path(), { fullName: 'Zoe', contactInfo: '', reason: '' }],
    ] as const;
    for (const [path, body] of bad) {
      const res = await anon.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error).not.toBe(BUSY_MESSAGE);
    }
    // a good one still waits for the lock
    expect((await anon.post(routes.profiles.create.developer.path(), report)).status).toBe(503);
    expect(count(t.db, 'profiles')).toBe(0);
  });

  it('when the write carries an Idempotency-Key, then the busy answer is not kept for it: the retry with the same key is stored, once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const key = { 'Idempotency-Key': 'busy-retry-0001' };
    holdWriteLock();

    const busy = await anon.post(routes.profiles.create.project.path(), report, key);
    expect(busy.status).toBe(503);
    expect(count(t.db, 'idempotency_keys')).toBe(0);

    locker.exec('ROLLBACK');
    const stored = await anon.post(routes.profiles.create.project.path(), report, key);
    expect(stored.status).toBe(201);
    expect(stored.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await anon.post(routes.profiles.create.project.path(), report, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(count(t.db, 'profiles')).toBe(1);
  });

  it('when staff publish a profile, then 503 too and the profile stays unpublished; after the lock it is published', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const staff = await staffClient(t);
    const id = await reportProfile(anon, 'developers', { name: 'To publish' });
    const status = () => (t.db.prepare('SELECT verification_status FROM profiles WHERE id = ?').get(id) as { verification_status: string }).verification_status;
    holdWriteLock();

    const busy = await staff.post(routes.profiles.verify.developer.path({ id }));
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({ error: BUSY_MESSAGE });
    expect(status()).toBe('unverified');

    locker.exec('COMMIT');
    expect((await staff.post(routes.profiles.verify.developer.path({ id }))).status).toBe(200);
    expect(status()).toBe('verified');
  });

  it('when the lock is only read (a reader in WAL), then writes do not wait and reads answer as usual', async () => {
    await anon.post(routes.profiles.create.developer.path(), report);
    locker.exec('BEGIN');
    locker.prepare('SELECT COUNT(*) FROM profiles').get();
    t.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);

    expect((await anon.post(routes.profiles.create.developer.path(), report)).status).toBe(201);
    expect((await anon.get(routes.sync.page.path())).status).toBe(200);
    locker.exec('COMMIT');
  });
});

describe('which errors are a busy database', () => {
  it('when better-sqlite3 says SQLITE_BUSY or one of its extended codes, then it is busy, not a write failure', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT']) {
      expect({ code, busy: isBusy({ code }), failure: isWriteFailure({ code }), readOnly: isReadOnly({ code }) }).toEqual({ code, busy: true, failure: false, readOnly: false });
    }
    for (const error of [{ code: 'SQLITE_FULL' }, { code: 'SQLITE_READONLY' }, { code: 'SQLITE_CONSTRAINT' }, new Error('SQLITE_BUSY'), null, undefined, 'SQLITE_BUSY']) {
      expect(isBusy(error)).toBe(false);
    }
    expect(isReadOnly({ code: 'SQLITE_READONLY_DBMOVED' })).toBe(true);
  });

  it('when the real lock times out, then the error better-sqlite3 throws is busy', () => {
    holdWriteLock();
    let thrown: unknown;
    try {
      t.db.prepare("INSERT INTO server_state (key, value) VALUES ('busy_probe', 'x')").run();
    } catch (error) {
      thrown = error;
    }
    expect(isBusy(thrown)).toBe(true);
  });
});
