// The limits' durable counters on PostgreSQL (issue 21): the same states as on SQLite, and one
// count for every app instance on the database, so a limit holds behind a load balancer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../tests/support/postgres';
import { openDatabase } from '../db/connection';
import { openEngine } from '../db/engine/engine';
import { limitStore, type LimitSpec, type LimitState } from './limit-store';

const postgres = usePostgres();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-limits-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SPEC: LimitSpec = { name: 'writes', points: 3, windowSeconds: 60, durable: true };
const shape = ({ allowed, remaining }: LimitState) => ({ allowed, remaining });

describe('limits on PostgreSQL', () => {
  it('when one address writes past its limit, then SQLite and PostgreSQL count and refuse alike', async () => {
    const sqlite = openDatabase(join(dir, 'limits.sqlite'));
    const engine = await openEngine(await postgres().newDatabase());
    try {
      const run = async (limit: ReturnType<ReturnType<typeof limitStore>>) => {
        const states: LimitState[] = [];
        for (let i = 0; i < 4; i++) states.push(await limit.consume('203.0.113.7'));
        return [...states, await limit.peek('203.0.113.7'), await limit.peek('198.51.100.1')].map(shape);
      };
      const onSqlite = await run(limitStore(sqlite)(SPEC));
      const onPostgres = await run(limitStore(null, engine)(SPEC));

      expect(onPostgres).toEqual(onSqlite);
      expect(onSqlite.map((s) => s.allowed)).toEqual([true, true, true, false, false, true]);
      expect(Number((await engine.db.selectFrom('rate_limits').select('points').where('key', '=', 'writes:203.0.113.7').executeTakeFirstOrThrow()).points))
        .toBeGreaterThanOrEqual(3);
    } finally {
      await engine.close();
      sqlite.close();
    }
  });

  it('when two app instances share one PostgreSQL database, then an address counted on one is refused on the other', async () => {
    const url = await postgres().newDatabase();
    const engines = [await openEngine(url), await openEngine(url)];
    try {
      const [first, second] = engines.map((engine) => limitStore(null, engine)(SPEC));
      const states = [
        await first!.consume('203.0.113.7'), await second!.consume('203.0.113.7'), await first!.consume('203.0.113.7'),
        await second!.consume('203.0.113.7'),
      ];
      expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
      expect(shape(await first!.peek('203.0.113.7'))).toEqual({ allowed: false, remaining: 0 });
    } finally {
      for (const engine of engines) await engine.close();
    }
  });
});
