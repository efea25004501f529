// The limits on public work, tried as an attacker would (docs/design.md#limits): the real app on a
// real socket, a script at full speed from one address (127.0.0.2) while a second address
// (127.0.0.3) goes on working — all of 127.0.0.0/8 is loopback.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { BUSY_MESSAGE } from '../db/write-failure';
import type { Engine } from '../db/engine/engine';
import { hashPassword } from '../features/auth/users';
import { countRows, engineAgain, makeTestApp, STAFF, type TestApp, TEST_ENGINE } from '../test-support';
import { routes } from '../../shared/contract/routes';
import type { Config } from '../config';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }

/** A client bound to one local address, with its cookies, as a browser at that address. */
function addressClient(port: number, localAddress: string) {
  const cookies = new Map<string, string>();
  const send = (method: string, path: string, body?: string, type = 'application/json'): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (cookies.has('csrftoken')) headers['X-CSRFToken'] = cookies.get('csrftoken')!;
      if (body !== undefined) headers['Content-Type'] = type;
      const req = request({ host: '127.0.0.1', port, path, method, localAddress, headers }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) as Record<string, unknown> : {} });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, JSON.stringify(body)),
    signIn: (username: string, password: string) =>
      send('POST', routes.auth.login.path(), new URLSearchParams({ username, password, next: '/' }).toString(), 'application/x-www-form-urlencoded'),
    async start() {
      await send('GET', routes.auth.currentUser.path());
      return this;
    },
  };
}

let t: TestApp;
let server: Server | undefined;
let restarted: Engine | undefined;
afterEach(async () => {
  if (server) await new Promise((r) => server!.close(r));
  server = undefined;
  await restarted?.close();
  restarted = undefined;
  await t.close();
});

async function listen(app: ReturnType<typeof createApp>): Promise<number> {
  server = createServer(app);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server!.address() as AddressInfo).port;
}

/** The staff user, written through the test app's data layer (a new app: no user by that name yet). */
async function addStaff(): Promise<void> {
  await t.engine.db.insertInto('users')
    .values({ username: STAFF.username, password_hash: await hashPassword(STAFF.password), is_staff: 1, created_at: new Date().toISOString() })
    .execute();
}

/** The points counted in the database for a limiter key; undefined when it has no row. */
async function pointsOf(key: string): Promise<number | undefined> {
  return (await t.engine.db.selectFrom('rate_limits').select('points').where('key', '=', key).executeTakeFirst())?.points;
}

const LIMITS: Partial<Config> = { RATE_LIMITS: true, LIMIT_WRITES: 10, LIMIT_WRITES_WINDOW_S: 600 };
const report = (i: number) => ({ name: `Flood ${i}`, bio: 'x'.repeat(200) });

