// The page's side of the registry search (issue 6): asks the search worker (search.worker.ts)
// for one page of ids and scores, then reads only those profiles from the replica. Where there
// are no workers (jsdom tests) the same engine runs in the page. Hooks for the registry list,
// the filter options and the report forms' suggestions; what a page asks for is
// shared/search/page.ts.
import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import type { FilterCategory } from '../../../shared/search/facets';
import type { FacetOption, SearchQuery, SearchResult } from '../../../shared/search/index/search-index';
import { lastPage, pageQuery, requestKey, type RegistrySearchRequest } from '../../../shared/search/page';
import { localDb, readSyncMeta, type LocalProfile, type RegistryDb } from '../db';
import { useRegistryVersion } from '../registry';
import { getProfiles } from '../replica';
import { localPageStore, type SyncPageStore } from '../sync-pages';
import { useStatus } from '../../state/status';
import type { IdentifierLookup, IdentifierMatch, LookalikeWarning, NamedProfile, QueryReading, RegistryAnswer } from './answers';
import type { SearchWorkerApi } from './search.worker';

export interface SearchService {
  /** reads, checks and stores sync pages where the index is, which takes their profiles in at once */
  syncPages: SyncPageStore;
  search(query: SearchQuery, version: number): Promise<SearchResult>;
  /** a page with what the search says about its query (answers.ts) */
  searchPage(query: SearchQuery, version: number): Promise<RegistryAnswer>;
  /** a pasted value looked up in both kinds */
  lookup(text: string, version: number): Promise<IdentifierLookup>;
  /** the listed profiles of both kinds with a name (without case or extra spaces) */
  findName(name: string, version: number): Promise<NamedProfile[]>;
  facetOptions(kind: ProfileKind, category: FilterCategory, version: number): Promise<FacetOption[]>;
  /** ends pending work (a save of the in-page engine) */
  dispose(): void;
}

function workerService(dbName: string): SearchService {
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'bustr-search' });
  const remote = Comlink.wrap<SearchWorkerApi>(worker);
  return {
    syncPages: {
      check: (body) => remote.checkSyncPage(dbName, Comlink.transfer(body, [body])),
      store: (checked, startOver) => remote.storeSyncPage(dbName, checked, startOver),
    },
    search: (query, version) => remote.search(dbName, query, version),
    searchPage: (query, version) => remote.searchPage(dbName, query, version),
    lookup: (text, version) => remote.lookup(dbName, text, version),
    findName: (name, version) => remote.findName(dbName, name, version),
    facetOptions: (kind, category, version) => remote.facetOptions(dbName, kind, category, version),
    dispose: () => worker.terminate(),
  };
}

/** The engine in the page, loaded on first use (so the app's first download stays without it). */
function inPageService(db: RegistryDb): SearchService {
  const engine = import('./engine').then(({ RegistrySearchEngine }) => new RegistrySearchEngine(db));
  return {
    syncPages: localPageStore(db, async (written) => (await engine).offer(written)),
    search: async (query, version) => (await engine).search(query, version),
    searchPage: async (query, version) => (await engine).searchPage(query, version),
    lookup: async (text, version) => (await engine).lookup(text, version),
    findName: async (name, version) => (await engine).findName(name, version),
    facetOptions: async (kind, category, version) => (await engine).facetOptions(kind, category, version),
    dispose: () => void engine.then((e) => e.dispose()),
  };
}

const services = new WeakMap<RegistryDb, SearchService>();

/** The search of this replica: in a worker where the browser has them, else in the page. */
export function searchService(db: RegistryDb = localDb): SearchService {
  let service = services.get(db);
  if (!service) {
    service = typeof Worker === 'undefined' ? inPageService(db) : workerService(db.name);
    services.set(db, service);
  }
  return service;
}

/** Ends a replica's search service (tests close their databases). */
export function disposeSearchService(db: RegistryDb): void {
  services.get(db)?.dispose();
  services.delete(db);
}

/** (the hook's request: the client takes it from here, with the hook) */
export type { RegistrySearchRequest } from '../../../shared/search/page';

export type { IdentifierLookup, IdentifierMatch, LookalikeWarning, NamedProfile, QueryReading, RegistryAnswer } from './answers';

export interface RegistrySearchState {
  status: 'loading' | 'ready' | 'error';
  /** how many profiles match in all */
  total: number;
  /** the page shown (the asked one, or the last one there is) */
  page: number;
  /** the page's profiles; `matched`: the identifier that found it (issue 16) */
  items: { profile: LocalProfile; score: number; matched?: IdentifierMatch }[];
  /** what the query reads as (none without a query) */
  readings: QueryReading[];
  /** how many profiles of the other kind the same search lists (null without a query, or until known) */
  otherKind: { kind: ProfileKind; total: number } | null;
  /** listed profiles the query looks like: warnings, never results */
  lookalikes: LookalikeWarning[];
  /** the search text this answers (the previous answer stays on screen while the next is asked) */
  query: string;
  message?: string;
}

const LOADING: RegistrySearchState = { status: 'loading', total: 0, page: 1, items: [], readings: [], otherKind: null, lookalikes: [], query: '' };

