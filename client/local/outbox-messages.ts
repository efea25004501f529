// What the person is told about an action that waits in the outbox (docs/design.md#messages),
// in one place, so the forms and the pending list say the same thing: offline, it waits for the
// network; the server unreachable or failing, it says so and when the next try is; a refusal is
// the form's own failure text (product.md#errors) with the server's words on a line of their own.
// The texts are ours (docs/product.md#differences, "Messages are not pop-ups").
import { formatTime } from '../ui/format';
import type { SubmitResult, WaitReason } from './outbox';

/** A try less than this far ahead is "in a few seconds" as well as its time. */
const SOON_MS = 60_000;

export const WAITING_TITLE: Record<WaitReason, string> = {
  offline: 'Saved. It will be sent when you are back online.',
  unreachable: 'Saved, but not sent yet: the server could not be reached.',
  server: 'Saved, but not sent yet: the server had a problem.',
  slow: 'Saved. The server is slow to answer; it will keep trying.',
};

/** Where the waiting action is. */
export const WAITING_WHERE = 'It waits on this device, in your pending list, until it is sent.';

/** "We will try again at 6:47 PM." / "We will try again in a few seconds (at 6:42 PM)." */
export function nextTryText(nextAttemptAt: number, now = Date.now()): string {
  const at = formatTime(nextAttemptAt);
  return nextAttemptAt - now < SOON_MS ? `We will try again in a few seconds (at ${at}).` : `We will try again at ${at}.`;
}

export interface WaitingMessage {
  /** the headline: why it waits */
  title: string;
  /** when it is tried again, and where it waits */
  detail: string;
  /** the server's own words about the problem, on a line of their own; null when it said nothing */
  reason: string | null;
}

/** What a form says of an action submitAction left waiting. */
export function waitingMessage(result: Extract<SubmitResult, { outcome: 'queued' }>, now = Date.now()): WaitingMessage {
  const when = result.nextAttemptAt !== null && (result.reason === 'server' || result.reason === 'unreachable')
    ? `${nextTryText(result.nextAttemptAt, now)} ` : '';
  return {
    title: WAITING_TITLE[result.reason],
    detail: `${when}${WAITING_WHERE}`,
    // the network's own failure says nothing the headline does not
    reason: result.reason === 'server' ? result.message : null,
  };
}
