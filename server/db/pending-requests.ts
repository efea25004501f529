// What the edit and removal requests share once they reach staff (docs/design.md#moderation): only
// a pending request can be decided, and rejecting one changes nothing but its status (audited).
import { audit } from './audit';
import type { Db } from './connection';
import { AppError, notFound } from '../errors';

/** The requests visitors make for staff to decide: their table, and their name in messages and the audit log. */
const REQUESTS = {
  edit: { table: 'edit_requests', name: 'edit request', auditKind: 'edit_request' },
  removal: { table: 'removal_requests', name: 'removal request', auditKind: 'removal_request' },
} as const;
export type RequestKind = keyof typeof REQUESTS;

/** The request, when it is still pending: 404 when there is none, 409 when it was decided already. */
export function pendingRequest<Row extends { verification_status: string }>(db: Db, kind: RequestKind, id: number): Row {
  const { table, name } = REQUESTS[kind];
  const row = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined;
  if (!row) throw notFound(`That ${name}`);
  if (row.verification_status !== 'pending') {
    throw new AppError(409, `This ${name} was already ${row.verification_status}; only a pending request can be moderated.`);
  }
  return row;
}

/** Rejects a pending request: nothing it asked for is done. */
export function rejectRequest(db: Db, kind: RequestKind, id: number, actor: string): { id: number; verification_status: 'rejected' } {
  const { table, auditKind } = REQUESTS[kind];
  pendingRequest(db, kind, id);
  db.prepare(`UPDATE ${table} SET verification_status = 'rejected' WHERE id = ?`).run(id);
  audit(db, {
    actor, action: `${auditKind}.reject`, targetKind: auditKind, targetId: id,
    before: { verification_status: 'pending' }, after: { verification_status: 'rejected' },
  });
  return { id, verification_status: 'rejected' };
}
