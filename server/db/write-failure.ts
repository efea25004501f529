// A write the database cannot take right now (docs/design.md#errors): a full disk or a read-only
// file, or another connection holding the write lock past the busy timeout (a second process
// writing to the file). Such a failure is not a bug in the request: it answers 503 with a message
// a person can read (http/errors.ts), and sign-in does not depend on writing on a full disk
// (features/auth/service.ts). The codes are better-sqlite3's: SQLite's extended result codes
// (SQLITE_BUSY_SNAPSHOT…).
import type { Db } from './connection';

const WRITE_FAILURE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/;

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** True for better-sqlite3's errors of a disk that is full or a database that cannot be written. */
export function isWriteFailure(error: unknown): boolean {
  return WRITE_FAILURE_CODES.test(codeOf(error));
}

export const WRITE_FAILURE_MESSAGE =
  'The registry cannot store anything right now (its storage is full or read-only). Nothing was saved; please try again later.';

/**
 * True when another connection writes (SQLITE_BUSY and its extended codes): it held the write lock
 * past this connection's busy timeout, or (SQLITE_BUSY_SNAPSHOT) wrote since this connection's
 * read began, so the read cannot become a write. Over in a moment, unlike a write failure.
 */
export function isBusy(error: unknown): boolean {
  return codeOf(error).startsWith('SQLITE_BUSY');
}

/** True for a database opened read-only, or a file that cannot be written (SQLITE_READONLY…). */
export function isReadOnly(error: unknown): boolean {
  return codeOf(error).startsWith('SQLITE_READONLY');
}

export const BUSY_MESSAGE = 'The registry is busy with another write right now. Nothing was saved; please try again in a moment.';
/** Retry-After of a busy answer: the lock has already been waited for the whole busy timeout (5 s) */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Runs `write`, and when the database cannot take it, returns `fallback` instead of failing. Only
 * SQLite's errors are write failures: on PostgreSQL a failed write fails as any other error does.
 */
export async function writeOrOn<T>(write: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await write();
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
