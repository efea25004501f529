// The registry worker (issue 6): the registry's search index lives here, and a filling replica's
// sync pages are read, checked and stored here, so building the index, taking in deltas,
// answering searches and parsing and writing pages never hold up the page. The page fetches each
// sync page and hands its bytes over (transferred, not copied); the profiles stored go straight
// into the index (RegistrySearchEngine.offer) instead of being read back from IndexedDB. The page
// talks to it through Comlink (registry-search.ts).
import * as Comlink from 'comlink';
import { TokenHelper, type TokenHelperReply } from '../../../shared/search/index/token-helper';
import { openRegistryDb } from '../db';
import { localPageStore, type CheckedPage, type SyncPageStore } from '../sync-pages';
import { RegistrySearchEngine } from './engine';

interface Registry {
  engine: RegistrySearchEngine;
  pages: SyncPageStore;
}
const registries = new Map<string, Registry>();

/** A helper worker for large builds (token-helper.worker.ts), started at the first one. */
function startTokenHelper(): TokenHelper {
  const worker = new Worker(new URL('./token-helper.worker.ts', import.meta.url), { type: 'module', name: 'bustr-token-helper' });
  return new TokenHelper({
    post: (message, transfer) => worker.postMessage(message, { transfer: transfer ?? [] }),
    listen: (listener: (reply: TokenHelperReply) => void) => {
      worker.addEventListener('message', (event: MessageEvent<TokenHelperReply>) => listener(event.data));
      // (a script that fails to load or run: the build waiting on it fails, and is made here)
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener({ type: 'failed', build: -1, message: event.message || 'the helper worker failed' });
      });
    },
  });
}

function registry(dbName: string): Registry {
  let found = registries.get(dbName);
  if (!found) {
    const db = openRegistryDb(dbName);
    const engine = new RegistrySearchEngine(db, startTokenHelper);
    found = { engine, pages: localPageStore(db, (written) => engine.offer(written)) };
    registries.set(dbName, found);
  }
  return found;
}

const api = {
  search: (dbName: string, ...args: Parameters<RegistrySearchEngine['search']>) => registry(dbName).engine.search(...args),
  searchPage: (dbName: string, ...args: Parameters<RegistrySearchEngine['searchPage']>) => registry(dbName).engine.searchPage(...args),
  lookup: (dbName: string, ...args: Parameters<RegistrySearchEngine['lookup']>) => registry(dbName).engine.lookup(...args),
  findName: (dbName: string, ...args: Parameters<RegistrySearchEngine['findName']>) => registry(dbName).engine.findName(...args),
  facetOptions: (dbName: string, ...args: Parameters<RegistrySearchEngine['facetOptions']>) => registry(dbName).engine.facetOptions(...args),
  /** reads and checks a sync page's bytes; the page stays here until storeSyncPage (sync-pages.ts) */
  checkSyncPage: (dbName: string, body: ArrayBuffer) => registry(dbName).pages.check(body),
  storeSyncPage: (dbName: string, checked: CheckedPage, startOver: boolean) => registry(dbName).pages.store(checked, startOver),
};
export type SearchWorkerApi = typeof api;

Comlink.expose(api);
