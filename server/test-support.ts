// API tests build the real app on a temp SQLite file and talk to it through supertest, as a
// browser would: they fetch the csrftoken cookie first and echo it on every write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { testConfig, type Config } from './config';
import { openDatabase, type Db } from './db/connection';
import { createApp } from './app';
import { engineOver, type Engine } from './db/engine/engine';
import type { Database } from './db/engine/schema';
import { findUserOn, upsertUserOn } from './features/auth/users';
import { routes } from '../shared/contract/routes';

export interface TestApp {
  db: Db;
  /** the app's data layer (over `db`): what tests that run on both engines read and write through */
  engine: Engine;
  app: ReturnType<typeof createApp>;
  config: Config;
  close(): void;
}

export function makeTestApp(overrides: Partial<Config> = {}): TestApp {
  const dir = mkdtempSync(join(tmpdir(), 'bustr-test-'));
  const config = testConfig({ DATABASE_PATH: join(dir, 'registry.sqlite'), CLIENT_DIST: join(dir, 'no-dist'), ...overrides });
  const db = openDatabase(config.DATABASE_PATH);
  const engine = engineOver(db);
  const app = createApp({ db, engine, config });
  return {
    db, engine, app, config,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