/** The page last shown, when it is still exact: same request, same registry version. */
async function lastView(db: RegistryDb, request: string, query: string): Promise<RegistrySearchState | null> {
  return db.transaction('r', db.meta, async () => {
    const [view, sync] = await Promise.all([db.meta.get('lastView'), readSyncMeta(db)]);
    if (view?.key !== 'lastView' || view.value.request !== request || view.value.registryVersion !== sync.registryVersion) return null;
    return { status: 'ready', total: view.value.total, page: view.value.page, items: view.value.items, readings: [], otherKind: null, lookalikes: [], query };
  });
}

function keepView(db: RegistryDb, request: string, version: number, state: RegistrySearchState): void {
  const value = { registryVersion: version, request, total: state.total, page: state.page, items: state.items };
  db.meta.put({ key: 'lastView', value }).catch(() => undefined); // a lost view only costs the next cold start
}

/**
 * One page of the registry for a search: while a first sync fills an empty replica the worker
 * only gathers profiles and this stays 'loading'; afterwards every change of the replica
 * (registryVersion) or of the request asks again. The previous answer stays on screen until
 * the next one is in. A failed search empties the list (product.md#errors: "list emptied, logged").
 */
export function useRegistrySearch({ kind, query, filters, page }: RegistrySearchRequest, db: RegistryDb = localDb): RegistrySearchState {
  const version = useRegistryVersion(db);
  const filling = useStatus((s) => s.firstSync !== null);
  // the state remembers its kind, so a kind switch never shows the other kind as ready
  const [state, setState] = useState<{ kind: ProfileKind; value: RegistrySearchState }>({ kind, value: LOADING });
  const request = requestKey({ kind, query, filters, page });

  // a cold start shows the page last shown at once when it is still exact, while the worker
  // loads the index (the search below then answers the same)
  useEffect(() => {
    let cancelled = false;
    lastView(db, request, query).then(
      (view) => { if (view && !cancelled) setState((current) => (current.value.status === 'loading' ? { kind, value: view } : current)); },
      () => undefined,
    );
    return () => { cancelled = true; };
  }, [db, kind, request, query]);

  useEffect(() => {
    // while a first sync fills the replica the worker only gathers what it stores; it builds once
    // the last page is in (RegistrySearchEngine.offer)
    if (filling) return undefined;
    let cancelled = false;
    const service = searchService(db);
    const ask = (at: number) => service.searchPage(pageQuery({ kind, query, filters }, at), version);
    (async () => {
      let at = Math.max(1, page);
      let result = await ask(at);
      // a sync may have removed profiles since this page was chosen: show the last one there is
      if (result.items.length === 0 && result.total > 0) {
        at = lastPage(result.total);
        result = await ask(at);
      }
      const profiles = await getProfiles(result.items.map((item) => item.id), db);
      const items = result.items.flatMap((item, i) => {
        const profile = profiles[i];
        if (!profile) return [];
        return [item.matched ? { profile, score: item.score, matched: item.matched } : { profile, score: item.score }];
      });
      if (cancelled) return;
      const { readings, otherKind, lookalikes } = result;
      const value: RegistrySearchState = { status: 'ready', total: result.total, page: at, items, readings, otherKind, lookalikes, query };
      setState({ kind, value });
      if (version > 0) keepView(db, requestKey({ kind, query, filters, page }), version, value);
    })().catch((error: unknown) => {
      console.error('Searching the registry failed', error);
      if (!cancelled) setState({ kind, value: { ...LOADING, status: 'error', query, message: String(error) } });
    });
    return () => { cancelled = true; };
  }, [db, kind, query, filters, page, version, filling]);

  return state.kind === kind ? state.value : LOADING;
}

/**
 * A pasted value looked up in the replica, both kinds (issue 16): what it reads as, the listed
 * profiles holding it and those it looks like. For the report forms' "already listed in {name}".
 */
export async function lookupIdentifier(text: string, db: RegistryDb = localDb): Promise<IdentifierLookup> {
  const { registryVersion } = await readSyncMeta(db);
  return searchService(db).lookup(text, registryVersion);
}

/**
 * The listed profiles of both kinds with this name, compared without case or extra spaces, from
 * the replica (offline too): the report wizard's step 1 says "A profile named … is already listed".
 */
export async function findListedName(name: string, db: RegistryDb = localDb): Promise<NamedProfile[]> {
  const { registryVersion } = await readSyncMeta(db);
  return searchService(db).findName(name, registryVersion);
}

/** A filter category's options over the replica's profiles of a kind (null until known). */
export function useFacetOptions(kind: ProfileKind, category: FilterCategory, db: RegistryDb = localDb): FacetOption[] | null {
  const version = useRegistryVersion(db);
  const filling = useStatus((s) => s.firstSync !== null);
  const [state, setState] = useState<{ key: string; options: FacetOption[] } | null>(null);
  const key = `${kind}|${category}`;

  useEffect(() => {
    if (filling) return undefined;
    let cancelled = false;
    searchService(db).facetOptions(kind, category, version).then(
      (options) => { if (!cancelled) setState({ key, options }); },
      (error: unknown) => {
        console.error('Loading filter options failed', error);
        if (!cancelled) setState({ key, options: [] });
      },
    );
    return () => { cancelled = true; };
  }, [db, kind, category, key, version, filling]);

  return state?.key === key ? state.options : null;
}
