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
// page still ends past the cursor, so a sync always moves on. The last, partly filled part of the
// grid is not aligned: a replica's cursor sits there between syncs, and its deltas stay small.
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
  UNION ALL SELECT revision FROM tombstones`;

/** Per database and revision: the revision of the last grid point (0 when the grid has none). */
const lastGridPoint = new WeakMap<Db, { revision: number; point: number }>();

function gridPoint(db: Db, index: number): number {
  if (index === 0) return 0;
  const row = db.prepare(`SELECT revision FROM (${CHANGE_REVISIONS}) ORDER BY revision LIMIT 1 OFFSET ?`).get(index - 1) as
    | { revision: number } | undefined;
  return row?.revision ?? 0;
}

function lastPoint(db: Db, revision: number): number {
  const known = lastGridPoint.get(db);
  if (known?.revision === revision) return known.point;
  const { n } = db.prepare(`SELECT (SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified')
    + (SELECT COUNT(*) FROM tombstones) AS n`).get() as { n: number };
  const point = gridPoint(db, Math.floor(n / SYNC_PAGE_STEP) * SYNC_PAGE_STEP);
  lastGridPoint.set(db, { revision, point });
  return point;
}

/** The page a request for (since, limit) gets, and its key. Call at the page's revision. */
export function alignPage(db: Db, since: number, limit: number): AlignedPage {
  const head = currentRevision(db);
  // every cursor from the future gets the same page: the whole feed from the start, reset
  if (since > head) return { since, limit, key: `reset:${limit}` };
  if (limit % SYNC_PAGE_STEP === 0 && since < lastPoint(db, head)) {
    const { n } = db.prepare(`SELECT (SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified' AND revision <= @since)
      + (SELECT COUNT(*) FROM tombstones WHERE revision <= @since) AS n`).get({ since }) as { n: number };
    const aligned = gridPoint(db, Math.floor(n / SYNC_PAGE_STEP) * SYNC_PAGE_STEP);
    return { since: aligned, limit, key: `${aligned}:${limit}` };
  }
  // the same changes follow any `since` down to the change at or below it
  const row = db.prepare(`SELECT MAX(
      (SELECT IFNULL(MAX(revision), 0) FROM profiles WHERE verification_status = 'verified' AND revision <= @since),
      (SELECT IFNULL(MAX(revision), 0) FROM tombstones WHERE revision <= @since)) AS r`).get({ since }) as { r: number | null };
  const from = row.r ?? 0;
  return { since: from, limit, key: `${from}:${limit}` };
}
