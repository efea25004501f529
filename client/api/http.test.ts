import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, LOGIN_THROTTLE_MAX_FAILURES } from '../../shared/constants';
import { LOGIN_MESSAGES } from '../../shared/contract/auth';
import { connectTo, disconnect, startServer, type CookieJar, type RunningServer } from '../local/test-support';
import { refreshCsrf } from './csrf';
import { ApiError, apiBytes, apiFetch, apiJson, configureHttp, parseRetryAfter, readCookie, resetHttpConfig } from './http';
import { routes } from '../../shared/contract/routes';

describe('readCookie and parseRetryAfter', () => {
  afterEach(() => resetHttpConfig());

  it('when the cookie is set among others, then its decoded value is read, and a missing one is null', () => {
    configureHttp({ cookies: () => 'theme=dark; csrftoken=abc%3D%3D; other=1' });

    expect(readCookie('csrftoken')).toBe('abc==');
    expect(readCookie('sessionid')).toBeNull();
  });

  it('when Retry-After holds seconds or an HTTP date, then it becomes milliseconds, and anything else null', () => {
    const now = Date.parse('2025-03-14T12:00:00Z');

    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 14 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Fri, 14 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('apiFetch and apiJson against the real server', () => {
  let server: RunningServer;
  let jar: CookieJar;

  beforeEach(async () => {
    server = await startServer();
    jar = connectTo(server.url);
  });

  afterEach(async () => {
    disconnect();
    await server.close();
  });

  it('when the path is unknown, then the ApiError carries the status and the server\'s message', async () => {
    const error = await apiJson('/api/nope/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'No API endpoint at GET /api/nope/.' });
  });

  it('when a write is sent without the CSRF cookie, then it is refused, and after refreshCsrf the header goes with it', async () => {
    const refused = await apiJson(routes.profiles.create.developer.path(), { method: 'POST', json: { name: 'Jane Roe' } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 403, message: expect.stringMatching(/csrftoken cookie is missing/) });

    await refreshCsrf();
    expect(jar.get(CSRF_COOKIE)).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const created = await apiJson<{ id: number }>(routes.profiles.create.developer.path(), { method: 'POST', json: { name: 'Jane Roe' } });

    expect(created).toEqual({ id: expect.any(Number), receipt: expect.objectContaining({ reference: expect.any(String) }) });
  });

  it('when a write is repeated with its Idempotency-Key, then the stored answer comes back, and another body with that key is refused', async () => {
    await refreshCsrf();
    const send = (name: string) => apiFetch(routes.profiles.create.developer.path(), { method: 'POST', json: { name }, idempotencyKey: 'test-key:1' });

    const first = await send('Jane Roe');
    const again = await send('Jane Roe');
    const other = await apiJson(routes.profiles.create.developer.path(), { method: 'POST', json: { name: 'John Doe' }, idempotencyKey: 'test-key:1' }).catch((e: unknown) => e);

    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(other).toMatchObject({ status: 422 });
  });

  it('when a form is posted, then it goes form-encoded, and the throttled answer carries Retry-After', async () => {
    await refreshCsrf();
    const login = () => apiJson(routes.auth.login.path(), { form: { username: 'nobody', password: 'wrong password', next: '/' } }).catch((e: unknown) => e as ApiError);

    const first = await login();
    expect(first).toMatchObject({ status: 400, message: LOGIN_MESSAGES.invalid });
    for (let i = 1; i < LOGIN_THROTTLE_MAX_FAILURES; i++) await login();
    const throttled = (await login()) as ApiError;

    expect(throttled.status).toBe(429);
    expect(throttled.retryAfterMs).toBeGreaterThan(0);
  });

  it('when bytes are asked for, then a 2xx answer comes as it was sent, and a refusal as an ApiError with the server\'s message', async () => {
    const bytes = await apiBytes(routes.sync.page.path({ query: { since: 0, limit: 10 } }));
    const sent = await (await fetch(`${server.url}/api/sync/?since=0&limit=10`)).text();

    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(bytes)).toBe(sent);
    const error = await apiBytes('/api/nope/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'No API endpoint at GET /api/nope/.' });
  });

  it('when the server is gone, then the failure is an ApiError with status 0', async () => {
    await server.stop();

    const error = await apiJson(routes.auth.currentUser.path()).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'ApiError', status: 0, message: expect.stringMatching(/could not be reached/) });
  });
});

describe('apiFetch redirects', () => {
  // Our server never redirects an API call; something in between can (a captive portal, a
  // misconfigured proxy). A tiny server that answers every request with a redirect stands in for it.
  let portal: http.Server;
  let url: string;
  const seen: string[] = [];

  beforeEach(async () => {
    seen.length = 0;
    portal = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/elsewhere') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Sign in to the Wi-Fi</p>');
      else res.writeHead(302, { Location: '/elsewhere' }).end();
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
    configureHttp({ baseUrl: url, fetch: (input, init) => globalThis.fetch(input, init), cookies: () => '' });
  });

  afterEach(async () => {
    resetHttpConfig();
    await new Promise<void>((resolve) => portal.close(() => resolve()));
  });

  it("when redirect is 'manual', then a redirect answer comes back as it is and is not followed (product.md#calls sign-in)", async () => {
    const res = await apiFetch(routes.auth.login.path(), { form: { username: 'a', password: 'b', next: '/' }, redirect: 'manual' });

    expect(res.status).toBe(302);
    expect(res.ok).toBe(false);
    expect(seen).toEqual(['/api/login/']);
  });

  it('when no redirect option is given, then redirects are followed as fetch does by default', async () => {
    const res = await apiFetch(routes.auth.currentUser.path());

    expect(res.status).toBe(200);
    expect(seen).toEqual(['/api/accounts/me/', '/elsewhere']);
  });
});
