// "N pending" in the header: what this device still has to send (docs/design.md#outbox). It opens
// a list of every waiting and rejected submission with what the server said, and lets the
// person resend, edit or discard each; nothing is ever dropped without them asking.
import { lazy, Suspense, useState } from 'react';
import { useStatus } from '../../state/status';
import { formatCount } from '../../ui/format';

const PendingDialog = lazy(() => import('./PendingDialog').then((m) => ({ default: m.PendingDialog })));

export function PendingControl() {
  const pending = useStatus((s) => s.pendingCount);
  const rejected = useStatus((s) => s.rejectedCount);
  const [open, setOpen] = useState(false);

  // hidden when nothing waits, but kept while the list is open so it can be closed calmly
  if (pending + rejected === 0 && !open) return null;

  return (
    <>
      <button
        type="button"
        className={rejected > 0 ? 'header-pill pending-button pending-button-attention' : 'header-pill pending-button'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {pendingLabel(pending, rejected)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PendingDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** "2 pending", "1 needs attention", "2 pending · 1 needs attention" */
export function pendingLabel(pending: number, rejected: number): string {
  const parts: string[] = [];
  if (pending > 0 || rejected === 0) parts.push(`${formatCount(pending)} pending`);
  if (rejected > 0) parts.push(`${formatCount(rejected)} ${rejected === 1 ? 'needs' : 'need'} attention`);
  return parts.join(' · ');
}
