// Sign-in (product.md#entities-login ("Login form"), docs/design.md#auth): password check, the failed-login throttle
// and the audit trail, on either engine (docs/decisions/035). Plain values in, a plain result out; the
// routes own cookies and HTTP.
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS } from '../../../shared/constants';
import { sql, type Kysely } from 'kysely';
import { auditOn, type AuditEntry } from '../../db/audit';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { isWriteFailure, writeOrOn } from '../../db/write-failure';
import type { Limit } from '../../http/limit-store';
import type { SessionUser } from '../../http/session';
import { findUserOn, hashPassword, verifyPassword } from './users';

export interface LoginAttempt {
  username: string;
  password: string;
  /** the caller's address; with the username it keys the throttle */
  ip: string;
}

export type LoginResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** Failures count per lower-cased username and address: one noisy client cannot lock out everyone. */
export function throttleKey(username: string, ip: string): string {
  return `${username.toLowerCase()}|${ip}`;
}

// An unknown username still costs one argon2 verification, so response times do not reveal
// which usernames exist. Made once, on the first attempt at an unknown name.
let dummyHash: Promise<string> | undefined;
const timingDummyHash = () => (dummyHash ??= hashPassword('bustr timing equaliser, never a real password'));

/**
 * Claims a slot in the throttle window: returns the seconds to wait when the key already has
 * the maximum of failures, otherwise records this attempt as a failure up front (taken back
 * on success). Recording before the slow password check keeps parallel attempts from all
 * passing the check at once. One transaction, so several processes agree too: on SQLite it holds
 * the write lock from its start; on PostgreSQL each app instance's claim on the key waits for the
 * one before it to commit (an advisory lock on the key, apart from the idempotency keys' locks).
 */
async function claimAttemptOn(engine: Engine, key: string, now: number): Promise<number | null> {
  const windowStart = now - LOGIN_THROTTLE_WINDOW_MS;
  const blockedFor = async (db: Kysely<Database>): Promise<number | null> => {
    const recent = await db.selectFrom('login_failures').select('at')
      .where('throttle_key', '=', key).where('at', '>', windowStart)
      .orderBy('at', 'desc').limit(LOGIN_THROTTLE_MAX_FAILURES)
      .execute();
    if (recent.length < LOGIN_THROTTLE_MAX_FAILURES) return null;
    // the oldest of the last N failures leaving the window is what lifts the block
    const freedAt = recent[recent.length - 1]!.at + LOGIN_THROTTLE_WINDOW_MS;
    return Math.max(1, Math.ceil((freedAt - now) / 1000));
  };
  try {
    return await inTransaction(engine, async (trx) => {
      if (engine.kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login_failures|${key}`}, 0))`.execute(trx);
      // prune every key's expired failures, so the table holds the last window only
      await trx.deleteFrom('login_failures').where('at', '<=', windowStart).execute();
      const blocked = await blockedFor(trx);
      if (blocked === null) await trx.insertInto('login_failures').values({ throttle_key: key, at: now }).execute();
      return blocked;
    });
  } catch (error) {
    // docs/design.md#errors: on a full disk or a read-only database the attempt is not recorded but
    // the throttle is still read, and a right password still signs in
    if (!isWriteFailure(error)) throw error;
    return blockedFor(engine.db);
  }
}

/** Sign-in's audit entries are kept when the database can take them; they never stop a sign-in. */
const auditIfWritableOn = (db: Kysely<Database>, entry: AuditEntry) => writeOrOn(() => auditOn(db, entry), undefined);

export async function attemptLogin(
  engine: Engine, attempt: LoginAttempt, now = Date.now(), addressLimit: Limit | null = null,
): Promise<LoginResult> {
  const { db } = engine;
  // failed sign-ins per address, whatever the username: password spraying (docs/design.md#limits)
  if (addressLimit && addressLimit.points > 0) {
    const state = await addressLimit.peek(attempt.ip);
    if (!state.allowed) {
      await auditIfWritableOn(db, { actor: attempt.username, action: 'login.throttled', after: { ip: attempt.ip, retryAfterSeconds: state.resetSeconds, by: 'address' } });
      return { ok: false, reason: 'throttled', retryAfterSeconds: state.resetSeconds };
    }
  }
  const key = throttleKey(attempt.username, attempt.ip);
  const retryAfterSeconds = await claimAttemptOn(engine, key, now);
  if (retryAfterSeconds !== null) {
    await auditIfWritableOn(db, { actor: attempt.username, action: 'login.throttled', after: { ip: attempt.ip, retryAfterSeconds } });
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }

  // argon2 runs outside any transaction (docs/decisions/035)
  const user = await findUserOn(db, attempt.username);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.password_hash, attempt.password);
  else await verifyPassword(await timingDummyHash(), attempt.password);

  if (!user || !passwordOk) {
    if (addressLimit && addressLimit.points > 0) await addressLimit.consume(attempt.ip);
    await auditIfWritableOn(db, {
      actor: attempt.username,
      action: 'login.failure',
      ...(user ? { targetKind: 'user', targetId: user.id } : {}),
      after: { ip: attempt.ip, reason: user ? 'wrong password' : 'unknown user' },
    });
    return { ok: false, reason: 'invalid' };
  }

  await writeOrOn(() => db.deleteFrom('login_failures').where('throttle_key', '=', key).execute(), undefined);
  await auditIfWritableOn(db, { actor: user.username, action: 'login.success', targetKind: 'user', targetId: user.id, after: { ip: attempt.ip } });
  return { ok: true, user: { id: user.id, username: user.username, is_staff: user.is_staff === 1 } };
}

/** "Try again in 15 minutes." — whole minutes, rounded up, never 0. */
export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export async function recordLogoutOn(db: Kysely<Database>, user: SessionUser): Promise<void> {
  await auditIfWritableOn(db, { actor: user.username, action: 'logout', targetKind: 'user', targetId: user.id });
}
