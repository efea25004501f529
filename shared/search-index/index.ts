// The registry search index (issue 6), for the worker, the in-thread fallback, tests and the bench.
export { SearchIndex } from './search-index';
export type { IndexedProfile, SearchQuery, SearchResult, FacetOption, SerializedIndex, SerializedMeta } from './search-index';
