// docs/design.md#sync: pulls GET /api/sync/ from the stored cursor, page by page, into
// the replica. Each page and its cursor are written in one Dexie transaction, so a crash or a
// failed write between pages loses nothing and applies nothing twice: the next run asks again
// from the last cursor that committed. The request always completes before the transaction
// opens (docs/style.md#s7: never fetch inside a Dexie transaction — PrematureCommitError).
import { liveQuery } from 'dexie';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_FAST_MS, SYNC_PAGE_MAX, SYNC_PAGE_SLOW_MS } from '../../shared/constants';
import { routes } from '../../shared/contract/routes';
import type { SyncForm } from '../../shared/contract/sync';
import { ApiError, apiBytes } from '../api/http';
import { localDb, readSyncMeta, type FillProgress, type RegistryDb } from './db';
import { compactReplica } from './replica';
import { withWebLock } from './locks';
import { getStatus, setStatus } from '../state/status';
import { localPageStore, type CheckedPage, type SyncPageStore } from './sync-pages';
import { replicationQuiet, whenReplicationMayStart } from './replication-gate';

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
   * Where the pages of a filling replica (empty at the start of the run, or reset by the
   * server) are read, checked and stored; every other page is, here. The app passes the registry
   * worker, which stores those pages and offers their profiles to the search index while this
   * loop fetches the next one, and which parses them off the page's thread
   * (docs/decisions/013-first-sync-pages.md). Deltas are stored here.
   */
  fillingPages?: SyncPageStore;
  /**
   * The sync feed's form to follow (issue 17): 'full' (the default), or 'light' (profiles without
   * incidents and avatars, read on demand: settings.ts). A replica that took light pages and now
   * follows 'full' is downloaded again in full from 0, over what it holds (it stays complete).
   */
  form?: SyncForm;
}

/** The meta row saying the replica holds light profiles (taken in the light form since it last was all full). */
const LIGHT_HELD = 'lightHeld';

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
  { pageSize: firstPageSize, maxPageSize, fillingPages, form = 'full' }: SyncOptions,
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
    const here = localPageStore(db);
    // a page is checked and stored by the store it was asked for by
    const fetchPage = async (from: number, store: SyncPageStore): Promise<{ checked: CheckedPage; store: SyncPageStore }> => {
      // never beside a search on the line or a person typing (issue 17: replication-gate.ts)
      await replicationQuiet();
      sent();
      const started = Date.now();
      let body: ArrayBuffer;
      try {
        body = await fetchSyncPage(from, pageSize, form);
        // the next request goes out as this answer is in: size it by how long this one took
        const took = Date.now() - started;
        if (took < SYNC_PAGE_FAST_MS) pageSize = Math.min(largest, pageSize * 2);
        else if (took > SYNC_PAGE_SLOW_MS) pageSize = Math.max(smallest, Math.floor(pageSize / 2));
      } catch (error) {
        // a page that did not come (a time-out on a slow line): the next run asks for less
        pageSize = Math.max(smallest, Math.floor(pageSize / 2));
        throw error;
      } finally {
        if (firstPageSize === undefined) learnedPageSize.set(db.name, pageSize);
      }
      return { checked: await store.check(body), store };
    };
    // an empty replica with a stored cursor was partly cleared (site data, a crashed upgrade):
    // start over from 0, or it would wait for changes that never come
    const lightHeld = (await db.meta.get(LIGHT_HELD))?.value === true;
    // full details asked for while light profiles are held: everything again, in full, over them
    let since = emptyAtStart || (form === 'full' && lightHeld && stored.lastSyncedAt !== null) ? 0 : stored.cursor;
    // the first page of a run from 0 also drops what is left over
    let fromScratch = emptyAtStart || stored.cursor === 0;
    // "how many of how many" while an empty replica fills (and after a reset emptied it), shown
    // from the start (the total unknown until the first page is in): nothing searches a replica
    // while it fills, so the search index is built once, from every page, at the end
    const progress = { filling: false, done: 0 };
    const startFilling = (done = 0, total = 0) => {
      progress.filling = true;
      progress.done = done;
      setStatus({ firstSync: { done, total } });
    };
    if (emptyAtStart) startFilling();
    else if (stored.lastSyncedAt === null) {
      // a download that never reached its last page (a reload, a lost connection): it goes on
      // from its cursor, and is shown as the same download (issue 17)
      const fill = (await db.meta.get('fill'))?.value as FillProgress | undefined;
      startFilling(fill?.held ?? 0, fill?.total ?? 0);
    }
    const storeFor = () => (progress.filling && fillingPages) || here;

    // the next page is asked for while this one is written (the cursor is in the answer, so
    // the request can go out at once): the network and IndexedDB work side by side
    let next = fetchPage(since, storeFor());
    for (;;) {
      const { checked, store } = await next;
      if (checked.reset) startFilling();
      const more = checked.hasMore && (checked.cursor > since || checked.reset);
      if (more) {
        next = fetchPage(checked.cursor, storeFor());
        next.catch(() => undefined); // reported when awaited; a failed write first must not leave it unhandled
      }
      const startOver = checked.reset || fromScratch;
      changed = (await store.store(checked, startOver)) || changed;
      fromScratch = false;
      if (progress.filling) {
        progress.done += checked.changes;
        const fill: FillProgress = { held: progress.done, total: progress.done + checked.remaining };
        setStatus({ firstSync: { done: fill.held, total: fill.total } });
        // a lost write only costs the progress shown after a reload
        await db.meta.put({ key: 'fill', value: fill }).catch(() => undefined);
      }
      if (!checked.hasMore) break;
      if (!more) throw new Error('The sync feed did not move forward; will try again later.');
      since = checked.cursor;
    }
    const meta = await readSyncMeta(db);
    if (form === 'light' ? changed && !lightHeld : lightHeld) await db.meta.put({ key: LIGHT_HELD, value: form === 'light' });
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

