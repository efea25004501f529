// What the index reads of a profile, read without the reference's temporary arrays: the build
// walks 100k profiles, and the arrays registrySearchValues() and facetValues() make for each one
// were most of the garbage it collected (issue 6). Each function here writes exactly what its
// reference (shared/search/reference.ts, shared/search/facets.ts) returns into a caller's reused
// array; profile-values.test.ts holds each pair together.
import type { Profile } from '../../contract/profile';
import { caseId } from '../../domain/case-id';
import { FILTER_CATEGORIES, IP_RANGES, REMOTE, TELEGRAM_OPTIONS, ipRange, walletChain } from '../facets';

function addValues(list: readonly string[], field: number, out: string[], fields: number[], n: number): number {
  for (let i = 0; i < list.length; i++) {
    const v = list[i]!;
    if (v) {
      fields[n] = field;
      out[n++] = v;
    }
  }
  return n;
}

function addValue(v: string, field: number, out: string[], fields: number[], n: number): number {
  if (!v) return n;
  fields[n] = field;
  out[n] = v;
  return n + 1;
}

/** How many fields searchValuesInto() numbers. */
export const SEARCH_FIELDS = 25;
/** searchValuesInto()'s field of the name */
export const NAME_FIELD = 0;

/**
 * registrySearchValues(p), in the same order, as out[0, n); returns n. fields[i] tells which
 * field out[i] came from (0 name, 1 nickname, ..., 24 IP addresses: the order below).
 */
export function searchValuesInto(p: Profile, out: string[], fields: number[]): number {
  let n = 0;
  // cardSearchValues
  n = addValue(p.name, NAME_FIELD, out, fields, n);
  n = addValue(p.nickname, 1, out, fields, n);
  n = addValues(p.company, 2, out, fields, n);
  n = addValues(p.companiesUsed, 3, out, fields, n);
  n = addValue(p.bio, 4, out, fields, n);
  n = addValue(p.location, 5, out, fields, n);
  n = addValues(p.email, 6, out, fields, n);
  n = addValues(p.industry, 7, out, fields, n);
  n = addValues(p.scam_type, 8, out, fields, n);
  n = addValue(p.nationality, 9, out, fields, n);
  n = addValues(p.languages, 10, out, fields, n);
  n = addValues(p.phone, 11, out, fields, n);
  n = addValues(p.telegram, 12, out, fields, n);
  n = addValues(p.website, 13, out, fields, n);
  // and what only the registry searches
  n = addValue(caseId(p.id), 14, out, fields, n);
  n = addValues(p.currencies, 15, out, fields, n);
  n = addValue(p.accent, 16, out, fields, n);
  n = addValue(p.geolocation, 17, out, fields, n);
  n = addValues(p.walletAddresses, 18, out, fields, n);
  for (const account of p.bankAccounts) {
    n = addValue(account.bank_name, 19, out, fields, n);
    n = addValue(account.account, 20, out, fields, n);
  }
  n = addValues(p.bank, 21, out, fields, n);
  n = addValues(p.knownPartners, 22, out, fields, n);
  n = addValues(p.companyAddress, 23, out, fields, n);
  n = addValues(p.ipAddresses, 24, out, fields, n);
  return n;
}

/**
 * Per filter category, the search field whose values are its facet values, in the same order,
 * whenever that field gave facetFieldCount() values: the build then takes a profile's facet values
 * from the shared values it has just found for that field, without looking them up again. -1: a
 * category of its own reading. (Location's facet value is the field's trimmed, or REMOTE: see
 * facetOfFieldValue.)
 */
export const FACET_FIELD: readonly number[] = FILTER_CATEGORIES.map((category) => {
  const fields: Partial<Record<(typeof FILTER_CATEGORIES)[number], number>> = {
    Industry: 7, 'Scam Type': 8, Location: 5, Nationality: 9, Languages: 10, Company: 2, 'Companies Used': 3, Accents: 16,
  };
  return fields[category] ?? -1;
});

/** How many facet values facetValuesInto(p, c) gives, for a category with a FACET_FIELD. */
export function facetFieldCount(p: Profile, category: number): number {
  switch (FILTER_CATEGORIES[category]) {
    case 'Industry': return p.industry.length;
    case 'Scam Type': return p.scam_type.length;
    case 'Location': return 1;
    case 'Nationality': return p.nationality ? 1 : 0;
    case 'Languages': return p.languages.length;
    case 'Company': return p.company.length;
    case 'Companies Used': return p.companiesUsed.length;
    case 'Accents': return p.accent ? 1 : 0;
    default: return -1;
  }
}

/** The facet value of a FACET_FIELD value in its category. */
export function facetOfFieldValue(category: number, value: string): string {
  return FILTER_CATEGORIES[category] === 'Location' ? value.trim() || REMOTE : value;
}

function copyValues(list: readonly string[], out: string[]): number {
  for (let i = 0; i < list.length; i++) out[i] = list[i]!;
  return list.length;
}

/** Adds v to out[0, n) unless it is there already (the reference's new Set, in first-seen order). */
function addDistinct(v: string, out: string[], n: number): number {
  for (let i = 0; i < n; i++) if (out[i] === v) return n;
  out[n] = v;
  return n + 1;
}

