// One quiet notice at a time (docs/design.md#messages), e.g. that a queued report was delivered.
// A polite live region that empties itself after a few seconds.
import { useEffect } from 'react';
import { getStatus, setStatus, useStatus } from '../../state/status';

export const NOTICE_VISIBLE_MS = 6_000;

export function Notice() {
  const notice = useStatus((s) => s.notice);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      // a newer notice keeps its own time
      if (getStatus().notice === notice) setStatus({ notice: null });
    }, NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div role="status" aria-live="polite" className="toast-slot">
      {notice ? <div className="toast toast-notice">{notice}</div> : null}
    </div>
  );
}
