// One pending item on the panel (product.md#screens): kind badge, target name, 'Submitted {date} by
// {submitter}', status badge and View Details.
import { useId } from 'react';
import { statusBadgeLabel } from '../../../shared/domain/status';
import { plural } from '../../ui/format';
import { sharedOf, type AdminCard } from './cards';
import { formatAdminDate, formatScamAmount } from './format';

/** product.md#screens: "Submitted {date} by {submitter}". */
export function submittedLine(card: Pick<AdminCard, 'submittedAt' | 'submitter'>): string {
  return `Submitted ${formatAdminDate(card.submittedAt) ?? 'on an unknown date'} by ${card.submitter}`;
}

/** A CSS modifier per family of kinds, so new, scam, edit and removal cards read apart at a glance. */
export function kindTone(kind: string | null): 'new' | 'scam' | 'edit' | 'remove' | 'other' {
  if (!kind) return 'other';
  if (kind.startsWith('Remove')) return 'remove';
  if (kind.startsWith('Edit')) return 'edit';
  if (kind.endsWith('Scam')) return 'scam';
  return 'new';
}

export interface RequestCardProps {
  card: AdminCard;
  onViewDetails(card: AdminCard): void;
  /** docs/design.md#moderation: picked for a bulk rejection */
  selected?: boolean;
  onSelect?(card: AdminCard, selected: boolean): void;
}

export function RequestCard({ card, onViewDetails, selected = false, onSelect }: RequestCardProps) {
  const nameId = useId();
  const status = statusBadgeLabel(card.status);
  const { shared } = sharedOf(card);
  return (
    <article className="admin-card">
      <div className="admin-card__badges">
        <span className={`admin-kind admin-kind--${kindTone(card.kind)}`}>{card.kind ?? 'Request'}</span>
        <span className="admin-card__end">
          <span className={`admin-status admin-status--${status.toLowerCase()}`}>{status}</span>
          {onSelect && card.id !== null ? (
            <label className="admin-card__select">
              <input type="checkbox" checked={selected} onChange={(e) => onSelect(card, e.currentTarget.checked)} />
              <span className="visually-hidden">Select {card.kind ?? 'request'} {card.name}</span>
            </label>
          ) : null}
        </span>
      </div>
      <h3 className="admin-card__name" id={nameId}>{card.name}</h3>
      <p className="admin-card__meta">{submittedLine(card)}</p>
      {/* issue 18: a scam card says how much, so a moderator can triage without opening it */}
      {card.type === 'scam' && card.scam.amount !== null ? (
        <p className="admin-card__meta">Lost {formatScamAmount(card.scam.amount, card.scam.currency)}</p>
      ) : null}
      {shared?.length ? <p className="admin-card__shared">{plural(shared.length, 'shared identifier', 'shared identifiers')}</p> : null}
      <button
        type="button"
        className="button button--secondary button--small admin-card__button"
        aria-describedby={nameId}
        onClick={() => onViewDetails(card)}
      >
        View Details
      </button>
    </article>
  );
}
