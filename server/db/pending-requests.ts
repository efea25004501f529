// What the edit and removal requests share once they reach staff (docs/design.md#moderation): only
// a pending request can be decided, and rejecting one changes nothing but its status (audited).
import type { Kysely, Selectable } from 'kysely';
import { auditOn } from './audit';
import type { Database } from './engine/schema';
import { AppError, notFound } from '../errors';

/** The requests visitors make for staff to decide: their table, and their name in messages and the audit log. */
const REQUESTS = {
  edit: { table: 'edit_requests', name: 'edit request', auditKind: 'edit_request' },
  removal: { table: 'removal_requests', name: 'removal request', auditKind: 'removal_request' },
} as const;
export type RequestKind = keyof typeof REQUESTS;
/** The row of each kind's table, as Kysely reads it. */
interface RequestRows { edit: Selectable<Database['edit_requests']>; removal: Selectable<Database['removal_requests']> }

/** The row when it is there and pending: 404 when there is none, 409 when it was decided already. */
function stillPending<Row extends { verification_status: string }>(kind: RequestKind, row: Row | undefined): Row {
  const { name } = REQUESTS[kind];
  if (!row) throw notFound(`That ${name}`);
  if (row.verification_status !== 'pending') {
    throw new AppError(409, `This ${name} was already ${row.verification_status}; only a pending request can be moderated.`);
  }
  return row;
}

/** The request, when it is still pending (stillPending), on either engine (docs/decisions/035). */
export async function pendingRequestOn<K extends RequestKind>(trx: Kysely<Database>, kind: K, id: number): Promise<RequestRows[K]> {
  // (Kysely reads a table chosen at run time as a blend of both tables' rows; the kind says which it is)
  const row = await trx.selectFrom(REQUESTS[kind].table).selectAll().where('id', '=', id).executeTakeFirst() as RequestRows[K] | undefined;
  return stillPending(kind, row);
}

/** The audit entry of a rejection. */
const rejection = (kind: RequestKind, id: number, actor: string) => {
  const { auditKind } = REQUESTS[kind];
  return {
    actor, action: `${auditKind}.reject`, targetKind: auditKind, targetId: id,
    before: { verification_status: 'pending' }, after: { verification_status: 'rejected' },
  };
};

/** Rejects a pending request, nothing it asked for done, on either engine; call it in the write's transaction. */
export async function rejectRequestOn(trx: Kysely<Database>, kind: RequestKind, id: number, actor: string): Promise<{ id: number; verification_status: 'rejected' }> {
  await pendingRequestOn(trx, kind, id);
  await trx.updateTable(REQUESTS[kind].table).set({ verification_status: 'rejected' }).where('id', '=', id).execute();
  await auditOn(trx, rejection(kind, id, actor));
  return { id, verification_status: 'rejected' };
}
