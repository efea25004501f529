// The line a report form shows after a submit: a status for sent or saved, an alert (never
// window.alert) for a server problem or a refusal, the spec's text on its own line and the
// server's reason as text on another. It takes focus when it appears (issue 19): the form it
// replaces may have been scrolled far down, and a screen reader reads what has focus.
import { useLayoutEffect, useRef } from 'react';
import { AppLink } from '../../ui/AppLink';
import { SENT_PAGE_PATH } from '../../../shared/contract/receipt';
import { SERVER_SAID, type Outcome } from './messages';

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const ref = useRef<HTMLDivElement>(null);
  // in the commit that shows it: the dialog's focus trap moves focus to itself when the button
  // that had it goes, and only finds the document's body focused in between if this waits
  useLayoutEffect(() => { ref.current?.focus(); }, [outcome]);

  if (outcome.tone === 'sent' || outcome.tone === 'queued') {
    return (
      <div ref={ref} tabIndex={-1} role="status" className={`report-outcome report-outcome--${outcome.tone}`}>
        <p className="report-outcome__title">{outcome.title}</p>
        <p>{outcome.detail}</p>
        <FollowInSent />
      </div>
    );
  }
  const reason = outcome.reason;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={`report-outcome report-outcome--${outcome.tone === 'problem' ? 'problem' : 'error'}`}>
      <p className="report-outcome__title">{outcome.title}</p>
      {outcome.tone === 'problem' ? <p>{outcome.detail}</p> : null}
      {reason ? <p className="report-outcome__reason">{outcome.tone === 'failed' ? reason : `${SERVER_SAID} ${reason}`}</p> : null}
      {outcome.tone === 'problem' ? null : <p>{outcome.detail}</p>}
      {outcome.tone === 'problem' ? <FollowInSent /> : null}
    </div>
  );
}

/** Where a sent or saved submission can be followed (issue 20, docs/product.md#screens-sent). */
export function FollowInSent() {
  return <p className="report-outcome__follow">Follow what becomes of it in <AppLink to={SENT_PAGE_PATH}>What I sent</AppLink>.</p>;
}
