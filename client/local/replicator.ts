// DESIGN.md "Replica sync": pulls GET /api/sync/ from the stored cursor, page by page, into
// the replica. Each page and its cursor are written in one Dexie transaction, so a crash or a
// failed write between pages loses nothing and applies nothing twice: the next run asks again
// from the last cursor that committed. The request always completes before the transaction
// opens (STYLE.md 7: never fetch inside a Dexie transaction — PrematureCommitError).
import { liveQuery } from 'dexie';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_FAST_MS, SYNC_PAGE_MAX, SYNC_PAGE_SLOW_MS } from '../../shared/constants';
import { syncPageSchema, type SyncPage, type SyncProfile } from '../../shared/contract/sync';
import { isSyncPage } from '../../shared/contract/sync-page-check';
import { ApiError, apiJsonAndText } from '../api/http';
import { localDb, readSyncMeta, type RegistryDb } from './db';
import { appendChunks, clearReplica, compactReplica, heldRevisions, type ReplicaRemoval, type WrittenChunks } from './replica';
import { withWebLock } from './locks';
import { getStatus, setStatus } from './status-store';

export const SYNC_INTERVAL_MS = 60_000;
export const SYNC_LOCK = 'bustr-sync';
/** a page of SYNC_PAGE_DEFAULT profiles can be large on a slow phone connection */
const PAGE_TIMEOUT_MS = 120_000;

export interface SyncOptions {
  /**
   * profiles and tombstones in the first page (by default SYNC_PAGE_MAX on a fast connection,
   * else SYNC_PAGE_DEFAULT, or the size the last run in this tab ended with); given, every page
   * has it unless maxPageSize is given too
   */
  pageSize?: number;
  /** the largest page the sync grows to while pages come in fast (SYNC_PAGE_MAX) */
  maxPageSize?: number;
  /**
   * Stores a checked page (applySyncPage here by default); `filling` while an empty replica
   * fills. The app hands those pages to the registry worker, which stores them and gives their
   * profiles to the search index while this loop fetches and checks the next one
   * (docs/decisions/013-first-sync-pages.md), and stores deltas itself.
   */
  apply?: (page: CheckedPage, startOver: boolean, filling: boolean) => Promise<boolean>;
}

/**
 * The sync running in this tab, per database, so overlapping triggers share one run. `asked`
 * counts the triggers; `covered` is what `asked` was when the run last sent a request: a
 * trigger after that (the connection came back, another page was published) may be about a
 * change the run can no longer see, so the run goes round once more.
 */
interface Run {
  promise: Promise<void>;
  asked: number;
  covered: number;
}
const running = new Map<string, Run>();

/**
 * Pulls every page under the Web Lock 'bustr-sync'. When another tab holds it, returns at once:
 * that tab's writes reach this one through IndexedDB (useLiveQuery on registryVersion).
 * Asked again while it runs, it runs once more after (see Run).
 * Never rejects: a failure is reported in the status store (lastSyncError).
 */
export function syncNow(db: RegistryDb = localDb, options: SyncOptions = {}): Promise<void> {
  const current = running.get(db.name);
  if (current) {
    current.asked++;
    return current.promise;
  }
  const run: Run = { promise: Promise.resolve(), asked: 1, covered: 0 };
  const cover = () => {
    run.covered = run.asked;
  };
  run.promise = (async () => {
    try {
      let again = true;
      while (again) {
        const result = await withWebLock(SYNC_LOCK, 'ifAvailable', () => pullAll(db, options, cover));
        // a failed run is not repeated at once (the next trigger or the interval asks again), nor
        // one another tab holds the lock for (its writes arrive through IndexedDB)
        again = result.ran && result.value && run.asked > run.covered;
      }
    } finally {
      running.delete(db.name);
    }
  })();
  running.set(db.name, run);
  return run.promise;
}

/** The page size each database's last sync in this tab ended with: the next one starts there. */
const learnedPageSize = new Map<string, number>();

/** The Network Information API's view (Chromium): a 4G-class connection without Save-Data. */
function fastConnection(): boolean {
  const connection = (globalThis.navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } } | undefined)?.connection;
  return connection?.effectiveType === '4g' && connection.saveData !== true;
}

