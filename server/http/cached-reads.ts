// The public reads the answer cache serves (a replica's sync delta, the registry's list pages)
// are most of the server's requests, and Express cost each of them more than the answer itself:
// at 50 connections (bench/server.ts) the server spent ~250 µs of CPU per cached answer, ~150 µs
// of it in Express's app, router and eleven middleware layers; answered here, ~55 µs, most of it
// the socket write. So the common case is answered ahead of Express, with exactly what the
// Express route answers: the same security headers (the same helmet middleware), the same query
// schema, the same cached answer, ETag/304 and gzip (sendCachedAnswer).
// Anything else — another method or path, a query the schema refuses, a visitor still without
// a csrftoken cookie (Express sets one), a staff list, a failure — goes on to Express untouched.
// Each feature exports the cached reads of its routes (features/sync/routes.ts,
// features/profiles/routes.ts); app.ts puts them together. cached-reads.test.ts holds both paths
// to the same answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { CachedAnswer } from '../read-model/answer-cache';
import { sendCachedAnswer } from './cached-answer';
import { csrfCookieOf } from './csrf';

/**
 * A GET route answered from the answer cache: its path and its answer to a query, null when it is
 * not one to answer here; a promise when it is being built elsewhere (a search thread).
 */
export interface CachedRead {
  path: string;
  answer(query: ParsedUrlQuery, req: IncomingMessage): CachedAnswer | Promise<CachedAnswer> | null;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * A request listener's first step: answers the request and returns true when it is a cached
 * read's common case, else returns false and leaves the request as it was for Express.
 * `securityHeaders` is the app's helmet middleware; it sets headers only, synchronously.
 */
export function cachedReadLane(
  reads: readonly CachedRead[],
  securityHeaders: Middleware,
  /** where a request goes whose answer, once begun here, failed (Express answers it as its route does) */
  fallback: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const byPath = new Map(reads.map((read) => [read.path, read]));
  return (req, res) => {
    if (req.method !== 'GET') return false;
    // the path exactly as the route has it (Express also takes other spellings: it answers those)
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const read = byPath.get(mark === -1 ? url : url.slice(0, mark));
    if (!read || url.includes('#')) return false;
    // a first visit gets its csrftoken cookie from Express (http/csrf.ts)
    if (csrfCookieOf(req.headers.cookie) === null) return false;

    let answer: CachedAnswer | Promise<CachedAnswer> | null;
    try {
      // the query as Express's default ('simple') query parser reads it
      answer = read.answer(parseQuery(mark === -1 ? '' : url.slice(mark + 1)), req);
    } catch {
      // nothing is written yet: Express tries again and answers the failure as every route does
      return false;
    }
    if (!answer) return false;
    if (answer instanceof Promise) {
      // nothing is written until it comes: a failure goes to Express as a throw above does
      answer.then((ready) => {
        if (!send(req, res, ready)) fallback(req, res);
      }, () => fallback(req, res));
      return true;
    }
    return send(req, res, answer);
  };

  function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): boolean {
    let headersSet = false;
    securityHeaders(req, res, (error) => {
      headersSet = !error;
    });
    // not expected of helmet's static headers; Express would set them again (setHeader replaces)
    if (!headersSet) return false;
    sendCachedAnswer(req, res, answer);
    return true;
  }
}
