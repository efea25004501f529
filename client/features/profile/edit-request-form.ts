// The edit-request dialog's form and the payload it becomes (product.md#entities-edit-request ("Edit request (submit)"),
// product.md#validation, product.md#calls). The form starts from what the replica shows; only the fields the person changed
// are sent: profile fields under proposed_changes.developer, the chosen incident's fields
// under append.scam_updates. Pure functions, so every rule has a test without a dialog.
import { AMOUNT_MAX_FRACTION_DIGITS } from '../../../shared/constants';
import {
  editRequestSubmitSchema, type EditRequestSubmitInput, type IncidentChange, type ProfileChange,
} from '../../../shared/contract/edit-request';
import { isGender, type Gender } from '../../../shared/contract/profile';
import { AMOUNT_RULE_MESSAGE, parseAmount } from '../../../shared/domain/amount';
import { pairBankAccounts, type BankAccountPair } from '../../../shared/domain/bank-accounts';
import { editRequestCaseId } from '../../../shared/domain/case-id';
import { normalizeCurrency } from '../../../shared/domain/currency';
import type { LocalIncident, LocalProfile } from '../../local';

/** product.md#calls: the edit request is anonymous; these two are fixed, not asked. */
export const EDIT_REQUEST_FULL_NAME = 'Anonymous';
export const EDIT_REQUEST_CONTACT = 'Not provided (anonymous edit request)';

/** product.md#states: 'scam_update' (an existing incident) is the only selectable target mode. */
export const TARGET_MODE = 'scam_update';

export const MISSING_TARGET_ID = 'Missing target id'; // product.md#validation, product.md#errors
export const NOTHING_CHANGED = 'Nothing has changed yet: change at least one field, then submit.';

export interface ProfileForm {
  name: string;
  bio: string;
  gender: Gender;
  nationality: string;
  languages: string[];
  location: string;
}

/** One bank row: a bank name and an account, paired by position (product.md#entities, product.md#validation). */
export type BankRow = BankAccountPair;

export interface IncidentForm {
  nicknames: string[];
  industries: string[];
  scamTypes: string[];
  companiesUsed: string[];
  companyAddresses: string[];
  websites: string[];
  emails: string[];
  phones: string[];
  telegrams: string[];
  walletAddresses: string[];
  banks: BankRow[];
  ipAddresses: string[];
  /** free text, as typed (product.md#validation: a decimal keyboard hint, checked by the shared amount rule) */
  amount: string;
  currency: string;
}

export function profileForm(profile: LocalProfile): ProfileForm {
  return {
    name: profile.name,
    bio: profile.bio,
    gender: isGender(profile.gender) ? profile.gender : 'Not Specified',
    nationality: profile.nationality,
    languages: [...profile.languages],
    location: profile.location,
  };
}

/** An amount as a person would type it: no grouping, no exponent, up to 8 decimals. */
export function amountText(amount: number | null): string {
  if (amount == null) return '';
  return amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: AMOUNT_MAX_FRACTION_DIGITS });
}

export function incidentForm(incident: LocalIncident): IncidentForm {
  // bank names the incident lists without an account become rows of their own
  const paired = new Set(incident.bank_accounts.map((b) => b.bank_name));
  const banks: BankRow[] = [
    ...incident.bank_accounts.map((b) => ({ ...b })),
    ...incident.bank_names.filter((name) => name && !paired.has(name)).map((bank_name) => ({ bank_name, account: '' })),
  ];
  return {
    nicknames: [...incident.nicknames],
    industries: [...incident.industries],
    scamTypes: [...incident.types],
    companiesUsed: [...incident.companies],
    companyAddresses: [...incident.company_addresses],
    websites: [...incident.websites],
    emails: [...incident.emails],
    phones: [...incident.phones],
    telegrams: [...incident.telegrams],
    walletAddresses: [...incident.wallet_addresses],
    banks,
    ipAddresses: [...incident.ip_addresses],
    amount: amountText(incident.amount),
    currency: normalizeCurrency(incident.currency),
  };
}

