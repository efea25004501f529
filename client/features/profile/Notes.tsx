// The profile dialogs' messages (docs/design.md#messages): the spec's text on a line of its own,
// what happens next under it, and anything the server said on a line of its own again, so the
// exact texts of product.md#errors are never run together with a server's words. A message takes
// focus when it appears (tabIndex -1), so a screen reader reads it and the view scrolls to it.
import { forwardRef, useEffect, useRef } from 'react';
import { AppLink } from '../../ui/AppLink';
import { SENT_PAGE_PATH } from '../../../shared/contract/receipt';
import { SERVER_SAID, type FailureMessage, type SubmittedMessage } from './messages';

/** After a request left its dialog: sent, saved for later, or saved while the server fails. */
export const SubmittedNote = forwardRef<HTMLDivElement, { message: SubmittedMessage }>(function SubmittedNote({ message }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className={`profile-message profile-message--${message.tone}`}
      role="alert">
      <p className="profile-message__text">{message.text}</p>
      {message.detail ? <p className="profile-message__detail">{message.detail}</p> : null}
      {message.reason ? <p className="profile-message__reason">{SERVER_SAID} {message.reason}</p> : null}
      {/* issue 20: where it can be followed (docs/product.md#screens-sent) */}
      <p className="profile-message__detail">Follow what becomes of it in <AppLink to={SENT_PAGE_PATH}>What I sent</AppLink>.</p>
    </div>
  );
});

/** A dialog's failure, above its buttons; focused whenever it appears or changes. */
export function FailureNote({ failure }: { failure: FailureMessage }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.focus(); }, [failure]);
  return (
    <div ref={ref} tabIndex={-1} className="profile-form__failure dialog-message" role="alert">
      <p className="profile-form__failure-text">{failure.text}</p>
      {failure.reason ? <p className="profile-form__failure-reason">{SERVER_SAID} {failure.reason}</p> : null}
    </div>
  );
}
