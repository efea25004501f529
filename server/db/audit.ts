// Every moderation action and every login is written down: who, when, what, before and after.
import type { Db } from './connection';

export interface AuditEntry {
  actor: string;
  action: string;
  targetKind?: string;
  targetId?: number;
  before?: unknown;
  after?: unknown;
}

export function audit(db: Db, entry: AuditEntry): void {
  db.prepare('INSERT INTO audit_log (at, actor, action, target_kind, target_id, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    new Date().toISOString(),
    entry.actor,
    entry.action,
    entry.targetKind ?? null,
    entry.targetId ?? null,
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
  );
}