/** facetValues(p, FILTER_CATEGORIES[category]), in the same order, as out[0, n); returns n. */
export function facetValuesInto(p: Profile, category: number, out: string[]): number {
  switch (FILTER_CATEGORIES[category]) {
    case 'Industry': return copyValues(p.industry, out);
    case 'Scam Type': return copyValues(p.scam_type, out);
    case 'Location':
      out[0] = p.location.trim() || REMOTE;
      return 1;
    case 'Nationality':
      if (!p.nationality) return 0;
      out[0] = p.nationality;
      return 1;
    case 'Languages': return copyValues(p.languages, out);
    case 'Company': return copyValues(p.company, out);
    case 'Companies Used': return copyValues(p.companiesUsed, out);
    case 'Accents':
      if (!p.accent) return 0;
      out[0] = p.accent;
      return 1;
    case 'Crypto Wallets': {
      // walletKinds: the distinct chains, 'Multiple' with two or more, else 'Unknown'
      let n = 0;
      for (const address of p.walletAddresses) {
        const chain = walletChainOf(address);
        if (chain !== null) n = addDistinct(chain, out, n);
      }
      if (n === 0) out[n++] = 'Unknown';
      else if (n > 1) out[n++] = 'Multiple';
      return n;
    }
    case 'Banks': {
      let n = 0;
      for (const bank of p.bank) n = addDistinct(bank, out, n);
      for (const account of p.bankAccounts) if (account.bank_name) n = addDistinct(account.bank_name, out, n);
      return n;
    }
    case 'IP Addresses': {
      // ipOptions: the distinct ranges, 'Multiple IPs' with more than one address, 'Unknown IP' with none
      const addresses = p.ipAddresses;
      if (addresses.length === 0) {
        out[0] = 'Unknown IP';
        return 1;
      }
      let n = 0;
      for (const address of addresses) {
        const range = ipRangeOf(address);
        if (range !== null) n = addDistinct(range, out, n);
      }
      if (addresses.length > 1) out[n++] = 'Multiple IPs';
      return n;
    }
    case 'Telegram Handles': return p.telegram.length > 0 ? copyValues(TELEGRAM_OPTIONS, out) : 0;
    default: return 0;
  }
}

// The reference's walletChain() and ipRange() with the units compared by code: at 100k profiles their
// regular expressions and slices took ~130 ms of the build. A value that starts with a unit they
// might trim is left to the reference itself.
const lower = (unit: number) => unit | 0x20; // ASCII letters only: callers compare with letters
const ZERO = 48, ONE = 49, THREE = 51, L_UPPER = 76, M_UPPER = 77, X = 120, L = 108, T = 116, C = 99, B = 98;

/** walletChain(address), exactly. */
export function walletChainOf(address: string): ReturnType<typeof walletChain> {
  const u0 = address.charCodeAt(0);
  if (!(u0 > 32 && u0 < 127)) return walletChain(address); // empty, or white space to trim first
  const u1 = address.charCodeAt(1);
  if (u0 === ZERO && lower(u1) === X) return 'Ethereum';
  if ((lower(u0) === L && lower(u1) === T && lower(address.charCodeAt(2)) === C && address.charCodeAt(3) === ONE) || u0 === L_UPPER || u0 === M_UPPER) return 'Litecoin';
  if ((lower(u0) === B && lower(u1) === C && address.charCodeAt(2) === ONE) || u0 === ONE || u0 === THREE) return 'Bitcoin';
  return null;
}

/** The reference's ranges as prefixes, in its order ('192.168.x.x' by its own two parts). */
const IP_PREFIXES = IP_RANGES.map((range) => [range === '192.168.x.x' ? '192.168.' : range.slice(0, range.indexOf('.') + 1), range] as const);
const PRIVATE_RANGE = IP_PREFIXES.findIndex(([, range]) => range === '192.168.x.x');

/** ipRange(ip), exactly. */
export function ipRangeOf(ip: string): ReturnType<typeof ipRange> {
  const u0 = ip.charCodeAt(0);
  if (!(u0 > 32 && u0 < 127)) return ipRange(ip); // empty, or white space to trim first
  // (a prefix holds no white space, so trimming the end changes no answer)
  if (ip.startsWith(IP_PREFIXES[PRIVATE_RANGE]![0])) return IP_PREFIXES[PRIVATE_RANGE]![1];
  for (let i = 0; i < IP_PREFIXES.length; i++) if (i !== PRIVATE_RANGE && ip.startsWith(IP_PREFIXES[i]![0])) return IP_PREFIXES[i]![1];
  return null;
}

/**
 * LATIN1_WORD[u]: whether the (lower-cased) unit u below 256 is a letter or a digit (\p{L} or
 * \p{N}), the units the reference tokens() keeps; computed with the reference's own class.
 */
export const LATIN1_WORD = new Uint8Array(256);
for (let u = 0; u < 256; u++) LATIN1_WORD[u] = /[\p{L}\p{N}]/u.test(String.fromCharCode(u)) ? 1 : 0;

export const FNV_START = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over the string's code units, as a 32-bit signed integer. */
export function hashString(s: string): number {
  let h = FNV_START;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}
