// The registry worker (issue 6): the registry's search index lives here, and a filling replica's
// sync pages are fetched, read, checked and stored here, so building the index, taking in deltas,
// answering searches and receiving, parsing and writing pages never hold up the page, which only
// runs the sync loop; the profiles stored go straight into the index (RegistrySearchEngine.offer)
// instead of being read back from IndexedDB. The page talks to it through Comlink
// (registry-search.ts).
import * as Comlink from 'comlink';
import { openRegistryDb } from '../db';
import { localPageStore, type CheckedPage, type SyncPageStore } from '../sync-pages';
import { RegistrySearchEngine } from './engine';

interface Registry {
  engine: RegistrySearchEngine;
  pages: SyncPageStore;
}
const registries = new Map<string, Registry>();

function registry(dbName: string): Registry {
  let found = registries.get(dbName);
  if (!found) {
    const db = openRegistryDb(dbName);
    const engine = new RegistrySearchEngine(db);
    found = { engine, pages: localPageStore(db, (written) => engine.offer(written)) };
    registries.set(dbName, found);
  }
  return found;
}

const api = {
  search: (dbName: string, ...args: Parameters<RegistrySearchEngine['search']>) => registry(dbName).engine.search(...args),
  facetOptions: (dbName: string, ...args: Parameters<RegistrySearchEngine['facetOptions']>) => registry(dbName).engine.facetOptions(...args),
  /** fetches, reads and checks a sync page; the page stays here until storeSyncPage (sync-pages.ts) */
  fetchSyncPage: (dbName: string, since: number, limit: number) => registry(dbName).pages.fetch(since, limit),
  storeSyncPage: (dbName: string, checked: CheckedPage, startOver: boolean) => registry(dbName).pages.store(checked, startOver),
};
export type SearchWorkerApi = typeof api;

Comlink.expose(api);
