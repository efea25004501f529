// Which of a filter category's options a dropdown shows (product.md#validation/product.md#constants). The options themselves
// (docs/design.md#filters) are computed on this device from the replica by the search index
// (shared/search/index facetOptions, through useFacetOptions), so filters work for everyone,
// offline too; the documented /api/filter-options/ stays for API users.
import { FILTER_SEARCH_MIN_CHARS, FILTER_INITIAL_OPTIONS } from '../../../shared/constants';

export interface FilterOption {
  value: string;
  /** how many of the profiles have it */
  count: number;
}

export interface VisibleOptions {
  options: FilterOption[];
  /** how many options the search matched (all of them while it is too short to search) */
  total: number;
  /** the search is too short: only the first FILTER_INITIAL_OPTIONS show */
  tooShort: boolean;
}

/**
 * product.md#validation/product.md#constants: searching starts at FILTER_SEARCH_MIN_CHARS characters (case-insensitive
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
