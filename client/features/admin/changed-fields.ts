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
  /** issue 18: the value now, shown the same way ('' when empty); absent when the server did not say */
  current?: string;
  /** a list's items: those the proposal adds, and those it drops (absent for single values) */
  diff?: { now: string[]; proposed: string[]; added: string[]; removed: string[] };
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

/** A list's items as shown, one by one. */
function itemsText(name: string, value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const key = name.toLowerCase();
  return value.map((item) => (BANK_ACCOUNT_NAMES.has(key) ? bankAccountText(item) : itemText(item))).filter(Boolean);
}

/**
 * The proposed fields, each with its value now when `current` holds it. Without it an empty
 * proposal is hidden; with it, emptying a field that holds something is a change and shows.
 */
function fieldsOf(set: unknown, current?: unknown): ChangedField[] {
  if (!isObject(set)) return [];
  const now = isObject(current) ? current : null;
  const fields: ChangedField[] = [];
  for (const [name, value] of Object.entries(set)) {
    const shown = valueText(name, value);
    const known = now !== null && name in now;
    const before = known ? valueText(name, now[name]) : '';
    if (!shown && !before) continue;
    const field: ChangedField = { name, label: friendlyLabel(name), value: shown };
    if (known) {
      field.current = before;
      if (Array.isArray(value) || Array.isArray(now[name])) {
        const proposed = itemsText(name, value);
        const existing = itemsText(name, now[name]);
        field.diff = { now: existing, proposed, added: proposed.filter((i) => !existing.includes(i)), removed: existing.filter((i) => !proposed.includes(i)) };
      }
    }
    fields.push(field);
  }
  return fields;
}

/** The current values of the incident with this id, as the server sent them (current_values.scam_updates). */
function currentOfIncident(current: Json, id: number | null): unknown {
  if (id === null) return undefined;
  const match = asArray(current.scam_updates).find((u) => isObject(u) && u.id === id);
  return isObject(match) ? match.set : undefined;
}

/**
 * What an edit request proposes, field by field, with empty values left out; with the server's
 * `current_values` (issue 18), each field also carries its value now.
 */
export function changedFields(proposedChanges: unknown, currentValues?: unknown): ProposedChangesView {
  const changes = isObject(proposedChanges) ? proposedChanges : {};
  const append = isObject(changes.append) ? changes.append : {};
  const current = isObject(currentValues) ? currentValues : {};

  const incidentUpdates: IncidentUpdate[] = [];
  for (const update of asArray(append.scam_updates)) {
    if (!isObject(update)) continue;
    const id = typeof update.id === 'number' && Number.isInteger(update.id) ? update.id : null;
    const fields = fieldsOf(update.set, currentOfIncident(current, id));
    if (!fields.length) continue;
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

  return { profile: fieldsOf(changes.developer, current.developer), incidentUpdates, newIncidents };
}

/** True when there is nothing to show at all. */
export function hasNoChanges(view: ProposedChangesView): boolean {
  return !view.profile.length && !view.incidentUpdates.length && !view.newIncidents.length;
}
