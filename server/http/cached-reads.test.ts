// The lane ahead of Express (cached-reads.ts) answers exactly as the Express routes do, and
// only when it should: every request here goes to both, on the same database.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import cookieParser from 'cookie-parser';
import fc from 'fast-check';
import type express from 'express';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { publishedProfile } from '../test-flows';
import { cachedReads, createExpressApp } from '../app';
import { cachedReadLane } from './cached-reads';
import { csrfCookieOf, csrfProtection } from './csrf';
import helmet from 'helmet';

const TOKEN = 'lanelanelanelanelanelanelanelanelanelane0';

let t: TestApp;
let expressOnly: express.Express;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  expressOnly = createExpressApp({ engine: t.engine, config: t.config });
  anon = await visitor(t.app);
  staff = await staffClient(t);
  for (const name of ['Ada', 'Bo', 'Cy']) {
    await publishedProfile(anon, staff, 'developers', { name, bio: `${name} ran a rug pull. `.repeat(20) }, [{ description: `${name} took it all` }]);
  }
  await publishedProfile(anon, staff, 'projects', { name: 'Moon Token' }, []);
});
afterEach(() => t.close());

type Headers = Record<string, string>;

/** status, headers (but the date) and body of the same request to the app and to Express alone */
async function both(method: 'get' | 'head', path: string, headers: Headers) {
  const ask = async (app: TestApp['app'] | express.Express) => {
    const res = await request(app)[method](path).set(headers).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    const { date: _date, 'set-cookie': setCookie, ...rest } = res.headers as Record<string, string | string[]>;
    return { status: res.status, headers: rest, csrfCookieSet: Boolean(setCookie), body: (res.body as Buffer).toString('base64') };
  };
  return { lane: await ask(t.app), express: await ask(expressOnly) };
}

const browser = (extra: Headers = {}): Headers => ({ Cookie: `csrftoken=${TOKEN}`, 'Accept-Encoding': 'gzip, deflate, br', ...extra });

