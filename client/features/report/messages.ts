// What the report forms say after a submit (docs/design.md#messages; product.md#errors).
import type { SubmitResult } from '../../local';

export const REPORT_MESSAGES = {
  sent: 'Submitted',
  sentDetail: 'Staff review every report before it appears in the registry.',
  queued: 'Saved. It will be sent when you are back online.',
  queuedDetail: 'It waits on this device, in your pending list, until then.',
  /** product.md#errors ("Scam submit failure: … alert 'Failed to submit scam.'") */
  scamFailed: 'Failed to submit scam.',
  reportFailed: 'Failed to submit the report.',
  rejectedHint: 'It is kept in your pending list, where you can correct it and send it again.',
  notSaved: 'It could not be saved on this device, so nothing was sent. What you entered is still here.',
} as const;

export type Outcome =
  | { tone: 'sent'; title: string; detail: string }
  | { tone: 'queued'; title: string; detail: string }
  | { tone: 'rejected'; title: string; detail: string; reason: string }
  | { tone: 'failed'; title: string; detail: string; reason: string };

/** The line to show for what submitAction answered. */
export function outcomeOf(result: SubmitResult, failedTitle: string): Outcome {
  if (result.outcome === 'sent') return { tone: 'sent', title: REPORT_MESSAGES.sent, detail: REPORT_MESSAGES.sentDetail };
  if (result.outcome === 'queued') return { tone: 'queued', title: REPORT_MESSAGES.queued, detail: REPORT_MESSAGES.queuedDetail };
  return {
    tone: 'rejected', title: failedTitle, detail: REPORT_MESSAGES.rejectedHint,
    reason: result.message || result.entry.lastError || 'The server gave no reason.',
  };
}

/** submitAction threw: the action is not even in the outbox (IndexedDB trouble). */
export function notSavedOutcome(error: unknown, failedTitle: string): Outcome {
  return { tone: 'failed', title: failedTitle, detail: REPORT_MESSAGES.notSaved, reason: error instanceof Error ? error.message : String(error) };
}
