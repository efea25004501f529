// What the device keeps of an accepted submission (issue 20, "What I sent"): its receipt, never its
// contents, and the last status the server gave for it.
import type { ReceiptKind, ReceiptStatus } from '../../shared/contract/receipt';

export interface SentReceipt {
  /** `<outbox entry id>:<step>`: one row per accepted call that was given a receipt */
  id: string;
  /** the outbox entry it was sent as (a report is its profile and each incident: several rows) */
  entryId: string;
  /** what it was, e.g. "Report: Jane Roe", "Incident for Jane Roe" */
  label: string;
  kind: ReceiptKind;
  /** the server's reference, e.g. "BUSTR-2025-0412" */
  reference: string;
  /** the secret of the receipt link: only ever sent to GET /api/receipts/<token>/ */
  token: string;
  /** the app's receipt page, `/receipts/<token>` */
  page: string;
  /** epoch ms: when the server accepted it */
  sentAt: number;
  /** the last status read (in review until the first check) */
  status: ReceiptStatus;
  /** epoch ms: when that status last changed, as the server said (sentAt until the first check) */
  changedAt: number;
  /** epoch ms of the last answer from the server; null before the first check */
  checkedAt: number | null;
  /** the server answered that no submission has this receipt (a replaced database) */
  unknown?: boolean;
}
