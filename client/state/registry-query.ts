// What the visitor is looking for: the registry's search, filters, kind and page. Several
// features read it (the registry list, the profile modal's match %, the Add Scam modal's
// preselected scam types), so it lives outside any one feature (docs/style.md#s2).
import { create } from 'zustand';
import type { ProfileKind } from '../../shared/contract/common';
import type { ActiveFilters } from '../../shared/search/reference';
import type { FilterCategory } from '../../shared/search/facets';

export interface RegistryQuery {
  kind: ProfileKind;
  query: string;
  filters: ActiveFilters;
  /** 1-based */
  page: number;
}

const initial: RegistryQuery = { kind: 'developer', query: '', filters: {}, page: 1 };

export const useRegistryQuery = create<RegistryQuery>(() => ({ ...initial }));
export const getRegistryQuery = () => useRegistryQuery.getState();

// product.md#states: any search or filter change goes back to page 1
export function setKind(kind: ProfileKind) { useRegistryQuery.setState({ kind, page: 1 }); }
export function setSearch(query: string) { useRegistryQuery.setState({ query, page: 1 }); }
export function setPage(page: number) { useRegistryQuery.setState({ page }); }

export function setFilterValues(category: FilterCategory, values: readonly string[]) {
  const filters = { ...useRegistryQuery.getState().filters };
  if (values.length > 0) filters[category] = [...values];
  else delete filters[category];
  useRegistryQuery.setState({ filters, page: 1 });
}

export function toggleFilterValue(category: FilterCategory, value: string) {
  const current = useRegistryQuery.getState().filters[category] ?? [];
  setFilterValues(category, current.includes(value) ? current.filter((v) => v !== value) : [...current, value]);
}

/** Clear Filters (product.md#screens empty state): filters and search go, the kind stays. */
export function clearFilters() { useRegistryQuery.setState({ filters: {}, query: '', page: 1 }); }

/**
 * A link's search and tab (client/state/registry-link.ts): a link opened, Back or Forward. The
 * filters stay; the page goes back to 1 when either changes, and nothing changes when neither does.
 */
export function showLink(query: string, kind: ProfileKind) {
  const current = useRegistryQuery.getState();
  if (current.query !== query || current.kind !== kind) useRegistryQuery.setState({ query, kind, page: 1 });
}

/** Loading a saved search (product.md#screens). */
export function applySearch(query: string, filters: ActiveFilters) {
  useRegistryQuery.setState({ query, filters: { ...filters }, page: 1 });
}

export function activeFilterCount(filters: ActiveFilters): number {
  return Object.values(filters).reduce((n, values) => n + (values?.length ?? 0), 0);
}
