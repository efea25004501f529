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
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
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
 */
const changesAt = new WeakMap<Db, { revision: number; sorted: Float64Array }>();

function changes(db: Db, head: number): Float64Array {
  const known = changesAt.get(db);
  if (known?.revision === head) return known.sorted;
  const sorted = Float64Array.from(db.prepare(CHANGE_REVISIONS).pluck().all() as number[]);
  changesAt.set(db, { revision: head, sorted });
  return sorted;
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
  if (since > head) return { since, limit, key: `reset:${limit}` };
  const sorted = changes(db, head);
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
