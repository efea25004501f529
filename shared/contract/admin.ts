// product.md#entities-pending-scam ("Pending scam") as staff read it from GET /api/admin/scams/pending/ and /api/admin/scams/{id}/.
import { z } from 'zod';
import { BULK_REJECT_MAX, MAX_SHORT_TEXT, QUEUE_PAGE_DEFAULT, QUEUE_PAGE_MAX } from '../constants';
import { storedBankAccount, textInput } from './common';
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
  bank_accounts: z.array(storedBankAccount),
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

/**
 * issue 18 (decision 028): the kinds of submission a staff queue holds, as the panel's count chips
 * name them; `?kind=` narrows a queue to one of its own kinds.
 */
export const QUEUE_KINDS = {
  developers: ['new-scammer', 'new-case'],
  projects: ['new-project'],
  pendingScams: ['new-scammer-scam', 'new-project-scam'],
  editRequests: ['edit-scammer', 'edit-scam', 'edit-scammer-scam'],
  removalRequests: ['remove-scammer', 'remove-project', 'remove-scam'],
} as const;
export type QueueName = keyof typeof QUEUE_KINDS;
export type QueueKind = (typeof QUEUE_KINDS)[QueueName][number];
export const ALL_QUEUE_KINDS = Object.values(QUEUE_KINDS).flat() as QueueKind[];
export const queueOfKind = (kind: QueueKind): QueueName =>
  (Object.keys(QUEUE_KINDS) as QueueName[]).find((name) => (QUEUE_KINDS[name] as readonly string[]).includes(kind))!;

/** A moment as ISO 8601: a day (`2026-11-25`, from its UTC midnight) or a date and time with its offset. */
const moment = (name: string) => z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: `${name} must be a date (2026-11-25) or a date and time (2026-11-25T08:00:00Z)`,
}).transform((text) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text).toISOString());

/** Submitted from `since` (inclusive) to `until` (exclusive); `since` must come first. */
export const queueDatesSchema = z.object({
  since: moment('since').optional(),
  until: moment('until').optional(),
});
const datesInOrder = (q: { since?: string | undefined; until?: string | undefined }) => !q.since || !q.until || q.since < q.until;
const DATES_ORDER = { message: 'since must be before until', path: ['until'] };

/** A queue's page query narrowed to its own kinds and a date range (the panel's filters). */
export function queueQueryFor<N extends QueueName>(name: N) {
  const kinds = QUEUE_KINDS[name] as readonly string[] as [QueueKind, ...QueueKind[]];
  return queueQuerySchema.extend({
    kind: z.enum(kinds, { error: `kind must be one of ${kinds.join(', ')} in this queue` }).optional(),
    ...queueDatesSchema.shape,
  }).refine(datesInOrder, DATES_ORDER);
}
export type QueueQuery = z.infer<typeof queueQuerySchema> & QueueFilter;
export interface QueueFilter { kind?: QueueKind | undefined; since?: string | undefined; until?: string | undefined }

/** GET /api/admin/queue-counts/: the count chips, for the same date range as the list. */
export const queueCountsQuerySchema = queueDatesSchema.refine(datesInOrder, DATES_ORDER);
export const queueCountsSchema = z.object({
  total: z.number().int(),
  kinds: z.record(z.enum(ALL_QUEUE_KINDS as [QueueKind, ...QueueKind[]]), z.number().int()),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** docs/design.md#moderation: staff reject many items of one queue at once, with a reason kept in the audit log. */
export const bulkRejectSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'Select at least one item.')
    .max(BULK_REJECT_MAX, `At most ${BULK_REJECT_MAX} items can be rejected at once.`),
  reason: textInput().trim().max(MAX_SHORT_TEXT, `The reason must be at most ${MAX_SHORT_TEXT} characters.`).optional(),
});
export type BulkReject = z.infer<typeof bulkRejectSchema>;

/** What a bulk rejection did: the items rejected, and those left as they were (already decided, or gone). */
export const bulkRejectAnswerSchema = z.object({
  rejected: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type BulkRejectAnswer = z.infer<typeof bulkRejectAnswerSchema>;
