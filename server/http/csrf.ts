// CSRF as Django does it (product.md#roles, product.md#calls; docs/design.md#auth): a page-readable `csrftoken` cookie is
// set on any response that lacks one; every unsafe method must echo it in `X-CSRFToken`, and an
// `Origin`, when the browser sends one, must be this host.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/constants';
import type { Config } from '../config';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function setCsrfCookie(config: Config, res: Response, token = randomBytes(32).toString('base64url')): string {
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: config.SECURE_COOKIES, path: '/', maxAge: ONE_YEAR_MS });
  return token;
}

/**
 * The csrftoken the Cookie header carries when csrfProtection would find a valid one (and so set
 * none), else null. Read without cookie-parser for the cached reads answered ahead of Express
 * (cached-reads.ts); it may say null where cookie-parser would find a token (a quoted value),
 * never the other way round: the first pair named csrftoken, spaces and tabs around name and
 * value ignored, as the cookie package reads it. A valid token has no `%`, quote or `j:` to decode.
 */
export function csrfCookieOf(header: string | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || trimBlanks(pair.slice(0, eq)) !== CSRF_COOKIE) continue;
    const value = trimBlanks(pair.slice(eq + 1));
    return TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

const trimBlanks = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function csrfProtection(config: Config): RequestHandler {
  return (req, res, next) => {
    const cookie = req.cookies?.[CSRF_COOKIE];
    const hasCookie = typeof cookie === 'string' && TOKEN_PATTERN.test(cookie);
    req.csrfToken = hasCookie ? cookie : setCsrfCookie(config, res);
    if (SAFE_METHODS.has(req.method)) return next();

    const origin = req.get('Origin');
    if (origin && origin !== 'null') {
      let originHost: string | null = null;
      try { originHost = new URL(origin).host; } catch { /* malformed: refused below */ }
      if (originHost !== req.get('Host')) return next(new AppError(403, 'CSRF check failed: the request came from another site.'));
    } else if (origin === 'null') {
      return next(new AppError(403, 'CSRF check failed: the request came from another site.'));
    }
    if (!hasCookie) return next(new AppError(403, 'CSRF check failed: the csrftoken cookie is missing. Reload the page and try again.'));
    const header = req.get(CSRF_HEADER);
    if (!header || !sameToken(header, cookie)) {
      return next(new AppError(403, `CSRF check failed: the ${CSRF_HEADER} header is missing or does not match.`));
    }
    next();
  };
}