/** Pulls until the last page; says whether it got there. `sent` is called as each request goes out. */
async function pullAll(
  db: RegistryDb,
  { pageSize: firstPageSize, maxPageSize, apply = ({ page }, startOver) => applySyncPage(db, page, startOver) }: SyncOptions,
  sent: () => void,
): Promise<boolean> {
  setStatus({ syncing: true });
  let changed = false;
  let done = false;
  try {
    const stored = await readSyncMeta(db);
    const emptyAtStart = (await db.chunkKeys.count()) === 0;
    const smallest = firstPageSize ?? SYNC_PAGE_DEFAULT;
    const largest = maxPageSize ?? firstPageSize ?? SYNC_PAGE_MAX;
    let pageSize = firstPageSize ?? learnedPageSize.get(db.name) ?? (fastConnection() ? SYNC_PAGE_MAX : SYNC_PAGE_DEFAULT);
    const fetchPage = async (from: number) => {
      sent();
      const started = Date.now();
      try {
        const checked = await fetchSyncPage(from, pageSize);
        // the next request goes out as this answer is in: size it by how long this one took
        const took = Date.now() - started;
        if (took < SYNC_PAGE_FAST_MS) pageSize = Math.min(largest, pageSize * 2);
        else if (took > SYNC_PAGE_SLOW_MS) pageSize = Math.max(smallest, Math.floor(pageSize / 2));
        return checked;
      } catch (error) {
        // a page that did not come (a time-out on a slow line): the next run asks for less
        pageSize = Math.max(smallest, Math.floor(pageSize / 2));
        throw error;
      } finally {
        if (firstPageSize === undefined) learnedPageSize.set(db.name, pageSize);
      }
    };
    // an empty replica with a stored cursor was partly cleared (site data, a crashed upgrade):
    // start over from 0, or it would wait for changes that never come
    let since = emptyAtStart ? 0 : stored.cursor;
    // the first page of a run from 0 also drops what is left over
    let fromScratch = since === 0;
    // "how many of how many" while an empty replica fills (and after a reset emptied it)
    let progress: { done: number } | null = emptyAtStart ? { done: 0 } : null;

    // the next page is asked for while this one is written (the cursor is in the answer, so
    // the request can go out at once): the network and IndexedDB work side by side
    let next = fetchPage(since);
    for (;;) {
      const checked = await next;
      const { page } = checked;
      const more = page.hasMore && (page.cursor > since || page.reset);
      if (more) {
        next = fetchPage(page.cursor);
        next.catch(() => undefined); // reported when awaited; a failed write first must not leave it unhandled
      }
      const startOver = page.reset || fromScratch;
      if (page.reset) progress = { done: 0 };
      changed = (await apply(checked, startOver, progress !== null)) || changed;
      fromScratch = false;
      if (progress) {
        progress.done += page.profiles.length + page.tombstones.length;
        setStatus({ firstSync: { done: progress.done, total: progress.done + page.remaining } });
      }
      if (!page.hasMore) break;
      if (!more) throw new Error('The sync feed did not move forward; will try again later.');
      since = page.cursor;
    }
    const meta = await readSyncMeta(db);
    setStatus({ lastSyncedAt: meta.lastSyncedAt, lastSyncError: null });
    done = true;
  } catch (error) {
    setStatus({ lastSyncError: error instanceof Error ? error.message : String(error) });
  } finally {
    setStatus({ syncing: false, firstSync: null });
  }
  // many small delta chunks are merged once in a while (never during a first sync's pages)
  if (changed) await compactReplica(db).catch((error: unknown) => console.error('Compacting the replica failed', error));
  return done;
}

/**
 * A sync page that passed syncPageSchema, and its JSON text: the schema changes nothing it
 * passes (shared/contract/sync.ts), so the text says exactly what the page does and can be sent
 * to the registry worker as it came.
 */
export interface CheckedPage {
  page: SyncPage;
  text: string;
}

