// Sessions live in the database behind an HttpOnly, SameSite=Lax `sessionid` cookie (docs/design.md#auth),
// on either engine (docs/decisions/035), so every app instance over one PostgreSQL database knows them.
// Only a SHA-256 of the id is stored. `loadSessionOn` runs on every request and sets req.user.
import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../shared/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/engine/schema';
import { isWriteFailure, writeOrOn } from '../db/write-failure';
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

/** The session id a request carries, when it has the shape of one. */
function sessionToken(req: Request): string | null {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof token === 'string' && token.length >= 32 && token.length <= 128 ? token : null;
}

/** Sets req.user from the request's session, on every request (a failed read goes to the error handler). */
export function loadSessionOn(db: Kysely<Database>): RequestHandler {
  return async (req, _res, next) => {
    req.user = null;
    const token = sessionToken(req);
    if (token) {
      const row = await db.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.username', 'u.is_staff'])
        .where('s.id_hash', '=', hash(token)).where('s.expires_at', '>', Date.now())
        .executeTakeFirst();
      if (row) req.user = { id: row.id, username: row.username, is_staff: row.is_staff === 1 };
    }
    next();
  };
}

/**
 * A new session for the user, with a new id (never reuse one from before sign-in). `releaseSpace`
 * gives disk back when the database finds it full (db/reserve.ts releaseReserve on the app's SQLite
 * file); PostgreSQL has no reserve, and its errors are never write failures (isWriteFailure).
 */
export async function startSessionOn(
  db: Kysely<Database>, config: Config, res: Response, userId: number, releaseSpace: () => boolean = () => false,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const store = () => db.insertInto('sessions')
    .values({ id_hash: hash(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS }).execute();
  await writeOrOn(() => db.deleteFrom('sessions').where('expires_at', '<=', now).execute(), undefined);
  try {
    await store();
  } catch (error) {
    // docs/design.md#errors: a full disk gives back its reserve for a sign-in, then tries once more
    if (!isWriteFailure(error) || !releaseSpace()) throw error;
    await store();
  }
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true, sameSite: 'lax', secure: config.SECURE_COOKIES, path: '/', maxAge: SESSION_TTL_MS,
  });
}

/** Deletes the session the request carries, if any (its cookie is left to be replaced or cleared). */
export async function dropSessionOn(db: Kysely<Database>, req: Request): Promise<void> {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  if (typeof token === 'string') await db.deleteFrom('sessions').where('id_hash', '=', hash(token)).execute();
}

/** dropSessionOn where the database may be unable to write (a sign-in on a full disk goes on). */
export async function dropSessionIfWritableOn(db: Kysely<Database>, req: Request): Promise<void> {
  await writeOrOn(() => dropSessionOn(db, req), undefined);
}

export async function endSessionOn(db: Kysely<Database>, config: Config, req: Request, res: Response): Promise<void> {
  await dropSessionOn(db, req);
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
