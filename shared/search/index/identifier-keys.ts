// A stored value of an identifier field read as the identifier profileIdentifiers() gives
// (shared/identifiers), fast: its kind and canonical form, without what shared/identifiers
// verifies. Reading a value there costs ~3 µs to ~50 µs (checksums, libphonenumber, the URL
// parser and the Public Suffix List for a domain's registrable part), and identifier-postings.ts
// reads some 800k values at 100k profiles; the canonical form needs none of that, since it does
// not say whether a value is valid. So each field has a fast path for the shapes stored values
// have, which gives the canonical form the reader would give, and anything else goes to the
// reader itself. identifier-keys.test.ts holds every path to profileIdentifiers().
//   - wallets: 0x + hex (EVM: lower case); bech32 (lower case); base58 by its first character
//     and length, which decide the kind a reader ranks first whatever its checksum says (a
//     base58check address cannot decode to the 32 bytes of a Solana key at these lengths);
//   - phones: + and digits with separators; the canonical form is '+' + the digits unless
//     libphonenumber would strip a national prefix (its metadata's national_prefix_for_parsing
//     matches where the national number starts, as in +61 (0)491…): such a number is "unsure",
//     with both forms, and libphonenumber says which holds when a lookup meets it (phoneOf);
//   - e-mails and websites: ASCII host names of LDH labels whose last label starts with a letter
//     (the URL parser only lower-cases those), not punycode, not a t.me link;
//   - Telegram handles, IPv4 addresses and bank accounts: their plain shapes.
// Case ids are not read here: the index finds a case id's profile by its id (query.ts).
import { Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Profile } from '../../contract/profile';
import {
  IDENTIFIER_KINDS, MAX_IDENTIFIER_CHARS, profileIdentifiers, type IdentifierField, type IdentifierKind, type ProfileIdentifierSource,
} from '../../identifiers';
import { identifierKey } from '../reference';

/** The fields keyed here, in profileIdentifiers()' order (IDENTIFIER_FIELDS less the case id). */
const FIELDS = ['walletAddresses', 'phone', 'email', 'website', 'telegram', 'ipAddresses', 'bankAccounts'] as const satisfies readonly IdentifierField[];
export type KeyedField = (typeof FIELDS)[number];

/** An identifier kind's code: its place in IDENTIFIER_KINDS. */
export const KIND_CODES: Readonly<Record<IdentifierKind, number>> = Object.fromEntries(IDENTIFIER_KINDS.map((kind, i) => [kind, i])) as Record<IdentifierKind, number>;
const {
  evm: EVM, btc: BTC, ltc: LTC, tron: TRON, solana: SOLANA, phone: PHONE, email: EMAIL, domain: DOMAIN, telegram: TELEGRAM, ipv4: IPV4,
  iban: IBAN, bank_account: BANK_ACCOUNT,
} = KIND_CODES;

/**
 * The code of a phone number whose canonical form is one of two, as libphonenumber strips a
 * national prefix or not (identifier-postings.ts keeps it under both and asks phoneCanonical()
 * which, when it is looked up): its canonical field is '+' and its digits, alt the stripped form.
 */
export const UNSURE_PHONE = 255;

/** What a reading gives: a kind's code and a canonical form (one kept object, written by each reading). */
const read = { kind: -1, canonical: '', alt: '' };
function found(kind: number, canonical: string, alt = ''): true {
  read.kind = kind;
  read.canonical = canonical;
  read.alt = alt;
  return true;
}

const EMPTY_SOURCE: ProfileIdentifierSource = {
  id: 0, walletAddresses: [], phone: [], email: [], website: [], telegram: [], ipAddresses: [], bankAccounts: [],
};

/** shared/identifiers' reading of one stored value of a field (the slow path): profileIdentifiers() of a profile holding only it. */
function readSlowly(field: KeyedField, value: string): boolean {
  const source = { ...EMPTY_SOURCE, [field]: field === 'bankAccounts' ? [{ bank_name: '', account: value }] : [value] };
  const id = profileIdentifiers(source).find((i) => i.field === field);
  return id ? found(KIND_CODES[id.kind], id.canonical) : false;
}

/** The reader's key for one stored value of a field (tests hold the fast paths to it). */
export function readKey(field: KeyedField, value: string): string | null {
  return readSlowly(field, value) ? identifierKey(IDENTIFIER_KINDS[read.kind]!, read.canonical) : null;
}

// ---------------------------------------------------------------- wallets

const EVM_HEX = /^0[xX][0-9a-fA-F]+$/;
const BECH32_LOWER = /^(?:bc|ltc)1[0-9a-z]+$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** the lengths a Solana key is read at when stored (shared/identifiers wallets.ts SOLANA_NEAR) */
const SOLANA_NEAR = { min: 28, max: 48 } as const;

