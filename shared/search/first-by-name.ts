// The first page of a listing nothing narrows (no search terms, no filters), straight from the
// profiles: the reference lists every profile of the kind with the score 100, by name then id
// (shared/search/reference.ts), so the first places are a partial sort. The registry worker answers
// with it while the index of a registry just downloaded is still to be built (a build takes
// seconds at 100k profiles, the partial sort well under one), then builds.
import { compareNames, hasActiveFilters, searchTerms } from './reference';
import type { IndexedProfile, SearchQuery, SearchResult } from './index/types';

/** No deeper than this: further pages wait for the index. */
export const FIRST_BY_NAME_MAX = 200;

/** The page the reference gives for the query, when nothing narrows it and it lies within FIRST_BY_NAME_MAX; else null. */
export function firstByName(profiles: Iterable<IndexedProfile>, { kind, query, filters, offset = 0, limit = Infinity }: SearchQuery): SearchResult | null {
  const end = offset + limit;
  if (searchTerms(query).length > 0 || hasActiveFilters(filters) || end > FIRST_BY_NAME_MAX) return null;
  // the first `end` in order, kept sorted: most profiles lose to the last kept at one comparison
  const best: IndexedProfile[] = [];
  let total = 0;
  for (const profile of profiles) {
    if (profile.kind !== kind) continue;
    total++;
    if (best.length === end && (end === 0 || compareNames(profile, best[end - 1]!) >= 0)) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareNames(best[mid]!, profile) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, profile);
    if (best.length > end) best.pop();
  }
  return { total, items: best.slice(offset).map((p) => ({ id: p.id, score: 100 })) };
}
