// The offline-first client at registry scale, in Chromium (playwright-core with the system
// browser, tests/e2e/support/browser.ts) against the real server on a copy of the seeded
// database: first sync into IndexedDB, offline cold start to the first 20 cards, a 100-change
// delta, and a raw IndexedDB bulk load (Dexie bulkPut) of every profile.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { openDatabase } from '../server/db/connection';
import { currentRevision, touchProfile } from '../server/db/revision';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { REGISTRY_PAGE_SIZE, SYNC_PAGE_MAX } from '../shared/constants';
import { BUDGETS } from './budgets';
import { copyOf } from './fixtures';
import { figure, log, median, type Figure } from './figures';
import { routes } from '../shared/contract/routes';

const DELTA = 100;
const DELTA_RUNS = 3;
const FIRST_SYNC_TIMEOUT_MS = 120_000;
const require = createRequire(import.meta.url);

interface SyncMark {
  /** -1 until a sync has completed */
  cursor: number;
  /** when the last completed sync stored its last page (the browser's Date.now()) */
  lastSyncedAt: number;
}

/** The replica's sync cursor, read straight from the app's IndexedDB ('bustr', meta 'sync'). */
function replicaCursor(page: Page): Promise<SyncMark> {
  const none = { cursor: -1, lastSyncedAt: 0 };
  return page.evaluate(
    (none) =>
      new Promise<SyncMark>((resolve) => {
        // never create the app's database by looking for it (an open without a version would)
        void indexedDB.databases().then((list) => {
          if (!list.some((d) => d.name === 'bustr')) {
            resolve(none);
            return;
          }
          const open = indexedDB.open('bustr');
          open.onerror = () => resolve(none);
          open.onsuccess = () => {
            const idb = open.result;
            if (!idb.objectStoreNames.contains('meta')) {
              idb.close();
              resolve(none);
              return;
            }
            const get = idb.transaction('meta').objectStore('meta').get('sync');
            get.onsuccess = () => {
              const row = get.result as { value?: { cursor?: number; lastSyncedAt?: number | null } } | undefined;
              idb.close();
              const lastSyncedAt = row?.value?.lastSyncedAt;
              resolve(lastSyncedAt ? { cursor: row.value?.cursor ?? -1, lastSyncedAt } : none);
            };
            get.onerror = () => {
              idb.close();
              resolve(none);
            };
          };
        });
      }),
    none,
  );
}

/** How many profile versions the app's replica has written (IndexedDB 'bustr', chunkKeys' ids). */
function replicaCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('bustr');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('chunkKeys')) {
            idb.close();
            resolve(0);
            return;
          }
          const all = idb.transaction('chunkKeys').objectStore('chunkKeys').getAll();
          all.onsuccess = () => {
            idb.close();
            resolve((all.result as { ids: number[] }[]).reduce((n, row) => n + row.ids.length, 0));
          };
          all.onerror = () => {
            idb.close();
            resolve(0);
          };
        };
      }),
  );
}

/**
 * Has the search worker saved an index of the whole replica (IndexedDB 'bustr': searchIndex
 * 'registry' at the replica's epoch, up to its last chunk)? An older save (of an earlier,
 * smaller replica) would make the cold start rebuild.
 */
function savedIndexCurrent(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open('bustr');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const idb = open.result;
      if (!idb.objectStoreNames.contains('searchIndex')) {
        idb.close();
        resolve(false);
        return;
      }
      const tx = idb.transaction(['searchIndex', 'chunkKeys', 'meta']);
      const saved = tx.objectStore('searchIndex').get('registry');
      const last = tx.objectStore('chunkKeys').openKeyCursor(null, 'prev');
      const sync = tx.objectStore('meta').get('sync');
      tx.oncomplete = () => {
        idb.close();
        const row = saved.result as { epoch: number; lastChunk: number } | undefined;
        const meta = sync.result as { value?: { epoch?: number } } | undefined;
        resolve(row !== undefined && row.epoch === (meta?.value?.epoch ?? 0) && row.lastChunk === (last.result?.key ?? 0));
      };
      tx.onerror = () => {
        idb.close();
        resolve(false);
      };
    };
  });
}

/**
 * Waits until a completed sync reached `atLeast`, and says when it stored its last page. The
 * time comes from the app's own record, so polling seldom (each poll opens IndexedDB in the
 * page, beside the sync it measures) costs no precision.
 */
