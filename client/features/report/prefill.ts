// "Report it" (issue 16, step 4): a search for a pasted identifier found nothing, and the person
// reports it. The wizard opens with the identifier already in its list field (a wallet in Wallet
// addresses…), as a new scam of the report: the identifiers of a report are its scams' (product.md
// #entities-wizard-scam), and a scam with only an identifier shows as Incomplete until it is
// described. A report already in progress on the device is never changed without asking
// (product.md#states: the wizard is one draft per kind).
import type { IdentifierKind } from '../../../shared/identifiers';
import { FIELD_OF_KIND, type IdentifierListField } from './checks/identifier-fields';
import { emptyScamDraft } from './scam-draft';
import { emptyWizard, wizardHasContent, type WizardState } from './wizard-state';

/** What the app asks the wizard to open with: a new request each time (`id`), of one identifier. */
export interface ReportPrefill {
  id: number;
  /** the kind the search read it as (shared/identifiers), which picks the field */
  identifierKind: IdentifierKind;
  /** as the person typed or pasted it: reported as they received it */
  value: string;
}

/** Where the identifier goes and what the wizard does about it. */
export type PrefillPlan =
  /** nothing to fill in (a case id, a blank value): the wizard opens as it is */
  | { action: 'none' }
  /** the report already holds it: nothing changes; `scam` is its number (from 1) */
  | { action: 'present'; field: IdentifierListField; value: string; scam: number }
  /** no report in progress: a new one starts with it */
  | { action: 'start'; field: IdentifierListField; value: string }
  /** a report in progress: the person is asked before it is added to it */
  | { action: 'ask'; field: IdentifierListField; value: string };

/** Whether the wizard holds a report someone is working on (a scam being edited counts). */
export function reportInProgress(state: WizardState): boolean {
  return wizardHasContent(state) || state.editing !== null;
}

export function planPrefill(state: WizardState, prefill: Pick<ReportPrefill, 'identifierKind' | 'value'>): PrefillPlan {
  const field = FIELD_OF_KIND[prefill.identifierKind];
  const value = prefill.value.trim();
  if (field === null || value === '') return { action: 'none' };
  const at = state.incidents.findIndex((draft) => draft[field].includes(value));
  if (at >= 0) return { action: 'present', field, value, scam: at + 1 };
  return reportInProgress(state) ? { action: 'ask', field, value } : { action: 'start', field, value };
}

/**
 * The report with the identifier as a new scam holding only it: a fresh report (step 1, where the
 * name it needs comes first) when `start`, else the report as it is, on the step it is on.
 * Says which scam (from 1) holds it.
 */
export function withIdentifier(state: WizardState, field: IdentifierListField, value: string, start: boolean): { state: WizardState; scam: number } {
  const base = start ? emptyWizard() : state;
  const draft = { ...emptyScamDraft(), [field]: [value] };
  const incidents = [...base.incidents, draft];
  return { state: { ...base, incidents }, scam: incidents.length };
}
