// The list behind "N pending" (PendingControl), loaded when it is first opened so the first
// screen does not carry it (issue 6: initial JavaScript ≤ 200 KB gzip).
import { useEffect, useId, useRef, useState } from 'react';
import { discard, resend, updateAction, useOutboxEntries } from '../../local';
import { nextTryText } from '../../local/outbox-messages';
import type { OutboxEntry } from '../../local/outbox-types';
import { useStatus } from '../../state/status';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { formatDateTime } from '../../ui/format';
import { ActionEditor } from './ActionEditor';

export interface PendingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function PendingDialog({ open, onOpenChange }: PendingDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Waiting to be sent">
      <PendingList />
    </Modal>
  );
}

function PendingList() {
  const entries = useOutboxEntries();
  if (entries === undefined) return <p className="muted">Loading…</p>;
  if (entries.length === 0) return <p className="pending-intro">Everything has been sent.</p>;
  return (
    <>
      <p className="muted pending-intro">
        Reports made on this device that have not reached the server yet. They are sent by themselves as soon as the
        network and the server allow.
      </p>
      <ul className="outbox-list">
        {entries.map((entry) => (
          <OutboxItem key={entry.id} entry={entry} />
        ))}
      </ul>
    </>
  );
}

/**
 * The badge of an entry (docs/design.md#messages): waiting for the network, the server unreachable
 * or failing (tried again by itself), or refused (the person corrects or discards it).
 */
function badgeText(entry: OutboxEntry): string {
  if (entry.state === 'sending') return 'Sending…';
  if (entry.state === 'rejected') return 'Refused';
  if (entry.failure === 'offline') return 'Waiting for the network';
  if (entry.failure === 'unreachable') return 'Server not reached';
  if (entry.failure === 'server') return 'Server problem';
  return 'Waiting to send';
}

/** What the last try met, and when the next one is, for a pending entry. */
function waitingLines(entry: OutboxEntry, now: number): { why: string; reason: string | null } | null {
  if (entry.state !== 'pending') return null;
  const next = entry.nextAttemptAt > now ? nextTryText(entry.nextAttemptAt, now) : 'We will try again shortly.';
  if (entry.failure === 'offline') return { why: 'It will be sent when you are back online.', reason: null };
  if (entry.failure === 'unreachable') return { why: `The server could not be reached. ${next}`, reason: null };
  if (entry.failure === 'server') return { why: `The server had a problem. ${next}`, reason: entry.lastError };
  // stored before failures were told apart
  if (entry.lastError) return { why: `Last try failed (${entry.lastError}); it will try again.`, reason: null };
  return null;
}

const NOW_TICK_MS = 10_000;

/** The time, again every few seconds, so "we will try again" never names a moment already past. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  const labelId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // a failed Resend, Save or Discard says why where the person is: focus moves to it (issue 19)
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => { if (problem) problemRef.current?.focus(); }, [problem]);
  const rejected = entry.state === 'rejected';
  const online = useStatus((s) => s.online);
  // a try already failed (a bad network): the person may ask for another now, not after the back-off
  const canSendNow = entry.state === 'pending' && entry.attempts > 0 && online;
  const now = useNow();
  const waiting = waitingLines(entry, now);

  async function run(task: () => Promise<unknown>) {
    setProblem(null);
    try {
      await task();
      setEditing(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <li className={`outbox-entry outbox-entry-${entry.state}`} aria-labelledby={labelId}>
      <div className="outbox-entry-head">
        <strong id={labelId}>{entry.label}</strong>
        <span className={`badge badge-${entry.state}${entry.state === 'pending' && entry.failure === 'server' ? ' badge-problem' : ''}`}>
          {badgeText(entry)}
        </span>
      </div>
      <p className="muted outbox-meta">Saved {formatDateTime(entry.createdAt)}</p>
      {rejected && entry.lastError ? (
        <p className="outbox-error">
          <span className="outbox-error-from">The server said:</span> {entry.lastError}
        </p>
      ) : null}
      {waiting ? <p className="muted outbox-meta">{waiting.why}</p> : null}
      {waiting?.reason ? (
        <p className="muted outbox-meta">
          <span className="outbox-error-from">The server said:</span> {waiting.reason}
        </p>
      ) : null}

      {!editing ? (
        <div className="outbox-actions">
          {rejected ? (
            <>
              <button type="button" className="button button--secondary button--small" aria-describedby={labelId} onClick={() => setEditing(true)}>
                Edit
              </button>
              <button type="button" className="button button--small" aria-describedby={labelId} onClick={() => void run(() => resend(entry.id))}>
                Resend
              </button>
            </>
          ) : null}
          {canSendNow ? (
            <button type="button" className="button button--secondary button--small" aria-describedby={labelId} onClick={() => void run(() => resend(entry.id))}>
              Send now
            </button>
          ) : null}
          <button
            type="button"
            className="button button--quiet button--small"
            aria-describedby={labelId}
            // a send in flight may already have reached the server: wait for its answer
            disabled={entry.state === 'sending'}
            onClick={() => setConfirming(true)}
          >
            Discard
          </button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this submission?"
        description={`“${entry.label}” has not reached the server. Discarded, it cannot be brought back.`}
        confirmLabel="Discard"
        cancelLabel="Keep it"
        onConfirm={() => void run(() => discard(entry.id))}
      />

      {editing ? (
        <ActionEditor
          action={entry.action}
          stepsDone={entry.results.length}
          onCancel={() => setEditing(false)}
          onSave={(action) =>
            run(async () => {
              await updateAction(entry.id, action);
              await resend(entry.id);
            })
          }
        />
      ) : null}

      {problem ? (
        <p ref={problemRef} tabIndex={-1} role="alert" className="outbox-error">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
