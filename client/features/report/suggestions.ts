// Suggestions for the report forms' searchable fields, from the local replica (no server call, so
// they work offline): the values the registry's profiles of the same kind already hold in a
// filter category (shared/domain/facets.ts), e.g. the industries or banks seen so far.
import { useCallback, useMemo } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import { facetValues, type FilterCategory } from '../../../shared/domain/facets';
import { useRegistryProfiles, type LocalProfile, type RegistryDb } from '../../local';

export type SuggestionSource = FilterCategory | readonly FilterCategory[];

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The distinct values of the categories, sorted, plus `extra` (known labels such as the spec's scam types). */
export function distinctValues(profiles: readonly LocalProfile[], categories: readonly FilterCategory[], extra: readonly string[] = []): string[] {
  const seen = new Map<string, string>();
  const keep = (value: string) => {
    const text = value.trim();
    const key = text.toLocaleLowerCase();
    if (text && !seen.has(key)) seen.set(key, text);
  };
  extra.forEach(keep);
  for (const profile of profiles) for (const category of categories) facetValues(profile, category).forEach(keep);
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
 * replica's profiles are read once per registry version; each category's values are collected
 * the first time they are asked for.
 */
export function useReplicaSuggestions(kind: ProfileKind, db: RegistryDb) {
  const { profiles } = useRegistryProfiles(kind, db);
  // one cache per list of profiles: a sync that changed the replica starts a new one
  const cache = useMemo(() => ({ profiles, values: new Map<string, string[]>() }), [profiles]);
  return useCallback(
    (source: SuggestionSource, extra: readonly string[] = []) => (text: string): string[] => {
      const categories: readonly FilterCategory[] = typeof source === 'string' ? [source] : source;
      const cacheKey = categories.join('|');
      let values = cache.values.get(cacheKey);
      if (!values) {
        values = distinctValues(cache.profiles, categories, extra);
        cache.values.set(cacheKey, values);
      }
      return matching(values, text);
    },
    [cache],
  );
}
