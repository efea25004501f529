// A lookup is a link: the registry's search, its tab and the open profile as the query string
// of `/`, so the routes of docs/product.md#screens stay as they are.
//   /?q=<search>                 the registry with that search (Scammers tab)
//   /?q=<search>&kind=project    the same on the Projects tab
//   /?profile=BUSTR-2025-0222    that profile open over the registry (its case id)
//   /?title=…&text=…&url=…       what another app shared to the installed app (the manifest's
//                                share_target, vite.config.ts): read as a lookup, sharedLookup()
// client/app/registry-url.ts keeps the address bar and the registry query in step.
import type { ProfileKind } from '../../shared/contract/common';
import { caseId } from '../../shared/domain/case-id';
import { MAX_IDENTIFIER_CHARS, canonicalize, checksumAddress, identify, type Identifier } from '../../shared/identifiers';

/** The query parameters of `/` that this module reads and writes. */
export const LINK_PARAMS = { query: 'q', kind: 'kind', profile: 'profile' } as const;

/** The Web Share Target's parameters, as the manifest's share_target names them (vite.config.ts). */
export const SHARE_TARGET_PARAMS = { title: 'title', text: 'text', url: 'url' } as const;

/** What a link of `/` says: the search, the tab, and the profile it opens (null: none). */
export interface RegistryLink {
  query: string;
  kind: ProfileKind;
  profileId: number | null;
}

export interface ReadLink extends RegistryLink {
  /** the `profile` parameter as the link writes it (null: none), for what is said when it names no profile */
  profileParam: string | null;
  /**
   * True when the address is not in the form this module writes and should be replaced by it
   * (a share into the app, a case id typed in another form), so a reload or Back shows the lookup.
   */
  rewrite: boolean;
}

/** The profile id of a case id as the profile link writes it, in any form identify() reads (`bustr-2025-222`). */
export function profileIdOfCaseId(text: string): number | null {
  const read = canonicalize('case_id', text);
  const digits = read?.canonical.match(/-(\d+)$/)?.[1];
  if (!read || digits === undefined) return null;
  const id = Number(digits);
  // only the case ids the registry gives out (docs/product.md#constants): one year, padded ids
  return Number.isSafeInteger(id) && id > 0 && caseId(id) === read.canonical ? id : null;
}

/** Reads `location.search` (with or without its '?'). */
export function readRegistryLink(search: string): ReadLink {
  const params = new URLSearchParams(search);
  const kind: ProfileKind = params.get(LINK_PARAMS.kind) === 'project' ? 'project' : 'developer';
  const profileParam = params.get(LINK_PARAMS.profile);
  const profileId = profileParam === null ? null : profileIdOfCaseId(profileParam);
  const profileRewrite = profileId !== null && profileParam !== caseId(profileId);

  const q = params.get(LINK_PARAMS.query);
  if (q === null) {
    const shared = {
      title: params.get(SHARE_TARGET_PARAMS.title) ?? '',
      text: params.get(SHARE_TARGET_PARAMS.text) ?? '',
      url: params.get(SHARE_TARGET_PARAMS.url) ?? '',
    };
    if (shared.title || shared.text || shared.url) {
      return { query: sharedLookup(shared), kind, profileId, profileParam, rewrite: true };
    }
  }
  return { query: q ?? '', kind, profileId, profileParam, rewrite: profileRewrite };
}

