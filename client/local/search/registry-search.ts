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
import { useRegistryVersion, useReplicaState } from '../registry';
import { getProfiles } from '../replica';
import { localPageStore, type SyncPageStore } from '../sync-pages';
import { useStatus } from '../../state/status';
import { ApiError } from '../../api/http';
import { holdReplication } from '../replication-gate';
import { facetOptionsOnline, lookupOnline, profileOnline, searchOnline } from './online';
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
  /**
   * loading: no answer yet; error: the registry could not be searched (message says why);
   * ready: the answer below (docs/product.md#registry-states: only a complete answer may say "not found")
   */
  status: 'loading' | 'ready' | 'error';
  /**
   * Where the answer came from (issue 17): the server, while this device's replica is still
   * downloading; or the replica, when complete, or (partial) when offline before it completed.
   */
  source: 'server' | 'replica';
  /** answered by a replica that does not hold the whole registry: "nothing found" here is no proof */
  partial: boolean;
  /** a partial answer given because the server could not search (a 5xx): what it said */
  serverProblem?: string;
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

const LOADING: RegistrySearchState = {
  status: 'loading', source: 'replica', partial: false, total: 0, page: 1, items: [], readings: [], otherKind: null, lookalikes: [], query: '',
};

/** The page last shown, when it is still exact: same request, same registry version. */
async function lastView(db: RegistryDb, request: string, query: string): Promise<RegistrySearchState | null> {
  return db.transaction('r', db.meta, async () => {
    const [view, sync] = await Promise.all([db.meta.get('lastView'), readSyncMeta(db)]);
    if (view?.key !== 'lastView' || view.value.request !== request || view.value.registryVersion !== sync.registryVersion) return null;
    // (a view of a replica that was never complete is not kept: keepView)
    return { ...LOADING, status: 'ready', total: view.value.total, page: view.value.page, items: view.value.items, query };
  });
}

function keepView(db: RegistryDb, request: string, version: number, state: RegistrySearchState): void {
  const value = { registryVersion: version, request, total: state.total, page: state.page, items: state.items };
  db.meta.put({ key: 'lastView', value }).catch(() => undefined); // a lost view only costs the next cold start
}

/** No answer came (offline, a dropped connection), as opposed to an answer that refused. */
const noAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;
/**
 * The server could not search just now (a 5xx: its search index is still being built after a
 * start, or it failed): the replica answers with what it holds until the server is asked again.
 */
const serverUnavailable = (error: unknown) => error instanceof ApiError && error.status >= 500;
/** How long the replica answers in the server's place after a 5xx without Retry-After. */
const SERVER_PAUSE_MS = 5_000;

/** The replica's answer to a request, its profiles read from the replica. */
async function searchReplica(db: RegistryDb, { kind, query, filters, page }: RegistrySearchRequest, version: number, partial: boolean): Promise<RegistrySearchState> {
  const service = searchService(db);
  const ask = (at: number) => service.searchPage(pageQuery({ kind, query, filters }, at), version);
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
  const { readings, otherKind, lookalikes } = result;
  return { status: 'ready', source: 'replica', partial, total: result.total, page: at, items, readings, otherKind, lookalikes, query };
}

/** The server's answer to a request (issue 17), in the same shape. */
async function searchServer(db: RegistryDb, request: RegistrySearchRequest, signal: AbortSignal): Promise<RegistrySearchState> {
  const answer = await searchOnline(request, db, signal);
  const items = answer.items.map(({ profile: { incidents: _incidents, ...profile }, score, matched }) => (matched ? { profile, score, matched } : { profile, score }));
  const { total, page, readings, otherKind, lookalikes } = answer;
  return { status: 'ready', source: 'server', partial: false, total, page, items, readings, otherKind, lookalikes, query: request.query };
}