/** A wallet's fast reading; false: ask shared/identifiers. */
function walletFast(v: string): boolean {
  const n = v.length;
  if (n === 0 || n > MAX_IDENTIFIER_CHARS) return false;
  const first = v.charCodeAt(0);
  if (first === 48 /* 0 */) return EVM_HEX.test(v) && found(EVM, v.toLowerCase());
  if (BECH32_LOWER.test(v)) {
    // bech32 in lower case ('l' is not base58; a 'bc1…' of 43 to 48 characters may decode as a Solana key)
    if (first === 108 /* l */) return found(LTC, v);
    return (n <= 42 || n > SOLANA_NEAR.max) && found(BTC, v);
  }
  if (!BASE58.test(v)) return false;
  // (a base58 text whose lower case starts like bech32 is read as bech32: the reader's)
  if ((first | 0x20) === 98 /* b */ && (v.charCodeAt(1) | 0x20) === 99 /* c */ && v.charCodeAt(2) === 49 /* 1 */) return false;
  if (first === 76 /* L */ && (v.charCodeAt(1) | 0x20) === 116 /* t */ && (v.charCodeAt(2) | 0x20) === 99 /* c */ && v.charCodeAt(3) === 49) return false;
  // base58check: at most 35 characters and at most one leading '1' decode to 26 bytes or fewer
  if (n >= 26 && n <= 35) {
    if (first === 49 /* 1 */) return v.charCodeAt(1) !== 49 && found(BTC, v);
    if (first === 51 /* 3 */) return found(BTC, v); // P2SH on both chains: Bitcoin's reading comes first
    if (first === 76 /* L */ || first === 77 /* M */) return found(LTC, v);
  }
  if (first === 84 /* T */ && n === 34) return found(TRON, v);
  return n >= SOLANA_NEAR.min && n <= SOLANA_NEAR.max && found(SOLANA, v);
}

// ---------------------------------------------------------------- phones

const PHONE_PLAIN = /^\+[0-9 ().\-/]+$/;
const NON_DIGITS = /\D/g;
const MAX_PHONE_DIGITS = 17;
const MAX_CALLING_CODE_DIGITS = 3;

/** Per calling code: libphonenumber's national_prefix_for_parsing (anchored) and whether it has a transform rule; null when it has none. */
const nationalPrefixes = new Map<string, { prefix: RegExp; transforms: boolean } | null>();
/** What of libphonenumber-js' Metadata is used here (its typings declare less than it has). */
interface CallingCodes {
  hasCallingCode(code: string): boolean;
  selectNumberingPlan(code: string): { numberingPlan?: { nationalPrefixForParsing(): string | undefined; nationalPrefixTransformRule(): string | undefined } };
}
let metadata: CallingCodes | null = null;

/**
 * A number (its digits after the +) as libphonenumber reads it (shared/identifiers phone.ts):
 * the calling code is the shortest known prefix (none starts with 0), and a national prefix it
 * finds where the national number starts is stripped or not depending on the number's pattern
 * and length for its country. Without such a prefix the canonical form is '+' and the digits;
 * with one, either that or '+', the calling code and the rest: both are found here, cheaply,
 * and which one holds is asked of libphonenumber only when a lookup meets the number. A prefix
 * that libphonenumber transforms (Argentina's 15) is parsed at once.
 */
function phoneOf(digits: string): boolean {
  if (digits.charCodeAt(0) === 48) return found(PHONE, '+' + digits);
  for (let i = 1; i <= MAX_CALLING_CODE_DIGITS && i < digits.length; i++) {
    const code = digits.slice(0, i);
    let plan = nationalPrefixes.get(code);
    if (plan === undefined) {
      metadata ??= new Metadata() as unknown as CallingCodes;
      if (!metadata.hasCallingCode(code)) continue;
      const numbering = metadata.selectNumberingPlan(code).numberingPlan;
      const pattern = numbering?.nationalPrefixForParsing();
      plan = pattern ? { prefix: new RegExp(`^(?:${pattern})`), transforms: Boolean(numbering?.nationalPrefixTransformRule()) } : null;
      nationalPrefixes.set(code, plan);
    }
    if (plan === null) break;
    const national = digits.slice(i);
    const m = plan.prefix.exec(national);
    if (m === null || m[0] === '') break;
    const groups = m.length - 1;
    if (plan.transforms && groups > 0 && m[groups]) return found(PHONE, phoneCanonical('+' + digits));
    return found(UNSURE_PHONE, '+' + digits, '+' + code + national.slice(m[0].length));
  }
  return found(PHONE, '+' + digits);
}

/** Numbers libphonenumber parsed ('+' and their digits → canonical form). */
const parsedPhones = new Map<string, string>();
const PARSED_PHONES_KEPT = 10_000;

/** The canonical form shared/identifiers gives '+' and digits (phone.ts), without asking whether it is valid. */
export function phoneCanonical(number: string): string {
  let canonical = parsedPhones.get(number);
  if (canonical === undefined) {
    canonical = parsePhoneNumberFromString(number)?.number ?? number;
    if (parsedPhones.size >= PARSED_PHONES_KEPT) parsedPhones.clear();
    parsedPhones.set(number, canonical);
  }
  return canonical;
}

function phoneFast(v: string): boolean {
  if (v.length > MAX_IDENTIFIER_CHARS || !PHONE_PLAIN.test(v)) return false;
  const digits = v.replace(NON_DIGITS, '');
  if (digits.length === 0 || digits.length > MAX_PHONE_DIGITS) return false;
  return phoneOf(digits);
}

