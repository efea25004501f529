// A pasted text made ready for the readers, once per call: messaging apps wrap what they copy
// in bidi marks (WhatsApp puts U+202A…U+202C around a phone number) and people paste a link
// between angle brackets or quotes.
import type { Pasted } from './types';

/** The longest text read as an identifier; longer pastes are not one (a long URL query fits). */
export const MAX_IDENTIFIER_CHARS = 2048;

// zero-width characters, bidi marks, embeddings and isolates, word joiners, the BOM
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const WRAPPERS: Readonly<Record<string, string>> = { '<': '>', '"': '"', "'": "'", '“': '”', '‘': '’', '«': '»', '`': '`' };
// RFC 3986 scheme; a host with a port ('site.example:8080') also fits, so readers name theirs
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function prepare(raw: string): Pasted | null {
  let text = raw.replace(INVISIBLE, '').trim();
  // one pair of surrounding quotes or brackets, as in "<https://site.example>"
  const close = text.length > 1 ? WRAPPERS[text[0]!] : undefined;
  if (close !== undefined && text.endsWith(close)) text = text.slice(1, -1).trim();
  if (text === '' || text.length > MAX_IDENTIFIER_CHARS) return null;
  const scheme = SCHEME.exec(text);
  if (scheme === null) return { text, scheme: '', rest: text };
  return { text, scheme: scheme[1]!.toLowerCase(), rest: text.slice(scheme[0].length) };
}

/** The part of a URI's path before its query or fragment: `addr?amount=1` → `addr`. */
export function beforeQuery(value: string): string {
  const q = value.search(/[?#]/);
  return q < 0 ? value : value.slice(0, q);
}

/** A URI component decoded, or as it is when it is not valid percent-encoding. */
export function decodeComponent(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
