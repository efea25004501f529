// openEngine (engine.ts): the same Kysely code gives the same JS values on both engines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../tests/support/postgres';
import { isPostgresUrl, openEngine, redactPasswords, type Engine } from './engine';

const postgres = usePostgres();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-engine-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function withBoth(test: (engine: Engine) => Promise<unknown>): Promise<unknown[]> {
  const engines = [await openEngine(join(dir, `${Math.random()}.sqlite`)), await openEngine(await postgres().newDatabase())];
  try {
    return await Promise.all(engines.map(test));
  } finally {
    for (const engine of engines) await engine.close();
  }
}

describe('openEngine', () => {
  it('when given a path or a postgres:// URL, then it opens SQLite or PostgreSQL, migrated', async () => {
    const kinds = await withBoth(async (engine) => [engine.kind, await engine.db.selectFrom('revision_counter').selectAll().execute()]);
    expect(kinds).toEqual([['sqlite', [{ id: 1, value: 0 }]], ['postgres', [{ id: 1, value: 0 }]]]);
  });

  it('when a query counts, sums or reads ids and ms timestamps, then both engines give numbers', async () => {
    const results = await withBoth(async ({ db }) => {
      await db.insertInto('login_failures').values([{ throttle_key: 'a', at: 1_764_000_000_000 }, { throttle_key: 'a', at: 1_764_000_000_001 }]).execute();
      return db.selectFrom('login_failures')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('at').as('total'), eb.fn.max('at').as('latest')])
        .executeTakeFirstOrThrow();
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({ n: 2, total: 3_528_000_000_001, latest: 1_764_000_000_001 });
  });

  it('when PostgreSQL holds a whole number past 2^53, then reading it is an error, not a rounded number', async () => {
    const engine = await openEngine(await postgres().newDatabase());
    try {
      await expect(sql`SELECT 9007199254740993::bigint AS n`.execute(engine.db)).rejects.toThrow('9007199254740993 does not fit a JS number exactly');
      expect((await sql<{ n: number }>`SELECT 9007199254740991::bigint AS n`.execute(engine.db)).rows).toEqual([{ n: 9007199254740991 }]);
    } finally {
      await engine.close();
    }
  });

  it('when opened read only, then a SQLite file must exist and PostgreSQL must be migrated already', async () => {
    await expect(openEngine(join(dir, 'missing.sqlite'), { readonly: true })).rejects.toThrow(/unable to open|does not exist/);
    await expect(openEngine(await postgres().newDatabase(), { readonly: true })).rejects.toThrow(/its schema lacks migrations 011_schema\.sql; open it once without read-only/);
  });

  it('when a URL carries a password, then the printed form hides it', () => {
    expect(redactPasswords('postgres://bustr:s3cret@db.example:5432/bustr: connect ECONNREFUSED'))
      .toBe('postgres://bustr:***@db.example:5432/bustr: connect ECONNREFUSED');
    expect(redactPasswords('postgres://postgres@127.0.0.1:5432/bustr')).toBe('postgres://postgres@127.0.0.1:5432/bustr');
    expect([isPostgresUrl('postgres://h/db'), isPostgresUrl('postgresql://h/db'), isPostgresUrl('data/registry.sqlite')]).toEqual([true, true, false]);
  });
});
