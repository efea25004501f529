// The public reads the answer cache serves (a replica's sync delta, the registry's list pages)
// are most of the server's requests, and Express cost each of them more than the answer itself:
// at 50 connections (bench/server.ts) the server spent ~250 µs of CPU per cached answer, ~150 µs
// of it in Express's app, router and eleven middleware layers; answered here, ~55 µs, most of it
// the socket write. So the common case is answered ahead of Express, with exactly what the
// Express route answers: the same security headers (the same helmet middleware), the same query
// schema, the same cached answer, ETag/304 and gzip (sendCachedAnswer).
// Anything else — another method or path, a query the schema refuses, a visitor still without
// a csrftoken cookie (Express sets one), a staff list, a failure — goes on to Express untouched.
// cached-reads.test.ts holds both paths to the same answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { AppDeps } from '../deps';
import type { CachedAnswer } from '../read-model/answer-cache';
import { syncQuerySchema } from '../../shared/contract/sync';
import { profileListQuerySchema } from '../../shared/contract/profile';
import { PROFILE_KINDS, routes } from '../../shared/contract/routes';
import { syncPageJson } from '../features/sync/service';
import { publicListJson } from '../features/profiles/service';
import { sendCachedAnswer } from './cached-answer';
import { csrfCookieOf } from './csrf';

/** A GET route answered from the answer cache: its path and its answer to a query, null when it is not one to answer here. */
export interface CachedRead {
  path: string;
  answer(query: ParsedUrlQuery): CachedAnswer | null;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The reads of the routes in features/sync and features/profiles that answer from the cache. */
export function cachedReads({ db }: AppDeps): CachedRead[] {
  const reads: CachedRead[] = [{
    path: routes.sync.page.pattern,
    answer(query) {
      const parsed = syncQuerySchema.safeParse(query);
      return parsed.success ? syncPageJson(db, parsed.data.since, parsed.data.limit) : null;
    },
  }];
  for (const kind of PROFILE_KINDS) {
    reads.push({
      path: routes.profiles.list[kind].pattern,
      answer(query) {
        const parsed = profileListQuerySchema.safeParse(query);
        // the staff's list of profiles awaiting review is per user: Express answers it
        if (!parsed.success || !parsed.data.is_verified) return null;
        return publicListJson(db, kind, { page: parsed.data.page, pageSize: parsed.data.page_size });
      },
    });
  }
  return reads;
}

/**
 * A request listener's first step: answers the request and returns true when it is a cached
 * read's common case, else returns false and leaves the request as it was for Express.
 * `securityHeaders` is the app's helmet middleware; it sets headers only, synchronously.
 */
export function cachedReadLane(reads: readonly CachedRead[], securityHeaders: Middleware): (req: IncomingMessage, res: ServerResponse) => boolean {
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

    let answer: CachedAnswer | null;
    try {
      // the query as Express's default ('simple') query parser reads it
      answer = read.answer(parseQuery(mark === -1 ? '' : url.slice(mark + 1)));
    } catch {
      // nothing is written yet: Express tries again and answers the failure as every route does
      return false;
    }
    if (!answer) return false;

    let headersSet = false;
    securityHeaders(req, res, (error) => {
      headersSet = !error;
    });
    // not expected of helmet's static headers; Express would set them again (setHeader replaces)
    if (!headersSet) return false;
    sendCachedAnswer(req, res, answer);
    return true;
  };
}
