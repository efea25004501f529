// The changes a sync page holds (docs/design.md, replica sync): public profiles and tombstones
// after a cursor, in revision order. Both ways of writing a page read them: the object form (service.ts)
// and the text form (page-text.ts), so they live here, below both.
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import type { ProfileKind } from '../../../shared/contract/common';

export interface Change { type: 'profile' | 'tombstone'; kind: ProfileKind; id: number; revision: number }

/** The changes of one page, and what the answer says about the rest. */
export interface ChangePage {
  changes: Change[];
  cursor: number;
  hasMore: boolean;
  remaining: number;
  reset: boolean;
}

// Both read profiles_public_revision alone (migrations/002): the public profiles in revision
// order with their kind, so neither reads a profile row to test its status.
export const CHANGES = `SELECT type, kind, id, revision FROM (
    SELECT 'profile' AS type, kind, id, revision FROM profiles WHERE verification_status = 'verified' AND revision > @since
    UNION ALL
    SELECT 'tombstone' AS type, kind, id, revision FROM tombstones WHERE revision > @since
  ) ORDER BY revision LIMIT @limit`;
export const REMAINING = `SELECT (SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified' AND revision > @cursor)
    + (SELECT COUNT(*) FROM tombstones WHERE revision > @cursor) AS n`;

/** The changes after `requestedSince` that make a page, its cursor and what is left. Call inside the page's transaction. */
export function changePage(db: Db, requestedSince: number, limit: number): ChangePage {
  const head = currentRevision(db);
  // a cursor from the future means this database was replaced: the replica starts over
  const reset = requestedSince > head;
  const since = reset ? 0 : requestedSince;
  const found = db.prepare(CHANGES).all({ since, limit: limit + 1 }) as Change[];
  const hasMore = found.length > limit;
  const changes = hasMore ? found.slice(0, limit) : found;
  // with nothing left, the cursor jumps to the head: revisions spent on non-public changes are skipped
  const cursor = hasMore ? changes[changes.length - 1]!.revision : Math.max(head, since);
  const remaining = hasMore ? (db.prepare(REMAINING).get({ cursor }) as { n: number }).n : 0;
  return { changes, cursor, hasMore, remaining, reset };
}
