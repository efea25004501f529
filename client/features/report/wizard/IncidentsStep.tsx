// Step 3: the incidents reported with the profile (the screen calls them scams), held as drafts
// that can be edited or removed until the report is submitted (product.md#screens), then the report's summary.
import { useId, type RefObject } from 'react';
import type { ProfileKind } from '../../../../shared/contract/common';
import { formatAmount, parseAmount } from '../../../../shared/domain/amount';
import { normalizeCurrency } from '../../../../shared/domain/currency';
import type { ScamDraft } from '../scam-draft';
import type { WizardState } from '../wizard-state';
import { ReportSummary } from './ReportSummary';

export interface IncidentsStepProps {
  kind: ProfileKind;
  state: WizardState;
  /** what stops the submit, one line per incident */
  problems: string[];
  alertRef: RefObject<HTMLDivElement | null>;
  onAdd(): void;
  onEdit(index: number): void;
  onRemove(index: number): void;
}

export function IncidentsStep({ kind, state, problems, alertRef, onAdd, onEdit, onRemove }: IncidentsStepProps) {
  const listId = useId();
  const { incidents } = state;
  const who = kind === 'developer' ? 'this person' : 'this project';
  return (
    <div className="report-form">
      <section aria-labelledby={listId} className="wizard__scams">
        <h4 id={listId} className="wizard__subheading">Scams ({incidents.length})</h4>
        {incidents.length === 0 ? (
          <p className="muted">No scams added yet. Add each scam by {who} you know of: staff verify reports by their scams.</p>
        ) : (
          <ul className="wizard__scam-list">
            {incidents.map((draft, i) => (
              <IncidentCard key={i} index={i} draft={draft} onEdit={() => onEdit(i)} onRemove={() => onRemove(i)} />
            ))}
          </ul>
        )}
        <button type="button" className="button button--secondary" onClick={onAdd}>Add a scam</button>
        {problems.length ? (
          <div ref={alertRef} tabIndex={-1} role="alert" className="report-outcome report-outcome--error">
            <p className="report-outcome__title">Some scams need a fix before the report can be sent.</p>
            <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
          </div>
        ) : null}
      </section>

      <ReportSummary kind={kind} profile={state.profile} incidents={incidents} />
    </div>
  );
}

function IncidentCard({ index, draft, onEdit, onRemove }: { index: number; draft: ScamDraft; onEdit(): void; onRemove(): void }) {
  const amount = parseAmount(draft.lostAmount);
  const incomplete = !draft.description.trim() || amount === null;
  const label = `Scam ${index + 1}`;
  return (
    <li className="wizard__scam">
      <div className="wizard__scam-head">
        <strong>{label}</strong>
        {incomplete ? <span className="wizard__badge">Incomplete</span> : null}
      </div>
      <p className="wizard__scam-text">{draft.description.trim() || 'No description yet.'}</p>
      <p className="wizard__scam-meta">
        {amount !== null ? `${formatAmount(amount)} ${normalizeCurrency(draft.currency)}` : 'No valid lost amount yet'}
        {draft.scamDate ? ` · ${draft.scamDate}` : ''}
        {draft.scamTypes.length ? ` · ${draft.scamTypes.join(', ')}` : ''}
      </p>
      <div className="wizard__scam-actions">
        <button type="button" className="button button--secondary" onClick={onEdit} aria-label={`Edit ${label}`}>Edit</button>
        <button type="button" className="button button--secondary" onClick={onRemove} aria-label={`Remove ${label}`}>Remove</button>
      </div>
    </li>
  );
}
