// The identifiers a profile holds, by field: what an index keys by canonical form so that a
// pasted identifier finds the profile, and what a card names when it says which one matched.
import type { Profile } from '../contract/profile';
import { caseId } from '../domain/case-id';
import { readingsOf } from './identify';
import { WALLET_IDENTIFIER_KINDS, type Identifier, type IdentifierKind } from './types';
import { TELEGRAM_HOSTS } from './web';

/** The profile fields that hold identifiers, and the kinds each can hold, most likely first. */
export const IDENTIFIER_FIELDS = {
  id: ['case_id'],
  walletAddresses: WALLET_IDENTIFIER_KINDS,
  phone: ['phone'],
  email: ['email'],
  website: ['domain'], // or, for a t.me link, 'telegram' (reading() below)
  telegram: ['telegram'],
  ipAddresses: ['ipv4'],
  bankAccounts: ['iban', 'bank_account'],
} as const satisfies Record<string, readonly IdentifierKind[]>;
export type IdentifierField = keyof typeof IDENTIFIER_FIELDS;

export type ProfileIdentifierSource = Pick<Profile, IdentifierField>;

export interface ProfileIdentifier {
  kind: IdentifierKind;
  canonical: string;
  valid: boolean;
  field: IdentifierField;
  /** The value as the profile shows it. */
  value: string;
}

function valuesOf(profile: ProfileIdentifierSource, field: IdentifierField): readonly string[] {
  switch (field) {
    case 'id': return [caseId(profile.id)];
    case 'bankAccounts': return profile.bankAccounts.map((b) => b.account);
    default: return profile[field];
  }
}

/** A stored value read as its field's kind; a website that is a t.me link names a handle, not a site. */
function reading(field: IdentifierField, value: string): Identifier | undefined {
  const first = readingsOf(IDENTIFIER_FIELDS[field], value)[0];
  if (field === 'website' && first !== undefined && TELEGRAM_HOSTS.has(first.canonical)) {
    return readingsOf(['telegram'], value)[0] ?? first;
  }
  return first;
}

/**
 * Every identifier a profile holds, one per kind and canonical form (the first field that holds
 * it wins), in field order. A value is read as the kind its field holds: a wallet as the most
 * likely of the wallet kinds, a website as a domain (or, for a t.me link, as the handle alone).
 * A value that cannot be read as its field's kind (free text in a list) is left out.
 */
export function profileIdentifiers(profile: ProfileIdentifierSource): ProfileIdentifier[] {
  const result: ProfileIdentifier[] = [];
  const seen = new Set<string>();
  for (const field of Object.keys(IDENTIFIER_FIELDS) as IdentifierField[]) {
    for (const value of valuesOf(profile, field)) {
      const found = reading(field, value);
      if (found === undefined) continue;
      const key = found.kind + ' ' + found.canonical;
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ kind: found.kind, canonical: found.canonical, valid: found.valid, field, value });
    }
  }
  return result;
}
