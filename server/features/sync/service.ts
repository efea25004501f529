// docs/design.md#sync: changed verified profiles (with their approved incidents) and
// tombstones, in revision order, from a cursor. Read in one transaction, so a page and its
// cursor always agree.
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import { answerCache, compressAhead, type CachedAnswer } from '../../read-model/answer-cache';
import { approvedIncidentsByProfile } from '../../read-model/queries';
import { toProfile, type ProfileRow } from '../../read-model/rows';
import type { SyncForm, SyncPage, SyncProfile, Tombstone } from '../../../shared/contract/sync';
import { changePage } from './changes';
import { lightPageBody, pageBody } from './page-text';
import { alignPage } from './align';

/**
 * The sync page as JSON, cached by what it holds at the current revision (docs/design.md#scale, align.ts):
 * the same body as syncPage, serialised once while nothing public changes. A page with more to
 * come has its next page prepared right after (prefetchNext).
 */
export function syncPageJson(db: Db, since: number, limit: number, form: SyncForm = 'full'): CachedAnswer {
  const answer = cachedPage(db, since, limit, form);
  prefetchNext(db, answer, limit, form);
  return answer;
}

/** The `since` of the next page of a cached page that has more, until that next page is prefetched. */
const nextSince = new WeakMap<CachedAnswer, number>();

function cachedPage(db: Db, requestedSince: number, limit: number, form: SyncForm): CachedAnswer {
  const revision = currentRevision(db);
  // cached by what the page holds: since values with the same page share it (align.ts)
  const aligned = alignPage(db, requestedSince, limit);
  const since = aligned.since;
  const key = form === 'full' ? aligned.key : `${aligned.key}:${form}`;
  return answerCache(db, 'sync').get(key, revision, () => {
    // the page is read in its own transaction; its revision may be newer than the key's, which
    // only makes the entry a miss next time
    const page = readPage(db, since, limit, form);
    const answer: CachedAnswer = { revision, bytes: page.body, etag: `"sync-${revision}-${key.replaceAll(':', '-')}"` };
    if (page.hasMore) nextSince.set(answer, page.cursor);
    return answer;
  });
}

/**
 * A replica asks for the next page as soon as this one is in (a first sync is 20-200 pages at
 * 100k profiles): prepare that page while the replica works, and its compressed form off the event
 * loop, so the two take turns less. Once per page and revision, after the current answer is sent; a page a
 * write has since made stale is left alone, and a failure is left to the request that comes.
 */
function prefetchNext(db: Db, answer: CachedAnswer, limit: number, form: SyncForm): void {
  const since = nextSince.get(answer);
  if (since === undefined) return;
  nextSince.delete(answer);
  setImmediate(() => {
    try {
      if (!db.open || currentRevision(db) !== answer.revision) return;
      const next = cachedPage(db, since, limit, form);
      // compressed as this page is sent: the same replica asks for the next
      if (answer.sentIn) compressAhead(next, answer.sentIn);
    } catch {
      // the replica's own request reads the page again and answers any failure
    }
  });
}

/** JSON.stringify(syncPage(db, since, limit)), written without making the page's objects (page-text.ts). */
export function syncPageText(db: Db, since: number, limit: number, form: SyncForm = 'full'): string {
  return readPage(db, since, limit, form).body.toString('utf8');
}

function readPage(db: Db, since: number, limit: number, form: SyncForm): { body: Buffer; cursor: number; hasMore: boolean } {
  return db.transaction(() => {
    const page = changePage(db, since, limit);
    return { body: form === 'light' ? lightPageBody(db, page) : pageBody(db, page), cursor: page.cursor, hasMore: page.hasMore };
  })();
}

/** The page as objects: the reference syncPageText is held to (sync.test.ts), and what in-process callers read. */
export function syncPage(db: Db, since: number, limit: number): SyncPage {
  return db.transaction(() => {
    const { changes, cursor, hasMore, remaining, reset } = changePage(db, since, limit);
    const ids = changes.filter((c) => c.type === 'profile').map((c) => c.id);
    const rows = ids.length
      ? (db.prepare('SELECT p.* FROM profiles p WHERE p.id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as ProfileRow[])
      : [];
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const incidents = approvedIncidentsByProfile(db, ids);
    const profiles: SyncProfile[] = [];
    const tombstones: Tombstone[] = [];
    for (const change of changes) {
      if (change.type === 'tombstone') {
        tombstones.push({ kind: change.kind, id: change.id, revision: change.revision });
        continue;
      }
      const row = rowById.get(change.id)!;
      profiles.push({ ...toProfile(row, incidents.get(row.id) ?? []), kind: row.kind, revision: row.revision, incidents: incidents.get(row.id) ?? [] });
    }
    return { profiles, tombstones, cursor, hasMore, remaining, reset };
  })();
}
