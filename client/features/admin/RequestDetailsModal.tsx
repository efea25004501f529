// product.md#screens-admin ("Admin panel"): View Details opens this modal (about 4xl wide), titled with the kind and
// ID, with the item's read-only details and its two decisions. The decision is sent from here;
// the panel hears of success (to reload and close) or of an ended session (to sign in again).
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { statusBadgeLabel } from '../../../shared/domain/status';
import { newIdempotencyKey, postModeration, postRejectWithReason } from './admin-api';
import { actionsFor, MISSING_TARGET_ID, type ModerationAction } from './actions';
import { sharedOf, type AdminCard } from './cards';
import { CardDetails } from './details';
import { Section } from './Fields';
import { formatScamAmount } from './format';
import { submittedLine } from './RequestCard';
import { SharedIdentifiers } from './SharedIdentifiers';
import { ReasonField } from './ReasonField';
import './admin.css';

export interface RequestDetailsModalProps {
  /** the card whose details show; nothing renders without one */
  card: AdminCard | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** the server accepted a decision on `card` */
  onModerated(card: AdminCard, action: ModerationAction): void;
  /** a decision was answered 401: the session ended since the guard passed */
  onSessionExpired(): void;
  /** whether the panel lists the card with this key, which the modal can then show instead */
  canOpenCard?(key: string): boolean;
  /** show the card with this key (a submission that shares identifiers with this one) */
  onOpenCard?(key: string): void;
  /** a new profile's own reports awaiting review, listed in its modal (issue 18) */
  related?: readonly AdminCard[];
}

/** product.md#screens: "{kind} #{id}", or 'Request Details' when the kind is not known. */
export function modalTitle(card: Pick<AdminCard, 'kind' | 'id'> | null): string {
  if (!card?.kind) return 'Request Details';
  return card.id == null ? card.kind : `${card.kind} #${card.id}`;
}

interface Failure {
  /** product.md#errors's exact text */
  text: string;
  /** what the server said, when it said something */
  detail: string | null;
}

export function RequestDetailsModal({
  card, open, onOpenChange, onModerated, onSessionExpired, canOpenCard, onOpenCard, related = [],
}: RequestDetailsModalProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState<ModerationAction | null>(null);
  // issue 18: a refusal may carry a reason for the audit log
  const [reason, setReason] = useState('');
  // one key per decision on a card: pressing again after a lost answer is replayed, not redone
  const keys = useRef(new Map<string, string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);

  // a different card starts clean
  const cardKey = card?.key ?? null;
  const [shownKey, setShownKey] = useState(cardKey);
  if (shownKey !== cardKey) {
    setShownKey(cardKey);
    setFailure(null);
    setConfirming(null);
    setBusy(null);
    setReason('');
  }

  if (!card) return null;
  const actions = actionsFor(card);
  const { shared, ownProfileId } = sharedOf(card);

  async function decide(action: ModerationAction, why = '') {
    if (!card) return;
    setFailure(null);
    if (action.path === null) {
      setFailure({ text: MISSING_TARGET_ID, detail: null });
      return;
    }
    const withReason = action.role === 'refuse' && why.trim() !== '';
    const keyOf = `${card.key} ${action.path}${withReason ? ` ${why.trim()}` : ''}`;
    let key = keys.current.get(keyOf);
    if (!key) {
      key = newIdempotencyKey(`${card.type}-${card.id}`);
      keys.current.set(keyOf, key);
    }
    setBusy(action.label);
    const outcome = withReason ? await postRejectWithReason(card, why, key) : await postModeration(action.path, key);
    if (!mounted.current) return;
    setBusy(null);
    if (outcome.ok) {
      onModerated(card, action);
    } else if (outcome.sessionExpired) {
      onSessionExpired();
    } else if (outcome.status === 0) {
      setFailure({
        text: `${action.failurePrefix}: the server did not answer.`,
        detail: 'Check your connection, then try again; a repeated press is safe.',
      });
    } else {
      setFailure({ text: action.failure(outcome.status), detail: outcome.reason });
    }
  }

  function press(action: ModerationAction) {
    if (action.confirm && action.path !== null) setConfirming(action);
    else void decide(action);
  }

  const buttonClass = (action: ModerationAction) =>
    action.danger ? 'button button--danger' : action.role === 'refuse' ? 'button button--secondary' : 'button';

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={modalTitle(card)}
        description={submittedLine(card)}
        size="4xl"
        footer={
          <div className="admin-modal-footer">
            {failure ? (
              <div className="admin-failure">
                <p role="alert" className="admin-failure__text">{failure.text}</p>
                {failure.detail ? <p className="admin-failure__detail">{failure.detail}</p> : null}
              </div>
            ) : null}
            <p className="admin-modal-footer__status" role="status">{busy ? `${busy}: sending…` : ''}</p>
            <div className="admin-modal-footer__buttons">
              {actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className={buttonClass(action)}
                  disabled={busy !== null}
                  aria-busy={busy === action.label || undefined}
                  onClick={() => press(action)}
                >
                  {action.label}
                </button>
              ))}
            </div>
          </div>
        }
      >
        <div className="admin-details">
          <p className="admin-details__status">
            Status <span className={`admin-status admin-status--${statusBadgeLabel(card.status).toLowerCase()}`}>{statusBadgeLabel(card.status)}</span>
          </p>
          <CardDetails card={card} />
          {card.type === 'developer' || card.type === 'project' ? <OwnReports reports={related} open={onOpenCard} /> : null}
          {shared ? <SharedIdentifiers shared={shared} ownProfileId={ownProfileId} canOpen={canOpenCard} open={onOpenCard} /> : null}
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => { if (!next) setConfirming(null); }}
        title={confirming?.confirm?.title ?? ''}
        description={confirming?.confirm?.description ?? ''}
        confirmLabel={confirming?.confirm?.confirmLabel ?? ''}
        cancelLabel="Go back"
        onConfirm={() => {
          const action = confirming;
          setConfirming(null);
          if (action) void decide(action, reason);
        }}
      >
        {confirming?.role === 'refuse' ? <ReasonField value={reason} onChange={setReason} /> : null}
      </ConfirmDialog>
    </>
  );
}

/**
 * issue 18: a new profile is published before its evidence is seen unless its modal says what it
 * comes with: its own reports awaiting review, each opened in turn.
 */
function OwnReports({ reports, open }: { reports: readonly AdminCard[]; open?: ((key: string) => void) | undefined }) {
  return (
    <Section title="Its reports awaiting review">
      {reports.length ? (
        <ul className="admin-own-reports">
          {reports.map((report) => (
            <li key={report.key}>
              {open ? (
                <button type="button" className="admin-shared__open" onClick={() => open(report.key)}>{modalTitle(report)}</button>
              ) : <span>{modalTitle(report)}</span>}
              {report.type === 'scam' && report.scam.amount !== null
                ? <span className="admin-shared__meta"> · Lost {formatScamAmount(report.scam.amount, report.scam.currency)}</span> : null}
            </li>
          ))}
        </ul>
      ) : <p className="admin-text">No report of its own is waiting: it was sent without one.</p>}
    </Section>
  );
}
