// What the registry search answers beyond a page of ids (issue 16): which identifier found a
// profile, what the query reads as, where else it is listed, and the listed profiles it only
// looks like; and a lookup of one pasted value for the report forms. The page, the search worker
// (client/local/search/engine.ts) and the server's search call (issue 17) share the types, and the
// worker and the server answer with the functions at the end. Importing the functions brings
// shared/identifiers (reference.ts): the page imports the types only.
import type { ProfileKind } from '../contract/common';
import type { Identifier, IdentifierField, IdentifierKind, IdentifierProblem, LookalikeKind, LookalikeReason } from '../identifiers';
import type { SearchIndex } from './index/search-index';
import type { SearchQuery, SearchResult } from './index/types';
import { readQuery } from './reference';

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

// ---------------------------------------------------------------- answering (issue 17)
// The one way a page and a lookup are answered from an index: the search worker
// (client/local/search/engine.ts) and the server's search call (server/features/search) both
// call these, so an answer online and one from the replica are the same answer.

/** Lookalikes a search or lookup names, at most; the profiles a lookup names, at most. */
export const MAX_LOOKALIKES = 5;
export const MAX_LOOKUP_MATCHES = 20;

const OTHER: Record<ProfileKind, ProfileKind> = { developer: 'project', project: 'developer' };

function reading({ kind, canonical, valid, problem }: Identifier): QueryReading {
  return problem === undefined ? { kind, canonical, valid } : { kind, canonical, valid, problem };
}

/** Each reading once, in order (a term's may repeat the whole query's or another term's). */
function unique(readings: readonly Identifier[]): Identifier[] {
  return readings.filter((r, i) => readings.findIndex((o) => o.kind === r.kind && o.canonical === r.canonical) === i);
}

/** The first lookalikes, as the page shows them. */
function warnings(hits: ReturnType<SearchIndex['lookup']>['lookalikes']): LookalikeWarning[] {
  return hits.slice(0, MAX_LOOKALIKES).map(({ id, profileKind, name, as, field, value, reason }) => ({ id, profileKind, name, as, field, value, reason }));
}

/**
 * One page of results (`result`: the index's answer to `query`), each found by an identifier
 * naming it, with what the query reads as, how many profiles of the other kind it lists (counted
 * with the page when `query` asked countOther, else by a second query) and the listed profiles it
 * looks like (issue 16).
 */
export function registryAnswer(index: SearchIndex | null, query: SearchQuery, result: SearchResult): RegistryAnswer {
  const read = readQuery(query.query);
  if (!index || read.terms.length === 0) return { total: result.total, items: result.items, readings: [], otherKind: null, lookalikes: [] };
  const identified = new Map((result.identified ?? []).map((i) => [i.id, i.key]));
  const items = result.items.map((item) => {
    const key = identified.get(item.id);
    const held = key === undefined ? null : index.heldIdentifier(item.id, key);
    return held ? { ...item, matched: held } : item;
  });
  const readings = read.whole.length > 0 ? read.whole : read.terms.flatMap((t) => t.readings);
  const other = OTHER[query.kind];
  const otherTotal = result.otherTotal ?? index.query({ kind: other, query: query.query, filters: query.filters, offset: 0, limit: 0 }).total;
  return {
    total: result.total, items, readings: unique(readings).map(reading),
    otherKind: { kind: other, total: otherTotal }, lookalikes: warnings(index.lookup(query.query).lookalikes),
  };
}

/** A pasted value looked up in both kinds: the profiles holding it, and those it looks like. */
export function identifierLookup(index: SearchIndex | null, text: string): IdentifierLookup {
  if (!index) return { readings: [], matches: [], lookalikes: [] };
  const found = index.lookup(text);
  return {
    readings: found.readings.map(reading),
    matches: found.matches.slice(0, MAX_LOOKUP_MATCHES).map(({ id, profileKind, name, kind, field, value }) => ({ id, profileKind, name, kind, field, value })),
    lookalikes: warnings(found.lookalikes),
  };
}

/** A listed profile with the name looked up (the report wizard's "A profile named … is already listed"). */
export interface NamedProfile {
  id: number;
  profileKind: ProfileKind;
  name: string;
}
