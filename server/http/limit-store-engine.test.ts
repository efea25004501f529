// The limits' durable counters on PostgreSQL (issue 21): the same states as on SQLite, and one
// count for every app instance on the database, so a limit holds behind a load balancer.
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { openEngine } from '../db/engine/engine';
import { limitStore, type LimitSpec, type LimitState } from './limit-store';

const engines = useEngines();

const SPEC: LimitSpec = { name: 'writes', points: 3, windowSeconds: 60, durable: true };
const shape = ({ allowed, remaining }: LimitState) => ({ allowed, remaining });

describe('limits on PostgreSQL', () => {
  it('when one address writes past its limit, then SQLite and PostgreSQL count and refuse alike', async () => {
    const [onSqlite, onPostgres] = await engines.onBoth(async (engine) => {
      const limit = limitStore(engine)(SPEC);
      const states: LimitState[] = [];
      for (let i = 0; i < 4; i++) states.push(await limit.consume('203.0.113.7'));
      const stored = await engine.db.selectFrom('rate_limits').select('points').where('key', '=', 'writes:203.0.113.7').executeTakeFirstOrThrow();
      return { states: [...states, await limit.peek('203.0.113.7'), await limit.peek('198.51.100.1')].map(shape), stored: Number(stored.points) >= 3 };
    });

    expect(onPostgres).toEqual(onSqlite);
    expect(onSqlite.states.map((s) => s.allowed)).toEqual([true, true, true, false, false, true]);
    expect(onSqlite.stored).toBe(true);
  });

  it('when two app instances share one PostgreSQL database, then an address counted on one is refused on the other', async () => {
    const url = await engines.postgresUrl();
    const instances = [await openEngine(url), await openEngine(url)];
    try {
      const [first, second] = instances.map((engine) => limitStore(engine)(SPEC));
      const states = [
        await first!.consume('203.0.113.7'), await second!.consume('203.0.113.7'), await first!.consume('203.0.113.7'),
        await second!.consume('203.0.113.7'),
      ];
      expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
      expect(shape(await first!.peek('203.0.113.7'))).toEqual({ allowed: false, remaining: 0 });
    } finally {
      for (const engine of instances) await engine.close();
    }
  });
});
