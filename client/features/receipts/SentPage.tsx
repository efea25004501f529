// /sent, "What I sent" (issue 20; docs/product.md#screens-sent; docs/decisions/027): what this
// device sent and what became of it. Sent submissions come from their receipts (client/local
// sent.ts), those still in the outbox show as waiting to send. Online, the statuses that can still
// change are asked for a few at a time and kept, so offline the list reads as last checked.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  checkSentReceipts, forgetSent, localDb, useOutboxEntries, useSentReceipts,
  type OutboxEntry, type RegistryDb, type SentReceipt,
} from '../../local';
import { getStatus, useStatus } from '../../state/status';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format';
import { RECEIPT_STATUS_TEXT, WAITING_TO_SEND_TEXT } from '../../../shared/contract/receipt';
import './receipts.css';

export const SENT_TEXTS = {
  title: 'What I sent',
  intro: 'Reports, incidents, edit and removal requests sent from this device, and what became of them. The list is kept on this device only.',
  empty: 'Nothing has been sent from this device yet. When you report a scammer or a project, add an incident, or ask for an edit or a removal, it appears here with its reference, and you can follow what becomes of it.',
  loading: 'Loading what you sent…',
  checking: 'Checking the statuses…',
  offline: 'You are offline: the statuses are as last checked',
  neverChecked: 'You are offline: the statuses will be checked once you are back online.',
  failed: 'Some statuses could not be checked. Please try again later.',
  checkNow: 'Check again',
  waitingNoReference: 'It gets a reference once it is sent.',
  unknown: 'The server has no record of this receipt.',
  remove: 'Remove',
  removeName: 'Remove from this device',
  removeTitle: 'Remove it from this device?',
  removeConfirm: 'Remove',
} as const;

/** The words of an outbox entry's state (as the pending list says them). */
function waitingDetail(entry: OutboxEntry, online: boolean): string {
  if (entry.state === 'sending') return 'Sending…';
  if (entry.state === 'rejected') return 'Refused: correct it or discard it in your pending list.';
  // an entry saved offline was never tried, so it has no failure of its own
  if (entry.failure === 'offline' || !online) return 'Waiting for the network.';
  if (entry.failure === 'unreachable') return 'The server could not be reached; it will try again.';
  if (entry.failure === 'server') return 'The server had a problem; it will try again.';
  return 'It will be sent shortly.';
}

/** `failed`: the server failed or could not be reached although the device is online */
type Check = { state: 'idle' } | { state: 'checking' } | { state: 'done'; failed: boolean };

export function SentPage({ db = localDb }: { db?: RegistryDb }) {
  const sent = useSentReceipts(db);
  const waiting = useOutboxEntries(db);
  const online = useStatus((s) => s.online);
  const [check, setCheck] = useState<Check>(() => (getStatus().online ? { state: 'checking' } : { state: 'idle' }));
  const [removing, setRemoving] = useState<SentReceipt | null>(null);

  const checkAgain = async () => {
    setCheck({ state: 'checking' });
    const outcome = await checkSentReceipts(db, { all: true });
    setCheck({ state: 'done', failed: outcome.failed || outcome.offline });
  };

  // on opening, and again when the connection returns: what can still change
  useEffect(() => {
    if (!online) return;
    let current = true;
    void checkSentReceipts(db).then((outcome) => { if (current) setCheck({ state: 'done', failed: outcome.failed || outcome.offline }); });
    return () => { current = false; };
  }, [online, db]);

  if (sent === undefined || waiting === undefined) {
    return <Shell><p role="status">{SENT_TEXTS.loading}</p></Shell>;
  }

  const lastChecked = sent.reduce<number | null>((latest, r) => (r.checkedAt !== null && (latest === null || r.checkedAt > latest) ? r.checkedAt : latest), null);
  const nothing = sent.length === 0 && waiting.length === 0;

  return (
    <Shell>
      {nothing ? <p className="sent__empty">{SENT_TEXTS.empty}</p> : (
        <>
          {sent.length > 0 ? (
            <div className="sent__check" role="status">
              {!online
                ? <span>{lastChecked === null ? SENT_TEXTS.neverChecked : `${SENT_TEXTS.offline} (${formatDateTime(lastChecked)}).`}</span>
                : check.state === 'checking' ? <span>{SENT_TEXTS.checking}</span>
                  : check.state === 'done' && check.failed ? <span>{SENT_TEXTS.failed}</span>
                    : lastChecked !== null ? <span>Checked {formatDateTime(lastChecked)}.</span> : <span />}
              {online ? (
                <button type="button" className="button button--secondary button--small" disabled={check.state === 'checking'} onClick={() => void checkAgain()}>
                  {SENT_TEXTS.checkNow}
                </button>
              ) : null}
            </div>
          ) : null}
          <ul className="sent__list" aria-label={SENT_TEXTS.title}>
            {waiting.map((entry) => (
              <li key={entry.id} className="sent__item">
                <div className="sent__head">
                  <span className="sent__label">{entry.label}</span>
                  <span className={`receipt__status receipt__status--${entry.state === 'rejected' ? 'not_accepted' : 'waiting'}`}>{WAITING_TO_SEND_TEXT}</span>
                </div>
                <p className="sent__meta">{waitingDetail(entry, online)} {SENT_TEXTS.waitingNoReference}</p>
                <p className="sent__meta">Saved {formatDateTime(entry.createdAt)}</p>
              </li>
            ))}
            {sent.map((row) => (
              <li key={row.id} className="sent__item">
                <div className="sent__head">
                  <span className="sent__label">{row.label}</span>
                  <span className={`receipt__status receipt__status--${row.status}`}>{RECEIPT_STATUS_TEXT[row.status]}</span>
                </div>
                <dl className="sent__facts">
                  <div><dt>Reference</dt><dd>{row.reference}</dd></div>
                  <div><dt>Sent</dt><dd>{formatDateTime(row.sentAt)}</dd></div>
                  <div><dt>Last change</dt><dd>{formatDateTime(row.changedAt)}</dd></div>
                </dl>
                {row.unknown ? <p className="sent__meta">{SENT_TEXTS.unknown}</p> : null}
                <div className="sent__actions">
                  <Link to={row.page} className="sent__link" aria-label={`Receipt for ${row.reference}`}>Receipt</Link>
                  <button type="button" className="button button--secondary button--small" aria-label={`${SENT_TEXTS.removeName}: ${row.reference}`} onClick={() => setRemoving(row)}>
                    {SENT_TEXTS.remove}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => { if (!open) setRemoving(null); }}
        title={SENT_TEXTS.removeTitle}
        description={removing ? `${removing.label} (${removing.reference}) leaves this list. Nothing changes on the server: staff still review it, and its receipt link keeps working if you saved it.` : ''}
        confirmLabel={SENT_TEXTS.removeConfirm}
        onConfirm={() => { if (removing) void forgetSent(removing.id, db); setRemoving(null); }}
      />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section className="page sent" aria-labelledby="sent-title">
      <h1 id="sent-title">{SENT_TEXTS.title}</h1>
      <p className="muted">{SENT_TEXTS.intro}</p>
      {children}
    </section>
  );
}
