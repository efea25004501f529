// GET /api/search/, /api/search/options/, /api/search/lookup/ (issue 17): the registry searched on
// the server for a device whose replica is still downloading, answered by the same code the
// device's search worker answers with (shared/search/answers.ts over the index of
// registry-index.ts), so that a page does not change when the device switches to its own index.
// Each answer is the same for everyone at a revision: serialised once per revision and request in
// the answer cache, sent with an ETag like the other public reads.
//
// On the data layer (issue 21, docs/decisions/035): buildAnswer and cachedAnswer take an Engine.
// On SQLite they answer as before, synchronously in one read transaction on the connection with
// the stored light texts (the search call's budget, decision 034); on PostgreSQL they read the
// revision, the index at it (registry-index.ts) and the page's light texts through Kysely. What
// the answer is made of (the page, its bytes, the options, the lookup) is written once below.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readInTransaction, type Db } from '../../db/connection';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevision, revisionNow } from '../../db/revision';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import type { ProfileKind } from '../../../shared/contract/common';
import type { SearchAnswer, SearchCallQuery, SearchLookupAnswer, SearchOptionsAnswer } from '../../../shared/contract/search';
import { lightProfile, type SyncProfile } from '../../../shared/contract/sync';
import { identifierLookup, registryAnswer, type RegistryAnswer } from '../../../shared/search/answers';
import type { FilterCategory } from '../../../shared/search/facets';
import type { SearchIndex } from '../../../shared/search/index/search-index';
import { lastPage, pageQuery } from '../../../shared/search/page';
import { publicProfiles, readRegistryIndexOn, registryIndex } from './registry-index';

/**
 * What a page's profiles are pasted from on SQLite: their sync texts in the light form
 * (features/sync/page-text.ts publicLightProfileTexts), the very JSON of the light profiles the
 * object form holds, read in the caller's transaction. app.ts gives it (a feature does not import another).
 */
export type ProfileTexts = (db: Db, ids: readonly number[]) => Map<number, string>;

/** ProfileTexts on the data layer (features/sync/page-text.ts publicLightProfileTextsOn): the same bytes, on either engine. */
export type ProfileTextsOn = (db: Kysely<Database>, ids: readonly number[]) => Promise<Map<number, string>>;

/** The page texts of both engines: SQLite's synchronous read (its budget), the data layer's for PostgreSQL. */
export interface PageTexts {
  sqlite: ProfileTexts;
  on: ProfileTextsOn;
}

/** The index's page for a search (a page past the end: the last one, as the device does), and the page answered. */
function pageOf(index: SearchIndex, { kind, q, filters, page }: SearchCallQuery): { at: number; answer: RegistryAnswer } {
  const request = { kind, query: q, filters };
  let at = page;
  let query = pageQuery(request, at);
  let result = index.query(query);
  if (result.items.length === 0 && result.total > 0) {
    at = lastPage(result.total);
    query = pageQuery(request, at);
    result = index.query(query);
  }
  return { at, answer: registryAnswer(index, query, result) };
}

/** A page as objects, its profiles light (lightProfile), the ones not public (absent from `profiles`) left out. */
function pageObject(query: SearchCallQuery, { at, answer }: { at: number; answer: RegistryAnswer }, profiles: ReadonlyMap<number, SyncProfile>, revision: number): SearchAnswer {
  const items = answer.items.flatMap((item) => {
    const stored = profiles.get(item.id);
    if (!stored) return [];
    const profile = lightProfile(stored);
    return [item.matched ? { profile, score: item.score, matched: item.matched } : { profile, score: item.score }];
  });
  return {
    kind: query.kind, page: at, items, total: answer.total, readings: answer.readings, otherKind: answer.otherKind,
    lookalikes: answer.lookalikes, revision,
  };
}

/** pageObject's JSON as UTF-8 bytes, its profiles pasted from their light texts (absent: not public, left out). */
function pageBytes(kind: ProfileKind, { at, answer }: { at: number; answer: RegistryAnswer }, textOf: ReadonlyMap<number, string>, revision: number): Buffer {
  // one string, made into bytes once: a Buffer a part would be memory outside the heap (decision 036)
  let body = `{"kind":${JSON.stringify(kind)},"page":${at},"items":[`;
  let first = true;
  for (const item of answer.items) {
    const text = textOf.get(item.id);
    if (text === undefined) continue;
    body += `${first ? '' : ','}{"profile":${text},"score":${JSON.stringify(item.score)}`
      + (item.matched ? `,"matched":${JSON.stringify(item.matched)}}` : '}');
    first = false;
  }
  const rest: Omit<SearchAnswer, 'kind' | 'page' | 'items'> = {
    total: answer.total, readings: answer.readings, otherKind: answer.otherKind, lookalikes: answer.lookalikes, revision,
  };
  return Buffer.from(`${body}],${JSON.stringify(rest).slice(1)}`);
}

const optionsOf = (index: SearchIndex, kind: ProfileKind, category: FilterCategory, revision: number): SearchOptionsAnswer =>
  ({ options: index.facetOptions(kind, category), revision });

const lookupOf = (index: SearchIndex, text: string, revision: number): SearchLookupAnswer => ({ ...identifierLookup(index, text), revision });

/**
 * One page of the registry for a search as objects, read in the caller's transaction: the form
 * searchPageBody is held to (search.test.ts). Its profiles are light (lightProfile): a page is
 * ~3x fewer bytes without incidents and pictures, which only the profile dialog shows and reads
 * when it opens (decision 034).
 */
