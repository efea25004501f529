// The registry worker (issue 6): the registry's search index lives here, and the sync pages are
// stored here, so building the index, taking in deltas, answering searches and writing pages
// never hold up the page. The page fetches and checks each sync page and sends it as JSON text;
// the profiles stored go straight into the index (RegistrySearchEngine.offer) instead of being
// read back from IndexedDB. The page talks to it through Comlink (registry-search.ts).
import * as Comlink from 'comlink';
import { openRegistryDb, type RegistryDb } from '../db';
import type { SyncPage } from '../../../shared/contract/sync';
import { applySyncPage } from '../replicator';
import { RegistrySearchEngine } from './engine';

const engines = new Map<string, { db: RegistryDb; engine: RegistrySearchEngine }>();

function registry(dbName: string): { db: RegistryDb; engine: RegistrySearchEngine } {
  let found = engines.get(dbName);
  if (!found) {
    const db = openRegistryDb(dbName);
    found = { db, engine: new RegistrySearchEngine(db) };
    engines.set(dbName, found);
  }
  return found;
}

const api = {
  search: (dbName: string, ...args: Parameters<RegistrySearchEngine['search']>) => registry(dbName).engine.search(...args),
  facetOptions: (dbName: string, ...args: Parameters<RegistrySearchEngine['facetOptions']>) => registry(dbName).engine.facetOptions(...args),
  /** stores a sync page the page has checked, sent as the JSON text it came in (replicator.ts CheckedPage) */
  applySyncPage: (dbName: string, pageJson: string, startOver: boolean) => {
    const { db, engine } = registry(dbName);
    return applySyncPage(db, JSON.parse(pageJson) as SyncPage, startOver, (written) => engine.offer(written));
  },
};
export type SearchWorkerApi = typeof api;

Comlink.expose(api);
