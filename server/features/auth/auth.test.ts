import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countRows, makeTestApp, MEMBER, memberClient, signIn, STAFF, staffClient, visitor, type Client, type TestApp,
} from '../../test-support';
import { isPostgresTarget, registryTarget } from '../../config';
import { upsertUserOn } from './users';
import { main as userCli } from './user-cli';
import { routes } from '../../../shared/contract/routes';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let t: TestApp;
beforeEach(() => { t = makeTestApp(); });
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

function setCookies(res: request.Response): string[] {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** The value a response sets for the cookie (ignoring a clearing header for it), or undefined. */
function cookieValue(res: request.Response, name: string): string | undefined {
  for (const cookie of setCookies(res)) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

function login(client: Client, username: string, password: string, extra: Record<string, string> = {}) {
  return client.agent.post(routes.auth.login.path()).set('X-CSRFToken', client.csrf).type('form').send({ username, password, next: '/', ...extra });
}

/** Every audit row's actor and action, oldest first (through the test app's data layer, on either engine). */
function auditActions(): Promise<{ actor: string; action: string }[]> {
  return t.engine.db.selectFrom('audit_log').select(['actor', 'action']).orderBy('id').execute();
}

/**
 * The test app's registry as npm run user finds it in the environment: DATABASE_URL when the app
 * is on PostgreSQL, DATABASE_PATH when on SQLite (config.ts registryTargetOf).
 */
function registryEnv(): NodeJS.ProcessEnv {
  const target = registryTarget(t.config);
  return isPostgresTarget(target) ? { DATABASE_URL: target } : { DATABASE_PATH: target };
}

/** The test app's registry as --database names it: the SQLite file or the postgres:// URL. */
const registryArg = () => registryTarget(t.config);

/** This process's environment without a registry of its own: the script must open the test app's. */
function processEnvWithoutRegistry(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_PATH: _path, ...rest } = process.env;
  return rest;
}

describe('GET /api/accounts/me/', () => {
  it('answers an anonymous visitor with is_authenticated false and is never cached', async () => {
    const res = await request(t.app).get(routes.auth.currentUser.path());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ is_authenticated: false, is_staff: false, username: '' });
  });

  it('answers a signed-in member as authenticated but not staff', async () => {
    const member = await memberClient(t);
    const res = await member.get(routes.auth.currentUser.path());
    expect(res.body).toEqual({ is_authenticated: true, is_staff: false, username: MEMBER.username });
  });

  it('answers a signed-in staff user as authenticated staff', async () => {
    const staff = await staffClient(t);
    const res = await staff.get(routes.auth.currentUser.path());
    expect(res.body).toEqual({ is_authenticated: true, is_staff: true, username: STAFF.username });
  });
});

