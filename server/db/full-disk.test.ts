// docs/design.md#errors on a real small disk: a tmpfs of 4 MB mounted for the test (as root, as
// these machines and CI run; elsewhere the test is skipped, and says so). The disk is filled to
// the last byte, then a visitor reports and staff sign in; then the database is opened read-only.
// SQLite-only by nature (issue 21): the test is about SQLite's file on a full disk (SQLITE_FULL),
// its disk reserve (db/reserve.ts) and a read-only better-sqlite3 connection, none of which exists
// on PostgreSQL; it stays on SQLite when the API tests run on both engines. Only its staff user is
// made through the data layer (upsertUserOn), as on either engine.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { engineOver } from './engine/engine';
import { makeTestApp, STAFF, signIn, visitor, type TestApp } from '../test-support';
import { upsertUserOn } from '../features/auth/users';
import { routes } from '../../shared/contract/routes';
import { ensureReserve } from './reserve';
import { checkWritable, WRITE_FAILURE_MESSAGE } from './write-failure';

const mountPoint = mkdtempSync(join(tmpdir(), 'bustr-small-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  console.warn('full-disk.test.ts: cannot mount a tmpfs here (not root?): skipped');
}

let t: TestApp;
beforeAll(async () => {
  if (!mounted) return;
  t = makeTestApp({ DATABASE_PATH: join(mountPoint, 'registry.sqlite') });
  await upsertUserOn(t.engine, { ...STAFF, isStaff: true });
  expect(ensureReserve(t.db)).toBe(true);
});
afterAll(() => {
  if (!mounted) return;
  t.close();
  try { execFileSync('umount', [mountPoint]); } catch { /* already gone */ }
  rmSync(mountPoint, { recursive: true, force: true });
});

function fillDisk(): void {
  const fd = openSync(join(mountPoint, 'filler'), 'w');
  const chunk = Buffer.alloc(16 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // the last few bytes, a block at a time
  const small = openSync(join(mountPoint, 'filler-2'), 'w');
  try { for (;;) writeSync(small, Buffer.alloc(512)); } catch { /* full */ } finally { closeSync(small); }
}

describe.runIf(mounted)('a full disk, then a read-only database (SQLite-only: a SQLite file on a full tmpfs, its disk reserve, a read-only connection)', () => {
  it('when the disk is full, then reports answer 503 with a readable message (never 500), and staff still sign in with the right password', async () => {
    const anon = await visitor(t.app);
    fillDisk();
    const statuses: number[] = [];
    let refused: { error: string } | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const res = await anon.post(routes.profiles.create.developer.path(), { name: `Filler ${i}`, bio: 'x'.repeat(9000) });
      statuses.push(res.status);
      if (res.status === 503) refused = res.body as { error: string };
    }
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    expect(refused).toEqual({ error: WRITE_FAILURE_MESSAGE });

    // a wrong password is still refused (and throttled as before), the right one gets in
    const staff = await visitor(t.app);
    const wrong = await staff.agent.post(routes.auth.login.path()).set('X-CSRFToken', staff.csrf).type('form')
      .send({ username: STAFF.username, password: 'not the password', next: '/' });
    expect(wrong.status).toBe(400);
    await signIn(staff, STAFF.username, STAFF.password);
    expect((await staff.get(routes.auth.adminGuard.path())).status).toBe(200);
    // staff reads work: the queue opens
    expect((await staff.get(routes.profiles.list.developer.path({ query: { is_verified: 'false' } }))).status).toBe(200);
  });

  it('when the database can only be read, then the start-up check says so and writes answer 503', async () => {
    rmSync(join(mountPoint, 'filler'));
    // root writes through file modes, so the read-only database is a read-only connection to it
    const readOnly = new Database(t.config.DATABASE_PATH, { readonly: true });
    try {
      expect(checkWritable(readOnly)).toEqual({ writable: false, reason: 'it was opened read-only' });
      expect(checkWritable(t.db)).toEqual({ writable: true });
      const app = createApp({ engine: engineOver(readOnly), config: t.config });
      const anon = await visitor(app);
      const res = await anon.post(routes.profiles.create.developer.path(), { name: 'Read only' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: WRITE_FAILURE_MESSAGE });
      expect(res.headers['retry-after']).toBe('60');
      expect((await anon.get(routes.sync.page.path())).status).toBe(200);
    } finally {
      readOnly.close();
    }
  });
});
