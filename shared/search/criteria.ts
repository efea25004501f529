// What the screens need of the search rules without the rules themselves: the filters a search
// has, whether any is active, and the colour of a match score (docs/product.md#states). Apart
// from reference.ts, which reads queries as identifiers (shared/identifiers, with the Public
// Suffix List and phone metadata: ~150 KB gzipped), so that the registry's first screen loads
// without it; the search worker holds that.
import { MATCH_GREEN_AT, MATCH_YELLOW_AT } from '../constants';
import { FILTER_CATEGORIES, type FilterCategory } from './facets';

export type ActiveFilters = Partial<Record<FilterCategory, readonly string[]>>;

export function hasActiveFilters(filters: ActiveFilters): boolean {
  return FILTER_CATEGORIES.some((c) => (filters[c]?.length ?? 0) > 0);
}

export type MatchColour = 'green' | 'yellow' | 'red';

/** product.md#states: 80 or more green, 60 or more yellow, below 60 red. */
export function matchColour(score: number): MatchColour {
  if (score >= MATCH_GREEN_AT) return 'green';
  if (score >= MATCH_YELLOW_AT) return 'yellow';
  return 'red';
}
