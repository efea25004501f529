// GET /api/search/, /api/search/options/, /api/search/lookup/ (issue 17): the registry searched on
// the server for a device whose replica is still downloading, answered by the same code the
// device's search worker answers with (shared/search/answers.ts over the index of
// registry-index.ts), so that a page does not change when the device switches to its own index.
// Each answer is the same for everyone at a revision: serialised once per revision and request in
// the answer cache, sent with an ETag like the other public reads.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import { answerCache, type CachedAnswer } from '../../read-model/answer-cache';
import type { ProfileKind } from '../../../shared/contract/common';
import type { SearchAnswer, SearchCallQuery, SearchLookupAnswer, SearchOptionsAnswer } from '../../../shared/contract/search';
import { lightProfile } from '../../../shared/contract/sync';
import { identifierLookup, registryAnswer, type RegistryAnswer } from '../../../shared/search/answers';
import type { FilterCategory } from '../../../shared/search/facets';
import { lastPage, pageQuery } from '../../../shared/search/page';
import { publicProfiles, registryIndex } from './registry-index';

/**
 * What a page's profiles are pasted from: their sync texts in the light form
 * (features/sync/page-text.ts publicLightProfileTexts), the very JSON of the light profiles the
 * object form holds. app.ts gives it (a feature does not import another).
 */
export type ProfileTexts = (db: Db, ids: readonly number[]) => Map<number, Buffer>;

/** The index's page for a search (a page past the end: the last one, as the device does), and the page answered. */
function pageOf(db: Db, { kind, q, filters, page }: SearchCallQuery): { at: number; answer: RegistryAnswer } {
  const index = registryIndex(db);
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

/**
 * One page of the registry for a search as objects, read in the caller's transaction: the form
 * searchPageBody is held to (search.test.ts). Its profiles are light (lightProfile): a page is
 * ~3x fewer bytes without incidents and pictures, which only the profile dialog shows and reads
 * when it opens (decision 034).
 */
export function searchPage(db: Db, query: SearchCallQuery): SearchAnswer {
  const { at, answer } = pageOf(db, query);
  const profiles = publicProfiles(db, answer.items.map((item) => item.id));
  const items = answer.items.flatMap((item) => {
    const stored = profiles.get(item.id);
    if (!stored) return [];
    const profile = lightProfile(stored);
    return [item.matched ? { profile, score: item.score, matched: item.matched } : { profile, score: item.score }];
  });
  return {
    kind: query.kind, page: at, items, total: answer.total, readings: answer.readings, otherKind: answer.otherKind,
    lookalikes: answer.lookalikes, revision: currentRevision(db),
  };
}

/**
 * JSON.stringify(searchPage(...)) as UTF-8 bytes, its profiles pasted from their stored texts
 * rather than read, rebuilt and written again (~2 ms of an answer's ~4 at 100k; decision 031).
 * Read in the caller's transaction.
 */
export function searchPageBody(db: Db, query: SearchCallQuery, texts: ProfileTexts): Buffer {
  const { at, answer } = pageOf(db, query);
  const textOf = texts(db, answer.items.map((item) => item.id));
  const parts: Buffer[] = [Buffer.from(`{"kind":${JSON.stringify(query.kind)},"page":${at},"items":[`)];
  for (const item of answer.items) {
    const text = textOf.get(item.id);
    if (!text) continue;
    parts.push(Buffer.from(parts.length > 1 ? ',{"profile":' : '{"profile":'), text, Buffer.from(`,"score":${JSON.stringify(item.score)}`
      + (item.matched ? `,"matched":${JSON.stringify(item.matched)}}` : '}')));
  }
  const rest: Omit<SearchAnswer, 'kind' | 'page' | 'items'> = {
    total: answer.total, readings: answer.readings, otherKind: answer.otherKind, lookalikes: answer.lookalikes, revision: currentRevision(db),
  };
  parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1)}`));
  return Buffer.concat(parts);
}

/** A filter category's options over the profiles of a kind. */
export function searchOptions(db: Db, kind: ProfileKind, category: FilterCategory): SearchOptionsAnswer {
  return { options: registryIndex(db).facetOptions(kind, category), revision: currentRevision(db) };
}

/** A pasted value looked up in both kinds. */
export function searchLookup(db: Db, text: string): SearchLookupAnswer {
  return { ...identifierLookup(registryIndex(db), text), revision: currentRevision(db) };
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

/** A call's answer built now from one read transaction, not cached: the in-process cache and the search threads both build with it. */
export function buildAnswer(db: Db, call: SearchCall, texts: ProfileTexts): CachedAnswer {
  const { name, key } = callKey(call);
  return db.transaction(() => {
    const revision = currentRevision(db);
    const bytes = call.call === 'page' ? searchPageBody(db, call.query, texts)
      : Buffer.from(JSON.stringify(call.call === 'options' ? searchOptions(db, call.kind, call.category) : searchLookup(db, call.q)));
    const tag = createHash('sha256').update(key).digest('base64url').slice(0, 16);
    // most searches are asked once: their brotli is made quicker (decision 031)
    return { revision, bytes, etag: `"${name}-${revision}-${tag}"`, oneOff: true };
  })();
}

/** A call's answer in this process: built once per revision and key (the answer cache), from one read transaction. */
export function cachedAnswer(db: Db, call: SearchCall, texts: ProfileTexts): CachedAnswer {
  const { name, key } = callKey(call);
  return answerCache(db, name).get(key, currentRevision(db), () => buildAnswer(db, call, texts));
}
