// How the report forms read a value entered in an identifier field: as the kinds that field
// holds, with shared/identifiers (docs/style.md 15: a pasted text becomes { kind, canonical }
// once). A value that is not valid for its kind gets a warning but is kept: a victim reports
// what they were sent. This module is loaded on demand (checks.ts), so the identifier rules and
// their libraries stay out of the first download and out of the forms' own chunks.
import {
  IDENTIFIER_PROBLEMS, WALLET_IDENTIFIER_KINDS, canonicalize, identify, type Identifier, type IdentifierKind,
} from '../../../../shared/identifiers';
import { invalidWarning } from '../../../../shared/identifiers/kind-words';
import { TELEGRAM_HOSTS } from '../../../../shared/identifiers/web';
import type { IdentifierListField } from './identifier-fields';

/** What a value was read as, and what is wrong with it, in words. */
export interface ValueReading {
  /** null when the value cannot be read as any kind its field holds */
  identifier: Identifier | null;
  /** the warning's first sentence ("Not a valid Bitcoin address."), or null when the value is valid */
  warning: string | null;
  /** why, in a sentence (IDENTIFIER_PROBLEMS), when there is a warning */
  reason: string | null;
}

const FIELD_KINDS: Record<IdentifierListField, readonly IdentifierKind[]> = {
  walletAddresses: WALLET_IDENTIFIER_KINDS,
  phoneNumbers: ['phone'],
  emails: ['email'],
  websites: ['domain', 'ipv4', 'telegram'],
  telegramHandles: ['telegram'],
  bankAccounts: ['iban', 'bank_account'],
  ipAddresses: ['ipv4'],
};

/** For a value that is none of its field's kinds: the warning and its reason. */
const NOT_READ: Record<IdentifierListField, [warning: string, reason: string]> = {
  walletAddresses: ['Not a wallet address.', 'Bustr can check Ethereum and other EVM, Bitcoin, Litecoin, Tron and Solana addresses.'],
  phoneNumbers: ['Not a phone number.', 'A phone number is digits, best with the country code, such as +61 491 570 159.'],
  emails: ['Not an email address.', IDENTIFIER_PROBLEMS.email_format],
  websites: ['Not a website.', 'Enter the address as you got it, such as site.example or https://site.example/login.'],
  telegramHandles: ['Not a Telegram handle.', IDENTIFIER_PROBLEMS.handle_rules],
  bankAccounts: ['Not a bank account.', 'Enter the IBAN or the account number as you got it.'],
  ipAddresses: ['Not an IP address.', 'Bustr reads IP addresses in the IPv4 form: four numbers from 0 to 255 with dots between them, such as 203.0.113.7.'],
};

/**
 * A website is read as a domain or an IPv4 address; a t.me link in it as the Telegram handle
 * (as shared/identifiers reads a profile's websites). A bare word is never taken for a handle
 * here: in the Websites field, "scamsite" is a host name without its ending.
 */
function readWebsite(value: string): Identifier | null {
  const ip = identify(value).find((r) => r.kind === 'ipv4');
  if (ip) return ip;
  const domain = canonicalize('domain', value);
  if (domain && TELEGRAM_HOSTS.has(domain.canonical)) return canonicalize('telegram', value) ?? domain;
  return domain;
}

/** The most likely reading among the field's kinds (identify's order), else the looser reading of a stored value. */
function readAs(field: IdentifierListField, value: string): Identifier | null {
  if (field === 'websites') return readWebsite(value);
  const kinds = FIELD_KINDS[field];
  const found = identify(value).find((r) => kinds.includes(r.kind));
  if (found) return found;
  for (const kind of kinds) {
    const read = canonicalize(kind, value);
    if (read) return read;
  }
  return null;
}

export function readValue(field: IdentifierListField, value: string): ValueReading {
  const identifier = readAs(field, value);
  if (identifier === null) {
    const [warning, reason] = NOT_READ[field];
    return { identifier, warning, reason };
  }
  if (identifier.valid) return { identifier, warning: null, reason: null };
  return { identifier, ...invalidWarning(identifier) };
}