/** A sync page's bytes, as they came (read and checked by a SyncPageStore). */
async function fetchSyncPage(since: number, limit: number, form: SyncForm): Promise<ArrayBuffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PAGE_TIMEOUT_MS);
  try {
    return await apiBytes(routes.sync.page.path({ query: form === 'full' ? { since, limit } : { since, limit, form } }), { signal: controller.signal, priority: 'low' });
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw new ApiError(0, 'The server took too long to answer.');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export interface ReplicatorOptions {
  /**
   * A replica that is not complete (a first visit, or a download a reload cut short) starts
   * downloading only once the page's first answer is on screen, or nothing asked for one
   * (replication-gate.ts); its progress shows meanwhile as starting.
   */
  afterFirstAnswer?: boolean;
}

/** A line where the download does not slow the page's answers (Network Information API, Chromium; DevTools throttling shows here too). */
function fastLine(): boolean {
  const connection = (globalThis.navigator as Navigator & { connection?: { downlink?: number; rtt?: number; saveData?: boolean } } | undefined)?.connection;
  return connection !== undefined && connection.saveData !== true && (connection.downlink ?? 0) >= 5 && (connection.rtt ?? Infinity) <= 100;
}

/** Resolves when the replica is complete, or, when it is not, once its download may start. */
async function deferIncomplete(db: RegistryDb): Promise<void> {
  let meta: Awaited<ReturnType<typeof readSyncMeta>>;
  let fill: FillProgress | undefined;
  try {
    [meta, fill] = await Promise.all([readSyncMeta(db), db.meta.get('fill').then((row) => row?.value as FillProgress | undefined)]);
  } catch {
    return; // the sync reports what is wrong with the database
  }
  if (meta.lastSyncedAt !== null && (await db.chunkKeys.count()) > 0) return;
  // a fast line has room for both: the download starts at once (the first sync's 10 s budget),
  // and a first answer a cold server takes seconds to give does not hold it back
  if (fastLine()) return;
  // shown from the start, so the note above the first cards does not appear under them later
  if (getStatus().firstSync === null) setStatus({ firstSync: { done: fill?.held ?? 0, total: fill?.total ?? 0 } });
  await whenReplicationMayStart();
}

/**
 * Syncs at start, when the connection returns, when the page becomes visible, and every
 * SYNC_INTERVAL_MS while it is visible; keeps online/offline and "last synced" (also what
 * other tabs synced) in the status store. Returns a stop function.
 */
export function startReplicator(
  db: RegistryDb = localDb, sync: () => Promise<void> = () => syncNow(db), { afterFirstAnswer = false }: ReplicatorOptions = {},
): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
  // a replica that is not complete downloads after the page's first answer (issue 17): until
  // then every trigger waits; a complete one syncs its deltas at once (they are small)
  const mayStart: Promise<void> = afterFirstAnswer ? deferIncomplete(db) : Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (navigator.onLine === false) return; // the 'online' event syncs when it returns
    void mayStart.then(() => { if (!stopped) void sync(); });
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
    stopped = true;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    meta.unsubscribe();
    stopTimer();
  };
}
