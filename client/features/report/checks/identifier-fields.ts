// The Add Scam form's list fields that hold identifiers (docs/product.md#screens-add-scam), the
// words the report forms use for them, and the profile fields a listed profile holds them in.
// Nothing here loads shared/identifiers: read-values.ts does, on demand.
import type { IdentifierKind } from '../../../../shared/identifiers';
import type { ScamDraft } from '../scam-draft';

export const IDENTIFIER_LIST_FIELDS = [
  'walletAddresses', 'phoneNumbers', 'emails', 'websites', 'telegramHandles', 'bankAccounts', 'ipAddresses',
] as const satisfies readonly (keyof ScamDraft)[];
export type IdentifierListField = (typeof IDENTIFIER_LIST_FIELDS)[number];

/** The field labels of the Add Scam form, which the summary's groups repeat. */
export const IDENTIFIER_FIELD_LABELS: Record<IdentifierListField, string> = {
  walletAddresses: 'Wallet addresses',
  phoneNumbers: 'Phone numbers',
  emails: 'Email addresses',
  websites: 'Websites',
  telegramHandles: 'Telegram handles',
  bankAccounts: 'Bank accounts',
  ipAddresses: 'IP addresses',
};

/**
 * The form field an identifier of each kind is reported in (shared/identifiers' kinds; the
 * profile fields holding each are IDENTIFIER_FIELDS there, which LISTED_FIELDS below follows).
 * A case id is the registry's own, never reported: null.
 */
export const FIELD_OF_KIND: Record<IdentifierKind, IdentifierListField | null> = {
  evm: 'walletAddresses', btc: 'walletAddresses', ltc: 'walletAddresses', tron: 'walletAddresses', solana: 'walletAddresses',
  phone: 'phoneNumbers', email: 'emails', domain: 'websites', telegram: 'telegramHandles', ipv4: 'ipAddresses',
  iban: 'bankAccounts', bank_account: 'bankAccounts', case_id: null,
};

/**
 * Where a listed profile may hold the same identifier (docs/product.md#entities): a lookup reads
 * the text every way it can (digits are a phone number and an account number), so a match in
 * a field that holds another kind of thing is left out. A t.me link is a Telegram handle, so
 * websites and handles meet.
 */
export const LISTED_FIELDS: Record<IdentifierListField, readonly string[]> = {
  walletAddresses: ['walletAddresses'],
  phoneNumbers: ['phone'],
  emails: ['email'],
  websites: ['website', 'telegram', 'ipAddresses'],
  telegramHandles: ['telegram', 'website'],
  bankAccounts: ['bankAccounts'],
  ipAddresses: ['ipAddresses', 'website'],
};

/**
 * The values of a field across drafts, each once, in the order entered. Compared as written:
 * case can matter (base58 addresses), and two forms of one identifier are both sent as given.
 */
export function valuesOf(drafts: readonly ScamDraft[], field: IdentifierListField): string[] {
  const seen = new Set<string>();
  for (const draft of drafts) for (const value of draft[field]) seen.add(value);
  return [...seen];
}