describe('anonymous writes per address', () => {
  it('when one address floods reports at full speed, then it is cut off at the limit with 429 + Retry-After, and a second address keeps reporting', async () => {
    t = makeTestApp(LIMITS);
    const port = await listen(t.app);
    const flood = await addressClient(port, '127.0.0.2').start();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => flood.post(routes.profiles.create.developer.path(), report(i))));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(await countRows(t, 'profiles')).toBe(10);
    const last = refused[refused.length - 1]!;
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(500);
    expect(last.headers['ratelimit-policy']).toBe('10;w=600');
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(last.body.error).toMatch(/^Too many submissions from your network in a short time\. Yours is kept and can be sent again in 10 minutes\.$/);
    expect(created[0]!.headers['ratelimit-limit']).toBe('10');
    // refused from memory until the window ends: more of the flood writes nothing to the database
    const counted = () => pointsOf('writes:127.0.0.2');
    const before = await counted();
    for (let i = 0; i < 5; i++) expect((await flood.post(routes.profiles.create.developer.path(), report(i))).status).toBe(429);
    expect(await counted()).toBe(before);

    const neighbour = await addressClient(port, '127.0.0.3').start();
    const res = await neighbour.post(routes.profiles.create.project.path(), report(1));
    expect(res.status).toBe(201);
    expect(res.headers['ratelimit-remaining']).toBe('9');
  });

  it('when the server restarts on the same database, then the address is still cut off', async () => {
    t = makeTestApp(LIMITS);
    let port = await listen(t.app);
    const flood = await addressClient(port, '127.0.0.2').start();
    for (let i = 0; i < 11; i++) await flood.post(routes.profiles.create.developer.path(), report(i));
    await new Promise((r) => server!.close(r));
    // a new process: a new connection and app on the same registry
    restarted = engineAgain(t);
    port = await listen(createApp({ engine: restarted, config: t.config }));
    const again = await addressClient(port, '127.0.0.2').start();
    expect((await again.post(routes.profiles.create.developer.path(), report(99))).status).toBe(429);
  });

  it('when staff decide many items, then their writes are not limited', async () => {
    t = makeTestApp(LIMITS);
    await addStaff();
    const port = await listen(t.app);
    const visitor = await addressClient(port, '127.0.0.3').start();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await visitor.post(routes.profiles.create.developer.path(), report(i))).body.id as number);
    const staff = await addressClient(port, '127.0.0.3').start();
    expect((await staff.signIn(STAFF.username, STAFF.password)).status).toBe(200);
    for (const id of ids) {
      expect((await staff.post(routes.profiles.verify.developer.path({ id }), {})).status).toBe(200);
      expect((await staff.post(routes.profiles.reject.developer.path({ id }), {})).status).toBe(200);
    }
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('anonymous writes under a write lock held by another connection (SQLite-only: a second better-sqlite3 connection holds the file\'s write lock and the app\'s busy_timeout pragma sets the wait)', () => {
  it('when another connection holds the write lock, then a write answers after one busy timeout (not two: the counter does not wait) and the limit still counts, in memory', async () => {
    t = makeTestApp({ RATE_LIMITS: true, LIMIT_WRITES: 3, LIMIT_WRITES_WINDOW_S: 600 });
    const BUSY_MS = 1000;
    t.db.pragma(`busy_timeout = ${BUSY_MS}`);
    const port = await listen(t.app);
    const flood = await addressClient(port, '127.0.0.2').start();
    const locker = new Database(t.config.DATABASE_PATH);
    locker.exec('BEGIN IMMEDIATE'); // as a stuck job or another process writing would
    try {
      const timed = async (i: number) => {
        const started = performance.now();
        const answer = await flood.post(routes.profiles.create.developer.path(), report(i));
        return { ...answer, ms: performance.now() - started };
      };
      // the counter fails at once and counts in memory; the write itself waits its busy timeout
      for (let i = 0; i < 3; i++) {
        const answer = await timed(i);
        expect(answer.status).toBe(503);
        expect(answer.body.error).toBe(BUSY_MESSAGE);
        expect(answer.ms).toBeGreaterThan(BUSY_MS * 0.9);
        expect(answer.ms).toBeLessThan(BUSY_MS * 1.6);
      }
      // the fourth is over the limit counted in memory: refused before it touches the database
      const refused = await timed(3);
      expect(refused.status).toBe(429);
      expect(refused.ms).toBeLessThan(BUSY_MS / 2);
      expect(refused.body.error).toMatch(/^Too many submissions from your network/);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    // the lock gone, writes are counted in the database again
    const neighbour = await addressClient(port, '127.0.0.3').start();
    const res = await neighbour.post(routes.profiles.create.project.path(), report(9));
    expect(res.status).toBe(201);
    expect(res.headers['ratelimit-remaining']).toBe('2');
    expect(await pointsOf('writes:127.0.0.3')).toBe(1);
  });
});

describe('public reads per address', () => {
  it('when one address reads past the limit, then it gets a 429 JSON answer and another address still reads', async () => {
    t = makeTestApp({ RATE_LIMITS: true, LIMIT_READS: 20 });
    const port = await listen(t.app);
    const reader = await addressClient(port, '127.0.0.2').start(); // 1 read
    const answers = await Promise.all(Array.from({ length: 40 }, () => reader.get(routes.sync.page.path())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toMatch(/^Too many requests from your network\. Please try again in (1 minute|\d+ seconds)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await addressClient(port, '127.0.0.3').start();
    expect((await other.get(routes.sync.page.path())).status).toBe(200);
  });
});

describe('sign-in per address', () => {
  it('when one address sprays passwords across usernames, then it is throttled, and staff at another address still sign in', async () => {
    t = makeTestApp({ RATE_LIMITS: true, LIMIT_SIGNIN_FAILURES: 8 });
    await addStaff();
    const port = await listen(t.app);
    const sprayer = await addressClient(port, '127.0.0.2').start();
    const statuses: number[] = [];
    // each username tried once: the per-username throttle (5 failures) never trips
    for (let i = 0; i < 12; i++) statuses.push((await sprayer.signIn(`user${i}`, 'Summer2026!')).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(statuses.slice(8)).toEqual(Array(4).fill(429));
    const blocked = await sprayer.signIn(STAFF.username, STAFF.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, error: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/) });
    expect(blocked.headers['retry-after']).toBeDefined();

    const staff = await addressClient(port, '127.0.0.3').start();
    expect((await staff.signIn(STAFF.username, STAFF.password)).body).toEqual({ success: true, error: '' });
  });
});
