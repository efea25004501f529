// The options of each filter category (DESIGN.md "Filters"): computed on this device from the
// replica, so filters work for everyone, offline too; the documented /api/filter-options/ stays
// for API users. Fixed lists for the classified categories (spec §9: wallet kinds, IP options,
// Telegram kinds), else the distinct values the profiles have, sorted, each with how many
// profiles have it. Pure, and cached per profiles array and category, so a dropdown opened
// again (or a second one) costs nothing.
import { FILTER_SEARCH_MIN_CHARS, FILTER_INITIAL_OPTIONS } from '../../../shared/constants';
import type { Profile } from '../../../shared/contract/profile';
import { facetValues, fixedOptions, type FilterCategory } from '../../../shared/domain/facets';

export interface FilterOption {
  value: string;
  /** how many of the profiles have it */
  count: number;
}

const byValue = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function computeOptions(profiles: readonly Profile[], category: FilterCategory): FilterOption[] {
  // filters match without case (shared/domain/search.ts), so 'DeFi' and 'defi' are one option,
  // spelled as it was first seen
  const counts = new Map<string, FilterOption>();
  for (const profile of profiles) {
    for (const raw of new Set(facetValues(profile, category))) {
      const value = raw.trim();
      if (value === '') continue;
      const key = value.toLowerCase();
      const option = counts.get(key);
      if (option) option.count += 1;
      else counts.set(key, { value, count: 1 });
    }
  }
  const fixed = fixedOptions(category);
  if (fixed) return fixed.map((value) => ({ value, count: counts.get(value.toLowerCase())?.count ?? 0 }));
  return [...counts.values()].sort((a, b) => byValue.compare(a.value, b.value));
}

const cache = new WeakMap<readonly Profile[], Map<FilterCategory, FilterOption[]>>();

/** The options of a category over these profiles; computed once per profiles array. */
export function filterOptions(profiles: readonly Profile[], category: FilterCategory): FilterOption[] {
  let byCategory = cache.get(profiles);
  if (!byCategory) {
    byCategory = new Map();
    cache.set(profiles, byCategory);
  }
  let options = byCategory.get(category);
  if (!options) {
    options = computeOptions(profiles, category);
    byCategory.set(category, options);
  }
  return options;
}

export interface VisibleOptions {
  options: FilterOption[];
  /** how many options the search matched (all of them while it is too short to search) */
  total: number;
  /** the search is too short: only the first FILTER_INITIAL_OPTIONS show */
  tooShort: boolean;
}

/**
 * spec §5/§9: searching starts at FILTER_SEARCH_MIN_CHARS characters (case-insensitive
 * contains); with fewer, only the first FILTER_INITIAL_OPTIONS options show.
 */
export function visibleOptions(all: readonly FilterOption[], search: string, limit: number): VisibleOptions {
  const term = search.trim().toLowerCase();
  if (term.length < FILTER_SEARCH_MIN_CHARS) {
    return { options: all.slice(0, FILTER_INITIAL_OPTIONS), total: all.length, tooShort: true };
  }
  const matches = all.filter((o) => o.value.toLowerCase().includes(term));
  return { options: matches.slice(0, limit), total: matches.length, tooShort: false };
}
