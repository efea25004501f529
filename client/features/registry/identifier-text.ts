// How the registry page words identifier lookups (issue 16): the names of identifier kinds, what
// a search checked when it found nothing, and why a listed profile looks like the query. The
// search itself is the worker's (client/local/search); this only says it.
import type { ProfileKind } from '../../../shared/contract/common';
import type { IdentifierKind, LookalikeReason } from '../../../shared/identifiers';
import { KIND_WORDS, invalidWarning, kindTitle } from '../../../shared/identifiers/kind-words';
import type { QueryReading } from '../../local';

/** An identifier kind as a sentence names it ("this Telegram handle"): every screen's words (shared/identifiers/kind-words.ts). */
export const KIND_NAMES = KIND_WORDS;
export { kindTitle };

export const KIND_LIST_NAMES: Readonly<Record<ProfileKind, string>> = { developer: 'Scammers', project: 'Projects' };

// a handle written as one: '@h', 't.me/h', or a word with a digit or an underscore ('aldric_web302');
// a bare word is more likely a name or anything else
const HANDLE_WRITTEN = /^@|t\.me\/|telegram\.(?:me|dog)\/|[\d_]/i;

/**
 * The readings worth saying the search checked: every reading but a bare word's guess at a
 * Telegram handle ('smith' is a name first), each kind once, most likely first.
 */
export function checkedKinds(query: string, readings: readonly QueryReading[]): IdentifierKind[] {
  const kinds: IdentifierKind[] = [];
  for (const reading of saidReadings(query, readings)) {
    const kind = family(reading.kind);
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

// an IBAN and another account number are one kind to the person reading
const family = (kind: IdentifierKind): IdentifierKind => (kind === 'iban' ? 'bank_account' : kind);

function saidReadings(query: string, readings: readonly QueryReading[]): QueryReading[] {
  return readings.filter((reading) => reading.kind !== 'telegram' || HANDLE_WRITTEN.test(query.trim()));
}

/**
 * What is wrong with the query, read as the kinds the no-match line names (checkedSentence's
 * first three): "Not a valid Ethereum wallet address. The checksum does not match: …", each once,
 * as the report forms say it.
 */
export function invalidLines(query: string, readings: readonly QueryReading[]): string[] {
  const named = checkedKinds(query, readings).slice(0, 3);
  const lines: string[] = [];
  for (const reading of saidReadings(query, readings)) {
    if (reading.valid || !named.includes(family(reading.kind))) continue;
    const { warning, reason } = invalidWarning(reading);
    const line = reason ? `${warning} ${reason}` : warning;
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

/** "No listed profile has this Telegram handle." (or "… this phone number or bank account.") */
export function checkedSentence(kinds: readonly IdentifierKind[]): string {
  const names = kinds.slice(0, 3).map((kind) => KIND_NAMES[kind]);
  const list = names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]!}`;
  return `No listed profile has this ${list}.`;
}

export const NOT_PROOF_TEXT = 'Not being listed here is not proof that it is safe: scams are reported late, and many never are.';

/** Why a listed value looks like the query. */
export const LOOKALIKE_REASONS: Readonly<Record<LookalikeReason, string>> = {
  confusable: 'it differs only in characters that look alike',
  same_name: 'it is the same name under another ending',
  edit_distance: 'it is only a letter or two apart',
};

/** A profile count in words: "1 profile", "3 profiles". */
export function profileCount(total: number): string {
  return `${total.toLocaleString('en')} ${total === 1 ? 'profile' : 'profiles'}`;
}