async function fetchSyncPage(since: number, limit: number): Promise<CheckedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PAGE_TIMEOUT_MS);
  try {
    const { json, text } = await apiJsonAndText<unknown>(`/api/sync/?since=${since}&limit=${limit}`, { signal: controller.signal });
    // the compiled check is the fast way; a page it refuses goes through zod, which says why
    return { page: isSyncPage(json) ? json : syncPageSchema.parse(json), text };
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw new ApiError(0, 'The server took too long to answer.');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

type Change = { type: 'profile'; revision: number; profile: SyncPage['profiles'][number] } | { type: 'tombstone'; revision: number; id: number };

/**
 * Stores a checked sync page (applyPage), then offers what it wrote to `onWritten` (the search
 * index in the registry worker). Says whether the replica changed.
 */
export async function applySyncPage(db: RegistryDb, page: SyncPage, startOver: boolean, onWritten?: (written: WrittenChunks) => unknown): Promise<boolean> {
  const written = await applyPage(db, page, startOver);
  if (written.chunks && onWritten) {
    // after the commit: what is offered is stored
    Promise.resolve(onWritten(written.chunks)).catch((error: unknown) => console.error('Indexing a sync page failed', error));
  }
  return written.changed;
}

/** One page, its cursor and the registry version: all or nothing. Says whether the replica changed, and what it wrote. */
async function applyPage(db: RegistryDb, page: SyncPage, startOver: boolean): Promise<{ changed: boolean; chunks: WrittenChunks | null }> {
  return db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    const meta = await readSyncMeta(db);
    const epoch = (meta.epoch ?? 0) + (startOver ? 1 : 0);
    if (startOver) await clearReplica(db, epoch);
    // STYLE.md 8: the server's revision decides. In revision order the last change of an id
    // wins; a change older than the version we hold is ignored, so a tombstone wins over an
    // older version and never over a newer one.
    const changes: Change[] = [
      ...page.profiles.map((profile): Change => ({ type: 'profile', revision: profile.revision, profile })),
      ...page.tombstones.map((t): Change => ({ type: 'tombstone', revision: t.revision, id: t.id })),
    ].sort((a, b) => a.revision - b.revision);
    const latest = new Map<number, Change>();
    for (const change of changes) latest.set(change.type === 'profile' ? change.profile.id : change.id, change);
    const held = await heldRevisions([...latest.keys()], db);

    const upserts: SyncProfile[] = [];
    const removals: ReplicaRemoval[] = [];
    for (const [id, change] of latest) {
      const heldRevision = held.get(id);
      if (heldRevision !== undefined && heldRevision > change.revision) continue;
      if (change.type === 'profile') upserts.push(change.profile);
      // a tombstone of a profile this replica never held changes nothing
      else if (heldRevision !== undefined) removals.push({ id, revision: change.revision });
    }
    const span = await appendChunks(db, upserts, removals);

    const changed = startOver || upserts.length > 0 || removals.length > 0;
    await db.meta.put({
      key: 'sync',
      value: {
        cursor: page.cursor,
        // the replica is up to date only once the last page is in
        lastSyncedAt: page.hasMore ? meta.lastSyncedAt : Date.now(),
        registryVersion: meta.registryVersion + (changed ? 1 : 0),
        epoch,
      },
    });
    const chunks = span ? { epoch, first: span.first, last: span.last, profiles: upserts, removed: removals.map((r) => r.id) } : null;
    return { changed, chunks };
  });
}

/**
 * Syncs at start, when the connection returns, when the page becomes visible, and every
 * SYNC_INTERVAL_MS while it is visible; keeps online/offline and "last synced" (also what
 * other tabs synced) in the status store. Returns a stop function.
 */
export function startReplicator(db: RegistryDb = localDb, sync: () => Promise<void> = () => syncNow(db)): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
  const tick = () => {
    if (navigator.onLine === false) return; // the 'online' event syncs when it returns
    void sync();
  };
  const startTimer = () => {
    timer ??= setInterval(tick, SYNC_INTERVAL_MS);
  };
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onOnline = () => {
    setStatus({ online: true });
    tick();
  };
  const onOffline = () => setStatus({ online: false });
  const onVisibility = () => {
    if (visible()) {
      tick();
      startTimer();
    } else {
      stopTimer();
    }
  };

  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisibility);
  setStatus({ online: navigator.onLine });
  // "last synced" survives a reload, and follows syncs that other tabs make
  const meta = liveQuery(() => readSyncMeta(db)).subscribe({
    next: (value) => {
      if (value.lastSyncedAt !== null && value.lastSyncedAt !== getStatus().lastSyncedAt) setStatus({ lastSyncedAt: value.lastSyncedAt });
    },
    error: () => undefined,
  });
  tick();
  if (visible()) startTimer();

  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    meta.unsubscribe();
    stopTimer();
  };
}