describe('POST /api/login/', () => {
  beforeEach(async () => { await upsertUserOn(t.engine, { ...MEMBER, isStaff: false }); });

  it('signs in with the right password, sets an HttpOnly SameSite=Lax sessionid and a new csrftoken', async () => {
    const client = await visitor(t.app);
    const before = client.csrf;

    const res = await login(client, MEMBER.username, MEMBER.password);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, error: '' });
    const session = setCookies(res).find((c) => c.startsWith('sessionid=') && !c.startsWith('sessionid=;'));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const csrf = cookieValue(res, 'csrftoken');
    expect(csrf).toBeDefined();
    expect(csrf).not.toBe(before);
    expect(await countRows(t, 'sessions')).toBe(1);
    expect(await auditActions()).toEqual([{ actor: MEMBER.username, action: 'login.success' }]);
  });

  it('gives a new session id at each sign-in and drops the one from before', async () => {
    const client = await visitor(t.app);
    const firstRes = await login(client, MEMBER.username, MEMBER.password);
    const first = cookieValue(firstRes, 'sessionid');
    client.csrf = cookieValue(firstRes, 'csrftoken') ?? client.csrf; // rotated at sign-in

    const secondRes = await login(client, MEMBER.username, MEMBER.password);
    const second = cookieValue(secondRes, 'sessionid');

    expect(secondRes.status).toBe(200);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await countRows(t, 'sessions')).toBe(1);
    const withOldId = await request(t.app).get(routes.auth.currentUser.path()).set('Cookie', `sessionid=${first}`);
    expect(withOldId.body.is_authenticated).toBe(false);
  });

  it('answers a blank or whitespace-only username with "Username is required" and writes nothing', async () => {
    const client = await visitor(t.app);
    for (const username of ['', '   ']) {
      const res = await login(client, username, MEMBER.password);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Username is required' });
    }
    expect(await countRows(t, 'sessions')).toBe(0);
    expect(await countRows(t, 'audit_log')).toBe(0);
    expect(await countRows(t, 'login_failures')).toBe(0);
  });

  it('answers a blank password with "Password is required" and writes nothing', async () => {
    const client = await visitor(t.app);
    const res = await login(client, MEMBER.username, '');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Password is required' });
    expect(await countRows(t, 'sessions')).toBe(0);
    expect(await countRows(t, 'audit_log')).toBe(0);
    expect(await countRows(t, 'login_failures')).toBe(0);
  });

  it('checks the username before the password when both are blank', async () => {
    const client = await visitor(t.app);
    const res = await login(client, '', '');
    expect(res.body).toEqual({ success: false, error: 'Username is required' });
  });

  it('refuses a wrong password with 400, starts no session and writes an audit row', async () => {
    const client = await visitor(t.app);
    const res = await login(client, MEMBER.username, 'not the password');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid username or password.' });
    expect(cookieValue(res, 'sessionid')).toBeUndefined();
    expect(await countRows(t, 'sessions')).toBe(0);
    expect(await auditActions()).toEqual([{ actor: MEMBER.username, action: 'login.failure' }]);
  });

  it('refuses an unknown username with the same message as a wrong password, and audits it', async () => {
    const client = await visitor(t.app);
    const res = await login(client, 'nobody-here', MEMBER.password);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid username or password.' });
    expect(await auditActions()).toEqual([{ actor: 'nobody-here', action: 'login.failure' }]);
  });

  it('after 5 failures answers 429 with Retry-After even for the right password, other usernames unaffected', async () => {
    await upsertUserOn(t.engine, { username: 'other', password: 'other password 1', isStaff: false });
    const client = await visitor(t.app);
    for (let i = 0; i < 5; i += 1) expect((await login(client, MEMBER.username, `wrong ${i}`)).status).toBe(400);

    const blocked = await login(client, MEMBER.username, MEMBER.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.body).toEqual({ success: false, error: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
    expect(cookieValue(blocked, 'sessionid')).toBeUndefined();
    // the key is the lower-cased username, so changing its case does not get around it
    expect((await login(client, MEMBER.username.toUpperCase(), MEMBER.password)).status).toBe(429);
    expect((await auditActions()).filter((a) => a.action === 'login.throttled')).toHaveLength(2);

    const other = await login(client, 'other', 'other password 1');
    expect(other.status).toBe(200);
    expect(other.body.success).toBe(true);
  });

  it('lets a user in again once the 15-minute window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
    const client = await visitor(t.app);
    for (let i = 0; i < 5; i += 1) await login(client, MEMBER.username, 'wrong');
    expect((await login(client, MEMBER.username, MEMBER.password)).status).toBe(429);

    vi.setSystemTime(new Date('2025-06-01T10:15:01Z'));
    const res = await login(client, MEMBER.username, MEMBER.password);
    expect(res.status).toBe(200);
    expect(await countRows(t, 'login_failures')).toBe(0);
  });

  it('counts parallel attempts too: of 8 wrong passwords sent at once, 5 are checked and 3 throttled', async () => {
    const client = await visitor(t.app);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(client, MEMBER.username, 'wrong')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('prunes failures older than the window, whoever they were for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
    const client = await visitor(t.app);
    await login(client, 'someone', 'wrong');
    vi.setSystemTime(new Date('2025-06-01T10:16:00Z'));
    await login(client, 'someone-else', 'wrong');
    const keys = await t.engine.db.selectFrom('login_failures').select('throttle_key').orderBy('throttle_key').execute();
    expect(keys.map((k) => k.throttle_key.split('|')[0])).toEqual(['someone-else']);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const client = await visitor(t.app);
    for (let i = 0; i < 4; i += 1) await login(client, MEMBER.username, 'wrong');
    await signIn(client, MEMBER.username, MEMBER.password);
    for (let i = 0; i < 4; i += 1) await login(client, MEMBER.username, 'wrong');
    const res = await login(client, MEMBER.username, MEMBER.password);
    expect(res.status).toBe(200);
  });

  it('refuses a sign-in without the X-CSRFToken header with 403 JSON', async () => {
    const client = await visitor(t.app);
    const res = await client.agent.post(routes.auth.login.path()).type('form').send({ username: MEMBER.username, password: MEMBER.password });
    expect(res.status).toBe(403);
    expect(res.type).toBe('application/json');
    expect(res.body.error).toMatch(/CSRF/);
    expect(await countRows(t, 'sessions')).toBe(0);
  });

  it('refuses a sign-in from a foreign Origin with 403 even with the right token', async () => {
    const client = await visitor(t.app);
    const res = await login(client, MEMBER.username, MEMBER.password).set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/another site/);
    expect(await countRows(t, 'sessions')).toBe(0);
  });

  it('never redirects to or echoes an unsafe next', async () => {
    const client = await visitor(t.app);
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await login(client, MEMBER.username, MEMBER.password, { next });
      expect(res.status).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toEqual({ success: true, error: '' });
      expect(res.text).not.toContain('evil');
      client.csrf = cookieValue(res, 'csrftoken') ?? client.csrf; // rotated at sign-in
    }
  });
});

