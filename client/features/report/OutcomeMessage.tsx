// The line a report form shows after a submit: a status for sent or saved, an alert (never
// window.alert) for a refusal, with the server's reason as text.
import type { Outcome } from './messages';

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (outcome.tone === 'sent' || outcome.tone === 'queued') {
    return (
      <div role="status" className={`report-outcome report-outcome--${outcome.tone}`}>
        <p className="report-outcome__title">{outcome.title}</p>
        <p>{outcome.detail}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="report-outcome report-outcome--error">
      <p className="report-outcome__title">{outcome.title}</p>
      <p className="report-outcome__reason">{outcome.reason}</p>
      <p>{outcome.detail}</p>
    </div>
  );
}
