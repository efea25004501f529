// Suggestions for the report forms' searchable fields, from the local replica (no server call, so
// they work offline): the values the registry's profiles of the same kind already hold in a
// filter category (shared/search/facets.ts), e.g. the industries or banks seen so far, as the
// search index counts them for the filter options.
import { useCallback, useMemo } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import type { FilterCategory } from '../../../shared/search/facets';
import { searchService, useRegistryVersion, type RegistryDb } from '../../local';

export type SuggestionSource = FilterCategory | readonly FilterCategory[];

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The distinct values (without case), sorted, plus `extra` (known labels such as the spec's scam types). */
export function distinctValues(values: readonly string[], extra: readonly string[] = []): string[] {
  const seen = new Map<string, string>();
  const keep = (value: string) => {
    const text = value.trim();
    const key = text.toLocaleLowerCase();
    if (text && !seen.has(key)) seen.set(key, text);
  };
  extra.forEach(keep);
  values.forEach(keep);
  return [...seen.values()].sort(byText.compare);
}

/** Values containing the text, those starting with it first. */
export function matching(values: readonly string[], text: string): string[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const value of values) {
    const lower = value.toLocaleLowerCase();
    if (lower.startsWith(needle)) starts.push(value);
    else if (lower.includes(needle)) contains.push(value);
  }
  return [...starts, ...contains];
}

/**
 * `suggest(source, extra)` gives a loadSuggestions function for SearchableMultiValueField. The
 * values come from the search worker's index (the filter options of each category), asked once
 * per registry version and list of categories.
 */
export function useReplicaSuggestions(kind: ProfileKind, db: RegistryDb) {
  const version = useRegistryVersion(db);
  // one cache per registry version: a sync that changed the replica starts a new one
  const cache = useMemo(() => ({ version, values: new Map<string, Promise<string[]>>() }), [version]);
  return useCallback(
    (source: SuggestionSource, extra: readonly string[] = []) => async (text: string): Promise<string[]> => {
      const categories: readonly FilterCategory[] = typeof source === 'string' ? [source] : source;
      const cacheKey = categories.join('|');
      let values = cache.values.get(cacheKey);
      if (!values) {
        const service = searchService(db);
        values = Promise.all(categories.map((category) => service.facetOptions(kind, category, cache.version)))
          .then((lists) => distinctValues(lists.flat().filter((o) => o.count > 0).map((o) => o.value), extra));
        cache.values.set(cacheKey, values);
        values.catch(() => cache.values.delete(cacheKey)); // asked again next time
      }
      return matching(await values, text);
    },
    [cache, db, kind],
  );
}
