// Every moderation action and every login is written down: who, when, what, before and after.
import type { Kysely } from 'kysely';
import type { Db } from './connection';
import type { AuditLogTable, Database } from './engine/schema';

export interface AuditEntry {
  actor: string;
  action: string;
  targetKind?: string;
  targetId?: number;
  before?: unknown;
  after?: unknown;
}

/** The row an entry is written as, now. */
function auditRow(entry: AuditEntry): Omit<AuditLogTable, 'id'> {
  return {
    at: new Date().toISOString(),
    actor: entry.actor,
    action: entry.action,
    target_kind: entry.targetKind ?? null,
    target_id: entry.targetId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  };
}

export function audit(db: Db, entry: AuditEntry): void {
  const row = auditRow(entry);
  db.prepare('INSERT INTO audit_log (at, actor, action, target_kind, target_id, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(row.at, row.actor, row.action, row.target_kind, row.target_id, row.before, row.after);
}

/** audit on the data layer, for either engine (docs/decisions/035); call it in the change's transaction. */
export async function auditOn(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await trx.insertInto('audit_log').values(auditRow(entry)).execute();
}