describe('cached reads ahead of Express', () => {
  it('when a browser with its csrftoken asks for a sync page or a list page, then the answer is the Express one, byte for byte', async () => {
    const paths = ['/api/sync/?since=0&limit=500', '/api/sync/?since=2&limit=1', '/api/sync/', '/api/developers/?page_size=20',
      '/api/developers/?page=2&page_size=1', '/api/projects/', '/api/developers/?is_verified=true&page_size=9999&extra=1',
      '/api/search/', '/api/search/?kind=project&q=a&page=2', `/api/search/?q=Ada&filters=${encodeURIComponent('{"Industry":["x"]}')}`,
      '/api/search/options/?kind=developer&category=Industry'];
    for (const path of paths) {
      for (const encoding of ['gzip, deflate, br', 'identity', 'gzip;q=0', '*']) {
        const { lane, express } = await both('get', path, browser({ 'Accept-Encoding': encoding }));
        expect(lane, `${path} (${encoding})`).toEqual(express);
        expect(lane.status).toBe(200);
        expect(lane.csrfCookieSet).toBe(false);
      }
      const { lane, express } = await both('get', path, { Cookie: `csrftoken=${TOKEN}` });
      expect(lane, `${path} (no Accept-Encoding)`).toEqual(express);
    }
  });

  it('when the browser already has the answer, then both say 304 with the same ETag and headers', async () => {
    const first = await both('get', '/api/sync/?since=0&limit=500', browser());
    const etag = first.lane.headers.etag as string;
    expect(first.lane.headers['content-encoding']).toBe('br'); // brotli first, when accepted
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const { lane, express } = await both('get', '/api/sync/?since=0&limit=500', browser({ 'If-None-Match': ifNoneMatch }));
      expect(lane).toEqual(express);
      expect(lane.status).toBe(304);
      expect(lane.headers['cache-control']).toBe('no-cache');
      expect(lane.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('when the request is not the common case, then Express answers it as before', async () => {
    const cases: [string, 'get' | 'head', Headers][] = [
      ['/api/sync/?since=0', 'get', { 'Accept-Encoding': 'gzip' }], // a first visit: gets its csrftoken
      ['/api/sync/?since=-1', 'get', browser()], // 400
      ['/api/sync/?limit=0', 'get', browser()],
      ['/api/sync/?since=1&since=2', 'get', browser()],
      ['/api/sync', 'get', browser()], // another spelling of the path
      ['/API/SYNC/', 'get', browser()],
      ['/api/sync/?since=0', 'head', browser()],
      ['/api/developers/?is_verified=false', 'get', browser()], // staff only: 401 here
      ['/api/developers/?page_size=0', 'get', browser()],
      ['/api/developers/1/', 'get', browser()],
      ['/api/search/?q=%C3%28', 'get', browser()], // not UTF-8: 400
      ['/api/search/?q=%EF%BF%BD', 'get', browser()], // U+FFFD itself, as UTF-8
      ['/api/search/?page=0', 'get', browser()],
      ['/api/search/?q=a&q=b', 'get', browser()],
      ['/api/search/options/?category=Colour', 'get', browser()],
      ['/api/sync/?since=0', 'get', { Cookie: 'csrftoken=short', 'Accept-Encoding': 'gzip' }],
      ['/api/sync/?since=0', 'get', { Cookie: `csrftoken="${TOKEN}"`, 'Accept-Encoding': 'gzip' }],
    ];
    for (const [path, method, headers] of cases) {
      const { lane, express } = await both(method, path, headers);
      expect(lane, `${method} ${path}`).toEqual(express);
    }
  });

  it('when a cached read is the common case, then the lane answers it itself, and leaves the rest', async () => {
    const lane = cachedReadLane(cachedReads({ engine: t.engine, config: t.config }), helmet(), (_req, res) => res.writeHead(598).end());
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (!lane(req, res)) res.writeHead(599).end();
    });
    const answered = async (path: string, headers: Headers) => (await request(server).get(path).set(headers)).status !== 599;
    expect(await answered('/api/sync/?since=0&limit=500', browser())).toBe(true);
    expect(await answered('/api/projects/', browser())).toBe(true);
    expect(await answered('/api/sync/?since=0&limit=500', { 'Accept-Encoding': 'gzip' })).toBe(false);
    expect(await answered('/api/developers/?is_verified=false', browser())).toBe(false);
    expect(await answered('/api/sync/?limit=0', browser())).toBe(false);
    expect(await answered('/api/accounts/me/', browser())).toBe(false);
  });
});

describe('csrfCookieOf', () => {
  // what csrfProtection makes of a Cookie header after cookie-parser: the token kept, or null when it sets a new one
  function keptByExpress(header: string): string | null {
    const req = { headers: { cookie: header }, method: 'GET' } as unknown as express.Request;
    let set = false;
    const res = { cookie: () => { set = true; } } as unknown as express.Response;
    cookieParser()(req, res, () => {});
    csrfProtection(t.config)(req, res, () => {});
    return set ? null : req.csrfToken;
  }

  it('when it finds a token, then it is the one csrfProtection keeps; on well-formed headers they always agree', () => {
    const piece = fc.constantFrom('csrftoken', TOKEN, 'sessionid', '=', ';', ' ', '\t', '"', '%41', 'j:', 'x', 'csrftoken=', `csrftoken=${TOKEN}`, '\u00a0');
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
      const header = pieces.join('');
      const found = csrfCookieOf(header);
      if (found !== null) expect(found).toBe(keptByExpress(header));
    }), { numRuns: 2000 });
    for (const header of [`csrftoken=${TOKEN}`, `a=b; csrftoken=${TOKEN}; c=d`, ` csrftoken = ${TOKEN} `, `csrftoken=${TOKEN}; csrftoken=other`,
      'csrftoken=bad; csrftoken=' + TOKEN, 'sessionid=abc', '', 'csrftoken', `xcsrftoken=${TOKEN}`]) {
      expect(csrfCookieOf(header), header).toBe(keptByExpress(header));
    }
  });
});
