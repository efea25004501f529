// DESIGN.md "Replica sync": changed verified profiles (with their approved incidents) and
// tombstones, in revision order, from a cursor. Read in one transaction, so a page and its
// cursor always agree.
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import { answerCache, type CachedAnswer } from '../../read-model/answer-cache';
import { approvedIncidentsByProfile } from '../../read-model/queries';
import { toProfile, type ProfileRow } from '../../read-model/rows';
import type { ProfileKind } from '../../../shared/contract/common';
import type { SyncPage, SyncProfile, Tombstone } from '../../../shared/contract/sync';

interface Change { type: 'profile' | 'tombstone'; kind: ProfileKind; id: number; revision: number }

/**
 * The sync page as JSON, cached per (since, limit) at the current revision (DESIGN.md "Scale"):
 * the same body as syncPage, serialised once while nothing public changes.
 */
export function syncPageJson(db: Db, since: number, limit: number): CachedAnswer {
  const revision = currentRevision(db);
  return answerCache(db, 'sync').get(`${since}:${limit}`, revision, () => ({
    // the page is read in its own transaction; its revision may be newer than the key's, which
    // only makes the entry a miss next time
    revision,
    json: JSON.stringify(syncPage(db, since, limit)),
    etag: `"sync-${revision}-${since}-${limit}"`,
  }));
}

export function syncPage(db: Db, requestedSince: number, limit: number): SyncPage {
  return db.transaction(() => {
    const head = currentRevision(db);
    // a cursor from the future means this database was replaced: the replica starts over
    const reset = requestedSince > head;
    const since = reset ? 0 : requestedSince;
    const changes = db
      .prepare(`SELECT type, kind, id, revision FROM (
          SELECT 'profile' AS type, kind, id, revision FROM profiles WHERE verification_status = 'verified' AND revision > @since
          UNION ALL
          SELECT 'tombstone' AS type, kind, id, revision FROM tombstones WHERE revision > @since
        ) ORDER BY revision LIMIT @limit`)
      .all({ since, limit: limit + 1 }) as Change[];
    const hasMore = changes.length > limit;
    const page = hasMore ? changes.slice(0, limit) : changes;

    const ids = page.filter((c) => c.type === 'profile').map((c) => c.id);
    const rows = ids.length
      ? (db.prepare('SELECT p.* FROM profiles p WHERE p.id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as ProfileRow[])
      : [];
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const incidents = approvedIncidentsByProfile(db, ids);
    const profiles: SyncProfile[] = [];
    const tombstones: Tombstone[] = [];
    for (const change of page) {
      if (change.type === 'tombstone') {
        tombstones.push({ kind: change.kind, id: change.id, revision: change.revision });
        continue;
      }
      const row = rowById.get(change.id)!;
      profiles.push({ ...toProfile(row, incidents.get(row.id) ?? []), kind: row.kind, revision: row.revision, incidents: incidents.get(row.id) ?? [] });
    }
    // with nothing left, the cursor jumps to the head: revisions spent on non-public changes are skipped
    const cursor = hasMore ? page[page.length - 1]!.revision : Math.max(head, since);
    const remaining = hasMore
      ? (db.prepare(`SELECT (SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified' AND revision > @cursor)
          + (SELECT COUNT(*) FROM tombstones WHERE revision > @cursor) AS n`).get({ cursor }) as { n: number }).n
      : 0;
    return { profiles, tombstones, cursor, hasMore, remaining, reset };
  })();
}
