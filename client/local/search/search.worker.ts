// The search worker (issue 6): the registry's search index lives here, so building it, taking
// in deltas and answering searches never hold up the page. The page talks to it through
// Comlink (registry-search.ts); the worker reads the replica in IndexedDB itself.
import * as Comlink from 'comlink';
import { openRegistryDb } from '../db';
import { RegistrySearchEngine } from './engine';

const engines = new Map<string, RegistrySearchEngine>();

function engine(dbName: string): RegistrySearchEngine {
  let found = engines.get(dbName);
  if (!found) {
    found = new RegistrySearchEngine(openRegistryDb(dbName));
    engines.set(dbName, found);
  }
  return found;
}

const api = {
  search: (dbName: string, ...args: Parameters<RegistrySearchEngine['search']>) => engine(dbName).search(...args),
  facetOptions: (dbName: string, ...args: Parameters<RegistrySearchEngine['facetOptions']>) => engine(dbName).facetOptions(...args),
  ingest: (dbName: string, ...args: Parameters<RegistrySearchEngine['ingest']>) => engine(dbName).ingest(...args),
};
export type SearchWorkerApi = typeof api;

Comlink.expose(api);