export function searchPage(db: Db, query: SearchCallQuery): SearchAnswer {
  const page = pageOf(registryIndex(db), query);
  return pageObject(query, page, publicProfiles(db, page.answer.items.map((item) => item.id)), currentRevision(db));
}

/**
 * JSON.stringify(searchPage(...)) as UTF-8 bytes, its profiles pasted from their stored texts
 * rather than read, rebuilt and written again (~2 ms of an answer's ~4 at 100k; decision 031).
 * Read in the caller's transaction.
 */
export function searchPageBody(db: Db, query: SearchCallQuery, texts: ProfileTexts): Buffer {
  const page = pageOf(registryIndex(db), query);
  return pageBytes(query.kind, page, texts(db, page.answer.items.map((item) => item.id)), currentRevision(db));
}

/** A filter category's options over the profiles of a kind. */
export function searchOptions(db: Db, kind: ProfileKind, category: FilterCategory): SearchOptionsAnswer {
  return optionsOf(registryIndex(db), kind, category, currentRevision(db));
}

/** A pasted value looked up in both kinds. */
export function searchLookup(db: Db, text: string): SearchLookupAnswer {
  return lookupOf(registryIndex(db), text, currentRevision(db));
}

/** A call of the search feature, as its route's query schema reads it: what a search thread is asked (threads.ts). */
export type SearchCall =
  | { call: 'page'; query: SearchCallQuery }
  | { call: 'options'; kind: ProfileKind; category: FilterCategory }
  | { call: 'lookup'; q: string };

/** The answer cache a call's answers are kept in, and their key there: one answer per key and revision. */
export function callKey(call: SearchCall): { name: string; key: string } {
  switch (call.call) {
    case 'page': return { name: 'search', key: JSON.stringify([call.query.kind, call.query.q, call.query.filters, call.query.page]) };
    case 'options': return { name: 'search-options', key: JSON.stringify([call.kind, call.category]) };
    case 'lookup': return { name: 'search-lookup', key: call.q };
  }
}

/** An answer's bytes as the cache keeps them (both engines). */
function answerOf(call: SearchCall, revision: number, bytes: Buffer): CachedAnswer {
  const { name, key } = callKey(call);
  const tag = createHash('sha256').update(key).digest('base64url').slice(0, 16);
  // most searches are asked once: their brotli is made quicker (decision 031)
  return { revision, bytes, etag: `"${name}-${revision}-${tag}"`, oneOff: true };
}

/** SQLite's answer, from one read transaction on the connection. */
function sqliteAnswer(db: Db, call: SearchCall, texts: ProfileTexts): CachedAnswer {
  return readInTransaction(db, () => {
    const revision = currentRevision(db);
    const bytes = call.call === 'page' ? searchPageBody(db, call.query, texts)
      : Buffer.from(JSON.stringify(call.call === 'options' ? searchOptions(db, call.kind, call.category) : searchLookup(db, call.q)));
    return answerOf(call, revision, bytes);
  });
}

/**
 * The answer on the data layer (PostgreSQL): the revision read now, the index at it (or later:
 * the answer says the index's revision), the page's texts read after at the profiles' current
 * revisions (a profile changed since is sent as it is now, one gone since left out: what the next
 * revision's answer, built for the next request, shows too). `read`: the revision the request read already.
 */
async function answerOn(engine: Engine, call: SearchCall, texts: ProfileTextsOn, read?: number): Promise<CachedAnswer> {
  const asked = read ?? await revisionNow(engine);
  if (call.call !== 'page') {
    return readRegistryIndexOn(engine, asked, (index, revision) => answerOf(call, revision, Buffer.from(JSON.stringify(
      call.call === 'options' ? optionsOf(index, call.kind, call.category, revision) : lookupOf(index, call.q, revision),
    ))));
  }
  const { page, revision } = await readRegistryIndexOn(engine, asked, (index, at) => ({ page: pageOf(index, call.query), revision: at }));
  const textOf = await texts(engine.db, page.answer.items.map((item) => item.id));
  return answerOf(call, revision, pageBytes(call.query.kind, page, textOf, revision));
}

/**
 * A call's answer built now, not cached: the in-process cache and the search threads both build
 * with it. On SQLite from one read transaction (synchronously; the promise only carries it), on
 * PostgreSQL through the data layer.
 */
export async function buildAnswer(engine: Engine, call: SearchCall, texts: PageTexts): Promise<CachedAnswer> {
  return engine.sqlite ? sqliteAnswer(engine.sqlite, call, texts.sqlite) : answerOn(engine, call, texts.on);
}

/**
 * A call's answer in this process: built once per revision and key (the answer cache). On SQLite
 * at once (the revision and the build on the connection, as the lane ahead of Express answers it);
 * on PostgreSQL after the revision's read (a request for a key being built waits for that build).
 */
export function cachedAnswer(engine: Engine, call: SearchCall, texts: PageTexts): CachedAnswer | Promise<CachedAnswer> {
  const { name, key } = callKey(call);
  const cache = engineCache(engine, name);
  const db = engine.sqlite;
  if (db) return cache.get(key, currentRevision(db), () => sqliteAnswer(db, call, texts.sqlite));
  return revisionNow(engine).then((revision) => cache.getAsync(key, revision, () => answerOn(engine, call, texts.on, revision)));
}
