// What a share into the installed app looks up (the manifest's share_target, vite.config.ts;
// client/state/registry-link.ts reads the address). Loaded on demand: it reads identifiers with
// shared/identifiers, whose phone metadata, suffix list and confusables are too large for the
// first download.
import { MAX_IDENTIFIER_CHARS, checksumAddress, identify, type Identifier } from '../../shared/identifiers';
import type { SharedContent } from './registry-link';

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
