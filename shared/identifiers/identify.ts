// identify(): every kind a pasted text can be, most likely first; canonicalize(): the canonical
// form of a value whose kind is known (a profile's stored field). README.md here lists what each
// kind accepts.
import { prepare } from './pasted';
import { readPhone } from './phone';
import { readBankAccount, readCaseIdentifier, readIpv4 } from './registry-ids';
import type { Candidate, Identifier, IdentifierKind, Reader } from './types';
import { readBtc, readEvm, readLtc, readSolana, readTron } from './wallets';
import { readDomain, readEmail, readTelegram } from './web';

/** Every reader, in the order that breaks ties between equally sure readings. */
const READERS: readonly Reader[] = [
  readCaseIdentifier, readEvm, readBtc, readLtc, readTron, readEmail, readTelegram, readIpv4, readPhone, readBankAccount,
  readSolana, readDomain,
];

const READER_OF: Readonly<Record<IdentifierKind, Reader>> = {
  evm: readEvm, btc: readBtc, ltc: readLtc, tron: readTron, solana: readSolana, phone: readPhone, email: readEmail,
  domain: readDomain, telegram: readTelegram, ipv4: readIpv4, case_id: readCaseIdentifier, iban: readBankAccount,
  bank_account: readBankAccount,
};

// more sure first, then valid before invalid (a 32-byte Solana key before a failed Bitcoin checksum)
const byConfidence = (a: Candidate, b: Candidate) => b.confidence - a.confidence || Number(b.valid) - Number(a.valid);

function publicForm(c: Candidate): Identifier {
  const id: Identifier = { kind: c.kind, canonical: c.canonical, valid: c.valid };
  if (c.problem !== undefined) id.problem = c.problem;
  if (c.registrable !== undefined) id.registrable = c.registrable;
  return id;
}

/** Readings sorted by confidence and validity (stable: ties keep reader order), without repeats. */
function ranked(out: Candidate[]): Identifier[] {
  if (out.length > 1) out.sort(byConfidence);
  const result: Identifier[] = [];
  for (const c of out) {
    if (!result.some((r) => r.kind === c.kind && r.canonical === c.canonical)) result.push(publicForm(c));
  }
  return result;
}

/**
 * The kinds a pasted text can be, each with its canonical form, most likely first: a checksum
 * that holds or an explicit form (`ethereum:`, `tel:`, `@`, `t.me/`, a leading +) before a bare
 * guess (a word that may be a Telegram handle, digits that may be an account number). Empty
 * when the text is none of them.
 */
export function identify(text: string): Identifier[] {
  const pasted = prepare(text);
  if (pasted === null) return [];
  const out: Candidate[] = [];
  for (const read of READERS) read(pasted, false, out);
  return ranked(out);
}

/** IBANs and other account numbers share a canonical form, so either kind reads both. */
const sameFamily = (wanted: IdentifierKind, found: IdentifierKind) =>
  found === wanted || ((wanted === 'iban' || wanted === 'bank_account') && (found === 'iban' || found === 'bank_account'));

/**
 * The canonical form of a value already known to be of `kind` (a profile's stored wallet,
 * phone, website…). Looser than identify(): a stored Telegram handle that breaks Telegram's
 * rules, or a number without a country code, is still read, as invalid. Null when the text
 * cannot be read as that kind at all.
 */
export function canonicalize(kind: IdentifierKind, text: string): Identifier | null {
  const pasted = prepare(text);
  if (pasted === null) return null;
  const out: Candidate[] = [];
  READER_OF[kind](pasted, true, out);
  const own = out.filter((c) => sameFamily(kind, c.kind));
  return own.length === 0 ? null : ranked(own)[0]!;
}

/** The readings of `kinds` for a stored value, most likely first (readings of other kinds left out). */
export function readingsOf(kinds: readonly IdentifierKind[], text: string): Identifier[] {
  const pasted = prepare(text);
  if (pasted === null) return [];
  const out: Candidate[] = [];
  const readers = new Set(kinds.map((k) => READER_OF[k]));
  for (const read of readers) read(pasted, true, out);
  return ranked(out.filter((c) => kinds.includes(c.kind)));
}
