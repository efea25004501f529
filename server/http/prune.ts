// Pruning by age (docs/design.md#limits), a background chore in small steps between requests
// (quiet-time.ts): idempotency keys after a day (a replay comes within minutes), the audit log
// after AUDIT_RETENTION_DAYS, expired sessions, throttle rows and limit counters. Nothing a
// request needs is pruned; a write failure (a full disk) stops the round, the next one tries again.
// On the data layer (docs/decisions/035): each step is one DELETE on the engine, so it needs no
// transaction, and on SQLite it goes through the app's engine, whose one connection it shares.
import { sql } from 'kysely';
import { IDEMPOTENCY_KEY_TTL_MS, LOGIN_THROTTLE_WINDOW_MS } from '../../shared/constants';
import type { Db } from '../db/connection';
import { engineOver, type Engine, type EngineKind } from '../db/engine/engine';
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
  /** false once the connection is closed (the server stopping): the round then stops quietly */
  isOpen?: () => boolean;
}

// Neither engine's DELETE takes a LIMIT (SQLite's only when compiled with it), and login_failures
// has no key, so a batch is chosen by each engine's own row address: SQLite's rowid (every pruned
// table has one: none is WITHOUT ROWID), PostgreSQL's ctid, matched with = ANY(ARRAY(…)) so that
// PostgreSQL fetches the rows by address rather than scanning the table for each batch. Two
// instances pruning at once on PostgreSQL is harmless: a row another deleted is skipped.
const rowAddress: Record<EngineKind, string> = { sqlite: 'rowid', postgres: 'ctid' };

type PruneStep = (batch: number) => Promise<number>;

/** The tables pruned, each with the rows that are old enough at `now`. */
function targets(engine: Engine, now: number, auditRetentionDays: number): PruneStep[] {
  const address = sql.raw(rowAddress[engine.kind]);
  const step = (table: string, column: string, operator: '<' | '<=', value: number | string): PruneStep => async (batch) => {
    const old = sql`SELECT ${address} FROM ${sql.table(table)} WHERE ${sql.ref(column)} ${sql.raw(operator)} ${value} LIMIT ${batch}`;
    const chosen = engine.kind === 'postgres' ? sql`${address} = ANY(ARRAY(${old}))` : sql`${address} IN (${old})`;
    const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${chosen}`.execute(engine.db);
    return Number(result.numAffectedRows ?? 0);
  };
  return [
    step('idempotency_keys', 'created_at', '<', now - IDEMPOTENCY_KEY_TTL_MS),
    step('audit_log', 'at', '<', new Date(now - auditRetentionDays * 24 * 60 * 60 * 1000).toISOString()),
    step('sessions', 'expires_at', '<=', now),
    step('login_failures', 'at', '<=', now - LOGIN_THROTTLE_WINDOW_MS),
    step(LIMITS_TABLE, 'expire', '<', now),
  ];
}

/**
 * One round on the data layer: every table, a batch a step, until none has old rows; `done` gets
 * the rows deleted. Each step is one statement, run when `schedule` says (the quiet time).
 */
export function pruneOnceOn(engine: Engine, options: PruneOptions, done: (deleted: number, error?: unknown) => void = () => {}): void {
  const now = (options.now ?? Date.now)();
  const batch = options.batch ?? PRUNE_BATCH;
  const schedule = options.schedule ?? nextTurn;
  const isOpen = options.isOpen ?? (() => true);
  const steps = targets(engine, now, options.auditRetentionDays);
  let index = 0;
  let deleted = 0;
  const run = async () => {
    try {
      if (!isOpen()) return;
      while (index < steps.length) {
        const n = await steps[index]!(batch);
        deleted += n;
        if (n === batch) return schedule(() => void run()); // more of this table: the next step, when quiet
        index++;
      }
      done(deleted);
    } catch (error) {
      done(deleted, error);
    }
  };
  schedule(() => void run());
}

/**
 * One round on a SQLite connection (tests, scripts): pruneOnceOn over it. The server passes its
 * app's engine to pruneInBackgroundOn instead, so that the prune shares the app's Kysely.
 */
export function pruneOnce(db: Db, options: PruneOptions, done?: (deleted: number, error?: unknown) => void): void {
  pruneOnceOn(engineOver(db), { isOpen: () => db.open, ...options }, done);
}

/** A round now and every PRUNE_EVERY_MS (server/index.ts); the timer never keeps the process up. */
export function pruneInBackgroundOn(engine: Engine, options: PruneOptions, report: (deleted: number, error?: unknown) => void): void {
  pruneOnceOn(engine, options, report);
  setInterval(() => pruneOnceOn(engine, options, report), PRUNE_EVERY_MS).unref();
}
