// API tests build the real app on a temp SQLite file and talk to it through supertest, as a
// browser would: they fetch the csrftoken cookie first and echo it on every write. In the
// 'node-postgres' test project (vitest.config.ts, BUSTR_TEST_ENGINE=postgres) the same tests build
// it on a database of their own in the run's throwaway PostgreSQL (issue 21): a copy of a migrated
// template (tests/support/postgres-global-setup.ts), made with psql so that makeTestApp stays synchronous.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { inject } from 'vitest';
import { testConfig, type Config } from './config';
import { openDatabase, type Db } from './db/connection';
import { createApp } from './app';
import { engineOver, postgresEngine, type Engine } from './db/engine/engine';
import type { Database } from './db/engine/schema';
import { findUserOn, upsertUserOn } from './features/auth/users';
import { routes } from '../shared/contract/routes';
import { findPostgresBin } from '../tests/support/postgres';
import { TEMPLATE_DATABASE } from '../tests/support/postgres-global-setup';

/** The engine the API tests run the app on in this test project. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.BUSTR_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  /** SQLite's connection, for the tests that are about SQLite itself; on PostgreSQL reading it throws */
  db: Db;
  /** the app's data layer: what tests that run on both engines read and write through */
  engine: Engine;
  app: ReturnType<typeof createApp>;
  config: Config;
  close(): void | Promise<void>;
}

export function makeTestApp(overrides: Partial<Config> = {}): TestApp {
  const dir = mkdtempSync(join(tmpdir(), 'bustr-test-'));
  const config = testConfig({ DATABASE_PATH: join(dir, 'registry.sqlite'), CLIENT_DIST: join(dir, 'no-dist'), ...overrides });
  if (TEST_ENGINE === 'postgres') return postgresTestApp(dir, config);
  const db = openDatabase(config.DATABASE_PATH);
  const engine = engineOver(db);
  const app = createApp({ engine, config });
  return {
    db, engine, app, config,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresTestApp(dir: string, base: Config): TestApp {
  const url = newTestDatabase();
  const config = { ...base, DATABASE_URL: url };
  const engine = postgresEngine(url, 4);
  const app = createApp({ engine, config });
  return {
    get db(): Db {
      throw new Error('This test reads SQLite directly (t.db); on PostgreSQL it reads through t.engine.');
    },
    engine, app, config,
    async close() {
      await engine.close();
      dropTestDatabase(url);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Another connection to the test app's registry, as a second process (a restart, another
 * instance) would open: SQLite's file again, or another pool on the PostgreSQL database.
 */
export function engineAgain(t: Pick<TestApp, 'config'>): Engine {
  if (t.config.DATABASE_URL) return postgresEngine(t.config.DATABASE_URL, 4);
  const db = openDatabase(t.config.DATABASE_PATH);
  return {
    ...engineOver(db),
    close: async () => {
      db.close();
    },
  };
}

/** A database of the test's own on the run's PostgreSQL, a copy of the migrated template; its URL. */
export function newTestDatabase(): string {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  psql(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a test's database once its pool's connections have gone: a pool's end can resolve while its
 * last connections are still closing, and DROP … WITH (FORCE) would end those under it (an error
 * event nobody listens to any more), so a plain DROP (which itself waits up to 5 s for them) is
 * tried again a few times instead; a connection still open after that is a leak, and fails the test.
 */
function dropTestDatabase(url: string): void {
  const name = new URL(url).pathname.slice(1);
  for (let attempt = 1; ; attempt++) {
    try {
      psql(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if (attempt >= 5 || !String((error as { stderr?: unknown }).stderr).includes('being accessed by other users')) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

function psql(command: string): void {
  execFileSync(join(findPostgresBin(), 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', inject('postgresAdminUrl'), '-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface Client {
  agent: TestAgent;
  csrf: string;
  /** a POST with the CSRF header, JSON body */
  post(path: string, body?: unknown, headers?: Record<string, string>): request.Test;
  delete(path: string): request.Test;
  get(path: string): request.Test;
}

function csrfFrom(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const match = cookies.map((c) => /^csrftoken=([^;]+)/.exec(c)).find(Boolean);
  if (!match?.[1]) throw new Error('no csrftoken cookie was set');
  return match[1];
}

/** A visitor with a cookie jar, as a browser is after its first page load. */
export async function visitor(app: TestApp['app']): Promise<Client> {
  const agent = request.agent(app);
  const first = await agent.get(routes.auth.currentUser.path());
  let csrf = csrfFrom(first.headers['set-cookie'] as unknown as string[]);
  const client: Client = {
    agent,
    get csrf() { return csrf; },
    set csrf(v: string) { csrf = v; },
    post: (path, body, headers = {}) => {
      const req = agent.post(path).set('X-CSRFToken', csrf).set(headers);
      return body === undefined ? req : req.send(body as object);
    },
    delete: (path) => agent.delete(path).set('X-CSRFToken', csrf),
    get: (path) => agent.get(path),
  };
  return client;
}

/** Signs the client in through the real login form; the CSRF token rotates at sign-in. */
export async function signIn(client: Client, username: string, password: string): Promise<void> {
  const res = await client.agent
    .post(routes.auth.login.path())
    .set('X-CSRFToken', client.csrf)
    .type('form')
    .send({ username, password, next: '/' });
  if (res.status !== 200 || res.body.success !== true) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.csrf = csrfFrom(res.headers['set-cookie'] as unknown as string[]);
}

export const STAFF = { username: 'staff', password: 'correct horse battery' };
export const MEMBER = { username: 'member', password: 'member password 1' };

/** A signed-in staff client (the user is created on first use). */
export async function staffClient(t: TestApp): Promise<Client> {
  // made once: setting the password again would end the sessions of the staff clients made before
  if (!await findUserOn(t.engine.db, STAFF.username)) await upsertUserOn(t.engine, { ...STAFF, isStaff: true });
  const client = await visitor(t.app);
  await signIn(client, STAFF.username, STAFF.password);
  return client;
}

export async function memberClient(t: TestApp): Promise<Client> {
  if (!await findUserOn(t.engine.db, MEMBER.username)) await upsertUserOn(t.engine, { ...MEMBER, isStaff: false });
  const client = await visitor(t.app);
  await signIn(client, MEMBER.username, MEMBER.password);
  return client;
}

export function count(db: Db, table: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** The rows of a table, through the app's data layer (on either engine). */
export async function countRows(t: Pick<TestApp, 'engine'>, table: keyof Database): Promise<number> {
  const row = await t.engine.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
