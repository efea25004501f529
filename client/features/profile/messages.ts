// What the person is told after a request left a dialog (docs/design.md#messages): sent at once and
// accepted -> the spec's success text (or 'Submitted'); no network -> saved for later.
export interface SubmittedMessage {
  tone: 'success' | 'queued';
  /** the exact text (product.md#errors, docs/design.md) */
  text: string;
  /** a second sentence, where the spec gives no text of its own */
  detail?: string;
}

export const QUEUED_MESSAGE: SubmittedMessage = { tone: 'queued', text: 'Saved. It will be sent when you are back online.' };

export const SUBMITTED_MESSAGE = {
  edit: { tone: 'success', text: 'Edit request submitted successfully!' }, // product.md#errors
  // the spec has no success text for removals: docs/design.md 'Submitted', and what happens next
  removal: { tone: 'success', text: 'Submitted', detail: 'Staff will review the removal request.' },
} as const satisfies Record<string, SubmittedMessage>;
