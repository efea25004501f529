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
import { identifierLookup, registryAnswer } from '../../../shared/search/answers';
import type { FilterCategory } from '../../../shared/search/facets';
import { lastPage, pageQuery } from '../../../shared/search/page';
import { publicProfiles, registryIndex } from './registry-index';

/** One page of the registry for a search, read in the caller's transaction. */
export function searchPage(db: Db, { kind, q, filters, page }: SearchCallQuery): SearchAnswer {
  const index = registryIndex(db);
  const request = { kind, query: q, filters };
  let at = page;
  let query = pageQuery(request, at);
  let result = index.query(query);
  // a page past the end shows the last one (as the device does)
  if (result.items.length === 0 && result.total > 0) {
    at = lastPage(result.total);
    query = pageQuery(request, at);
    result = index.query(query);
  }
  const answer = registryAnswer(index, query, result);
  const profiles = publicProfiles(db, answer.items.map((item) => item.id));
  const items = answer.items.flatMap((item) => {
    const profile = profiles.get(item.id);
    if (!profile) return [];
    return [item.matched ? { profile, score: item.score, matched: item.matched } : { profile, score: item.score }];
  });
  return {
    kind, page: at, items, total: answer.total, readings: answer.readings, otherKind: answer.otherKind,
    lookalikes: answer.lookalikes, revision: currentRevision(db),
  };
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
  return answerCache(db, name).get(key, currentRevision(db), () => db.transaction(() => {
    const revision = currentRevision(db);
    const tag = createHash('sha256').update(key).digest('base64url').slice(0, 16);
    return { revision, bytes: Buffer.from(JSON.stringify(build())), etag: `"${name}-${revision}-${tag}"` };
  })());
}

export const searchPageAnswer = (db: Db, query: SearchCallQuery): CachedAnswer =>
  cached(db, 'search', JSON.stringify([query.kind, query.q, query.filters, query.page]), () => searchPage(db, query));

export const searchOptionsAnswer = (db: Db, kind: ProfileKind, category: FilterCategory): CachedAnswer =>
  cached(db, 'search-options', JSON.stringify([kind, category]), () => searchOptions(db, kind, category));

export const searchLookupAnswer = (db: Db, text: string): CachedAnswer =>
  cached(db, 'search-lookup', text, () => searchLookup(db, text));