describe('POST /accounts/logout/', () => {
  it('ends the session: the session row is gone and me answers anonymous afterwards', async () => {
    const member = await memberClient(t);
    expect(await countRows(t, 'sessions')).toBe(1);

    const res = await member.agent.post(routes.auth.logout.path()).set('X-CSRFToken', member.csrf).type('form').send({});

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await countRows(t, 'sessions')).toBe(0);
    expect((await member.get(routes.auth.currentUser.path())).body).toEqual({ is_authenticated: false, is_staff: false, username: '' });
  });

  it('answers 200 for a visitor who is not signed in', async () => {
    const client = await visitor(t.app);
    const res = await client.post(routes.auth.logout.path());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });

  it('refuses a logout without the X-CSRFToken header, leaving the session alive', async () => {
    const member = await memberClient(t);
    const res = await member.agent.post(routes.auth.logout.path());
    expect(res.status).toBe(403);
    expect(await countRows(t, 'sessions')).toBe(1);
  });
});

describe('GET /api/adminpanel/guard/', () => {
  it('answers 401 to an anonymous visitor', async () => {
    const res = await request(t.app).get(routes.auth.adminGuard.path());
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('answers 403 to a signed-in member who is not staff', async () => {
    const member = await memberClient(t);
    expect((await member.get(routes.auth.adminGuard.path())).status).toBe(403);
  });

  it('answers 200 to staff', async () => {
    const staff = await staffClient(t);
    expect((await staff.get(routes.auth.adminGuard.path())).status).toBe(200);
  });
});

describe('npm run user (user-cli)', () => {
  const quietIo = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
  };

  it('creates a staff user who can then sign in and pass the admin guard', async () => {
    const { io } = quietIo();
    const code = await userCli(['--username', 'boss', '--password', 'boss password 1', '--staff', '--database', registryArg()], {}, io);
    expect(code).toBe(0);

    const client = await visitor(t.app);
    await signIn(client, 'boss', 'boss password 1');
    expect((await client.get(routes.auth.currentUser.path())).body).toEqual({ is_authenticated: true, is_staff: true, username: 'boss' });
    expect((await client.get(routes.auth.adminGuard.path())).status).toBe(200);
  });

  it('updates an existing user: a new password, and no longer staff without --staff', async () => {
    const { io } = quietIo();
    await userCli(['--username', 'boss', '--password', 'first password', '--staff'], registryEnv(), io);
    const code = await userCli(['--username', 'boss', '--password', 'second password'], registryEnv(), io);
    expect(code).toBe(0);
    expect(await countRows(t, 'users')).toBe(1);

    const client = await visitor(t.app);
    expect((await login(client, 'boss', 'first password')).status).toBe(400);
    await signIn(client, 'boss', 'second password');
    expect((await client.get(routes.auth.currentUser.path())).body.is_staff).toBe(false);
  });

  it('refuses a password shorter than 12 characters and creates no user', async () => {
    const { io, lines } = quietIo();
    const code = await userCli(['--username', 'boss', '--password', 'short', '--database', registryArg()], {}, io);
    expect(code).toBe(2);
    expect(lines.err.join('\n')).toMatch(/at least 12 characters/);
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('refuses a missing username and an unknown option', async () => {
    const { io, lines } = quietIo();
    expect(await userCli(['--password', 'long enough 1', '--database', registryArg()], {}, io)).toBe(2);
    expect(await userCli(['--username', 'x', '--password', 'long enough 1', '--admin'], {}, io)).toBe(2);
    expect(lines.err.join('\n')).toMatch(/--username is required/);
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('runs as a script through npm run user', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [
      '--import', 'tsx', 'server/features/auth/user-cli.ts', '--username', 'scripted', '--password', 'scripted password',
    ], { cwd: REPO_ROOT, env: { ...processEnvWithoutRegistry(), ...registryEnv() }, timeout: 30_000 });
    expect(stdout).toMatch(/Created user 'scripted' \(not staff\)/);
    expect(await countRows(t, 'users')).toBe(1);
  }, 30_000);

  it('when a user\'s password is changed, then every session of theirs ends, and --end-sessions ends them without a change', async () => {
    const { io, lines } = quietIo();
    await userCli(['--username', 'boss', '--password', 'first password', '--staff'], registryEnv(), io);
    const laptop = await visitor(t.app);
    await signIn(laptop, 'boss', 'first password');
    expect((await laptop.get(routes.auth.adminGuard.path())).status).toBe(200);

    await userCli(['--username', 'boss', '--password', 'second password', '--staff'], registryEnv(), io);
    expect((await laptop.get(routes.auth.adminGuard.path())).status).toBe(401);

    const phone = await visitor(t.app);
    await signIn(phone, 'boss', 'second password');
    expect(await userCli(['--username', 'boss', '--end-sessions'], registryEnv(), io)).toBe(0);
    expect(lines.out.join('\n')).toMatch(/Ended 1 session of 'boss'\./);
    expect((await phone.get(routes.auth.adminGuard.path())).status).toBe(401);
    expect(await userCli(['--username', 'nobody', '--end-sessions'], registryEnv(), io)).toBe(1);
  });
});
