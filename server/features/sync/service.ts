// docs/design.md#sync: changed verified profiles (with their approved incidents) and
// tombstones, in revision order, from a cursor. Read in one transaction, so a page and its
// cursor always agree.
// On the data layer (issue 21, docs/decisions/035), chosen by engine.sqlite: on SQLite the page is
// read synchronously as before, with prepared statements and texts written in SQL (the first sync,
// the delta's p99 and the offline cold start have budgets there), and answered without a promise;
// on PostgreSQL with Kysely in one REPEATABLE READ transaction, its texts written in JavaScript.
// The cache, its keys and ETags, the prefetch and the page's bytes are the same code for both.
import type { Db } from '../../db/connection';
import type { Engine } from '../../db/engine/engine';
import { currentRevision, revisionNow } from '../../db/revision';
import { compressAhead, engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { approvedIncidentsByProfile } from '../../read-model/queries';
import type { ProfileRow } from '../../read-model/rows';
import type { SyncForm, SyncPage, SyncProfile, Tombstone } from '../../../shared/contract/sync';
import { changePage, changePageOn } from './changes';
import {
  fullPageOf, keepTextsOn, lightPageBody, lightPageOf, pageBody, pageTextsOn, storedTextsUsableOn, syncProfileOf,
} from './page-text';
import { alignPage, alignPageOn, type AlignedPage } from './align';

/**
 * The sync page as JSON, cached by what it holds at the current revision (docs/design.md#scale, align.ts):
 * the same body as syncPage, serialised once while nothing public changes. A page with more to
 * come has its next page prepared right after (prefetchNext). On SQLite the answer itself (no
 * promise: the cached reads' lane sends it in the same turn), on PostgreSQL a promise of it.
 */
export function syncPageJson(engine: Engine, since: number, limit: number, form: SyncForm = 'full'): CachedAnswer | Promise<CachedAnswer> {
  const { sqlite } = engine;
  if (sqlite) {
    const answer = cachedPage(sqlite, engine, since, limit, form);
    prefetchNext(engine, answer, limit, form);
    return answer;
  }
  return cachedPageOn(engine, since, limit, form).then((answer) => {
    prefetchNext(engine, answer, limit, form);
    return answer;
  });
}

/** The `since` of the next page of a cached page that has more, until that next page is prefetched. */
const nextSince = new WeakMap<CachedAnswer, number>();

/** What a page read gives: its bytes, and where the next page starts. */
interface ReadPage { body: Buffer; cursor: number; hasMore: boolean }

/** The answer cache's key of an aligned page in a form. */
const keyOf = (aligned: AlignedPage, form: SyncForm): string => (form === 'full' ? aligned.key : `${aligned.key}:${form}`);

/** A page read as the answer cached at `revision` under `key`. */
function answerOf(revision: number, key: string, page: ReadPage): CachedAnswer {
  const answer: CachedAnswer = { revision, bytes: page.body, etag: `"sync-${revision}-${key.replaceAll(':', '-')}"` };
  if (page.hasMore) nextSince.set(answer, page.cursor);
  return answer;
}

function cachedPage(db: Db, engine: Engine, requestedSince: number, limit: number, form: SyncForm): CachedAnswer {
  const revision = currentRevision(db);
  // cached by what the page holds: since values with the same page share it (align.ts)
  const aligned = alignPage(db, requestedSince, limit);
  const key = keyOf(aligned, form);
  // the page is read in its own transaction; its revision may be newer than the key's, which
  // only makes the entry a miss next time
  return engineCache(engine, 'sync').get(key, revision, () => answerOf(revision, key, readPage(db, aligned.since, limit, form)));
}

/**
 * cachedPage on PostgreSQL: the revision read for this request (what keeps this instance's cache
 * honest when another instance changed the registry), the page aligned on the feed of that
 * revision (or a newer one), and a miss read once however many requests ask for it meanwhile.
 */
async function cachedPageOn(engine: Engine, requestedSince: number, limit: number, form: SyncForm): Promise<CachedAnswer> {
  const revision = await revisionNow(engine);
  const aligned = await alignPageOn(engine.db, revision, requestedSince, limit);
  const key = keyOf(aligned, form);
  return engineCache(engine, 'sync').getAsync(key, revision, async () => answerOf(revision, key, await readPageOn(engine, aligned.since, limit, form)));
}

/**
 * A replica asks for the next page as soon as this one is in (a first sync is 20-200 pages at
 * 100k profiles): prepare that page while the replica works, and its compressed form off the event
 * loop, so the two take turns less. Once per page and revision, after the current answer is sent; a page a
 * write has since made stale is left alone, and a failure is left to the request that comes.
 */
function prefetchNext(engine: Engine, answer: CachedAnswer, limit: number, form: SyncForm): void {
  const since = nextSince.get(answer);
  if (since === undefined) return;
  nextSince.delete(answer);
  const { sqlite } = engine;
  setImmediate(() => {
    if (sqlite) {
      try {
        if (!sqlite.open || currentRevision(sqlite) !== answer.revision) return;
        // compressed as this page is sent: the same replica asks for the next
        compressNextAs(answer, cachedPage(sqlite, engine, since, limit, form));
      } catch {
        // the replica's own request reads the page again and answers any failure
      }
      return;
    }
    void (async () => {
      if ((await revisionNow(engine)) !== answer.revision) return;
      compressNextAs(answer, await cachedPageOn(engine, since, limit, form));
    })().catch(() => undefined); // as above (an engine closed meanwhile too)
  });
}

function compressNextAs(answer: CachedAnswer, next: CachedAnswer): void {
  if (answer.sentIn) compressAhead(next, answer.sentIn);
}

/** JSON.stringify(syncPage(db, since, limit)), written without making the page's objects (page-text.ts). */
export function syncPageText(db: Db, since: number, limit: number, form: SyncForm = 'full'): string {
  return readPage(db, since, limit, form).body.toString('utf8');
}

/** syncPageText on either engine (SQLite's own read, or PostgreSQL's readPageOn): the page as the feed answers it, uncached. */
export async function syncPageTextOn(engine: Engine, since: number, limit: number, form: SyncForm = 'full'): Promise<string> {
  const page = engine.sqlite ? readPage(engine.sqlite, since, limit, form) : await readPageOn(engine, since, limit, form);
  return page.body.toString('utf8');
}

function readPage(db: Db, since: number, limit: number, form: SyncForm): ReadPage {
  return db.transaction(() => {
    const page = changePage(db, since, limit);
    return { body: form === 'light' ? lightPageBody(db, page) : pageBody(db, page), cursor: page.cursor, hasMore: page.hasMore };
  })();
}

/**
 * readPage on the data layer (PostgreSQL's): the page's changes, what remains and its profiles'
 * texts from one REPEATABLE READ transaction, so they are of one registry whatever other
 * instances commit meanwhile; the texts it had to write are kept after it (page-text.ts pageTextsOn).
 */
async function readPageOn(engine: Engine, since: number, limit: number, form: SyncForm): Promise<ReadPage> {
  const usable = await storedTextsUsableOn(engine.db);
  const { page, texts, written } = await engine.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const page = await changePageOn(trx, since, limit);
    return { page, ...(await pageTextsOn(trx, page, usable)) };
  });
  await keepTextsOn(engine.db, written);
  return { body: form === 'light' ? lightPageOf(page, texts) : fullPageOf(page, texts), cursor: page.cursor, hasMore: page.hasMore };
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
      profiles.push(syncProfileOf(row, incidents.get(row.id) ?? []));
    }
    return { profiles, tombstones, cursor, hasMore, remaining, reset };
  })();
}
