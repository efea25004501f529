// A registry page as the screen asks for it and the search answers it (REGISTRY_PAGE_SIZE
// profiles a page: docs/product.md#constants): the request, the index query for one page of it,
// and the page shown instead when the asked one lies past the end. The hook that asks the search
// worker is client/local/search/registry-search.ts.
import { REGISTRY_PAGE_SIZE } from '../constants';
import type { ProfileKind } from '../contract/common';
import type { SearchQuery } from './index/types';
import type { ActiveFilters } from './reference';

export interface RegistrySearchRequest {
  kind: ProfileKind;
  query: string;
  filters: ActiveFilters;
  /** from 1; a page past the end shows the last one */
  page: number;
}

/** The request's key: the page last shown is kept under it. */
export function requestKey({ kind, query, filters, page }: RegistrySearchRequest): string {
  return JSON.stringify([kind, query, filters, page]);
}

/**
 * The index query for page `page` (from 1) of the request, counting the other kind with it: a
 * page says how many the same search lists there (registryAnswer), from the same query.
 */
export function pageQuery({ kind, query, filters }: Omit<RegistrySearchRequest, 'page'>, page: number): SearchQuery {
  return { kind, query, filters, offset: (page - 1) * REGISTRY_PAGE_SIZE, limit: REGISTRY_PAGE_SIZE, countOther: true };
}

/** The last page of `total` results: the one shown when the asked page lies past the end. */
export function lastPage(total: number): number {
  return Math.ceil(total / REGISTRY_PAGE_SIZE);
}
