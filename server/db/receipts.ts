// Receipts (issue 20; migrations/008): every accepted submission gets a reference and a private
// token in the transaction that stores it. Only the token's hash is kept, so the table alone
// opens no receipt; its status is read from the item and the audit log when asked.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from './connection';
import type { Database, ReceiptsTable } from './engine/schema';
import { receiptPagePath, type ReceiptIssued, type ReceiptKind, type ReceiptStatus } from '../../shared/contract/receipt';
import { CASE_ID_PAD } from '../../shared/constants';

/** The receipt link a client calls (shared/contract/routes.ts receipts.read). */
export const RECEIPT_PATH = '/api/receipts/';

const PREFIX: Record<ReceiptKind, string> = {
  developer: 'REPORT', project: 'REPORT', incident: 'INCIDENT', edit_request: 'EDIT', removal_request: 'REMOVAL',
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new receipt: what its submitter is given, and the row kept of it. */
function newReceipt(kind: ReceiptKind, targetId: number): { issued: ReceiptIssued; row: ReceiptsTable } {
  const token = randomBytes(32).toString('base64url');
  const reference = `${PREFIX[kind]}-${String(targetId).padStart(CASE_ID_PAD, '0')}`;
  return {
    issued: { reference, token, url: `${RECEIPT_PATH}${token}/`, page: receiptPagePath(token) },
    row: { token_hash: hashToken(token), reference, kind, target_id: targetId, submitted_at: new Date().toISOString() },
  };
}

/** A receipt for a submission just stored: call it in the write's transaction. */
export function issueReceipt(db: Db, kind: ReceiptKind, targetId: number): ReceiptIssued {
  const { issued, row } = newReceipt(kind, targetId);
  db.prepare('INSERT INTO receipts (token_hash, reference, kind, target_id, submitted_at) VALUES (?, ?, ?, ?, ?)')
    .run(row.token_hash, row.reference, row.kind, row.target_id, row.submitted_at);
  return issued;
}

/** issueReceipt on the data layer, for either engine (docs/decisions/035). */
export async function issueReceiptOn(trx: Kysely<Database>, kind: ReceiptKind, targetId: number): Promise<ReceiptIssued> {
  const { issued, row } = newReceipt(kind, targetId);
  await trx.insertInto('receipts').values(row).execute();
  return issued;
}

export interface ReceiptRow { reference: string; kind: ReceiptKind; target_id: number; submitted_at: string }

export async function findReceiptOn(db: Kysely<Database>, token: string): Promise<ReceiptRow | undefined> {
  const row = await db.selectFrom('receipts').select(['reference', 'kind', 'target_id', 'submitted_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row as ReceiptRow | undefined;
}

// each item's state, and when it was stored: an item stored after its receipt was issued holds an
// id SQLite gave again after the receipt's own item was deleted (no AUTOINCREMENT), so it is not it
const PROFILE_STATUS = { unverified: 'in_review', pending: 'in_review', verified: 'published', rejected: 'not_accepted' } as const;
interface ItemOf {
  table: 'profiles' | 'incidents' | 'edit_requests' | 'removal_requests';
  /** when the item was stored */
  stored: 'submitted_at' | 'reported';
  /** a profile's receipt names its kind too */
  profileKind?: 'developer' | 'project';
  map: Record<string, ReceiptStatus>;
}
const STATUS_OF: Record<ReceiptKind, ItemOf> = {
  developer: { table: 'profiles', stored: 'submitted_at', profileKind: 'developer', map: PROFILE_STATUS },
  project: { table: 'profiles', stored: 'submitted_at', profileKind: 'project', map: PROFILE_STATUS },
  incident: { table: 'incidents', stored: 'reported', map: { pending: 'in_review', unverified: 'in_review', approved: 'published', rejected: 'not_accepted' } },
  edit_request: { table: 'edit_requests', stored: 'submitted_at', map: { pending: 'in_review', approved: 'published', rejected: 'not_accepted' } },
  removal_request: { table: 'removal_requests', stored: 'submitted_at', map: { pending: 'in_review', processed: 'processed', rejected: 'not_accepted' } },
};

/** The status from the item's state and when it was stored, and when its last moderation was. */
function statusOf(row: ReceiptRow, item: { state: string; stored: string } | undefined, decided: string | undefined): { status: ReceiptStatus; changedAt: string } {
  const status: ReceiptStatus = !item || item.stored > row.submitted_at ? 'removed' : (STATUS_OF[row.kind].map[item.state] ?? 'in_review');
  return { status, changedAt: status === 'in_review' ? row.submitted_at : (decided ?? row.submitted_at) };
}

/** Where the receipt's submission stands, and since when (its last moderation in the audit log); on either engine. */
export async function receiptStatusOn(db: Kysely<Database>, row: ReceiptRow): Promise<{ status: ReceiptStatus; changedAt: string }> {
  const { table, stored, profileKind } = STATUS_OF[row.kind];
  const item = (await sql<{ state: string; stored: string }>`SELECT verification_status AS state, ${sql.ref(stored)} AS stored
    FROM ${sql.table(table)} WHERE id = ${row.target_id}${profileKind ? sql` AND kind = ${profileKind}` : sql``}`.execute(db)).rows[0];
  const decided = await db.selectFrom('audit_log').select('at').where('target_kind', '=', row.kind).where('target_id', '=', row.target_id)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  return statusOf(row, item, decided?.at);
}
