// spec §5 and §9: how a search term and the active filters select and score profiles. This is
// the reference implementation: any faster index must agree with it result for result.
import type { Profile } from '../contract/profile';
import { CONTAINS_MATCH_MIN_CHARS, MATCH_GREEN_AT, MATCH_YELLOW_AT } from '../constants';
import { caseId } from '../domain/case-id';
import { FILTER_CATEGORIES, SCORING_CATEGORIES, facetValues, type FilterCategory } from './facets';

export type ActiveFilters = Partial<Record<FilterCategory, readonly string[]>>;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A query is split on white space; every term must match (so "jane roe" finds Jane Roe).
 * Terms are compared lower-cased.
 */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** spec §5: 'bustr-…', an IPv4 address, or anything with '@', '.' or '0x' matches by substring. */
export function isSubstringTerm(term: string): boolean {
  return term.startsWith('bustr-') || IPV4.test(term) || term.includes('@') || term.includes('.') || term.includes('0x');
}

/** Words of a value: runs of letters and digits. */
export function tokens(value: string): string[] {
  return value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** spec §5: a token equal to or starting with the term, or containing it from 3 characters. */
export function tokenMatches(token: string, term: string): boolean {
  return token.startsWith(term) || (term.length >= CONTAINS_MATCH_MIN_CHARS && token.includes(term));
}

/** Does one (lower-cased) term match any of the values? */
export function termMatches(term: string, values: readonly string[]): boolean {
  if (isSubstringTerm(term)) return values.some((v) => v.toLowerCase().includes(term));
  return values.some((v) => tokens(v).some((t) => tokenMatches(t, term)));
}

/** spec §5: the fields searched on cards. */
export function cardSearchValues(p: Profile): string[] {
  return [
    p.name, p.nickname, ...p.company, ...p.companiesUsed, p.bio, p.location, ...p.email, ...p.industry,
    ...p.scam_type, p.nationality, ...p.languages, ...p.phone, ...p.telegram, ...p.website,
  ].filter(Boolean);
}

/** spec §5: the registry also searches case id, currencies, accent, geolocation, wallets, bank accounts, partners, addresses and IPs. */
export function registrySearchValues(p: Profile): string[] {
  return [
    ...cardSearchValues(p), caseId(p.id), ...p.currencies, p.accent, p.geolocation, ...p.walletAddresses,
    ...p.bankAccounts.flatMap((a) => [a.bank_name, a.account]), ...p.bank, ...p.knownPartners,
    ...p.companyAddress, ...p.ipAddresses,
  ].filter(Boolean);
}

export type SearchLevel = 'card' | 'registry';

export function matchesSearch(p: Profile, query: string, level: SearchLevel = 'registry'): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  const values = level === 'card' ? cardSearchValues(p) : registrySearchValues(p);
  return terms.every((term) => termMatches(term, values));
}

/** The selected values of a category that the profile has (compared without case). */
function matchedValues(p: Profile, category: FilterCategory, selected: readonly string[]): number {
  const has = new Set(facetValues(p, category).map((v) => v.toLowerCase()));
  return selected.filter((v) => has.has(v.toLowerCase())).length;
}

export function hasActiveFilters(filters: ActiveFilters): boolean {
  return FILTER_CATEGORIES.some((c) => (filters[c]?.length ?? 0) > 0);
}

/** A profile is listed when it matches at least one selected value of any category. */
export function matchesAnyFilter(p: Profile, filters: ActiveFilters): boolean {
  return FILTER_CATEGORIES.some((c) => {
    const selected = filters[c];
    return selected !== undefined && selected.length > 0 && matchedValues(p, c, selected) > 0;
  });
}

/**
 * spec §4 and §9: 100 when no filter and no search is active; otherwise the share of active
 * criteria matched, rounded to a percent. The criteria are each selected value of the scoring
 * categories, and the search query when there is one.
 */
export function matchScore(p: Profile, filters: ActiveFilters, query: string): number {
  let criteria = 0;
  let matched = 0;
  for (const category of SCORING_CATEGORIES) {
    const selected = filters[category] ?? [];
    criteria += selected.length;
    matched += matchedValues(p, category, selected);
  }
  if (searchTerms(query).length > 0) {
    criteria += 1;
    if (matchesSearch(p, query)) matched += 1;
  }
  return criteria === 0 ? 100 : Math.round((matched / criteria) * 100);
}

export type MatchColour = 'green' | 'yellow' | 'red';

/** spec §4: 80 or more green, 60 or more yellow, below 60 red. */
export function matchColour(score: number): MatchColour {
  if (score >= MATCH_GREEN_AT) return 'green';
  if (score >= MATCH_YELLOW_AT) return 'yellow';
  return 'red';
}

export interface ScoredProfile<P extends Profile = Profile> { profile: P; score: number }

/**
 * The registry list: profiles matching the search (if any) and at least one active filter value
 * (if any), ordered by match score, then name.
 */
export function searchRegistry<P extends Profile>(profiles: readonly P[], query: string, filters: ActiveFilters): ScoredProfile<P>[] {
  const filtering = hasActiveFilters(filters);
  const out: ScoredProfile<P>[] = [];
  for (const profile of profiles) {
    if (!matchesSearch(profile, query)) continue;
    if (filtering && !matchesAnyFilter(profile, filters)) continue;
    out.push({ profile, score: matchScore(profile, filters, query) });
  }
  return out.sort((a, b) => b.score - a.score || compareNames(a.profile, b.profile));
}

/** The names' collator (the index orders its slots with it too: index/order.ts). */
export const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** The listing's order among equal scores: by name (the collator above), then by id. */
export function compareNames(a: Profile, b: Profile): number {
  return nameCollator.compare(a.name, b.name) || a.id - b.id;
}
