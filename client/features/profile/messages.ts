// What the person is told after a request left a dialog (docs/design.md#messages): sent at once and
// accepted -> the spec's success text (or 'Submitted'); saved and waiting -> why it waits (offline,
// or the server unreachable or failing, with the next try), from client/local/outbox-messages.ts.
// The spec's texts stand alone; anything the server said goes on a line of its own (`reason`).
import { waitingMessage, type SubmitResult } from '../../local';

export interface SubmittedMessage {
  /** success: accepted; queued: waits for the network; problem: the server failed, it is tried again */
  tone: 'success' | 'queued' | 'problem';
  /** the exact text (product.md#errors, docs/design.md) */
  text: string;
  /** a second sentence, where the spec gives no text of its own */
  detail?: string;
  /** the server's own words, on their own line */
  reason?: string;
}

/** A dialog's failure: the spec's text, exactly, and the server's reason apart from it. */
export interface FailureMessage {
  text: string;
  reason?: string;
}

export const SUBMITTED_MESSAGE = {
  edit: { tone: 'success', text: 'Edit request submitted successfully!' }, // product.md#errors
  // the spec has no success text for removals: docs/design.md 'Submitted', and what happens next
  removal: { tone: 'success', text: 'Submitted', detail: 'Staff will review the removal request.' },
} as const satisfies Record<string, SubmittedMessage>;

/** What to say of a request the outbox keeps for a later try. */
export function waitingSubmitted(result: Extract<SubmitResult, { outcome: 'queued' }>): SubmittedMessage {
  const message = waitingMessage(result);
  return {
    tone: result.reason === 'offline' || result.reason === 'slow' ? 'queued' : 'problem',
    text: message.title,
    detail: message.detail,
    ...(message.reason ? { reason: message.reason } : {}),
  };
}

/** Prefixes the server's words, so they never read as ours. */
export const SERVER_SAID = 'The server said:';
