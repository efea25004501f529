// How the profile modal names the field of the identifier a search matched (matched-identifier.ts
// finds it). Apart from it, so the modal names a card's match without loading shared/identifiers.
import type { IdentifierField } from '../../../shared/identifiers';

/** How the modal names the field a match is in. */
export const MATCHED_FIELD_LABEL: Record<IdentifierField, string> = {
  id: 'Case ID',
  walletAddresses: 'Wallet address',
  phone: 'Phone number',
  email: 'Email',
  website: 'Website',
  telegram: 'Telegram',
  ipAddresses: 'IP address',
  bankAccounts: 'Bank account',
};