/** product.md#entities/product.md#validation: rows paired by position, pairs with both sides empty dropped. */
export function bankPairs(rows: readonly BankRow[]): BankAccountPair[] {
  return pairBankAccounts(rows.map((r) => r.bank_name), rows.map((r) => r.account));
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** The profile fields that differ from where the form started; texts compared trimmed. */
export function profileChanges(initial: ProfileForm, current: ProfileForm): ProfileChange {
  const changes: ProfileChange = {};
  for (const field of ['name', 'bio', 'nationality', 'location'] as const) {
    if (current[field].trim() !== initial[field].trim()) changes[field] = current[field].trim();
  }
  if (current.gender !== initial.gender) changes.gender = current.gender;
  if (!sameList(current.languages, initial.languages)) changes.languages = [...current.languages];
  return changes;
}

const LIST_FIELDS = [
  'nicknames', 'industries', 'scamTypes', 'companiesUsed', 'companyAddresses', 'websites', 'emails', 'phones',
  'telegrams', 'walletAddresses', 'ipAddresses',
] as const satisfies readonly (keyof IncidentForm & keyof IncidentChange)[];

export type IncidentFieldProblem = { field: 'amount'; message: string };

/**
 * The incident fields that differ from where the form started. An empty amount or currency
 * leaves the incident's as it is (an incident keeps a lost amount: product.md#validation requires one).
 */
export function incidentChanges(
  initial: IncidentForm, current: IncidentForm,
): { set: IncidentChange } | { problem: IncidentFieldProblem } {
  const set: IncidentChange = {};
  for (const field of LIST_FIELDS) {
    if (!sameList(current[field], initial[field])) set[field] = [...current[field]];
  }
  const pairs = bankPairs(current.banks);
  if (!sameList(pairs, bankPairs(initial.banks))) set.bankAccounts = pairs;

  if (current.amount.trim()) {
    const amount = parseAmount(current.amount); // product.md#validation: sent as a number
    if (amount === null) return { problem: { field: 'amount', message: `Amount ${AMOUNT_RULE_MESSAGE}.` } };
    if (amount !== parseAmount(initial.amount)) set.amount = amount;
  }
  if (current.currency.trim()) {
    const currency = normalizeCurrency(current.currency); // product.md#validation: upper case
    if (currency !== normalizeCurrency(initial.currency)) set.currency = currency;
  }
  return { set };
}

/** A positive whole number, or null: product.md#validation ("a missing or non-numeric target id"). */
export function targetId(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

export interface EditRequestDraft {
  profileId: unknown;
  /** the chosen incident (target mode 'scam_update'), when the profile has one */
  incidentId: unknown;
  initialProfile: ProfileForm;
  profile: ProfileForm;
  initialIncident: IncidentForm | null;
  incident: IncidentForm | null;
  year?: number;
}

export type EditRequestBuild =
  | { ok: true; request: EditRequestSubmitInput; profileId: number }
  | { ok: false; message: string; field?: 'amount' };

/**
 * The request the dialog queues, checked with the shared schema (the one the server applies),
 * or what stops it: a missing target id, an amount that breaks the rule, nothing changed.
 */
export function buildEditRequest(draft: EditRequestDraft): EditRequestBuild {
  const profileId = targetId(draft.profileId);
  if (profileId === null) return { ok: false, message: MISSING_TARGET_ID };

  const developer = profileChanges(draft.initialProfile, draft.profile);
  let scam: { id: number; set: IncidentChange } | null = null;
  let scamId: number | null = null;
  if (draft.incident && draft.initialIncident) {
    const result = incidentChanges(draft.initialIncident, draft.incident);
    if ('problem' in result) return { ok: false, message: result.problem.message, field: result.problem.field };
    const changed = Object.keys(result.set).length > 0;
    scamId = targetId(draft.incidentId);
    if (changed && scamId === null) return { ok: false, message: MISSING_TARGET_ID };
    if (changed) scam = { id: scamId!, set: result.set };
  }
  const profileChanged = Object.keys(developer).length > 0;
  if (!profileChanged && !scam) return { ok: false, message: NOTHING_CHANGED };

  const request: EditRequestSubmitInput = {
    developer: profileId,
    full_name: EDIT_REQUEST_FULL_NAME,
    contact_information: EDIT_REQUEST_CONTACT,
    case_id: editRequestCaseId(profileId, draft.year),
    scam: scamId,
    proposed_changes: {
      ...(profileChanged ? { developer } : {}),
      ...(scam ? { append: { scam_updates: [scam] } } : {}),
    },
    target_type: profileChanged && scam ? 'both' : scam ? 'scam' : 'developer',
  };
  const checked = editRequestSubmitSchema.safeParse(request);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { ok: false, message: `Please check ${describePath(issue.path)}: ${issue.message}.` };
  }
  return { ok: true, request, profileId };
}

const FIELD_LABELS: Record<string, string> = {
  name: 'the name', bio: 'the bio', gender: 'the gender', nationality: 'the nationality', languages: 'the languages',
  location: 'the location', nicknames: 'the nicknames', industries: 'the industries', scamTypes: 'the scam types',
  companiesUsed: 'the companies used', companyAddresses: 'the company addresses', websites: 'the websites',
  emails: 'the emails', phones: 'the phone numbers', telegrams: 'the Telegram handles',
  walletAddresses: 'the wallet addresses', bankAccounts: 'the bank accounts', ipAddresses: 'the IP addresses',
  amount: 'the amount', currency: 'the currency',
};

/** ['proposed_changes', 'append', 'scam_updates', 0, 'set', 'currency'] -> "the currency" */
function describePath(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const label = FIELD_LABELS[String(path[i])];
    if (label) return label;
  }
  return 'the form';
}