async function waitForCursor(page: Page, atLeast: number, timeoutMs: number, pollMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mark = await replicaCursor(page);
    if (mark.cursor >= atLeast) return mark.lastSyncedAt;
    if (Date.now() > deadline) throw new Error(`the replica did not reach revision ${atLeast} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export async function benchBrowser(databasePath: string, label: string, full: boolean): Promise<Figure[]> {
  const budget = <T>(b: T) => (full ? b : null);
  const figures: Figure[] = [];
  const copy = copyOf(databasePath);
  const db = openDatabase(copy.path);
  const server = await startServer({ env: { DATABASE_PATH: copy.path, SEED_DEMO: 'false' } });
  const browser = await launchBrowser();
  try {
    const head = currentRevision(db);
    const context = await browser.newContext();
    const page = await context.newPage();

    // first sync: from navigation until the replica stored its last page (the browser and this
    // process read the same clock)
    let started = performance.now();
    const navigatedAt = Date.now();
    await page.goto(server.url);
    let synced = true;
    let firstSync = Infinity;
    try {
      firstSync = (await waitForCursor(page, head, FIRST_SYNC_TIMEOUT_MS, 250)) - navigatedAt;
    } catch (error) {
      synced = false;
      log(`browser ${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
    figures.push(figure(`first sync ${label} into IndexedDB${synced ? '' : ' (did not finish)'}`, firstSync, 'ms', budget(BUDGETS.firstSyncMs)));
    if (!synced) figures.push(figure(`first sync ${label}: profiles in the replica after ${FIRST_SYNC_TIMEOUT_MS / 1000} s`, await replicaCount(page), 'profiles'));
    log(`browser ${label}: first sync ${synced ? `${firstSync.toFixed(0)} ms` : 'did not finish'}`);
    if (synced) {
      // then the search worker answers the opening page from the profiles it gathered (and builds
      // its index right after), and the first cards show
      await page.waitForFunction((n) => document.querySelectorAll('.profile-card').length >= n, REGISTRY_PAGE_SIZE, { polling: 100, timeout: 60_000 });
      figures.push(figure(`first visit ${label}: navigation to the first ${REGISTRY_PAGE_SIZE} cards (after the first sync)`, performance.now() - started, 'ms'));
    }

    if (synced) {
      // offline cold start: the service worker serves the shell, IndexedDB the registry and the
      // search index the worker saved after building it (a device with the registry cached)
      // (waitForFunction takes a returned promise itself for a truthy answer: asynchronous
      // checks go through evaluate)
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const saveDeadline = Date.now() + 60_000;
      while (!(await page.evaluate(savedIndexCurrent))) {
        if (Date.now() > saveDeadline) throw new Error('the search index was not saved in 60 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await context.setOffline(true);
      const coldStarts: number[] = [];
      for (let i = 0; i < 3; i++) {
        started = performance.now();
        await page.reload({ waitUntil: 'commit' });
        await page.waitForFunction((n) => document.querySelectorAll('.profile-card').length >= n, REGISTRY_PAGE_SIZE, { polling: 'raf', timeout: 30_000 });
        coldStarts.push(performance.now() - started);
      }
      coldStarts.sort((a, b) => a - b);
      figures.push(figure(`offline cold start ${label}: first ${REGISTRY_PAGE_SIZE} cards (median of 3)`, coldStarts[1]!, 'ms', budget(BUDGETS.coldStartMs)));
      await context.setOffline(false);

      // deltas: 100 profiles change on the server (as staff edits do: touchProfile bumps each
      // one's revision), then the open client syncs (its 'online' handler) until it has them.
      // The median of DELTA_RUNS (other profiles each time): one delta takes ~50-100 ms, and a
      // single sample moved by 2x with the machine's neighbours.
      await page.waitForFunction(() => navigator.onLine);
      await waitForCursor(page, head, 30_000, 50); // any sync the reconnect started is done
      const deltas: number[] = [];
      for (let run = 0; run < DELTA_RUNS; run++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const ids = db.prepare("SELECT id FROM profiles WHERE verification_status = 'verified' ORDER BY id LIMIT ? OFFSET ?").pluck().all(DELTA, run * DELTA) as number[];
        db.transaction(() => {
          for (const id of ids) {
            db.prepare('UPDATE profiles SET bio = bio || ? WHERE id = ?').run(' (updated)', id);
            touchProfile(db, id);
          }
        })();
        const deltaHead = currentRevision(db);
        const askedAt = Date.now();
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        deltas.push((await waitForCursor(page, deltaHead, 30_000, 20)) - askedAt);
      }
      figures.push(figure(`${DELTA}-change delta applied ${label} (median of ${DELTA_RUNS})`, median(deltas), 'ms', budget(BUDGETS.deltaMs)));
    } else {
      // both need the whole registry on the device
      figures.push(figure(`offline cold start ${label}: first ${REGISTRY_PAGE_SIZE} cards (not measured: first sync unfinished)`, Infinity, 'ms', budget(BUDGETS.coldStartMs)));
      figures.push(figure(`${DELTA}-change delta applied ${label} (not measured: first sync unfinished)`, Infinity, 'ms', budget(BUDGETS.deltaMs)));
    }
    await context.close();

    // IndexedDB bulk load: every profile written with Dexie bulkPut into a fresh database
    const bulkContext = await browser.newContext({ bypassCSP: true });
    const bulkPage = await bulkContext.newPage();
    // a same-origin document that does not start the app (and its own sync) beside the load
    await bulkPage.goto(`${server.url}${routes.auth.currentUser.path()}`);
    await bulkPage.addScriptTag({ path: require.resolve('dexie/dist/dexie.js') });
    const bulk = await bulkPage.evaluate(async ({ pageMax, syncPath }) => {
      const all: unknown[] = [];
      let since = 0;
      for (;;) {
        const res = await fetch(`${syncPath}?since=${since}&limit=${pageMax}`);
        const page = (await res.json()) as { profiles: unknown[]; cursor: number; hasMore: boolean };
        all.push(...page.profiles);
        since = page.cursor;
        if (!page.hasMore) break;
      }
      const DexieCtor = (window as unknown as { Dexie: new (name: string) => { version(n: number): { stores(s: Record<string, string>): void }; open(): Promise<void>; table(n: string): { bulkPut(rows: unknown[]): Promise<unknown> }; close(): void } }).Dexie;
      const dexie = new DexieCtor('bench-bulk');
      dexie.version(1).stores({ profiles: 'id, kind, revision, name' });
      await dexie.open();
      const t0 = performance.now();
      await dexie.table('profiles').bulkPut(all);
      const ms = performance.now() - t0;
      dexie.close();
      return { ms, count: all.length };
    }, { pageMax: SYNC_PAGE_MAX, syncPath: routes.sync.page.path() });
    figures.push(figure(`IndexedDB bulk load ${label} (Dexie bulkPut, ${bulk.count} profiles)`, bulk.ms, 'ms'));
    await bulkContext.close();
  } finally {
    await browser.close();
    await server.stop();
    db.close();
    copy.remove();
  }
  return figures;
}
