// What a pasted text can be (docs/style.md 15: identifiers are values, not strings): a kind and
// a canonical form that equal identifiers share however they were written (README.md here).

export const IDENTIFIER_KINDS = [
  'evm', 'btc', 'ltc', 'tron', 'solana', 'phone', 'email', 'domain', 'telegram', 'ipv4', 'case_id',
  'iban', 'bank_account',
] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** The wallet kinds: what a profile's walletAddresses may hold. */
export const WALLET_IDENTIFIER_KINDS = ['evm', 'btc', 'ltc', 'tron', 'solana'] as const satisfies readonly IdentifierKind[];

/**
 * Why a value that has the shape of its kind is not valid. The text is kept (a victim reports
 * what they were sent), so an invalid value still has a canonical form.
 */
export const IDENTIFIER_PROBLEMS = {
  checksum: 'The checksum does not match: a character was probably mistyped or changed.',
  length: 'It is too short or too long for this kind of identifier.',
  version: 'Its prefix or version byte does not belong to this network.',
  witness_program: 'Its SegWit version or program length is not allowed (BIP-173/350).',
  mixed_case: 'It mixes upper and lower case, which this encoding does not allow.',
  country_code_missing: 'It has no country code (+…), so it cannot be compared with numbers listed with one.',
  invalid_number: 'It is not a valid phone number for its country code.',
  email_format: 'It is not an email address of the form name@domain.tld.',
  hostname: 'It is not written as a website address is: letters, digits and hyphens between dots, with an ending such as .com.',
  no_ending: 'It has no ending: a website needs one, such as .com in site.com.',
  unknown_suffix: 'Its ending is not a known domain suffix.',
  handle_rules: 'Telegram handles have 5 to 32 letters, digits or underscores, start with a letter, and do not end with an underscore.',
  octet_range: 'Each of the four numbers of an IP address is at most 255.',
  iban_country: 'Its first two letters are not a country that uses IBANs.',
  iban_length: 'It is not as long as an IBAN of its country is: a character is probably missing or extra.',
  iban_format: 'Its letters and digits are not laid out as in an IBAN of its country.',
} as const;
export type IdentifierProblem = keyof typeof IDENTIFIER_PROBLEMS;

export interface Identifier {
  kind: IdentifierKind;
  /** The form every pasted form of this identifier shares (README.md here, per kind). */
  canonical: string;
  valid: boolean;
  problem?: IdentifierProblem;
  /** Domains only: the registrable domain through the Public Suffix List (`login.site.co.uk` → `site.co.uk`). */
  registrable?: string;
}

/**
 * How sure a reading is: an explicit form (URI, `@`, `+`, a checksum that holds) beats a bare
 * guess; `fallback` is for readings almost any text of digits has (an account number).
 */
export const CONFIDENCE = { high: 3, medium: 2, low: 1, fallback: 0 } as const;
export type Confidence = (typeof CONFIDENCE)[keyof typeof CONFIDENCE];

/** A reading with its confidence, while identify() ranks them. */
export interface Candidate extends Identifier {
  confidence: Confidence;
}

/**
 * A pasted text made ready once for every reader: trimmed, invisible marks removed, and split
 * at a leading `scheme:` when it has one.
 */
export interface Pasted {
  /** The text without surrounding space, quotes or angle brackets and without invisible marks. */
  text: string;
  /** The scheme, lower-cased (`ethereum`, `tel`, `https`, `eip155`…), or '' when there is none. */
  scheme: string;
  /** What follows `scheme:` (the whole text when there is no scheme). */
  rest: string;
}

/**
 * One reader per kind. `known` is true when the caller already knows the kind (a profile's
 * stored field): the reader then accepts looser shapes and reports them as invalid rather than
 * not recognising them. Readers push what they recognise onto `out`.
 */
export type Reader = (pasted: Pasted, known: boolean, out: Candidate[]) => void;
