// What the report forms say after a submit (docs/design.md#messages; product.md#errors). Why a
// saved report waits (offline, or the server unreachable or failing, with the next try) comes from
// client/local/outbox-messages.ts, so the forms and the pending list say the same thing. The spec's
// texts stand alone; the server's words are kept apart (`reason`), on a line of their own.
import { waitingMessage, WAITING_TITLE, type SubmitResult } from '../../local';

export const REPORT_MESSAGES = {
  sent: 'Submitted',
  sentDetail: 'Staff review every report before it appears in the registry.',
  queued: WAITING_TITLE.offline,
  /** product.md#errors ("Scam submit failure: … alert 'Failed to submit scam.'") */
  scamFailed: 'Failed to submit scam.',
  reportFailed: 'Failed to submit the report.',
  rejectedHint: 'It is kept in your pending list, where you can correct it and send it again.',
  notSaved: 'It could not be saved on this device, so nothing was sent. What you entered is still here.',
} as const;

export type Outcome =
  | { tone: 'sent'; title: string; detail: string }
  /** saved: waits for the network, or for a slow server */
  | { tone: 'queued'; title: string; detail: string }
  /** saved while the server failed or could not be reached: it is tried again, at a time said in `detail` */
  | { tone: 'problem'; title: string; detail: string; reason: string | null }
  | { tone: 'rejected'; title: string; detail: string; reason: string }
  | { tone: 'failed'; title: string; detail: string; reason: string };

/** The line to show for what submitAction answered. */
export function outcomeOf(result: SubmitResult, failedTitle: string): Outcome {
  if (result.outcome === 'sent') return { tone: 'sent', title: REPORT_MESSAGES.sent, detail: REPORT_MESSAGES.sentDetail };
  if (result.outcome === 'queued') {
    const waiting = waitingMessage(result);
    return result.reason === 'offline' || result.reason === 'slow'
      ? { tone: 'queued', title: waiting.title, detail: waiting.detail }
      : { tone: 'problem', title: waiting.title, detail: waiting.detail, reason: waiting.reason };
  }
  return {
    tone: 'rejected', title: failedTitle, detail: REPORT_MESSAGES.rejectedHint,
    reason: result.message || result.entry.lastError || 'The server gave no reason.',
  };
}

/** submitAction threw: the action is not even in the outbox (IndexedDB trouble). */
export function notSavedOutcome(error: unknown, failedTitle: string): Outcome {
  return { tone: 'failed', title: failedTitle, detail: REPORT_MESSAGES.notSaved, reason: error instanceof Error ? error.message : String(error) };
}

/** Prefixes the server's words, so they never read as ours. */
export const SERVER_SAID = 'The server said:';