/** The query string of a link ('' for the plain registry), in the form readRegistryLink reads back. */
export function registryLinkSearch({ query, kind, profileId }: RegistryLink): string {
  const params = new URLSearchParams();
  if (query !== '') params.set(LINK_PARAMS.query, query);
  if (kind === 'project') params.set(LINK_PARAMS.kind, 'project');
  if (profileId !== null) params.set(LINK_PARAMS.profile, caseId(profileId));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Do two links show the same thing? */
export function sameLink(a: RegistryLink, b: RegistryLink): boolean {
  return a.query === b.query && a.kind === b.kind && a.profileId === b.profileId;
}

/** A profile's own link, to copy or share: `https://host/?profile=BUSTR-2025-0042`. */
export function profileLink(profileId: number, origin: string): string {
  return `${origin}/${registryLinkSearch({ query: '', kind: 'developer', profileId })}`;
}

// ---------------------------------------------------------------------------------------------
// Shares into the app

export interface SharedContent {
  title?: string;
  text?: string;
  url?: string;
}

// a phone number written with spaces is one identifier over several words
const PHONE_RUN = /(?:\+|\b00|tel:\s*\+?)[\d\s().\-/]{6,}\d/giu;
// around a word in a message: brackets, quotes and the sentence's punctuation
const EDGE_PUNCTUATION = /^[\s([{<"'«“‘]+|[\s)\]}>"'»”’.,;:!?]+$/gu;
const BARE_WORD = /^[\p{L}\p{N}_]+$/u;

/**
 * A reading that ordinary words and numbers have too: a bare word as a Telegram handle ("please"
 * is a valid one), digits without a country code as a phone number or an account number.
 */
function isGuess(part: string, reading: Identifier): boolean {
  return (reading.kind === 'telegram' && BARE_WORD.test(part))
    || (reading.kind === 'phone' && reading.problem === 'country_code_missing')
    || reading.kind === 'bank_account';
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/u).map((word) => word.replace(EDGE_PUNCTUATION, '')).filter(Boolean);
}

/** The search-box form of a reading: the handle with its '@', a checksummed address, else the canonical form. */
function lookupText(part: string, reading: Identifier): string {
  // an invalid value is searched as it was sent, so the answer can say what is wrong with it
  if (!reading.valid) return part;
  if (reading.kind === 'telegram') return `@${reading.canonical}`;
  if (reading.kind === 'evm') return checksumAddress(reading.canonical);
  return reading.canonical;
}

/**
 * What a share into the app looks up: the part of the shared url, text or
 * title that reads as an identifier (identify()), else the text as it came. Messaging apps
 * share "Pay me at https://t.me/aldric_web302", so:
 *  1. a part that is more than a guess (a link, `@handle`, `+61 …`, a wallet, a URI: not
 *     isGuess()), valid readings before invalid ones, the url first, then the text, then the title;
 *  2. else a bare word that reads as a Telegram handle and has a digit or an underscore
 *     (ordinary words are valid handles too), else a number as it was written;
 *  3. else the text (or title, or url), trimmed, with its spaces collapsed.
 */
export function sharedLookup({ title = '', text = '', url = '' }: SharedContent): string {
  const sources = [url, text, title].map((s) => s.trim()).filter(Boolean);
  const parts: string[] = [];
  for (const source of sources) {
    parts.push(source);
    for (const run of source.matchAll(PHONE_RUN)) parts.push(run[0].trim());
    parts.push(...wordsOf(source));
  }
  const read = parts
    .filter((part) => part.length <= MAX_IDENTIFIER_CHARS)
    .map((part) => ({ part, readings: identify(part) }))
    .filter((r) => r.readings.length > 0);

  for (const wantValid of [true, false]) {
    for (const { part, readings } of read) {
      const reading = readings.find((r) => r.valid === wantValid && !isGuess(part, r));
      if (reading) return lookupText(part, reading);
    }
  }
  for (const { part, readings } of read) {
    const handle = readings.find((r) => r.kind === 'telegram' && r.valid && /[\d_]/u.test(r.canonical));
    if (handle) return lookupText(part, handle);
  }
  const number = read.find(({ readings }) => readings.some((r) => r.kind === 'phone' || r.kind === 'bank_account'));
  if (number) return number.part;
  const fallback = text.trim() || title.trim() || url.trim();
  return fallback.replace(/\s+/gu, ' ').slice(0, MAX_IDENTIFIER_CHARS);
}