/**
 * One page of the registry for a search. While this device's replica is not complete, the server
 * answers (issue 17), with the same rules and code, so nothing changes on screen when the
 * replica completes and its index answers instead; offline before then, the replica answers
 * with what it holds (`partial`; a first sync still filling it has its worker build an index of
 * what it gathered so far). Afterwards every change of the replica
 * (registryVersion) or of the request asks again. The previous answer stays on screen until the
 * next one is in. A failed search says so (status 'error'), and `retry()` asks again.
 */
export function useRegistrySearch({ kind, query, filters, page }: RegistrySearchRequest, db: RegistryDb = localDb): RegistrySearchState & { retry(): void } {
  const version = useRegistryVersion(db);
  const replica = useReplicaState(db);
  const filling = useStatus((s) => s.firstSync !== null);
  const online = useStatus((s) => s.online);
  const [attempt, setAttempt] = useState(0);
  // after a 5xx the replica answers (with what it holds) until the server is asked again
  // (how long, in ms: the server's Retry-After, else SERVER_PAUSE_MS; null while not paused)
  const [serverPause, setServerPause] = useState<number | null>(null);
  useEffect(() => {
    if (serverPause === null) return undefined;
    const timer = setTimeout(() => setServerPause(null), serverPause);
    return () => clearTimeout(timer);
  }, [serverPause]);
  // the state remembers its kind, so a kind switch never shows the other kind as ready
  const [state, setState] = useState<{ kind: ProfileKind; value: RegistrySearchState }>({ kind, value: LOADING });
  const request = requestKey({ kind, query, filters, page });
  const known = replica !== undefined;
  const complete = replica?.complete === true;
  // the replica answers once complete (and not refilling after a reset); before, the server does,
  // unless the device is offline: then the replica answers with what it holds
  // (offline while a first sync fills it, the worker builds an index of what it gathered so far)
  const mode: 'wait' | 'replica' | 'server' | 'partial' = !known ? 'wait'
    : complete && !filling ? 'replica'
      : online && serverPause === null ? 'server' : 'partial';

  // a cold start shows the page last shown at once when it is still exact, while the worker
  // loads the index (the search below then answers the same)
  useEffect(() => {
    if (mode !== 'replica') return undefined;
    let cancelled = false;
    lastView(db, request, query).then(
      (view) => { if (view && !cancelled) setState((current) => (current.value.status === 'loading' ? { kind, value: view } : current)); },
      () => undefined,
    );
    return () => { cancelled = true; };
  }, [db, kind, request, query, mode]);

  // the server's answers do not change with the replica: its version asks again only when the
  // replica answers
  // nor, online, while the server cannot search for a moment: the replica answers once, and the
  // server again after its pause (a filling replica's worker would index it anew at every page)
  const replicaVersion = mode === 'server' || (mode === 'partial' && online) ? -1 : version;

  useEffect(() => {
    if (mode === 'wait') return undefined;
    let cancelled = false;
    const controller = new AbortController();
    const asked: RegistrySearchRequest = { kind, query, filters, page };
    (async () => {
      let value: RegistrySearchState;
      if (mode === 'server') {
        try {
          // a sync request waits while this search is on the line (issue 17)
          const release = holdReplication();
          try {
            value = await searchServer(db, asked, controller.signal);
          } finally {
            release();
          }
        } catch (error) {
          // no answer (the connection dropped before the browser noticed), or the server could
          // not search (its index still building after a start): the replica answers with what
          // it holds, and after a 5xx answers the next requests too until the server is asked again
          if (!noAnswer(error) && !serverUnavailable(error)) throw error;
          if (serverUnavailable(error) && !cancelled) setServerPause((error as ApiError).retryAfterMs ?? SERVER_PAUSE_MS);
          value = await searchReplica(db, asked, (await readSyncMeta(db)).registryVersion, true);
          if (serverUnavailable(error)) value = { ...value, serverProblem: (error as ApiError).message };
        }
      } else {
        const at = replicaVersion === -1 ? (await readSyncMeta(db)).registryVersion : replicaVersion;
        value = await searchReplica(db, asked, at, mode === 'partial');
      }
      if (cancelled) return;
      setState({ kind, value });
      if (mode === 'replica' && replicaVersion > 0) keepView(db, requestKey(asked), replicaVersion, value);
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('Searching the registry failed', error);
      const message = error instanceof Error ? error.message : String(error);
      setState({ kind, value: { ...LOADING, status: 'error', source: mode === 'server' ? 'server' : 'replica', query, message } });
    });
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [db, kind, query, filters, page, mode, replicaVersion, attempt]);

  const value = state.kind === kind ? state.value : LOADING;
  return { ...value, retry: () => setAttempt((n) => n + 1) };
}

/**
 * A pasted value looked up in the replica, both kinds (issue 16): what it reads as, the listed
 * profiles holding it and those it looks like. For the report forms' "already listed in {name}".
 */
export async function lookupIdentifier(text: string, db: RegistryDb = localDb): Promise<IdentifierLookup> {
  const { registryVersion, lastSyncedAt } = await readSyncMeta(db);
  // the replica does not hold the whole registry yet: the server looks it up (issue 17)
  if (lastSyncedAt === null && navigator.onLine !== false) {
    try {
      return await lookupOnline(text);
    } catch (error) {
      if (!noAnswer(error) && !serverUnavailable(error)) throw error;
    }
  }
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
  const state = useFacetOptionsState(kind, category, db);
  return state.status === 'loading' ? null : state.options;
}

/** A filter's options and whether they loaded (issue 19: a failure is not "no options"). */
export interface FacetOptionsState {
  status: 'loading' | 'ready' | 'error';
  options: FacetOption[];
}

/** useFacetOptions, telling a failed load apart from no options. */
export function useFacetOptionsState(kind: ProfileKind, category: FilterCategory, db: RegistryDb = localDb): FacetOptionsState {
  const version = useRegistryVersion(db);
  const replica = useReplicaState(db);
  const filling = useStatus((s) => s.firstSync !== null);
  const online = useStatus((s) => s.online);
  const [state, setState] = useState<{ key: string; options: FacetOption[]; failed?: boolean } | null>(null);
  const key = `${kind}|${category}`;
  // as the registry page: the server's options until the replica is complete (issue 17)
  const mode = replica === undefined ? 'wait' : replica.complete && !filling ? 'replica' : online ? 'server' : 'replica';
  const replicaVersion = mode === 'server' ? -1 : version;

  useEffect(() => {
    if (mode === 'wait') return undefined;
    let cancelled = false;
    const asked = mode === 'server'
      ? facetOptionsOnline(kind, category).catch(async (error: unknown) => {
        if (!noAnswer(error) && !serverUnavailable(error)) throw error;
        return searchService(db).facetOptions(kind, category, (await readSyncMeta(db)).registryVersion);
      })
      : searchService(db).facetOptions(kind, category, replicaVersion);
    asked.then(
      (options) => { if (!cancelled) setState({ key, options }); },
      (error: unknown) => {
        console.error('Loading filter options failed', error);
        if (!cancelled) setState({ key, options: [], failed: true });
      },
    );
    return () => { cancelled = true; };
  }, [db, kind, category, key, mode, replicaVersion]);

  if (state?.key !== key) return { status: 'loading', options: [] };
  return { status: state.failed ? 'error' : 'ready', options: state.options };
}

/**
 * A profile the replica does not hold, asked of the server while the replica is not complete
 * (issue 17): undefined when that cannot be asked (offline, complete replica, no answer), null
 * when the server lists no such profile.
 */
export async function profileWhileDownloading(id: number, db: RegistryDb = localDb): Promise<LocalProfile | null | undefined> {
  const { lastSyncedAt } = await readSyncMeta(db);
  if (lastSyncedAt !== null || navigator.onLine === false) return undefined;
  try {
    return await profileOnline(id, db);
  } catch (error) {
    if (noAnswer(error) || serverUnavailable(error)) return undefined;
    throw error;
  }
}
