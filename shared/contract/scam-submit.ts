// The two documented ways an incident arrives (product.md#entities, product.md#calls). Both land as a pending incident.
import { z } from 'zod';
import {
  amount, avatar, bankAccountList, currency, optionalDate, optionalLongText, requiredText, stringList, textInput,
} from './common';

/**
 * docs/product.md#constants: the known scam type labels (the Add Scam form preselects these
 * from the active filters; the demo data uses them). Scam types are free text otherwise.
 */
export const KNOWN_SCAM_TYPES = [
  'Rug Pull', 'Fake Raise', 'Pump & Dump', 'Service not delivered', 'Identity Theft', 'Phishing', 'Impersonation', 'Exit Scam',
] as const;

const description = requiredText('Description is required');
const LOST_AMOUNT_REQUIRED = 'Lost amount is required';
const lostAmount = z
  .union([z.number(), textInput()], { error: LOST_AMOUNT_REQUIRED })
  .refine((v) => typeof v === 'number' || v.trim() !== '', LOST_AMOUNT_REQUIRED)
  .pipe(amount);

/** product.md#entities-scam-submit ("Scam submit payload (existing profile)"): POST /api/{kind}/{id}/scams/submit/. */
export const scamSubmitSchema = z.strictObject({
  description,
  lostAmount,
  currency,
  victimsContact: optionalLongText,
  avatar,
  scamDate: optionalDate,
  nicknames: stringList,
  industries: stringList,
  scamTypes: stringList,
  companiesUsed: stringList,
  companyAddresses: stringList,
  websites: stringList,
  emails: stringList,
  phones: stringList,
  telegrams: stringList,
  walletAddresses: stringList,
  bankAccounts: bankAccountList,
  ipAddresses: stringList,
});
export type ScamSubmitInput = z.input<typeof scamSubmitSchema>;
export type ScamSubmit = z.output<typeof scamSubmitSchema>;

/**
 * product.md#entities-wizard-scam ("Wizard scam payload (snake_case)"): POST /api/{kind}/{id}/scams/. The spec's list
 * omits the draft's date and currency; they are accepted too (optional) so the wizard does not
 * drop what the person typed. verification fields are accepted and ignored (always pending).
 */
export const wizardScamSchema = z.strictObject({
  nickname: stringList,
  avatar,
  companies_used: stringList,
  company_address: stringList,
  industry: stringList,
  scam_type: stringList,
  website: stringList,
  email: stringList,
  phone: stringList,
  telegram: stringList,
  wallet_addresses: stringList,
  bank_accounts: bankAccountList,
  ip_addresses: stringList,
  description,
  lostAmount,
  currency,
  scamDate: optionalDate,
  victimsContact: optionalLongText,
  verification_status: textInput().optional(),
  is_verified: z.union([z.boolean(), textInput()]).optional(),
});
export type WizardScamInput = z.input<typeof wizardScamSchema>;
export type WizardScam = z.output<typeof wizardScamSchema>;

/** Both payloads become this before storage: the incident's own field names. */
export interface NewIncident {
  description: string;
  amount: number;
  currency: string;
  occurred: string | null;
  submitterContact: string;
  avatar: string | null;
  nicknames: string[];
  industries: string[];
  types: string[];
  companies: string[];
  company_addresses: string[];
  websites: string[];
  emails: string[];
  phones: string[];
  telegrams: string[];
  wallet_addresses: string[];
  bank_accounts: { bank_name: string; account: string }[];
  ip_addresses: string[];
}

export function fromScamSubmit(p: ScamSubmit): NewIncident {
  return {
    description: p.description, amount: p.lostAmount, currency: p.currency, occurred: p.scamDate,
    submitterContact: p.victimsContact, avatar: p.avatar, nicknames: p.nicknames, industries: p.industries,
    types: p.scamTypes, companies: p.companiesUsed, company_addresses: p.companyAddresses, websites: p.websites,
    emails: p.emails, phones: p.phones, telegrams: p.telegrams, wallet_addresses: p.walletAddresses,
    bank_accounts: p.bankAccounts, ip_addresses: p.ipAddresses,
  };
}

export function fromWizardScam(p: WizardScam): NewIncident {
  return {
    description: p.description, amount: p.lostAmount, currency: p.currency, occurred: p.scamDate,
    submitterContact: p.victimsContact, avatar: p.avatar, nicknames: p.nickname, industries: p.industry,
    types: p.scam_type, companies: p.companies_used, company_addresses: p.company_address, websites: p.website,
    emails: p.email, phones: p.phone, telegrams: p.telegram, wallet_addresses: p.wallet_addresses,
    bank_accounts: p.bank_accounts, ip_addresses: p.ip_addresses,
  };
}
