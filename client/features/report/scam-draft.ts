// product.md#entities-scam-draft ("Scam draft form"): what the Add Scam modal holds while a person fills it in, and the
// two payloads it becomes — the Scam submit payload (an existing profile, product.md#entities) and the
// Wizard scam payload (snake_case, a profile reported in the wizard). Pure functions, so the
// wizard and the modal build their payloads the same way, and the tests can check each rule.
import { DEFAULT_CURRENCY } from '../../../shared/constants';
import {
  KNOWN_SCAM_TYPES, scamSubmitSchema, wizardScamSchema, type ScamSubmitInput, type WizardScamInput,
} from '../../../shared/contract/scam-submit';
import { AMOUNT_RULE_MESSAGE, parseAmount } from '../../../shared/domain/amount';
import { avatarProblem } from '../../../shared/domain/avatar';
import { pairBankAccounts } from '../../../shared/domain/bank-accounts';
import { CURRENCY_PATTERN, normalizeCurrency } from '../../../shared/domain/currency';

/** product.md#screens-add-scam ("Add Scam modal"): the form's fields, by the spec's names. Lists hold what the person added. */
export interface ScamDraft {
  nickname: string[];
  /** a PNG/JPEG/WebP data URL of at most 200 KB (docs/design.md#avatars), or null */
  avatar: string | null;
  /** product.md#screens: at most one company */
  companiesUsed: string[];
  company_address: string[];
  industries: string[];
  scamTypes: string[];
  websites: string[];
  emails: string[];
  phoneNumbers: string[];
  telegramHandles: string[];
  walletAddresses: string[];
  /** paired by position with bankAccounts (product.md#entities) */
  bankNames: string[];
  bankAccounts: string[];
  ipAddresses: string[];
  /** yyyy-mm-dd or '' */
  scamDate: string;
  description: string;
  /** free text, checked with parseAmount before it is queued (product.md#validation) */
  lostAmount: string;
  currency: string;
  victimsContact: string;
}

export type ScamDraftField = keyof ScamDraft;

export const LIST_FIELDS = [
  'nickname', 'companiesUsed', 'company_address', 'industries', 'scamTypes', 'websites', 'emails', 'phoneNumbers',
  'telegramHandles', 'walletAddresses', 'bankNames', 'bankAccounts', 'ipAddresses',
] as const satisfies readonly ScamDraftField[];
const TEXT_FIELDS = ['scamDate', 'description', 'lostAmount', 'currency', 'victimsContact'] as const satisfies readonly ScamDraftField[];

/** The scam types of the active filters that are known labels (product.md#constants), in the spec's order. */
export function preselectedScamTypes(activeScamTypes: readonly string[] | undefined): string[] {
  const active = new Set(activeScamTypes ?? []);
  return KNOWN_SCAM_TYPES.filter((label) => active.has(label));
}

/** A fresh form: currency USD (product.md#constants), scam types preselected from the active filters. */
export function emptyScamDraft(scamTypes: readonly string[] = []): ScamDraft {
  return {
    nickname: [], avatar: null, companiesUsed: [], company_address: [], industries: [], scamTypes: [...scamTypes],
    websites: [], emails: [], phoneNumbers: [], telegramHandles: [], walletAddresses: [], bankNames: [], bankAccounts: [],
    ipAddresses: [], scamDate: '', description: '', lostAmount: '', currency: DEFAULT_CURRENCY, victimsContact: '',
  };
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * A stored draft as a complete form. Drafts live on the device for as long as the person wants,
 * so one saved by an older version may miss fields or carry others: missing ones are empty,
 * unknown ones are dropped, nothing throws.
 */
export function normalizeScamDraft(stored: unknown): ScamDraft | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const draft = emptyScamDraft();
  for (const field of LIST_FIELDS) {
    const value = record[field];
    if (isStringList(value)) draft[field] = [...value];
  }
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') draft[field] = value;
  }
  if (typeof record.avatar === 'string' && record.avatar) draft.avatar = record.avatar;
  return draft;
}

/** Whether the person entered anything beyond what a fresh form (`base`) holds. */
export function scamDraftHasContent(draft: ScamDraft, base: ScamDraft = emptyScamDraft()): boolean {
  if (draft.avatar) return true;
  for (const field of TEXT_FIELDS) {
    const value = field === 'currency' ? normalizeCurrency(draft.currency) : draft[field].trim();
    const fresh = field === 'currency' ? normalizeCurrency(base.currency) : base[field].trim();
    if (value !== fresh) return true;
  }
  return LIST_FIELDS.some((field) => draft[field].join('\u0000') !== base[field].join('\u0000'));
}

/** product.md#validation: the submit button is disabled while description or lost amount is blank. */
export function scamDraftReady(draft: ScamDraft): boolean {
  return draft.description.trim() !== '' && draft.lostAmount.trim() !== '';
}

export type ScamDraftProblems = Partial<Record<ScamDraftField, string>>;

