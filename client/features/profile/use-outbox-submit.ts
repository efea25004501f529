// How the edit and removal dialogs send a request: through the outbox (docs/design.md#outbox), so it
// can be made offline. A request the server refused while the dialog stayed open is dropped from
// the outbox when the person sends the corrected one, so the pending list never holds both; once
// the dialog is reset, the refused one stays in that list for the person to see.
import { useRef, useState } from 'react';
import { discard, submitAction, type OutboxAction, type RegistryDb } from '../../local';
import { waitingSubmitted, type FailureMessage, type SubmittedMessage } from './messages';

export interface OutboxSubmit {
  submitting: boolean;
  /**
   * Sends the action: the message to tell the person once it was sent (`sent`) or saved for a
   * later try (offline, or the server failed), or null when it was refused or could not be saved
   * (said to onFailure: the dialog's failure text, the reason apart).
   */
  send(action: OutboxAction, sent: SubmittedMessage): Promise<SubmittedMessage | null>;
  /** The dialog was reset: a refused request is no longer this dialog's to replace. */
  forgetRefused(): void;
}

export function useOutboxSubmit(db: RegistryDb, failedText: string, onFailure: (failure: FailureMessage) => void): OutboxSubmit {
  const [submitting, setSubmitting] = useState(false);
  const refusedEntry = useRef<string | null>(null);

  async function send(action: OutboxAction, sent: SubmittedMessage): Promise<SubmittedMessage | null> {
    setSubmitting(true);
    try {
      if (refusedEntry.current) await discard(refusedEntry.current, db).catch(() => undefined);
      refusedEntry.current = null;
      const result = await submitAction(action, { db });
      if (result.outcome === 'rejected') {
        refusedEntry.current = result.entry.id;
        onFailure(result.message ? { text: failedText, reason: result.message } : { text: failedText });
        return null;
      }
      return result.outcome === 'sent' ? sent : waitingSubmitted(result);
    } catch (error) {
      // the outbox itself could not store it (IndexedDB trouble): nothing was saved
      onFailure({ text: failedText, reason: error instanceof Error ? error.message : String(error) });
      return null;
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, send, forgetRefused: () => { refusedEntry.current = null; } };
}
