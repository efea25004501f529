// Cross-cutting behaviour of every route: CSRF, errors as JSON, body limits, idempotency, headers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countRows, makeTestApp, visitor, type Client, type TestApp } from '../test-support';
import { routes } from '../../shared/contract/routes';

let t: TestApp;
let anon: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
});
afterEach(() => t.close());

describe('CSRF', () => {
  it('when a response is sent to a browser without a csrftoken cookie, then one readable by the page is set', async () => {
    const res = await request(t.app).get(routes.sync.page.path());
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('csrftoken='))!;
    expect(cookie).toBeTruthy();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('when a write has no X-CSRFToken header, then 403 JSON and nothing is written', async () => {
    const res = await anon.agent.post(routes.profiles.create.developer.path()).send({ name: 'X' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/CSRF/);
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when the header does not match the cookie, then 403', async () => {
    const res = await anon.agent.post(routes.profiles.create.developer.path()).set('X-CSRFToken', 'x'.repeat(43)).send({ name: 'X' });
    expect(res.status).toBe(403);
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when the request comes from a foreign Origin, then 403 even with the right token', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), { name: 'X' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/another site/);
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when the Origin is this host, then the write goes through', async () => {
    const host = '127.0.0.1';
    const res = await anon.post(routes.profiles.create.developer.path(), { name: 'X' }, { Origin: `http://${host}`, Host: host });
    expect(res.status).toBe(201);
  });
});

describe('errors', () => {
  it('when the JSON body is malformed, then 400 JSON without a stack trace', async () => {
    const res = await anon.agent.post(routes.profiles.create.developer.path()).set('X-CSRFToken', anon.csrf).set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
    expect(res.text).not.toMatch(/at .*\.js|SyntaxError|<html/i);
  });

  it('when the body is over 1 MB, then 413 JSON', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), { name: 'X', bio: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/too large/);
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when an unknown /api path is asked for, then 404 JSON', async () => {
    const res = await anon.get('/api/nothing-here/');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No API endpoint/);
    const post = await anon.post('/api/nothing-here/', {});
    expect(post.status).toBe(404);
  });
});

/** superagent types serialize() as giving a string; the bytes are sent as they are */
const rawBody = (bytes: Buffer) => bytes as unknown as string;

describe('bodies in a Content-Encoding', () => {
  it('when a gzip body does not decompress, then 400 with a readable message, no stack trace logged, nothing written', async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => { logged.push(args); };
    try {
      const res = await anon.post(routes.profiles.create.developer.path())
        .set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').serialize(rawBody).send(Buffer.from('{"name":"not gzip at all"}'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The request body could not be read (is its Content-Encoding right?).' });
    } finally {
      console.error = original;
    }
    expect(logged).toEqual([]);
    expect(await countRows(t, 'profiles')).toBe(0);
  });

  it('when the encoding is one the server does not read, then 415 with a readable message', async () => {
    const res = await anon.post(routes.profiles.create.developer.path())
      .set('Content-Type', 'application/json').set('Content-Encoding', 'zstd-weird').serialize(rawBody).send(Buffer.from('{"name":"x"}'));
    expect(res.status).toBe(415);
    expect(res.body.error).toMatch(/^The request body is in an encoding the server does not read/);
  });

  it('when a gzip body is right, then it is read', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await anon.post(routes.profiles.create.developer.path())
      .set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').serialize(rawBody).send(gzipSync('{"name":"Zipped Person"}'));
    expect(res.status).toBe(201);
  });
});

describe('idempotency', () => {
  const key = '3f1c2a8e-0000-4000-8000-000000000001';

  it('when a write is replayed with the same Idempotency-Key, then the stored answer comes back and nothing new is written', async () => {
    const first = await anon.post(routes.profiles.create.developer.path(), { name: 'Once' }, { 'Idempotency-Key': key });
    const replay = await anon.post(routes.profiles.create.developer.path(), { name: 'Once' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await countRows(t, 'profiles')).toBe(1);
  });

  it('when the same key comes with another body, then 422 and nothing is written', async () => {
    await anon.post(routes.profiles.create.developer.path(), { name: 'Once' }, { 'Idempotency-Key': key });
    const other = await anon.post(routes.profiles.create.developer.path(), { name: 'Twice' }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(other.body.error).toMatch(/Idempotency-Key/);
    expect(await countRows(t, 'profiles')).toBe(1);
  });

  it('when a write fails validation, then its key is not kept and a corrected retry with it succeeds', async () => {
    const bad = await anon.post(routes.profiles.create.developer.path(), { name: '' }, { 'Idempotency-Key': key });
    expect(bad.status).toBe(400);
    expect(await countRows(t, 'idempotency_keys')).toBe(0);
    const good = await anon.post(routes.profiles.create.developer.path(), { name: 'Fixed' }, { 'Idempotency-Key': key });
    expect(good.status).toBe(201);
    expect(await countRows(t, 'profiles')).toBe(1);
  });

  it('when the key is malformed, then 400', async () => {
    const res = await anon.post(routes.profiles.create.developer.path(), { name: 'X' }, { 'Idempotency-Key': 'no spaces allowed' });
    expect(res.status).toBe(400);
    expect(await countRows(t, 'profiles')).toBe(0);
  });
});

describe('headers', () => {
  it('when any page is served, then there is no X-Powered-By and frames are refused', async () => {
    // per-user API answers are never stored (the public list and sync pages are 'no-cache' with
    // an ETag instead: server/http/cached-answer.ts)
    const res = await anon.get(routes.auth.currentUser.path());
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when the built index.html holds an inline script, then the CSP allows exactly that script by its hash, and no other inline one', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'bustr-dist-'));
    const line = "if (location.pathname !== '/') document.documentElement.setAttribute('data-shell-route', 'page');";
    writeFileSync(join(dist, 'index.html'), `<!doctype html><html><body><header></header><script>${line}</script><script src="/assets/app.js"></script></body></html>`);
    const built = makeTestApp({ CLIENT_DIST: dist });
    try {
      const res = await request(built.app).get('/sent');
      expect(res.status).toBe(200);
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)![1]!.split(' ');
      expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(line).digest('base64')}'`]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    } finally {
      built.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('when a non-API path is asked for and the client is not built, then a plain explanation, not a crash', async () => {
    const res = await anon.get('/accounts/login/');
    expect(res.status).toBe(503);
    expect(res.text).toMatch(/npm run build/);
  });
});
