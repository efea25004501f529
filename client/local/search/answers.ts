// What the registry search answers beyond a page of ids (issue 16): which identifier found a
// profile, what the query reads as, where else it is listed, and the listed profiles it only
// looks like; and a lookup of one pasted value for the report forms. Types only: the page and the
// search worker (engine.ts) share them.
import type { ProfileKind } from '../../../shared/contract/common';
import type { IdentifierField, IdentifierKind, IdentifierProblem, LookalikeKind, LookalikeReason } from '../../../shared/identifiers';
import type { SearchResult } from '../../../shared/search/index/search-index';

/** The identifier by which a profile was found, as the profile holds it. */
export interface IdentifierMatch {
  kind: IdentifierKind;
  field: IdentifierField;
  /** the value as the profile shows it */
  value: string;
}

/** What a query (or a pasted value) reads as (shared/identifiers identify()). */
export interface QueryReading {
  kind: IdentifierKind;
  canonical: string;
  valid: boolean;
  problem?: IdentifierProblem;
}

/** A listed profile the query passes for without being it: a warning, never a match. */
export interface LookalikeWarning {
  id: number;
  profileKind: ProfileKind;
  name: string;
  /** what the query was taken as: a domain, a Telegram handle or a name */
  as: LookalikeKind;
  /** the listed value it looks like, as the profile holds it ('name' for a name) */
  field: IdentifierField | 'name';
  value: string;
  reason: LookalikeReason;
}

/** One page of the registry for a search, and what the search says about its query. */
export interface RegistryAnswer extends SearchResult {
  items: { id: number; score: number; matched?: IdentifierMatch }[];
  /** the whole query's readings (or, when it has none, its terms'); none without a query */
  readings: QueryReading[];
  /** how many profiles of the other kind the same search lists (null without a query) */
  otherKind: { kind: ProfileKind; total: number } | null;
  lookalikes: LookalikeWarning[];
}

/** A pasted value looked up in both kinds (the report forms' "already listed in {name}"). */
export interface IdentifierLookup {
  readings: QueryReading[];
  matches: ({ id: number; profileKind: ProfileKind; name: string } & IdentifierMatch)[];
  lookalikes: LookalikeWarning[];
}

/** A listed profile with the name looked up (the report wizard's "A profile named … is already listed"). */
export interface NamedProfile {
  id: number;
  profileKind: ProfileKind;
  name: string;
}
