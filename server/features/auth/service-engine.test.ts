// Sessions and sign-in on both engines (issue 21, docs/decisions/035): what auth.test.ts holds on
// SQLite through the app, here on SQLite and PostgreSQL alike, and between two app instances over
// one PostgreSQL database (a session started on one is known to the other; failures counted on one
// throttle the other).
import SqliteDatabase from 'better-sqlite3';
import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS, SESSION_COOKIE, SESSION_TTL_MS } from '../../../shared/constants';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { engineOver, openEngine, type Engine } from '../../db/engine/engine';
import { endSessionOn, loadSessionOn, startSessionOn } from '../../http/session';
import { attemptLogin, type LoginResult } from './service';
import { hashPassword } from './users';

const engines = useEngines();
const PASSWORD = 'ada password 1';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});
afterEach(() => {
  vi.useRealTimers();
});

async function addUser(engine: Engine, username: string, isStaff = 0): Promise<number> {
  const row = await engine.db.insertInto('users')
    .values({ username, password_hash: passwordHash, is_staff: isStaff, created_at: '2026-11-26T00:00:00.000Z' })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The test on SQLite (over an app's connection) and on PostgreSQL, each with user 'ada'; what each gives back. */
function onBoth<T>(test: (engine: Engine, ada: number) => Promise<T>): Promise<[T, T]> {
  return engines.onBoth(async (engine) => test(engine, await addUser(engine, 'ada', 1)));
}

/** Two app instances over one new PostgreSQL database, with user 'ada'. */
async function twoInstances<T>(test: (a: Engine, b: Engine, ada: number) => Promise<T>): Promise<T> {
  const url = await engines.postgresUrl();
  const a = await openEngine(url);
  const b = await openEngine(url);
  try {
    return await test(a, b, await addUser(a, 'ada', 1));
  } finally {
    await a.close();
    await b.close();
  }
}

const config = testConfig();

/** Just the session middleware and routes over an engine: start a session for a user, read it, end it. */
function sessionApp(engine: Engine): express.Express {
  const app = express();
  app.use(cookieParser());
  app.use(loadSessionOn(engine.db));
  app.post('/start/:userId', async (req, res) => {
    await startSessionOn(engine.db, config, res, Number(req.params.userId));
    res.json({});
  });
  app.post('/end', async (req, res) => {
    await endSessionOn(engine.db, config, req, res);
    res.json({});
  });
  app.get('/me', (req, res) => {
    res.json({ user: req.user });
  });
  return app;
}

/** The session id a start set, with its cookie's attributes (the id itself differs every time). */
function startedCookie(res: request.Response): { token: string; attributes: string } {
  const header = res.headers['set-cookie'] as unknown as string[];
  const cookie = header.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  const [pair, ...attributes] = cookie.split('; ');
  return { token: pair!.slice(SESSION_COOKIE.length + 1), attributes: attributes.filter((a) => !a.startsWith('Expires=')).join('; ') };
}

const me = (app: express.Express, token: string) =>
  request(app).get('/me').set('Cookie', `${SESSION_COOKIE}=${token}`).then((res) => (res.body as { user: unknown }).user);

const attempt = (engine: Engine, password: string, now: number, username = 'ada') => attemptLogin(engine, { username, password, ip: '10.0.0.1' }, now);

/** Sign-in's results as the route tells them apart. */
const outcome = (result: LoginResult) => (result.ok ? 'ok' : result.reason === 'throttled' ? `throttled ${result.retryAfterSeconds}s` : 'invalid');

const START = Date.UTC(2026, 10, 26, 10, 0);

describe('sessions on both engines', () => {
  it('when a session starts, then its cookie loads the user until it expires or ends; an expired one is pruned at the next start', async () => {
    const results = await onBoth(async (engine, ada) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(START);
      const app = sessionApp(engine);
      const first = startedCookie(await request(app).post(`/start/${ada}`));
      const loaded = await me(app, first.token);
      const unknown = await me(app, 'x'.repeat(43));

      vi.setSystemTime(START + SESSION_TTL_MS - 1);
      const lastMoment = await me(app, first.token);
      vi.setSystemTime(START + SESSION_TTL_MS);
      const expired = await me(app, first.token);
      const rowsBeforeNextStart = (await engine.db.selectFrom('sessions').select('id_hash').execute()).length;

      const second = startedCookie(await request(app).post(`/start/${ada}`));
      const rowsAfterNextStart = (await engine.db.selectFrom('sessions').select('id_hash').execute()).length;
      const ended = await request(app).post('/end').set('Cookie', `${SESSION_COOKIE}=${second.token}`);
      const cleared = (ended.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${SESSION_COOKIE}=;`)) !== undefined;
      return {
        attributes: first.attributes, newIdEachTime: first.token !== second.token, loaded, unknown, lastMoment, expired,
        rowsBeforeNextStart, rowsAfterNextStart, afterEnd: await me(app, second.token), cleared,
        rowsAfterEnd: (await engine.db.selectFrom('sessions').select('id_hash').execute()).length,
      };
    });
    const ada = { id: expect.any(Number), username: 'ada', is_staff: true };
    expect(results[0]).toEqual({
      attributes: `Max-Age=${SESSION_TTL_MS / 1000}; Path=/; HttpOnly; SameSite=Lax`, newIdEachTime: true,
      loaded: ada, unknown: null, lastMoment: ada, expired: null,
      rowsBeforeNextStart: 1, rowsAfterNextStart: 1, afterEnd: null, cleared: true, rowsAfterEnd: 0,
    });
    expect(results[1]).toEqual(results[0]);
  });
});

describe('the sign-in throttle on both engines', () => {
  it(`when ${LOGIN_THROTTLE_MAX_FAILURES} attempts fail, then even the right password is refused for the window, and let in after it`, async () => {
    const results = await onBoth(async (engine) => {
      const outcomes: string[] = [];
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i++) outcomes.push(outcome(await attempt(engine, `wrong ${i}`, START + i * 1000)));
      outcomes.push(outcome(await attempt(engine, PASSWORD, START + 60_000)));
      // the key is the lower-cased username
      outcomes.push(outcome(await attempt(engine, PASSWORD, START + 60_000, 'ADA')));
      // the oldest failure leaving the window lifts the block
      outcomes.push(outcome(await attempt(engine, PASSWORD, START + LOGIN_THROTTLE_WINDOW_MS + 1)));
      const failuresLeft = (await engine.db.selectFrom('login_failures').select('at').execute()).length;
      const audit = await engine.db.selectFrom('audit_log').select(['actor', 'action']).orderBy('id').execute();
      return { outcomes, failuresLeft, audit: audit.map((row) => `${row.actor} ${row.action}`) };
    });
    expect(results[0]).toEqual({
      outcomes: ['invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'throttled 840s', 'throttled 840s', 'ok'],
      failuresLeft: 0,
      audit: [...Array<string>(5).fill('ada login.failure'), 'ada login.throttled', 'ADA login.throttled', 'ada login.success'],
    });
    expect(results[1]).toEqual(results[0]);
  });

  it('when a sign-in succeeds, then the failures before it are forgotten; an unknown user and a name in another case are told apart as before', async () => {
    const results = await onBoth(async (engine) => {
      const outcomes: string[] = [];
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES - 1; i++) outcomes.push(outcome(await attempt(engine, 'wrong', START + i)));
      outcomes.push(outcome(await attempt(engine, PASSWORD, START + 10, 'Ada')));
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES - 1; i++) outcomes.push(outcome(await attempt(engine, 'wrong', START + 20 + i)));
      outcomes.push(outcome(await attempt(engine, PASSWORD, START + 30)));
      outcomes.push(outcome(await attempt(engine, PASSWORD, START + 40, 'nobody')));
      const success = await attempt(engine, PASSWORD, START + 50, 'ADA');
      return { outcomes, user: success.ok ? success.user : null };
    });
    expect(results[0]).toEqual({
      outcomes: ['invalid', 'invalid', 'invalid', 'invalid', 'ok', 'invalid', 'invalid', 'invalid', 'invalid', 'ok', 'invalid'],
      user: { id: expect.any(Number), username: 'ada', is_staff: true },
    });
    expect(results[1]).toEqual(results[0]);
  });

  it('when 8 wrong passwords arrive at once, then 5 are checked and 3 throttled', async () => {
    const results = await onBoth(async (engine) => {
      const all = await Promise.all(Array.from({ length: 8 }, () => attempt(engine, 'wrong', START)));
      return all.map(outcome).sort();
    });
    const expected = [...Array<string>(5).fill('invalid'), ...Array<string>(3).fill('throttled 900s')];
    expect(results).toEqual([expected, expected]);
  });
});

describe('the sign-in throttle on SQLite that cannot be written', () => {
  it('when the database can only be read, then failures already counted still throttle and a right password still signs in', async () => {
    const path = engines.sqlitePath();
    const writable = openDatabase(path);
    const readOnly = new SqliteDatabase(path, { readonly: true });
    try {
      const engine = engineOver(writable);
      await addUser(engine, 'ada');
      await addUser(engine, 'bert');
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i++) await attempt(engine, 'wrong', START + i, 'bert');
      const reading = engineOver(readOnly);
      const outcomes = [
        outcome(await attempt(reading, 'wrong', START + 10)),
        outcome(await attempt(reading, PASSWORD, START + 20)),
        outcome(await attempt(reading, PASSWORD, START + 30, 'bert')),
      ];
      expect(outcomes).toEqual(['invalid', 'ok', 'throttled 900s']);
    } finally {
      readOnly.close();
      writable.close();
    }
  });
});

describe('two app instances over one PostgreSQL database', () => {
  it('when a session starts on one instance, then the other loads it, and an end on the other ends it for both', async () => {
    const result = await twoInstances(async (a, b, ada) => {
      const [appA, appB] = [sessionApp(a), sessionApp(b)];
      const { token } = startedCookie(await request(appA).post(`/start/${ada}`));
      const onB = await me(appB, token);
      await request(appB).post('/end').set('Cookie', `${SESSION_COOKIE}=${token}`);
      return { onB, onAAfterEnd: await me(appA, token), onBAfterEnd: await me(appB, token) };
    });
    expect(result).toEqual({ onB: { id: expect.any(Number), username: 'ada', is_staff: true }, onAAfterEnd: null, onBAfterEnd: null });
  });

  it('when the failures are counted on one instance, then the other throttles the right password; a success on one clears them for both', async () => {
    const result = await twoInstances(async (a, b) => {
      const outcomes: string[] = [];
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES - 1; i++) outcomes.push(outcome(await attempt(a, 'wrong', START + i)));
      outcomes.push(outcome(await attempt(b, PASSWORD, START + 10)));
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i++) outcomes.push(outcome(await attempt(b, 'wrong', START + 20 + i)));
      outcomes.push(outcome(await attempt(a, PASSWORD, START + 30)));
      return outcomes;
    });
    expect(result).toEqual([
      'invalid', 'invalid', 'invalid', 'invalid', 'ok',
      'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'throttled 900s',
    ]);
  });

  it('when 8 wrong passwords arrive at once, 4 on each instance, then 5 are checked and 3 throttled', async () => {
    const result = await twoInstances(async (a, b) => {
      const all = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(i % 2 === 0 ? a : b, 'wrong', START)));
      return all.map(outcome).sort();
    });
    expect(result).toEqual([...Array<string>(5).fill('invalid'), ...Array<string>(3).fill('throttled 900s')]);
  });
});
