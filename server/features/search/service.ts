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
import { identifierLookup, registryAnswer, type RegistryAnswer } from '../../../shared/search/answers';
import type { FilterCategory } from '../../../shared/search/facets';
import { lastPage, pageQuery } from '../../../shared/search/page';
import { publicProfiles, registryIndex } from './registry-index';

/**
 * What a page's profiles are pasted from: their sync texts (features/sync/page-text.ts
 * publicProfileTexts), the very JSON of the profiles the object form holds. app.ts gives it (a
 * feature does not import another).
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
 * searchPageBody is held to (search.test.ts).
 */
export function searchPage(db: Db, query: SearchCallQuery): SearchAnswer {
  const { at, answer } = pageOf(db, query);
  const profiles = publicProfiles(db, answer.items.map((item) => item.id));
  const items = answer.items.flatMap((item) => {
    const profile = profiles.get(item.id);
    if (!profile) return [];
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

/** An answer as sent: built once per revision and request, from one read transaction. */
function cached(db: Db, name: string, key: string, build: () => unknown): CachedAnswer {
  return cachedBytes(db, name, key, () => Buffer.from(JSON.stringify(build())));
}

function cachedBytes(db: Db, name: string, key: string, build: () => Buffer): CachedAnswer {
  return answerCache(db, name).get(key, currentRevision(db), () => db.transaction(() => {
    const revision = currentRevision(db);
    const tag = createHash('sha256').update(key).digest('base64url').slice(0, 16);
    // most searches are asked once: their brotli is made quicker (decision 031)
    return { revision, bytes: build(), etag: `"${name}-${revision}-${tag}"`, oneOff: true };
  })());
}

export const searchPageAnswer = (db: Db, query: SearchCallQuery, texts: ProfileTexts): CachedAnswer =>
  cachedBytes(db, 'search', JSON.stringify([query.kind, query.q, query.filters, query.page]), () => searchPageBody(db, query, texts));

export const searchOptionsAnswer = (db: Db, kind: ProfileKind, category: FilterCategory): CachedAnswer =>
  cached(db, 'search-options', JSON.stringify([kind, category]), () => searchOptions(db, kind, category));

export const searchLookupAnswer = (db: Db, text: string): CachedAnswer =>
  cached(db, 'search-lookup', text, () => searchLookup(db, text));