/** What must change before the draft can be queued; {} when it can. */
export function scamDraftProblems(draft: ScamDraft): ScamDraftProblems {
  const problems: ScamDraftProblems = {};
  if (!draft.description.trim()) problems.description = 'Description is required';
  if (!draft.lostAmount.trim()) problems.lostAmount = 'Lost amount is required';
  else if (parseAmount(draft.lostAmount) === null) problems.lostAmount = `Lost amount ${AMOUNT_RULE_MESSAGE}`;
  if (!CURRENCY_PATTERN.test(normalizeCurrency(draft.currency))) problems.currency = 'Currency must be a code of 2 to 10 letters or digits, like USD or USDT';
  if (draft.companiesUsed.length > 1) problems.companiesUsed = 'Only one company can be added here.';
  if (draft.avatar) {
    const problem = avatarProblem(draft.avatar);
    if (problem) problems.avatar = `The picture ${problem}`;
  }
  if (draft.scamDate && Number.isNaN(Date.parse(draft.scamDate))) problems.scamDate = 'Date must be a date like 2025-03-14';
  return problems;
}

const amountOf = (draft: ScamDraft): number | string => parseAmount(draft.lostAmount) ?? draft.lostAmount.trim();

/** product.md#entities-scam-submit ("Scam submit payload (existing profile)"). */
export function toScamSubmit(draft: ScamDraft): ScamSubmitInput {
  return {
    description: draft.description.trim(),
    lostAmount: amountOf(draft),
    currency: normalizeCurrency(draft.currency),
    victimsContact: draft.victimsContact.trim(),
    avatar: draft.avatar,
    scamDate: draft.scamDate || null,
    nicknames: draft.nickname,
    industries: draft.industries,
    scamTypes: draft.scamTypes,
    companiesUsed: draft.companiesUsed,
    companyAddresses: draft.company_address,
    websites: draft.websites,
    emails: draft.emails,
    phones: draft.phoneNumbers,
    telegrams: draft.telegramHandles,
    walletAddresses: draft.walletAddresses,
    bankAccounts: pairBankAccounts(draft.bankNames, draft.bankAccounts),
    ipAddresses: draft.ipAddresses,
  };
}

/** product.md#entities-wizard-scam ("Wizard scam payload (snake_case)"), with the draft's date and currency too. */
export function toWizardScam(draft: ScamDraft): WizardScamInput {
  return {
    nickname: draft.nickname,
    avatar: draft.avatar,
    companies_used: draft.companiesUsed,
    company_address: draft.company_address,
    industry: draft.industries,
    scam_type: draft.scamTypes,
    website: draft.websites,
    email: draft.emails,
    phone: draft.phoneNumbers,
    telegram: draft.telegramHandles,
    wallet_addresses: draft.walletAddresses,
    bank_accounts: pairBankAccounts(draft.bankNames, draft.bankAccounts),
    ip_addresses: draft.ipAddresses,
    description: draft.description.trim(),
    lostAmount: amountOf(draft),
    currency: normalizeCurrency(draft.currency),
    scamDate: draft.scamDate || null,
    victimsContact: draft.victimsContact.trim(),
    verification_status: 'unverified',
    is_verified: false,
  };
}

/** Which form field a payload key comes from, for the messages of the shared schemas. */
const FIELD_OF_KEY: Record<string, ScamDraftField> = {
  nicknames: 'nickname', nickname: 'nickname', companies_used: 'companiesUsed', companiesUsed: 'companiesUsed',
  companyAddresses: 'company_address', company_address: 'company_address', industry: 'industries', industries: 'industries',
  scam_type: 'scamTypes', scamTypes: 'scamTypes', website: 'websites', websites: 'websites', email: 'emails', emails: 'emails',
  phone: 'phoneNumbers', phones: 'phoneNumbers', telegram: 'telegramHandles', telegrams: 'telegramHandles',
  wallet_addresses: 'walletAddresses', walletAddresses: 'walletAddresses', bank_accounts: 'bankAccounts',
  bankAccounts: 'bankAccounts', ip_addresses: 'ipAddresses', ipAddresses: 'ipAddresses', description: 'description',
  lostAmount: 'lostAmount', currency: 'currency', victimsContact: 'victimsContact', avatar: 'avatar', scamDate: 'scamDate',
};

/**
 * Everything that stops the draft from being queued as `payload`: the form's own rules, then the
 * shared schema the server checks with (docs/style.md#s1), so a refusal is caught before it is sent.
 */
export function payloadProblems(draft: ScamDraft, payload: 'submit' | 'wizard'): ScamDraftProblems {
  const problems = scamDraftProblems(draft);
  if (Object.keys(problems).length > 0) return problems;
  const result = payload === 'submit' ? scamSubmitSchema.safeParse(toScamSubmit(draft)) : wizardScamSchema.safeParse(toWizardScam(draft));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_OF_KEY[String(issue.path[0])] ?? 'description';
      problems[field] ??= issue.message;
    }
  }
  return problems;
}
