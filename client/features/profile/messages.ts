// What the person is told after a request left a dialog (DESIGN.md "Messages"): sent at once and
// accepted -> the spec's success text (or 'Submitted'); no network -> saved for later.
export interface SubmittedMessage {
  tone: 'success' | 'queued';
  /** the exact text (spec §8, DESIGN.md) */
  text: string;
  /** a second sentence, where the spec gives no text of its own */
  detail?: string;
}

export const QUEUED_MESSAGE: SubmittedMessage = { tone: 'queued', text: 'Saved. It will be sent when you are back online.' };

export const SUBMITTED_MESSAGE = {
  edit: { tone: 'success', text: 'Edit request submitted successfully!' }, // spec §8
  // the spec has no success text for removals: DESIGN.md's 'Submitted', and what happens next
  removal: { tone: 'success', text: 'Submitted', detail: 'Staff will review the removal request.' },
} as const satisfies Record<string, SubmittedMessage>;
