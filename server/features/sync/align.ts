// Sync pages are cached by what they hold, not by how they were asked for (docs/design.md#sync,
// docs/decisions/021-aligned-sync-pages.md). A page is the first `limit` changes after `since`;
// two `since` values with no change between them ask for the same page, and every `since` above
// the head asks for the one reset page. Beyond that, a full page is aligned: its `since` is moved
// down to a grid of one point every SYNC_PAGE_STEP changes (counted in revision order from the
// first), so a script cycling through `since` values finds pages already built instead of making
// a fresh 14 MB page each time. Moving down is safe: the changes at or below a replica's cursor
// are ones it holds already, at the same revisions, and applying them again changes nothing. A
// limit that is a multiple of the step keeps a first sync on the grid (the client's page sizes,
// 500 to 5000, all are), so it never fetches a change twice unless a write moved the grid; the
// page still ends past the cursor, so a sync always moves on. A page that will not be full (a
// delta: fewer changes after `since` than the limit) is not aligned: a replica's cursor sits near
// the head between syncs, and its deltas stay small.
// On the data layer (issue 21, docs/decisions/035): SQLite reads the feed's revisions with its
// prepared statement as before (alignPage: the delta's p99 has a budget), PostgreSQL with Kysely
// (alignPageOn); the alignment itself is written once (alignIn).
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/engine/schema';
import { currentRevision, currentRevisionOn } from '../../db/revision';
import { SYNC_PAGE_DEFAULT } from '../../../shared/constants';

/** The grid's step in changes: the smallest page the client asks for. */
export const SYNC_PAGE_STEP = SYNC_PAGE_DEFAULT;

export interface AlignedPage {
  /** the `since` the page is built from (at or below the one asked) */
  since: number;
  limit: number;
  /** the answer cache's key: what the page holds at the current revision */
  key: string;
}

const CHANGE_REVISIONS = `SELECT revision FROM profiles WHERE verification_status = 'verified'
  UNION ALL SELECT revision FROM tombstones ORDER BY revision`;

/**
 * Per database and revision: every change's revision in order (public profiles and tombstones),
 * read once per revision (~100k numbers at 100k profiles), so that aligning a request is a binary
 * search, not SQL that sorts the feed on every request (it held a sync delta's p99 at 5 s).
 * Keyed by what it is read through: SQLite's connection, or an engine's Kysely on PostgreSQL.
 */
const changesAt = new WeakMap<object, { revision: number; sorted: Float64Array }>();

function changes(db: Db, head: number): Float64Array {
  const known = changesAt.get(db);
  if (known?.revision === head) return known.sorted;
  const sorted = Float64Array.from(db.prepare(CHANGE_REVISIONS).pluck().all() as number[]);
  changesAt.set(db, { revision: head, sorted });
  return sorted;
}

/**
 * changes on the data layer: the head and the feed's revisions read in one REPEATABLE READ
 * transaction on PostgreSQL (another instance may commit between two reads), kept by the head
 * read there. Returns the feed of `head` or of a newer revision: aligning on a newer feed is as
 * safe (a page is moved down to a change that was in the feed, never up).
 */
async function changesOn(db: Kysely<Database>, head: number): Promise<Float64Array> {
  const known = changesAt.get(db);
  if (known && known.revision >= head) return known.sorted;
  const read = await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const revision = await currentRevisionOn(trx);
    const rows = await trx.selectFrom('profiles').select('revision').where('verification_status', '=', 'verified')
      .unionAll(trx.selectFrom('tombstones').select('revision'))
      .orderBy('revision')
      .execute();
    return { revision, sorted: Float64Array.from(rows, (row) => row.revision) };
  });
  // a slower read of an older feed does not replace a newer one
  if ((changesAt.get(db)?.revision ?? -1) < read.revision) changesAt.set(db, read);
  return read.sorted;
}

/** How many changes are at or below `since`. */
function countUpTo(sorted: Float64Array, since: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= since) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The revision of the grid point after `index` changes (0 at the start). */
const gridPoint = (sorted: Float64Array, index: number): number => (index === 0 ? 0 : sorted[index - 1]!);

/** The page a request for (since, limit) gets, and its key. Call at the page's revision. */
export function alignPage(db: Db, since: number, limit: number): AlignedPage {
  const head = currentRevision(db);
  // every cursor from the future gets the same page: the whole feed from the start, reset
  if (since > head) return resetPage(since, limit);
  return alignIn(changes(db, head), since, limit);
}

/**
 * alignPage on the data layer (PostgreSQL's), at `head`: the revision the request read
 * (db/revision.ts revisionNow), which the answer is cached by.
 */
export async function alignPageOn(db: Kysely<Database>, head: number, since: number, limit: number): Promise<AlignedPage> {
  if (since > head) return resetPage(since, limit);
  return alignIn(await changesOn(db, head), since, limit);
}

const resetPage = (since: number, limit: number): AlignedPage => ({ since, limit, key: `reset:${limit}` });

/** The page of (since, limit) in the feed `sorted` (its changes' revisions in order), since at or below its head. */
function alignIn(sorted: Float64Array, since: number, limit: number): AlignedPage {
  const upTo = countUpTo(sorted, since);
  // only a page that will be full: a delta (fewer changes after `since` than the limit) stays as
  // asked, so a replica's cursor near the head gets its few changes, not a grid cell of them
  if (limit % SYNC_PAGE_STEP === 0 && sorted.length - upTo >= limit) {
    const aligned = gridPoint(sorted, Math.floor(upTo / SYNC_PAGE_STEP) * SYNC_PAGE_STEP);
    return { since: aligned, limit, key: `${aligned}:${limit}` };
  }
  // the same changes follow any `since` down to the change at or below it
  const from = gridPoint(sorted, upTo);
  return { since: from, limit, key: `${from}:${limit}` };
}
