// Sessions live in SQLite behind an HttpOnly, SameSite=Lax `sessionid` cookie (docs/design.md#auth).
// Only a SHA-256 of the id is stored. `loadSession` runs on every request and sets req.user.
import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../shared/constants';
import type { Db } from '../db/connection';
import { releaseReserve } from '../db/reserve';
import { isWriteFailure, writeOr } from '../db/write-failure';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../errors';

export interface SessionUser { id: number; username: string; is_staff: boolean }

declare module 'express-serve-static-core' {
  interface Request {
    user: SessionUser | null;
    csrfToken: string;
  }
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function loadSession(db: Db): RequestHandler {
  const find = db.prepare(`
    SELECT u.id, u.username, u.is_staff FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = ? AND s.expires_at > ?`);
  return (req, _res, next) => {
    req.user = null;
    const token = req.cookies?.[SESSION_COOKIE];
    if (typeof token === 'string' && token.length >= 32 && token.length <= 128) {
      const row = find.get(hash(token), Date.now()) as { id: number; username: string; is_staff: number } | undefined;
      if (row) req.user = { id: row.id, username: row.username, is_staff: row.is_staff === 1 };
    }
    next();
  };
}

/** A new session for the user, with a new id (never reuse one from before sign-in). */
export function startSession(db: Db, config: Config, res: Response, userId: number): void {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const store = () => db.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .run(hash(token), userId, now, now + SESSION_TTL_MS);
  writeOr(() => db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now), undefined);
  try {
    store();
  } catch (error) {
    // docs/design.md#errors: a full disk gives back its reserve for a sign-in, then tries once more
    if (!isWriteFailure(error) || !releaseReserve(db)) throw error;
    store();
  }
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true, sameSite: 'lax', secure: config.SECURE_COOKIES, path: '/', maxAge: SESSION_TTL_MS,
  });
}

/** Deletes the session the request carries, if any (its cookie is left to be replaced or cleared). */
export function dropSession(db: Db, req: Request): void {
  const token = req.cookies?.[SESSION_COOKIE];
  if (typeof token === 'string') db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hash(token));
}

/** dropSession where the database may be unable to write (a sign-in on a full disk goes on). */
export function dropSessionIfWritable(db: Db, req: Request): void {
  writeOr(() => dropSession(db, req), undefined);
}

export function endSession(db: Db, config: Config, req: Request, res: Response): void {
  dropSession(db, req);
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.SECURE_COOKIES, path: '/' });
}

/** docs/style.md#s5: guards are one line at the top of a route. */
export function requireSession(req: Request): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requireStaff(req: Request): SessionUser {
  const user = requireSession(req);
  if (!user.is_staff) throw forbidden('Only staff can do that.');
  return user;
}

/** Who a submission is recorded as (product.md#entities submittedBy): the signed-in user, else 'Anonymous'. */
export function submitterName(req: Request): string {
  return req.user?.username ?? 'Anonymous';
}
