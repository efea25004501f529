// The prune on the data layer (issue 21, docs/decisions/035): pruneOnceOn on SQLite (over an app's
// connection) and PostgreSQL alike removes exactly the rows old enough at its `now` from every
// table it prunes, on each table's edge as today (the API tests hold it through the app in
// moderation-volume.test.ts), a batch a step on the given schedule.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { IDEMPOTENCY_KEY_TTL_MS, LOGIN_THROTTLE_WINDOW_MS } from '../../shared/constants';
import type { Engine } from '../db/engine/engine';
import type { Database } from '../db/engine/schema';
import { pruneOnceOn, type PruneOptions } from './prune';
import { nextTurn } from './quiet-time';

const engines = useEngines();

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const RETENTION_DAYS = 30;
const AUDIT_CUTOFF = NOW - RETENTION_DAYS * 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Rows on both sides of each table's edge: old ones say "old" in their key. */
async function fixture(db: Kysely<Database>): Promise<void> {
  const idempotency = (key: string, createdAt: number) => ({ key, request_hash: 'h', status: 201, body: '{}', created_at: createdAt });
  await db.insertInto('idempotency_keys').values([
    idempotency('old-1', NOW - IDEMPOTENCY_KEY_TTL_MS - 1), idempotency('old-2', NOW - IDEMPOTENCY_KEY_TTL_MS - 60_000),
    idempotency('edge', NOW - IDEMPOTENCY_KEY_TTL_MS), idempotency('new', NOW),
  ]).execute();
  const audit = (actor: string, at: number) => ({ at: iso(at), actor, action: 'verify' });
  await db.insertInto('audit_log').values([
    audit('old-1', AUDIT_CUTOFF - 1), audit('old-2', AUDIT_CUTOFF - 400 * 86_400_000), audit('edge', AUDIT_CUTOFF), audit('new', NOW),
  ]).execute();
  const user = (await db.insertInto('users').values({ username: 'staff', password_hash: 'x', created_at: iso(NOW) })
    .returning('id').executeTakeFirstOrThrow()).id;
  const session = (idHash: string, expiresAt: number) => ({ id_hash: idHash, user_id: user, created_at: NOW - 1000, expires_at: expiresAt });
  await db.insertInto('sessions').values([session('old-1', NOW - 1), session('old-edge', NOW), session('new', NOW + 1)]).execute();
  // login_failures has no key: two equal old rows are both pruned
  await db.insertInto('login_failures').values([
    { throttle_key: 'old', at: NOW - LOGIN_THROTTLE_WINDOW_MS }, { throttle_key: 'old', at: NOW - LOGIN_THROTTLE_WINDOW_MS },
    { throttle_key: 'new', at: NOW - LOGIN_THROTTLE_WINDOW_MS + 1 },
  ]).execute();
  await db.insertInto('rate_limits').values([
    { key: 'old', points: 3, expire: NOW - 1 }, { key: 'edge', points: 1, expire: NOW },
    { key: 'new', points: 1, expire: NOW + 60_000 }, { key: 'forever', points: 1, expire: null },
  ]).execute();
}

/** What is left of each pruned table, by key. */
async function left(db: Kysely<Database>) {
  const sorted = (rows: { k: string }[]) => rows.map((r) => r.k).sort();
  return {
    idempotency_keys: sorted(await db.selectFrom('idempotency_keys').select('key as k').execute()),
    audit_log: sorted(await db.selectFrom('audit_log').select('actor as k').execute()),
    sessions: sorted(await db.selectFrom('sessions').select('id_hash as k').execute()),
    login_failures: sorted(await db.selectFrom('login_failures').select('throttle_key as k').execute()),
    rate_limits: sorted(await db.selectFrom('rate_limits').select('key as k').execute()),
  };
}

/** A round; its rows deleted and the steps it was scheduled in. */
function round(engine: Engine, options: Partial<PruneOptions>): Promise<{ deleted: number; steps: number }> {
  let steps = 0;
  return new Promise((resolve, reject) => pruneOnceOn(engine, {
    auditRetentionDays: RETENTION_DAYS, now: () => NOW, ...options,
    schedule: (step) => { steps++; nextTurn(step); },
  }, (deleted, error) => (error ? reject(error as Error) : resolve({ deleted, steps }))));
}

describe('pruneOnceOn', () => {
  it('when rows are on both sides of each edge, then a round removes exactly the old ones, a batch a step, the same on both engines', async () => {
    const [sqlite, postgres] = await engines.onBoth(async (engine) => {
      await fixture(engine.db);
      const first = await round(engine, { batch: 1 });
      const rows = await left(engine.db);
      const second = await round(engine, {});
      return { first, rows, second: second.deleted };
    });
    expect(sqlite).toEqual({
      // 9 rows, one a step: the first step, and one more after each full batch
      first: { deleted: 9, steps: 10 },
      rows: {
        idempotency_keys: ['edge', 'new'], audit_log: ['edge', 'new'], sessions: ['new'], login_failures: ['new'],
        rate_limits: ['edge', 'forever', 'new'],
      },
      second: 0,
    });
    expect(postgres).toEqual(sqlite);
  });

  it('when the connection has closed, then the round stops quietly without touching a row', async () => {
    const [sqlite, postgres] = await engines.onBoth(async (engine) => {
      await fixture(engine.db);
      let heard = false;
      pruneOnceOn(engine, { auditRetentionDays: RETENTION_DAYS, now: () => NOW, isOpen: () => false }, () => { heard = true; });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { heard, idempotency: (await left(engine.db)).idempotency_keys.length };
    });
    expect(sqlite).toEqual({ heard: false, idempotency: 4 });
    expect(postgres).toEqual(sqlite);
  });
});
