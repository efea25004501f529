// Receipts (issue 20; migrations/008): every accepted submission gets a reference and a private
// token in the transaction that stores it. Only the token's hash is kept, so the table alone
// opens no receipt; its status is read from the item and the audit log when asked.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './connection';
import { receiptPagePath, type ReceiptIssued, type ReceiptKind, type ReceiptStatus } from '../../shared/contract/receipt';
import { CASE_ID_PAD } from '../../shared/constants';

/** The receipt link a client calls (shared/contract/routes.ts receipts.read). */
export const RECEIPT_PATH = '/api/receipts/';

const PREFIX: Record<ReceiptKind, string> = {
  developer: 'REPORT', project: 'REPORT', incident: 'INCIDENT', edit_request: 'EDIT', removal_request: 'REMOVAL',
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A receipt for a submission just stored: call it in the write's transaction. */
export function issueReceipt(db: Db, kind: ReceiptKind, targetId: number): ReceiptIssued {
  const token = randomBytes(32).toString('base64url');
  const reference = `${PREFIX[kind]}-${String(targetId).padStart(CASE_ID_PAD, '0')}`;
  db.prepare('INSERT INTO receipts (token_hash, reference, kind, target_id, submitted_at) VALUES (?, ?, ?, ?, ?)')
    .run(hashToken(token), reference, kind, targetId, new Date().toISOString());
  return { reference, token, url: `${RECEIPT_PATH}${token}/`, page: receiptPagePath(token) };
}

export interface ReceiptRow { reference: string; kind: ReceiptKind; target_id: number; submitted_at: string }

export function findReceipt(db: Db, token: string): ReceiptRow | undefined {
  return db.prepare('SELECT reference, kind, target_id, submitted_at FROM receipts WHERE token_hash = ?').get(hashToken(token)) as ReceiptRow | undefined;
}

// each item's state, and when it was stored: an item stored after its receipt was issued holds an
// id SQLite gave again after the receipt's own item was deleted (no AUTOINCREMENT), so it is not it
const PROFILE_STATUS = { unverified: 'in_review', pending: 'in_review', verified: 'published', rejected: 'not_accepted' } as const;
const STATUS_OF: Record<ReceiptKind, { sql: string; map: Record<string, ReceiptStatus> }> = {
  developer: { sql: "SELECT verification_status AS state, submitted_at AS stored FROM profiles WHERE id = ? AND kind = 'developer'", map: PROFILE_STATUS },
  project: { sql: "SELECT verification_status AS state, submitted_at AS stored FROM profiles WHERE id = ? AND kind = 'project'", map: PROFILE_STATUS },
  incident: { sql: 'SELECT verification_status AS state, reported AS stored FROM incidents WHERE id = ?', map: { pending: 'in_review', unverified: 'in_review', approved: 'published', rejected: 'not_accepted' } },
  edit_request: { sql: 'SELECT verification_status AS state, submitted_at AS stored FROM edit_requests WHERE id = ?', map: { pending: 'in_review', approved: 'published', rejected: 'not_accepted' } },
  removal_request: { sql: 'SELECT verification_status AS state, submitted_at AS stored FROM removal_requests WHERE id = ?', map: { pending: 'in_review', processed: 'processed', rejected: 'not_accepted' } },
};

/** Where the receipt's submission stands, and since when (its last moderation in the audit log). */
export function receiptStatus(db: Db, row: ReceiptRow): { status: ReceiptStatus; changedAt: string } {
  const { sql, map } = STATUS_OF[row.kind];
  const item = db.prepare(sql).get(row.target_id) as { state: string; stored: string } | undefined;
  const status: ReceiptStatus = !item || item.stored > row.submitted_at ? 'removed' : (map[item.state] ?? 'in_review');
  const decided = db.prepare('SELECT at FROM audit_log WHERE target_kind = ? AND target_id = ? ORDER BY id DESC LIMIT 1')
    .pluck().get(row.kind, row.target_id) as string | undefined;
  return { status, changedAt: status === 'in_review' ? row.submitted_at : (decided ?? row.submitted_at) };
}
