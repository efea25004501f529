// "What I sent" (issue 20; docs/decisions/027): the receipts of what this device sent, kept after
// the outbox forgets the entry. The outbox writes them in the transaction that deletes the sent
// entry (outbox.ts), so a crash keeps either the entry (sent again: the server replays the same
// answers) or its receipts, never neither. Statuses are read from GET /api/receipts/<token>/ a few
// at a time and kept, so the list reads offline as last checked. The token goes nowhere else.
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiError, apiJson } from '../api/http';
import { createdWithReceiptSchema, receiptSchema, type ReceiptStatus } from '../../shared/contract/receipt';
import { routes } from '../../shared/contract/routes';
import { localDb, type RegistryDb } from './db';
import { describeSentCall } from './outbox-actions';
import type { OutboxAction } from './outbox-types';
import type { SentReceipt } from './sent-types';

/** Receipts read at once: a long list is checked a few at a time, never in one burst. */
export const RECEIPT_CHECKS_AT_ONCE = 3;

/** Statuses that can still change (removed, processed and not accepted are final). */
const OPEN_STATUSES: readonly ReceiptStatus[] = ['in_review', 'published'];

/**
 * The receipts in the answers of an entry's accepted calls. A call answered without one (a server
 * from before receipts) has no row.
 */
export function receiptsOf(entryId: string, action: OutboxAction, results: readonly unknown[], sentAt: number): SentReceipt[] {
  const rows: SentReceipt[] = [];
  results.forEach((answer, index) => {
    const parsed = createdWithReceiptSchema.safeParse(answer);
    if (!parsed.success) return;
    const { reference, token, page } = parsed.data.receipt;
    const { label, kind } = describeSentCall(action, index + 1);
    rows.push({
      id: `${entryId}:${index + 1}`, entryId, label, kind, reference, token, page, sentAt,
      status: 'in_review', changedAt: sentAt, checkedAt: null,
    });
  });
  return rows;
}

/** Every receipt, newest first. */
export async function listSent(db: RegistryDb = localDb): Promise<SentReceipt[]> {
  const rows = await db.sent.orderBy('sentAt').reverse().toArray();
  // one entry's rows in the order they were sent (profile, then its incidents)
  return rows.sort((a, b) => b.sentAt - a.sentAt || (a.entryId === b.entryId ? a.id.localeCompare(b.id, 'en', { numeric: true }) : 0));
}

/** Live list (undefined while loading). The table is one person's: watching it whole is fine. */
export function useSentReceipts(db: RegistryDb = localDb): SentReceipt[] | undefined {
  return useLiveQuery(() => listSent(db), [db]);
}

/** Removes a receipt from this device (the person asked); the submission itself is untouched. */
export async function forgetSent(id: string, db: RegistryDb = localDb): Promise<void> {
  await db.sent.delete(id);
}

export interface CheckOutcome {
  /** receipts the server answered for */
  checked: number;
  /** true when a call found no connection: the rest were not asked */
  offline: boolean;
  /** true when the server failed for some */
  failed: boolean;
}

/**
 * Asks the server for the status of each receipt that can still change (all of them with
 * `all`), RECEIPT_CHECKS_AT_ONCE at a time, and stores each answer as it comes. Never rejects.
 */
export async function checkSentReceipts(db: RegistryDb = localDb, { all = false }: { all?: boolean } = {}): Promise<CheckOutcome> {
  const rows = (await db.sent.toArray()).filter((r) => all || OPEN_STATUSES.includes(r.status) || r.checkedAt === null);
  const queue = [...rows];
  const outcome: CheckOutcome = { checked: 0, offline: false, failed: false };
  const worker = async () => {
    for (let row = queue.shift(); row && !outcome.offline; row = queue.shift()) {
      try {
        const body = await apiJson<unknown>(routes.receipts.read.path({ token: row.token }), { cache: 'no-store' });
        const receipt = receiptSchema.parse(body);
        await db.sent.update(row.id, { status: receipt.status, changedAt: Date.parse(receipt.changed_at), checkedAt: Date.now(), unknown: false });
        outcome.checked++;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          await db.sent.update(row.id, { checkedAt: Date.now(), unknown: true });
          outcome.checked++;
        } else if (error instanceof ApiError && error.noConnection) {
          outcome.offline = true;
        } else {
          outcome.failed = true;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(RECEIPT_CHECKS_AT_ONCE, rows.length) }, worker));
  return outcome;
}