// ---------------------------------------------------------------- e-mails, websites, handles

// host names the URL parser only lower-cases: LDH labels, the last one starting with a letter
const EMAIL_PLAIN = /^[^\s@:"'<`«“‘\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z][A-Za-z0-9-]*$/;
const WEBSITE_PLAIN = /^(?:[hH][tT][tT][pP][sS]?:\/\/)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z][A-Za-z0-9-]*)(?:[/?#][^]*)?$/;
const PUNYCODE = /(?:^|\.)xn--/i;
const TELEGRAM_HOSTS: ReadonlySet<string> = new Set(['t.me', 'telegram.me', 'telegram.dog']);
const HANDLE_PLAIN = /^@?[A-Za-z0-9_]+$/;
const IPV4_PLAIN = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

const ASCII_UPPER = /[A-Z]/;
const NON_ASCII = /[^\x00-\x7f]/; // eslint-disable-line no-control-regex

function emailFast(v: string): boolean {
  if (v.length > MAX_IDENTIFIER_CHARS || !EMAIL_PLAIN.test(v)) return false;
  const at = v.lastIndexOf('@');
  if (PUNYCODE.test(v) && PUNYCODE.test(v.slice(at + 1))) return false;
  if (!ASCII_UPPER.test(v) && !NON_ASCII.test(v)) return found(EMAIL, v);
  return found(EMAIL, v.slice(0, at).toLowerCase() + '@' + v.slice(at + 1).toLowerCase());
}

function websiteFast(v: string): boolean {
  if (v.length > MAX_IDENTIFIER_CHARS) return false;
  const m = WEBSITE_PLAIN.exec(v);
  if (m === null) return false;
  let host = m[1]!.toLowerCase();
  if (PUNYCODE.test(host)) return false;
  if (host.startsWith('www.') && host.indexOf('.', 4) > 0) host = host.slice(4);
  return !TELEGRAM_HOSTS.has(host) && found(DOMAIN, host);
}

function telegramFast(v: string): boolean {
  if (v.length > MAX_IDENTIFIER_CHARS || !HANDLE_PLAIN.test(v)) return false;
  return found(TELEGRAM, (v.charCodeAt(0) === 64 /* @ */ ? v.slice(1) : v).toLowerCase());
}

function ipv4Fast(v: string): boolean {
  // (octets without leading zeros: the canonical form is the text)
  return IPV4_PLAIN.test(v) && found(IPV4, v);
}

// ---------------------------------------------------------------- bank accounts

const ACCOUNT_PLAIN = /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/;
const ACCOUNT_SEPARATORS = /[ .\-/]+/g;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

function accountFast(v: string): boolean {
  if (v.length > MAX_IDENTIFIER_CHARS || !ACCOUNT_PLAIN.test(v)) return false;
  const canonical = v.replace(ACCOUNT_SEPARATORS, '').toUpperCase();
  return found(IBAN_SHAPE.test(canonical) ? IBAN : BANK_ACCOUNT, canonical);
}

// ---------------------------------------------------------------- a profile's keys

const FAST: Readonly<Record<KeyedField, (value: string) => boolean>> = {
  walletAddresses: walletFast, phone: phoneFast, email: emailFast, website: websiteFast, telegram: telegramFast,
  ipAddresses: ipv4Fast, bankAccounts: accountFast,
};

/** The key of a reading ('kind:canonical'), an unsure phone number's decided by libphonenumber. */
function keyOf(kind: number, canonical: string): string {
  return kind === UNSURE_PHONE ? identifierKey('phone', phoneCanonical(canonical)) : identifierKey(IDENTIFIER_KINDS[kind]!, canonical);
}

/** The key of one stored value of a field, or null when it is no identifier of the field's kinds. */
export function fieldKey(field: KeyedField, value: string): string | null {
  return FAST[field](value) || readSlowly(field, value) ? keyOf(read.kind, read.canonical) : null;
}

/** The fields keyed, in order (a field's code is its place here). */
export const KEYED_FIELDS: readonly KeyedField[] = FIELDS;

/**
 * A stored value of a field (by its code) read as an identifier, into `into` (kind, canonical
 * form, alt): what an entry of identifier-postings.ts is checked against. False when it is none.
 */
export function readValue(field: number, value: string, into: { kind: number; canonical: string; alt: string }): boolean {
  const name = FIELDS[field]!;
  if (!FAST[name](value) && !readSlowly(name, value)) return false;
  into.kind = read.kind;
  into.canonical = read.canonical;
  into.alt = read.alt;
  return true;
}

/** The keys ('kind:canonical') of the profile's identifiers but its case id, each once (tests hold them to profileIdentifiers()). */
export function identifierKeys(p: Profile): string[] {
  const keys = new Set<string>();
  for (const field of FIELDS) {
    const values = field === 'bankAccounts' ? p.bankAccounts.map((b) => b.account) : p[field];
    for (const value of values) {
      const key = fieldKey(field, value);
      if (key !== null) keys.add(key);
    }
  }
  return [...keys];
}
