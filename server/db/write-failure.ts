// A write the database cannot take right now (docs/design.md#errors): a full disk or a read-only
// file. Such a failure is not a bug in the request: it answers 503 with a message a person can
// read (http/errors.ts), and sign-in does not depend on writing (features/auth/service.ts).
import type { Db } from './connection';

const WRITE_FAILURE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/;

/** True for better-sqlite3's errors of a disk that is full or a database that cannot be written. */
export function isWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && WRITE_FAILURE_CODES.test(code);
}

export const WRITE_FAILURE_MESSAGE =
  'The registry cannot store anything right now (its storage is full or read-only). Nothing was saved; please try again later.';

/** Runs `write`, and when the database cannot take it, returns `fallback` instead of failing. */
export function writeOr<T>(write: () => T, fallback: T): T {
  try {
    return write();
  } catch (error) {
    if (isWriteFailure(error)) return fallback;
    throw error;
  }
}

/**
 * Whether the database file can be written: checked at start (server/index.ts) by a write that
 * changes nothing kept (the time of the check, in server_state).
 */
export function checkWritable(db: Db): { writable: true } | { writable: false; reason: string } {
  try {
    if (db.readonly) return { writable: false, reason: 'it was opened read-only' };
    db.prepare("INSERT INTO server_state (key, value) VALUES ('write_check', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run(new Date().toISOString());
    return { writable: true };
  } catch (error) {
    return { writable: false, reason: (error as Error).message };
  }
}
