// product.md#entities-pending-scam ("Pending scam") as staff read it from GET /api/admin/scams/pending/ and /api/admin/scams/{id}/.
import { z } from 'zod';
import { BULK_REJECT_MAX, MAX_SHORT_TEXT, QUEUE_PAGE_DEFAULT, QUEUE_PAGE_MAX } from '../constants';
import { bankAccount } from './common';
import { sharedIdentifiersField } from './shared-identifiers';

export const pendingScamSchema = z.object({
  id: z.number().int(),
  verification_status: z.string(),
  reported: z.string(),
  occurred: z.string().nullable(),
  submitter_contact: z.string(),
  submitted_by: z.string(),
  developer: z.number().int().nullable(),
  project: z.number().int().nullable(),
  developer_name: z.string().nullable(),
  project_name: z.string().nullable(),
  description: z.string(),
  amount: z.number().nullable(),
  currency: z.string(),
  avatar: z.string().nullable(),
  types: z.array(z.string()),
  nicknames: z.array(z.string()),
  industries: z.array(z.string()),
  companies: z.array(z.string()),
  company_addresses: z.array(z.string()),
  websites: z.array(z.string()),
  telegrams: z.array(z.string()),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  ip_addresses: z.array(z.string()),
  wallet_addresses: z.array(z.string()),
  bank_names: z.array(z.string()),
  bank_accounts: z.array(bankAccount),
  /** issue 16: what the verified registry and other submissions share with it (shared-identifiers.ts) */
  shared_identifiers: sharedIdentifiersField,
});
export type PendingScam = z.infer<typeof pendingScamSchema>;

/**
 * docs/design.md#moderation: a staff queue's page. The answer stays the documented array
 * (product.md#calls), oldest first, at most `limit` items after the id `after`; the headers
 * `X-Total-Count` (items waiting in all) and `Link: <…>; rel="next"` say what is left.
 */
export const queueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(QUEUE_PAGE_MAX).default(QUEUE_PAGE_DEFAULT),
  after: z.coerce.number().int().min(0).default(0),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** docs/design.md#moderation: staff reject many items of one queue at once, with a reason kept in the audit log. */
export const bulkRejectSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'Select at least one item.')
    .max(BULK_REJECT_MAX, `At most ${BULK_REJECT_MAX} items can be rejected at once.`),
  reason: z.string().trim().max(MAX_SHORT_TEXT, `The reason must be at most ${MAX_SHORT_TEXT} characters.`).optional(),
});
export type BulkReject = z.infer<typeof bulkRejectSchema>;

/** What a bulk rejection did: the items rejected, and those left as they were (already decided, or gone). */
export const bulkRejectAnswerSchema = z.object({
  rejected: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type BulkRejectAnswer = z.infer<typeof bulkRejectAnswerSchema>;
