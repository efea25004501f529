// The stored sync texts (migrations/003, docs/decisions/014-materialised-sync-texts.md) made
// complete: every public profile's text at its current revision. A page writes the texts it
// misses anyway; filling them ahead spares a first sync that work (~4 s of server CPU at 100k
// profiles). The seed fills at its end, the server at start in the background, for a database
// migrated from before the table or written by another process. Both first drop texts stored in
// another format than page-text.ts writes now (SYNC_TEXT_FORMAT).
// On the data layer (issue 21, docs/decisions/035): SQLite's fill stays synchronous, a batch a
// turn; PostgreSQL's (fillSyncTextsOn, and fillSyncTextsLater given its engine) reads and writes
// with Kysely, the texts written in JavaScript (page-text.ts writeTextsOn).
import type { Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { isBusy } from '../../db/write-failure';
import { nextTurn, type BackgroundOptions } from '../../http/quiet-time';
import {
  dropOtherTextFormats, dropOtherTextFormatsOn, isContended, isUnwritable, storeTexts, storeTextsOn, SYNC_TEXT_FORMAT, writeTexts, writeTextsOn,
} from './page-text';

/** Public profiles examined per transaction: ~50–85 ms when none has its text yet (writing, storing, commit), ~1 ms when all have. */
export const SYNC_TEXT_BATCH = 1000;

/** Public profiles by revision after a cursor, and whether each has its text at that revision (two indexes, no row read). */
const CURRENT = `SELECT 1 FROM sync_texts t INDEXED BY sync_texts_revision WHERE t.id = p.id AND t.revision = p.revision AND t.format = ${SYNC_TEXT_FORMAT}`;
const NEXT = `SELECT p.id, p.revision, EXISTS (${CURRENT}) AS current
  FROM profiles p WHERE p.verification_status = 'verified' AND p.revision > ? ORDER BY p.revision LIMIT ?`;
const MISSING = `SELECT EXISTS (SELECT 1 FROM profiles p WHERE p.verification_status = 'verified' AND NOT EXISTS (${CURRENT}))`;

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

/** What fillSyncTextsLater takes besides the batch and the schedule. */
export interface FillOptions extends BackgroundOptions {
  /** false once the engine is closed (the server stopping): the fill then stops quietly (PostgreSQL's; SQLite's asks its connection) */
  isOpen?: () => boolean;
}

/**
 * fillSyncTexts in the background: texts of another format dropped at once, then one batch a step
 * (`schedule`: by default a turn of the event loop; the server's waits for a quiet moment), so
 * requests are answered between them. Stops when the database closes or takes no writes (read-only); waits while another
 * connection writes; `done` gets how many it wrote, or the error that stopped it.
 * Given an engine: SQLite's connection as above, or PostgreSQL's fill (fillLaterOn), e.g. in
 * server/index.ts `fillSyncTextsLater(engine, done, { ...quietTime, isOpen })`.
 */
export function fillSyncTextsLater(
  target: Db | Engine,
  done: (written: number, error?: unknown) => void = () => {},
  options: FillOptions = {},
): void {
  if (isEngine(target)) {
    if (target.sqlite) fillSyncTextsLater(target.sqlite, done, options);
    else fillLaterOn(target, done, options);
    return;
  }
  const db = target;
  const { batch = SYNC_TEXT_BATCH, schedule = nextTurn } = options;
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

const isEngine = (target: Db | Engine): target is Engine => 'kind' in target && (target.kind === 'sqlite' || target.kind === 'postgres');

/**
 * NEXT on the data layer: the next `batch` public profiles by revision after `after`, each with
 * whether its text is current (EXISTS: 1 or 0 on SQLite, true or false on PostgreSQL).
 */
async function nextOn(db: Kysely<Database>, after: number, batch: number): Promise<{ id: number; revision: number; current: boolean }[]> {
  const rows = await db.selectFrom('profiles as p')
    .select((eb) => ['p.id', 'p.revision', eb.exists(eb.selectFrom('sync_texts as t').select('t.id')
      .whereRef('t.id', '=', 'p.id').whereRef('t.revision', '=', 'p.revision').where('t.format', '=', SYNC_TEXT_FORMAT)).as('current')])
    .where('p.verification_status', '=', 'verified').where('p.revision', '>', after)
    .orderBy('p.revision').limit(batch)
    .execute();
  return rows.map(({ id, revision, current }) => ({ id, revision, current: Boolean(current) }));
}

/** fillStep on the data layer: one transaction (inTransaction: on SQLite it awaits only its own queries). */
async function fillStepOn(engine: Engine, after: number, batch: number): Promise<{ written: number; next: number | null }> {
  return inTransaction(engine, async (trx) => {
    const rows = await nextOn(trx, after, batch);
    const stale = rows.filter((row) => !row.current).map((row) => row.id);
    if (stale.length > 0) await storeTextsOn(trx, await writeTextsOn(trx, stale));
    return { written: stale.length, next: rows.length === batch ? rows[rows.length - 1]!.revision : null };
  });
}

/** fillSyncTexts on the data layer (either engine): every missing or stale text stored, `batch` profiles a transaction; how many it wrote. */
export async function fillSyncTextsOn(engine: Engine, batch = SYNC_TEXT_BATCH): Promise<number> {
  await dropOtherTextFormatsOn(engine);
  let written = 0;
  for (let after: number | null = 0; after !== null;) {
    const step = await fillStepOn(engine, after, batch);
    written += step.written;
    after = step.next;
  }
  return written;
}

/**
 * fillSyncTextsLater on PostgreSQL: the same steps, each an async transaction. Another instance
 * storing the same texts at once (a serialization failure or deadlock) is waited out as SQLite's
 * busy connection is; a database that takes no writes (a standby) ends the fill quietly.
 */
function fillLaterOn(engine: Engine, done: (written: number, error?: unknown) => void, options: FillOptions): void {
  const { batch = SYNC_TEXT_BATCH, schedule = nextTurn, isOpen = () => true } = options;
  let after: number | null = 0;
  let written = 0;
  const stop = (error: unknown) => done(written, isUnwritable(error) ? undefined : error);
  const step = async (): Promise<void> => {
    if (!isOpen()) return;
    try {
      const result = await fillStepOn(engine, after!, batch);
      written += result.written;
      after = result.next;
    } catch (error) {
      if (isContended(error)) {
        setTimeout(() => void step(), BUSY_RETRY_MS).unref();
        return;
      }
      stop(error);
      return;
    }
    if (after === null) done(written);
    else schedule(() => void step());
  };
  // at once, before the first batch: texts of another format go (pages skip them meanwhile)
  dropOtherTextFormatsOn(engine).then(() => schedule(() => void step()), stop);
}
