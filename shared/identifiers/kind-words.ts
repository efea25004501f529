// What every screen calls each kind of identifier (issue 16): one word list, so the registry, a
// card, the profile modal, the report forms and the admin panel name a kind the same way. Plain
// tables only (types.ts), no readers: screens import this file directly to keep the identifier
// rules and their libraries out of their chunks.
import type { IdentifierField } from './profile-identifiers';
import { IDENTIFIER_PROBLEMS, type IdentifierKind, type IdentifierProblem } from './types';

/** A kind as a sentence names it ("this Ethereum wallet address", "Not a valid email address."). */
export const KIND_WORDS: Readonly<Record<IdentifierKind, string>> = {
  evm: 'Ethereum wallet address',
  btc: 'Bitcoin wallet address',
  ltc: 'Litecoin wallet address',
  tron: 'Tron wallet address',
  solana: 'Solana wallet address',
  phone: 'phone number',
  email: 'email address',
  domain: 'website',
  telegram: 'Telegram handle',
  ipv4: 'IP address',
  case_id: 'case ID',
  iban: 'IBAN',
  bank_account: 'bank account',
};

/** A profile field holding identifiers, in the same words, where the kind is not known ("wallet address"). */
export const FIELD_WORDS: Readonly<Record<IdentifierField, string>> = {
  id: 'case ID',
  walletAddresses: 'wallet address',
  phone: 'phone number',
  email: 'email address',
  website: 'website',
  telegram: 'Telegram handle',
  ipAddresses: 'IP address',
  bankAccounts: 'bank account',
};

/** The words to start a line or label with ("Ethereum wallet address", "Telegram handle"). */
export function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A kind to start a line or label with. */
export const kindTitle = (kind: IdentifierKind): string => capitalized(KIND_WORDS[kind]);

/**
 * What is wrong with a reading that is not valid, as the report forms and the registry say it:
 * the warning ("Not a valid Ethereum wallet address.") and why (IDENTIFIER_PROBLEMS).
 */
export function invalidWarning(reading: { kind: IdentifierKind; problem?: IdentifierProblem }): { warning: string; reason: string | null } {
  return {
    // a number without its country code is a number, only not comparable: say so, not "not valid"
    warning: reading.problem === 'country_code_missing' ? 'A phone number without its country code.' : `Not a valid ${KIND_WORDS[reading.kind]}.`,
    reason: reading.problem ? IDENTIFIER_PROBLEMS[reading.problem] : null,
  };
}
