// Where the counters of the limits on public work live (docs/design.md#limits): the one file to
// change when the store changes (a PostgreSQL store is rate-limiter-flexible's RateLimiterPostgres
// with the same options). Counters that must hold across restarts and between processes (writes,
// failed sign-ins) are rows in the registry's own SQLite file; the read limit, counted on every
// public read, stays in memory (docs/decisions/020-limits-on-public-work.md). When the database
// cannot be written (a full disk, a read-only file, another connection holding the write lock) a
// counter falls back to memory for that request, so a limit never turns into a 500, never stops a
// sign-in, and never makes a request wait (docs/decisions/029-flood-bench-and-a-counter-that-never-waits.md).
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/connection';
import type { Engine } from '../db/engine/engine';

/** One counter's state after a request: whether it is within the limit, and when the window ends. */
export interface LimitState {
  allowed: boolean;
  /** requests left in the window */
  remaining: number;
  /** seconds until the window ends (at least 1) */
  resetSeconds: number;
}

/** A limit of `points` per `windowSeconds` per key. */
export interface Limit {
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
  /** counts one request of `key` and says whether it is within the limit */
  consume(key: string): Promise<LimitState>;
  /** the key's state without counting */
  peek(key: string): Promise<LimitState>;
}

export interface LimitSpec {
  name: string;
  points: number;
  windowSeconds: number;
  /** kept in the database (across restarts, shared by processes) rather than in memory */
  durable: boolean;
}

export const LIMITS_TABLE = 'rate_limits';

/**
 * The registry's connection as rate-limiter-flexible's store sees it (it calls `prepare` and
 * `transaction`), with SQLite's busy timeout at 0 while a counter is read or written: under a write
 * lock held elsewhere the counter fails at once and the request is counted in memory, instead of
 * blocking the event loop for the whole busy timeout before its own write waits for it again.
 * Synchronous from start to end, so no other work on the connection ever runs with the timeout at 0.
 */
export function noWaitClient(db: Db): Pick<Db, 'prepare' | 'transaction'> {
  const noWait = <T>(run: () => T): T => {
    const timeout = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma('busy_timeout = 0');
    try {
      return run();
    } finally {
      db.pragma(`busy_timeout = ${timeout}`);
    }
  };
  const statement = (sql: string) => {
    const prepared = db.prepare(sql);
    return {
      get: (...params: unknown[]) => noWait(() => prepared.get(...params)),
      all: (...params: unknown[]) => noWait(() => prepared.all(...params)),
      run: (...params: unknown[]) => noWait(() => prepared.run(...params)),
    };
  };
  return {
    prepare: statement as unknown as Db['prepare'],
    transaction: ((fn: () => unknown) => () => noWait(() => db.transaction(fn)())) as unknown as Db['transaction'],
  };
}

/**
 * Makes the limits of one app on its engine's database: its SQLite file, or on PostgreSQL
 * that database's `rate_limits` table (issue 21), which every app instance on it shares, so a
 * limit holds across instances behind a load balancer.
 */
export function limitStore(engine: Pick<Engine, 'kind' | 'pool' | 'sqlite'>): (spec: LimitSpec) => Limit {
  const pool = engine.kind === 'postgres' ? engine.pool : undefined;
  if (!pool && !engine.sqlite) throw new Error('limitStore needs a SQLite connection or a PostgreSQL pool.');
  const storeClient = pool ? null : noWaitClient(engine.sqlite!);
  return (spec) => {
    const options = { keyPrefix: spec.name, points: spec.points, duration: spec.windowSeconds };
    const memory = new RateLimiterMemory(options);
    const stored = {
      ...options,
      tableName: LIMITS_TABLE,
      // migrations/007 (PostgreSQL: 011_schema.sql) make the table (a read-only database must not fail here)
      tableCreated: true,
      clearExpiredByTimeout: false, // pruned by the background chores (http/prune.ts)
      insuranceLimiter: memory,
      // an address over the limit is refused from memory until its window ends: a flood's 429s
      // cost no database write each (the counter in the database already says it is over)
      inMemoryBlockOnConsumed: spec.points + 1,
    };
    const limiter: RateLimiterAbstract = !spec.durable ? memory
      : pool ? new RateLimiterPostgres({ ...stored, storeClient: pool, storeType: 'pool' })
        : new RateLimiterSQLite({ ...stored, storeClient, storeType: 'better-sqlite3' });
    const state = (res: RateLimiterRes | null, counted: boolean): LimitState => {
      const consumed = res?.consumedPoints ?? 0;
      return {
        allowed: counted ? consumed <= spec.points : consumed < spec.points,
        remaining: Math.max(0, spec.points - consumed),
        resetSeconds: Math.max(1, Math.ceil((res?.msBeforeNext ?? spec.windowSeconds * 1000) / 1000)),
      };
    };
    return {
      ...spec,
      async consume(key) {
        try {
          return state(await limiter.consume(key), true);
        } catch (outcome) {
          // refused; a key blocked in memory comes back with 0 points consumed
          if (outcome instanceof RateLimiterRes) return { ...state(outcome, true), allowed: false, remaining: 0 };
          throw outcome;
        }
      },
      async peek(key) {
        return state(await limiter.get(key).catch(() => memory.get(key)), false);
      },
    };
  };
}
