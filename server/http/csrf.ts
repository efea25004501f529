// CSRF as Django does it (spec §6, §7; DESIGN.md "Auth"): a page-readable `csrftoken` cookie is
// set on any response that lacks one; every unsafe method must echo it in `X-CSRFToken`, and an
// `Origin`, when the browser sends one, must be this host.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/constants';
import type { Config } from '../config';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function setCsrfCookie(config: Config, res: Response, token = randomBytes(32).toString('base64url')): string {
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: config.SECURE_COOKIES, path: '/', maxAge: ONE_YEAR_MS });
  return token;
}

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
