// Limits on public work per address (docs/design.md#limits; README "Security"): anonymous writes,
// public reads, failed sign-ins. Answers within a limit carry the standard RateLimit headers
// (IETF draft: RateLimit-Policy, RateLimit-Limit, -Remaining, -Reset); one over it is a 429 with
// Retry-After and a message a person can read. The counters live behind http/limit-store.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Config } from '../config';
import type { Engine } from '../db/engine/engine';
import { AppError } from '../errors';
import { limitStore, type Limit, type LimitState } from './limit-store';

export interface Limits {
  /** writes by visitors (not staff), per address */
  writes: Limit;
  /** GET /api/… calls, per address */
  reads: Limit;
  /** failed sign-ins per address, whatever the username (password spraying) */
  signInFailures: Limit;
}

/** The app's limits, or null when RATE_LIMITS is off. A limit of 0 points is off too. */
export function makeLimits(engine: Engine, config: Config): Limits | null {
  if (!config.RATE_LIMITS) return null;
  const make = limitStore(engine);
  return {
    writes: make({ name: 'writes', points: config.LIMIT_WRITES, windowSeconds: config.LIMIT_WRITES_WINDOW_S, durable: true }),
    reads: make({ name: 'reads', points: config.LIMIT_READS, windowSeconds: config.LIMIT_READS_WINDOW_S, durable: false }),
    signInFailures: make({
      name: 'signin', points: config.LIMIT_SIGNIN_FAILURES, windowSeconds: config.LIMIT_SIGNIN_WINDOW_S, durable: true,
    }),
  };
}

/** "in 1 minute", "in 7 minutes", "in 45 seconds" */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** docs/product.md#limits: what a person over a limit reads. */
export const LIMIT_MESSAGES = {
  writes: (seconds: number) =>
    `Too many submissions from your network in a short time. Yours is kept and can be sent again ${waitText(seconds)}.`,
  reads: (seconds: number) => `Too many requests from your network. Please try again ${waitText(seconds)}.`,
} as const;

/** The standard headers of a limited answer. */
export function limitHeaders(limit: Limit, state: LimitState): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${limit.points};w=${limit.windowSeconds}`,
    'RateLimit-Limit': String(limit.points),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
  if (!state.allowed) headers['Retry-After'] = String(state.resetSeconds);
  return headers;
}

/** The address a limit counts: Express's req.ip (TRUST_PROXY honoured), or the socket's. */
export function addressOf(req: IncomingMessage & { ip?: string }, trustProxy: boolean): string {
  if (req.ip) return req.ip;
  if (trustProxy) {
    // as Express's 'trust proxy' 1: the nearest hop the proxy saw
    const forwarded = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded ?? '').split(',').map((h) => h.trim()).filter(Boolean);
    if (hops.length) return hops[hops.length - 1]!;
  }
  return req.socket.remoteAddress ?? '';
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Counts every unsafe /api call of someone who is not staff against the writes limit (sign-in and
 * sign-out have their own rules: auth/service.ts). Runs after the session and CSRF checks.
 */
export function limitWrites(limits: Limits | null, config: Config): RequestHandler {
  return (req, res, next) => {
    if (!limits || limits.writes.points === 0 || !UNSAFE.has(req.method) || !req.path.startsWith('/api/')) return next();
    if (req.user?.is_staff || req.path === '/api/login/') return next();
    limits.writes.consume(addressOf(req, config.TRUST_PROXY)).then((state) => {
      const headers = limitHeaders(limits.writes, state);
      if (!state.allowed) throw new AppError(429, LIMIT_MESSAGES.writes(state.resetSeconds), undefined, headers);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      next();
    }).catch(next);
  };
}

/**
 * The read limit, ahead of the cached reads' lane and Express: calls `go` when the request may
 * proceed, else answers the 429 itself. Only GET /api/… calls count.
 */
export function limitReads(limits: Limits | null, config: Config, go: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!limits || limits.reads.points === 0 || req.method !== 'GET' || !req.url?.startsWith('/api/')) {
      go(req, res);
      return;
    }
    limits.reads.consume(addressOf(req, config.TRUST_PROXY)).then((state) => {
      if (state.allowed) {
        res.setHeader('RateLimit-Policy', `${limits.reads.points};w=${limits.reads.windowSeconds}`);
        go(req, res);
        return;
      }
      const body = JSON.stringify({ error: LIMIT_MESSAGES.reads(state.resetSeconds) });
      res.writeHead(429, {
        ...limitHeaders(limits.reads, state),
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(body);
    }, () => go(req, res));
  };
}
