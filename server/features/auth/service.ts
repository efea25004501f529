// Sign-in (product.md#entities-login ("Login form"), docs/design.md#auth): password check, the failed-login throttle
// and the audit trail. Plain values in, a plain result out; the routes own cookies and HTTP.
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS } from '../../../shared/constants';
import { audit, type AuditEntry } from '../../db/audit';
import type { Db } from '../../db/connection';
import { writeOr } from '../../db/write-failure';
import type { Limit } from '../../http/limit-store';
import type { SessionUser } from '../../http/session';
import { findUser, hashPassword, verifyPassword } from './users';

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
 * passing the check at once. One immediate transaction, so several processes agree too.
 */
function claimAttempt(db: Db, key: string, now: number): number | null {
  const windowStart = now - LOGIN_THROTTLE_WINDOW_MS;
  const blockedFor = (): number | null => {
    const recent = db
      .prepare('SELECT at FROM login_failures WHERE throttle_key = ? AND at > ? ORDER BY at DESC LIMIT ?')
      .all(key, windowStart, LOGIN_THROTTLE_MAX_FAILURES) as { at: number }[];
    if (recent.length < LOGIN_THROTTLE_MAX_FAILURES) return null;
    // the oldest of the last N failures leaving the window is what lifts the block
    const freedAt = recent[recent.length - 1]!.at + LOGIN_THROTTLE_WINDOW_MS;
    return Math.max(1, Math.ceil((freedAt - now) / 1000));
  };
  // docs/design.md#errors: on a full disk or a read-only database the attempt is not recorded but
  // the throttle is still read, and a right password still signs in
  return writeOr(() => db.transaction((): number | null => {
    // prune every key's expired failures, so the table holds the last window only
    db.prepare('DELETE FROM login_failures WHERE at <= ?').run(windowStart);
    const blocked = blockedFor();
    if (blocked === null) db.prepare('INSERT INTO login_failures (throttle_key, at) VALUES (?, ?)').run(key, now);
    return blocked;
  }).immediate(), blockedFor());
}

/** Sign-in's audit entries are kept when the database can take them; they never stop a sign-in. */
const auditIfWritable = (db: Db, entry: AuditEntry) => writeOr(() => audit(db, entry), undefined);

export async function attemptLogin(
  db: Db, attempt: LoginAttempt, now = Date.now(), addressLimit: Limit | null = null,
): Promise<LoginResult> {
  // failed sign-ins per address, whatever the username: password spraying (docs/design.md#limits)
  if (addressLimit && addressLimit.points > 0) {
    const state = await addressLimit.peek(attempt.ip);
    if (!state.allowed) {
      auditIfWritable(db, { actor: attempt.username, action: 'login.throttled', after: { ip: attempt.ip, retryAfterSeconds: state.resetSeconds, by: 'address' } });
      return { ok: false, reason: 'throttled', retryAfterSeconds: state.resetSeconds };
    }
  }
  const key = throttleKey(attempt.username, attempt.ip);
  const retryAfterSeconds = claimAttempt(db, key, now);
  if (retryAfterSeconds !== null) {
    auditIfWritable(db, { actor: attempt.username, action: 'login.throttled', after: { ip: attempt.ip, retryAfterSeconds } });
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }

  const user = findUser(db, attempt.username);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.password_hash, attempt.password);
  else await verifyPassword(await timingDummyHash(), attempt.password);

  if (!user || !passwordOk) {
    if (addressLimit && addressLimit.points > 0) await addressLimit.consume(attempt.ip);
    auditIfWritable(db, {
      actor: attempt.username,
      action: 'login.failure',
      ...(user ? { targetKind: 'user', targetId: user.id } : {}),
      after: { ip: attempt.ip, reason: user ? 'wrong password' : 'unknown user' },
    });
    return { ok: false, reason: 'invalid' };
  }

  writeOr(() => db.prepare('DELETE FROM login_failures WHERE throttle_key = ?').run(key), undefined);
  auditIfWritable(db, { actor: user.username, action: 'login.success', targetKind: 'user', targetId: user.id, after: { ip: attempt.ip } });
  return { ok: true, user: { id: user.id, username: user.username, is_staff: user.is_staff === 1 } };
}

/** "Try again in 15 minutes." — whole minutes, rounded up, never 0. */
export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function recordLogout(db: Db, user: SessionUser): void {
  auditIfWritable(db, { actor: user.username, action: 'logout', targetKind: 'user', targetId: user.id });
}
