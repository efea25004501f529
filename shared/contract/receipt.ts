// Issue 20, receipts: every accepted submission (a report, an added incident, an edit or a removal
// request) answers with a reference and a private receipt link (an unguessable token) where the
// person can see what became of it, and when, without its contents (README.md "Receipts").
import { z } from 'zod';
import { createdResponseSchema } from './profile';

/** What a receipt is about: the audit log's target kinds (server/db/audit.ts). */
export const RECEIPT_KINDS = ['developer', 'project', 'incident', 'edit_request', 'removal_request'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * Where a submission stands on the server. (`waiting to send` is the device's: the outbox.)
 * `removed`: it was published and what it concerned has since been removed from the registry.
 */
export const RECEIPT_STATUSES = ['in_review', 'published', 'processed', 'not_accepted', 'removed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** In the answer of every accepted submission, beside its id. */
export const receiptIssuedSchema = z.object({
  reference: z.string(),
  /** the secret: whoever holds it can read the status; kept only as a hash on the server */
  token: z.string(),
  /** GET this (the API) for the status */
  url: z.string(),
  /** the app's page that shows the status: the private receipt link to keep */
  page: z.string(),
});
export type ReceiptIssued = z.infer<typeof receiptIssuedSchema>;

export const receiptSchema = z.object({
  reference: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  status: z.enum(RECEIPT_STATUSES),
  submitted_at: z.string(),
  /** when the status last changed (the submission's time while it is in review) */
  changed_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A receipt token: 32 random bytes in base64url. */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The answer of an accepted submission: its id (and what the call already answered) with its receipt. */
export const createdWithReceiptSchema = createdResponseSchema.extend({ receipt: receiptIssuedSchema });

/** The app's receipt page of a token (docs/product.md#screens-receipt). */
export const receiptPagePath = (token: string) => `/receipts/${encodeURIComponent(token)}`;

/** The words the receipt page shows for each status (docs/product.md#screens-receipt). */
export const RECEIPT_STATUS_TEXT: Record<ReceiptStatus, string> = {
  in_review: 'In review',
  published: 'Published',
  processed: 'Processed',
  not_accepted: 'Not accepted',
  removed: 'Removed',
};

/** What each kind of submission is called on the receipt page. */
export const RECEIPT_KIND_TEXT: Record<ReceiptKind, string> = {
  developer: 'Report of a scammer',
  project: 'Report of a project',
  incident: 'Added incident',
  edit_request: 'Edit request',
  removal_request: 'Removal request',
};

/** The app's "What I sent" page: this device's receipts (docs/product.md#screens-sent). */
export const SENT_PAGE_PATH = '/sent';

/** What "What I sent" says of a submission still in the device's outbox (docs/product.md#screens-sent). */
export const WAITING_TO_SEND_TEXT = 'Waiting to send';
