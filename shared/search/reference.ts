// product.md#validation and product.md#constants: how a search term and the active filters select and score profiles. This is
// the reference implementation: any faster index must agree with it result for result.
// Issue 16 adds to what a search selects, and takes nothing away (docs/design.md#search): a term
// with punctuation that is not a substring term is taken as its words ('555-0117', '(843)',
// 'ACCT-29938799' find the profile showing them, where a token never holds punctuation) unless
// the whole query is a pasted identifier, and a query, or a term, that reads as an identifier
// (shared/identifiers identify()) also finds the profiles holding that identifier, compared by
// kind and canonical form.
import type { Profile } from '../contract/profile';
import { caseId } from '../domain/case-id';
import { identify, profileIdentifiers, type Identifier, type ProfileIdentifier } from '../identifiers';
import { hasActiveFilters, type ActiveFilters } from './criteria';
import { FILTER_CATEGORIES, SCORING_CATEGORIES, facetValues, type FilterCategory } from './facets';
import { searchTerms, termMatches } from './terms';

// (the parts of the rules that know nothing of identifiers: README.md here)
export { hasActiveFilters, matchColour, type ActiveFilters, type MatchColour } from './criteria';
export { isSubstringTerm, searchTerms, termMatches, tokenMatches, tokens } from './terms';

// ---------------------------------------------------------------- identifiers (issue 16)

/** An identifier's key: its kind and canonical form ('phone:+61491570159'). */
export function identifierKey(kind: string, canonical: string): string {
  return `${kind}:${canonical}`;
}

/** Read-only: readQuery hands the same readings to every caller that reads the same query. */
export interface QueryReadings {
  /** the whole query, trimmed, read as identifiers (identify(): most likely first) */
  readonly whole: readonly Identifier[];
  /**
   * Whether the whole query is an identifier as people paste one (a valid reading, a Telegram
   * handle only when written as one, an account number never: any digits read as one): it is
   * looked up as that identifier, and its terms are not taken as their words, so that a phone
   * number one digit off ('+61 491 570 169') finds nothing rather than a profile holding 61…,
   * 491, 570 and 169 in four places.
   */
  readonly lookup: boolean;
  /** per term, in order: as written (base58 is case-sensitive), lower-cased (searchTerms), and its readings */
  readonly terms: readonly { readonly term: string; readonly lower: string; readonly readings: readonly Identifier[] }[];
}

/**
 * The last query read and its readings. A search reads its query four times (its page, the other
 * kind's count, what it reads as, its lookup), and identify() checksums a wallet each time
 * (keccak-256 for an 0x address, double SHA-256 for base58): ~5% of a search call's time at 100k
 * (decision 037).
 */
let lastRead: { query: string; read: QueryReadings } | null = null;

/** What a query reads as: the whole of it, and each of its terms. */
export function readQuery(query: string): QueryReadings {
  if (lastRead?.query === query) return lastRead.read;
  const read = readAnew(query);
  lastRead = { query, read };
  return read;
}

function readAnew(query: string): QueryReadings {
  const written = query.split(/\s+/).filter(Boolean);
  const lower = searchTerms(query);
  const whole = written.length === 0 ? [] : identify(query.trim());
  const terms = written.map((term, i) => ({
    term,
    lower: lower[i] ?? term.toLowerCase(),
    readings: written.length === 1 ? whole : identify(term),
  }));
  return { whole, terms, lookup: whole.some((r) => pastedIdentifier(r, query.trim())) };
}

// a handle written as one: '@h', a t.me link, tg://resolve
const WRITTEN_HANDLE = /^@|^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.(?:me|dog))\/|^tg:/i;

/** Whether a reading of the whole query makes it a pasted identifier (QueryReadings.lookup). */
function pastedIdentifier(reading: Identifier, text: string): boolean {
  if (!reading.valid || reading.kind === 'bank_account') return false;
  return reading.kind !== 'telegram' || WRITTEN_HANDLE.test(text);
}

const keysOf = new WeakMap<object, ReadonlySet<string>>();

/** The keys of the profile's identifiers (profileIdentifiers()), kept per profile object. */
export function profileIdentifierKeys(p: Profile): ReadonlySet<string> {
  let keys = keysOf.get(p);
  if (!keys) {
    keys = new Set(profileIdentifiers(p).map((id) => identifierKey(id.kind, id.canonical)));
    keysOf.set(p, keys);
  }
  return keys;
}

function holdsAny(p: Profile, readings: readonly Identifier[]): boolean {
  if (readings.length === 0) return false;
  const keys = profileIdentifierKeys(p);
  return readings.some((r) => keys.has(identifierKey(r.kind, r.canonical)));
}

/**
 * The identifier by which the query finds the profile, if any: the profile's identifier of the
 * first reading it holds, the whole query's readings first, then each term's, in order.
 */
export function matchedIdentifier(p: Profile, query: string): ProfileIdentifier | null {
  const read = readQuery(query);
  const ids = profileIdentifiers(p);
  for (const readings of [read.whole, ...read.terms.map((t) => t.readings)]) {
    for (const r of readings) {
      const found = ids.find((id) => id.kind === r.kind && id.canonical === r.canonical);
      if (found) return found;
    }
  }
  return null;
}

/** product.md#validation: the fields searched on cards. */
export function cardSearchValues(p: Profile): string[] {
  return [
    p.name, p.nickname, ...p.company, ...p.companiesUsed, p.bio, p.location, ...p.email, ...p.industry,
    ...p.scam_type, p.nationality, ...p.languages, ...p.phone, ...p.telegram, ...p.website,
  ].filter(Boolean);
}

/** product.md#validation: the registry also searches case id, currencies, accent, geolocation, wallets, bank accounts, partners, addresses and IPs. */
export function registrySearchValues(p: Profile): string[] {
  return [
    ...cardSearchValues(p), caseId(p.id), ...p.currencies, p.accent, p.geolocation, ...p.walletAddresses,
    ...p.bankAccounts.flatMap((a) => [a.bank_name, a.account]), ...p.bank, ...p.knownPartners,
    ...p.companyAddress, ...p.ipAddresses,
  ].filter(Boolean);
}

export type SearchLevel = 'card' | 'registry';

/**
 * Every term matches the values, or (in the registry) reads as an identifier the profile holds;
 * or the whole query reads as one (a phone number written with spaces is several terms).
 */
export function matchesSearch(p: Profile, query: string, level: SearchLevel = 'registry'): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  const values = level === 'card' ? cardSearchValues(p) : registrySearchValues(p);
  if (level === 'card') return terms.every((term) => termMatches(term, values));
  const read = readQuery(query);
  return read.terms.every((t) => termMatches(t.lower, values, !read.lookup) || holdsAny(p, t.readings)) || holdsAny(p, read.whole);
}

/** The selected values of a category that the profile has (compared without case). */
function matchedValues(p: Profile, category: FilterCategory, selected: readonly string[]): number {
  const has = new Set(facetValues(p, category).map((v) => v.toLowerCase()));
  return selected.filter((v) => has.has(v.toLowerCase())).length;
}

/** A profile is listed when it matches at least one selected value of any category. */
export function matchesAnyFilter(p: Profile, filters: ActiveFilters): boolean {
  return FILTER_CATEGORIES.some((c) => {
    const selected = filters[c];
    return selected !== undefined && selected.length > 0 && matchedValues(p, c, selected) > 0;
  });
}

/**
 * product.md#states and product.md#constants: 100 when no filter and no search is active; otherwise the share of active
 * criteria matched, rounded to a percent. The criteria are each selected value of the scoring
 * categories, and the search query when there is one (matched by its words or by an identifier).
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
