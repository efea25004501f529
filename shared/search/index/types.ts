// What the index takes and answers, and what a build and its token helper hand each other.
import type { ProfileKind } from '../../contract/common';
import type { Profile } from '../../contract/profile';
import type { ActiveFilters } from '../reference';
import type { ListTable } from './list-table';
import type { TokenStructures } from './token-structures';

export type IndexedProfile = Profile & { kind: ProfileKind };

export interface SearchQuery {
  kind: ProfileKind;
  query: string;
  filters: ActiveFilters;
  offset?: number;
  limit?: number;
  /**
   * also count the profiles of the other kind the same search lists (SearchResult.otherTotal):
   * the page's "also in projects" without a second query (registryAnswer)
   */
  countOther?: boolean;
}

export interface SearchResult {
  /** how many profiles the search lists in all */
  total: number;
  /** the requested page, in the reference order */
  items: { id: number; score: number }[];
  /**
   * the page's profiles that hold an identifier the query (or a term of it) reads as, each with
   * the first such identifier's key ('kind:canonical'); only when the query reads as one
   */
  identified?: { id: number; key: string }[];
  /** with SearchQuery.countOther: how many profiles of the other kind the search lists */
  otherTotal?: number;
}

export interface FacetOption {
  value: string;
  /** how many live profiles of the kind have it */
  count: number;
}

/**
 * Where buildWith sends every text it would tokenise itself, in the order it reads them (a helper
 * worker's end: TokenHelper.reader); finish() gives back what readTokens() made of them.
 */
export interface TokenReaderSink {
  /** a new shared value's lower-cased text (sent also when it has a unit beyond Latin-1: see refer) */
  shared(text: string): void;
  /** the next slot's own text, lower-cased, all Latin-1 */
  own(text: string): void;
  /** the next slot's own text with a unit beyond Latin-1, and its own values */
  wide(text: string, values: string[]): void;
  finish(): Promise<TokenParts>;
}

/** The reading end: readTokens (tokenise.ts). */
export interface TokenReader extends Omit<TokenReaderSink, 'finish'> {
  finish(): TokenParts;
}

/** What a reader made of a build's texts: its dictionary and all that hangs on the tokens' ids. */
export interface TokenParts {
  /** how many slots and shared values it read (the build checks they are its own counts) */
  slots: number;
  values: number;
  /** the dictionary, in id order, and its hash table */
  tokens: string[];
  tokenTable: Int32Array;
  /** per token, its slots; per token, the shared values holding it */
  postings: ListTable;
  tokenValues: ListTable;
  structures: TokenStructures;
}
