// product.md#screens-admin ("Admin panel"), edit request: what an edit request would change, ready to read.
// proposed_changes (product.md#entities) may hold developer{...} (profile fields), append.scam_updates
// (changes to existing incidents, each with its id) and append.scam_creates (new incidents).
// The server validated it on the way in, but it reaches the panel as unknown JSON, so every
// step here checks the shape instead of trusting it. Empty values are hidden.
import { formatAmount } from '../../../shared/domain/amount';
import { formatBankAccount, parseBankAccountString } from '../../../shared/domain/bank-accounts';
import { formatAdminDate } from './format';
import { friendlyLabel } from './friendly-label';

export interface ChangedField {
  /** the field name as sent */
  name: string;
  label: string;
  /** the value as shown: lists joined by commas, bank accounts as 'bank: account' */
  value: string;
}

export interface IncidentUpdate {
  /** the incident changed; null when the request did not say */
  id: number | null;
  fields: ChangedField[];
}

export interface ProposedChangesView {
  profile: ChangedField[];
  incidentUpdates: IncidentUpdate[];
  newIncidents: { fields: ChangedField[] }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const BANK_ACCOUNT_NAMES = new Set(['bankaccounts', 'bank_accounts']);
const AMOUNT_NAMES = new Set(['amount', 'lostamount', 'scam_amount']);
const DATE_NAMES = new Set(['occurred', 'incident_date', 'scamdate', 'reported']);

function bankAccountText(entry: unknown): string {
  if (typeof entry === 'string') return formatBankAccount(parseBankAccountString(entry));
  if (isObject(entry)) {
    const bank_name = typeof entry.bank_name === 'string' ? entry.bank_name.trim() : '';
    const account = typeof entry.account === 'string' ? entry.account.trim() : '';
    return formatBankAccount({ bank_name, account });
  }
  return '';
}

function itemText(item: unknown): string {
  if (typeof item === 'string') return item.trim();
  if (typeof item === 'number' && Number.isFinite(item)) return String(item);
  if (typeof item === 'boolean') return item ? 'Yes' : 'No';
  if (isObject(item) && ('bank_name' in item || 'account' in item)) return bankAccountText(item);
  return item == null ? '' : JSON.stringify(item);
}

/** The value as shown, or '' for an empty value (hidden). */
export function valueText(name: string, value: unknown): string {
  const key = name.toLowerCase();
  if (value == null) return '';
  if (Array.isArray(value)) {
    const items = value.map((item) => (BANK_ACCOUNT_NAMES.has(key) ? bankAccountText(item) : itemText(item)));
    return items.filter(Boolean).join(', ');
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return AMOUNT_NAMES.has(key) ? formatAmount(value) : String(value);
  }
  if (typeof value === 'string' && DATE_NAMES.has(key)) return formatAdminDate(value) ?? value.trim();
  return itemText(value);
}

function fieldsOf(set: unknown): ChangedField[] {
  if (!isObject(set)) return [];
  const fields: ChangedField[] = [];
  for (const [name, value] of Object.entries(set)) {
    const shown = valueText(name, value);
    if (shown) fields.push({ name, label: friendlyLabel(name), value: shown });
  }
  return fields;
}

/** What an edit request proposes, field by field, with empty values left out. */
export function changedFields(proposedChanges: unknown): ProposedChangesView {
  const changes = isObject(proposedChanges) ? proposedChanges : {};
  const append = isObject(changes.append) ? changes.append : {};

  const incidentUpdates: IncidentUpdate[] = [];
  for (const update of asArray(append.scam_updates)) {
    if (!isObject(update)) continue;
    const fields = fieldsOf(update.set);
    if (!fields.length) continue;
    const id = typeof update.id === 'number' && Number.isInteger(update.id) ? update.id : null;
    incidentUpdates.push({ id, fields });
  }

  const newIncidents: { fields: ChangedField[] }[] = [];
  for (const draft of asArray(append.scam_creates)) {
    if (!isObject(draft)) continue;
    const description = typeof draft.description === 'string' ? draft.description.trim() : '';
    const fields = [
      ...(description ? [{ name: 'description', label: 'Description', value: description }] : []),
      ...fieldsOf(draft.set),
    ];
    if (fields.length) newIncidents.push({ fields });
  }

  return { profile: fieldsOf(changes.developer), incidentUpdates, newIncidents };
}

/** True when there is nothing to show at all. */
export function hasNoChanges(view: ProposedChangesView): boolean {
  return !view.profile.length && !view.incidentUpdates.length && !view.newIncidents.length;
}
