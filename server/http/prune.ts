// Pruning by age (docs/design.md#limits), a background chore in small steps between requests
// (quiet-time.ts): idempotency keys after a day (a replay comes within minutes), the audit log
// after AUDIT_RETENTION_DAYS, expired sessions, throttle rows and limit counters. Nothing a
// request needs is pruned; a write failure (a full disk) stops the round, the next one tries again.
import { IDEMPOTENCY_KEY_TTL_MS, LOGIN_THROTTLE_WINDOW_MS } from '../../shared/constants';
import type { Db } from '../db/connection';
import { LIMITS_TABLE } from './limit-store';
import { nextTurn, type StepScheduler } from './quiet-time';

/** rows a step deletes at most: a few milliseconds of the event loop */
export const PRUNE_BATCH = 1000;
/** how often a round starts */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface PruneOptions {
  auditRetentionDays: number;
  now?: () => number;
  schedule?: StepScheduler;
  batch?: number;
}

/** The tables pruned, each with the rows that are old enough at `now`. */
function targets(db: Db, now: number, auditRetentionDays: number) {
  const step = (table: string, where: string, value: number | string) => {
    const statement = db.prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ?)`);
    return (batch: number) => statement.run(value, batch).changes;
  };
  return [
    step('idempotency_keys', 'created_at < ?', now - IDEMPOTENCY_KEY_TTL_MS),
    step('audit_log', 'at < ?', new Date(now - auditRetentionDays * 24 * 60 * 60 * 1000).toISOString()),
    step('sessions', 'expires_at <= ?', now),
    step('login_failures', 'at <= ?', now - LOGIN_THROTTLE_WINDOW_MS),
    step(LIMITS_TABLE, 'expire < ?', now),
  ];
}

/** One round: every table, a batch a step, until none has old rows; `done` gets the rows deleted. */
export function pruneOnce(db: Db, options: PruneOptions, done: (deleted: number, error?: unknown) => void = () => {}): void {
  const now = (options.now ?? Date.now)();
  const batch = options.batch ?? PRUNE_BATCH;
  const schedule = options.schedule ?? nextTurn;
  const steps = targets(db, now, options.auditRetentionDays);
  let index = 0;
  let deleted = 0;
  const run = () => {
    try {
      if (!db.open) return;
      while (index < steps.length) {
        const n = steps[index]!(batch);
        deleted += n;
        if (n === batch) return schedule(run); // more of this table: the next step, when quiet
        index++;
      }
      done(deleted);
    } catch (error) {
      done(deleted, error);
    }
  };
  schedule(run);
}

/** A round now and every PRUNE_EVERY_MS (server/index.ts); the timer never keeps the process up. */
export function pruneInBackground(db: Db, options: PruneOptions, report: (deleted: number, error?: unknown) => void): void {
  pruneOnce(db, options, report);
  setInterval(() => pruneOnce(db, options, report), PRUNE_EVERY_MS).unref();
}
