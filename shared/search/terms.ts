// The terms of a search and how one matches a profile's values (docs/product.md#validation-search,
// and issue 16's words of a term with punctuation): the part of the rules that knows nothing of
// identifiers, apart from reference.ts (which re-exports it) so that the token helper worker and
// the index's dictionary take it without shared/identifiers.
import { CONTAINS_MATCH_MIN_CHARS } from '../constants';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A query is split on white space; every term must match (so "jane roe" finds Jane Roe).
 * Terms are compared lower-cased.
 */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** product.md#validation: 'bustr-…', an IPv4 address, or anything with '@', '.' or '0x' matches by substring. */
export function isSubstringTerm(term: string): boolean {
  return term.startsWith('bustr-') || IPV4.test(term) || term.includes('@') || term.includes('.') || term.includes('0x');
}

/** Words of a value: runs of letters and digits. */
export function tokens(value: string): string[] {
  return value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** product.md#validation: a token equal to or starting with the term, or containing it from 3 characters. */
export function tokenMatches(token: string, term: string): boolean {
  return token.startsWith(term) || (term.length >= CONTAINS_MATCH_MIN_CHARS && token.includes(term));
}

/**
 * Does one (lower-cased) term match any of the values? A term that is not a substring term and
 * holds anything but letters and digits is taken as its words, each of which must match (a
 * term of punctuation alone has none, so it does not narrow the list) — unless `words` is false
 * (the query is a pasted identifier: readQuery), when it matches nothing, as no token holds
 * punctuation.
 */
export function termMatches(term: string, values: readonly string[], words = true): boolean {
  if (isSubstringTerm(term)) return values.some((v) => v.toLowerCase().includes(term));
  const parts = tokens(term);
  if (parts.length === 1 && parts[0] === term) return values.some((v) => tokens(v).some((t) => tokenMatches(t, term)));
  if (!words) return false;
  return parts.every((word) => values.some((v) => tokens(v).some((t) => tokenMatches(t, word))));
}
