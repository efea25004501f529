// The stored sync texts (migrations/003, docs/decisions/014-materialised-sync-texts.md) made
// complete: every public profile's text at its current revision. A page writes the texts it
// misses anyway; filling them ahead spares a first sync that work (~4 s of server CPU at 100k
// profiles). The seed fills at its end, the server at start in the background, for a database
// migrated from before the table or written by another process. Both first drop texts stored in
// another format than page-text.ts writes now (SYNC_TEXT_FORMAT).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { isBusy } from '../../db/write-failure';
import { nextTurn, type BackgroundOptions } from '../../http/quiet-time';
import { dropOtherTextFormats, isUnwritable, storeTexts, writeTexts } from './page-text';

/** Public profiles examined per transaction: ~50–85 ms when none has its text yet (writing, storing, commit), ~1 ms when all have. */
export const SYNC_TEXT_BATCH = 1000;

/** Public profiles by revision after a cursor, and whether each has its text at that revision (two indexes, no row read). */
const NEXT = `SELECT p.id, p.revision, EXISTS (SELECT 1 FROM sync_texts t INDEXED BY sync_texts_revision WHERE t.id = p.id AND t.revision = p.revision) AS current
  FROM profiles p WHERE p.verification_status = 'verified' AND p.revision > ? ORDER BY p.revision LIMIT ?`;
const MISSING = `SELECT EXISTS (SELECT 1 FROM profiles p WHERE p.verification_status = 'verified'
  AND NOT EXISTS (SELECT 1 FROM sync_texts t INDEXED BY sync_texts_revision WHERE t.id = p.id AND t.revision = p.revision))`;

const statements = new WeakMap<Db, { next: Statement<[number, number]>; missing: Statement<[], number> }>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = { next: db.prepare<[number, number]>(NEXT).raw(true), missing: db.prepare<[], number>(MISSING).pluck() };
    statements.set(db, s);
  }
  return s;
}

/** Whether some public profile has no text at its current revision. */
export function syncTextsMissing(db: Db): boolean {
  return prepared(db).missing.get() === 1;
}

/**
 * One transaction: the next `batch` public profiles by revision after `after`, those without a
 * current text given one. Revisions only grow, so a profile changed meanwhile comes again later.
 */
function fillStep(db: Db, after: number, batch: number): { written: number; next: number | null } {
  return db.transaction(() => {
    const rows = prepared(db).next.all(after, batch) as [id: number, revision: number, current: 0 | 1][];
    const stale = rows.filter((row) => row[2] === 0).map((row) => row[0]);
    storeTexts(db, writeTexts(db, stale));
    return { written: stale.length, next: rows.length === batch ? rows[rows.length - 1]![1] : null };
  })();
}

/** Stores every public profile's text that is missing or stale, `batch` profiles a transaction; how many it wrote. */
export function fillSyncTexts(db: Db, batch = SYNC_TEXT_BATCH): number {
  dropOtherTextFormats(db);
  let written = 0;
  for (let after: number | null = 0; after !== null;) {
    const step = fillStep(db, after, batch);
    written += step.written;
    after = step.next;
  }
  return written;
}

/** How long to wait before trying a batch again while another connection writes. */
const BUSY_RETRY_MS = 1000;

/**
 * fillSyncTexts in the background: texts of another format dropped at once, then one batch a step
 * (`schedule`: by default a turn of the event loop; the server's waits for a quiet moment), so
 * requests are answered between them. Stops when the database closes or takes no writes (read-only); waits while another
 * connection writes; `done` gets how many it wrote, or the error that stopped it.
 */
export function fillSyncTextsLater(
  db: Db,
  done: (written: number, error?: unknown) => void = () => {},
  { batch = SYNC_TEXT_BATCH, schedule = nextTurn }: BackgroundOptions = {},
): void {
  // at once, before any page is served: texts of another format go (pages skip them meanwhile)
  try {
    dropOtherTextFormats(db);
  } catch (error) {
    if (!isUnwritable(error)) throw error;
  }
  let after: number | null = 0;
  let written = 0;
  const step = (): void => {
    if (!db.open) return;
    try {
      const result = fillStep(db, after!, batch);
      written += result.written;
      after = result.next;
    } catch (error) {
      if (isBusy(error)) {
        setTimeout(step, BUSY_RETRY_MS).unref();
        return;
      }
      done(written, isUnwritable(error) ? undefined : error);
      return;
    }
    if (after === null) done(written);
    else schedule(step);
  };
  schedule(step);
}
