// openEngine (engine.ts): the same Kysely code gives the same JS values on both engines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../tests/support/postgres';
import { openDatabase } from '../connection';
import { NOT_IN_ONE_TURN, engineOver, inTransaction, isPostgresUrl, openEngine, redactPasswords, withStatementCache, type Engine } from './engine';

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
    await expect(openEngine(await postgres().newDatabase(), { readonly: true })).rejects.toThrow(/its schema lacks migrations 011_schema\.sql, 012_sync_text_format\.sql; open it once without read-only/);
  });

  it('when a URL carries a password, then the printed form hides it', () => {
    expect(redactPasswords('postgres://bustr:s3cret@db.example:5432/bustr: connect ECONNREFUSED'))
      .toBe('postgres://bustr:***@db.example:5432/bustr: connect ECONNREFUSED');
    expect(redactPasswords('postgres://postgres@127.0.0.1:5432/bustr')).toBe('postgres://postgres@127.0.0.1:5432/bustr');
    expect([isPostgresUrl('postgres://h/db'), isPostgresUrl('postgresql://h/db'), isPostgresUrl('data/registry.sqlite')]).toEqual([true, true, false]);
  });
});

describe('inTransaction', () => {
  const counter = (engine: Engine) => engine.db.selectFrom('revision_counter').select('value').executeTakeFirstOrThrow();

  it('when the work resolves, then it is committed; when it throws, then nothing of it stays, on both engines', async () => {
    const results = await withBoth(async (engine) => {
      await inTransaction(engine, (trx) => trx.updateTable('revision_counter').set({ value: 5 }).execute());
      await expect(inTransaction(engine, async (trx) => {
        await trx.updateTable('revision_counter').set({ value: 9 }).execute();
        throw new Error('refused');
      })).rejects.toThrow('refused');
      return counter(engine);
    });
    expect(results).toEqual([{ value: 5 }, { value: 5 }]);
  });

  it("when it runs over the app's own SQLite connection, then another request's synchronous write waits until it has committed", async () => {
    const app = openDatabase(join(dir, `${Math.random()}.sqlite`));
    const engine = engineOver(app);
    try {
      const seen: string[] = [];
      // another request's turn, asked for before the transaction starts
      setImmediate(() => {
        seen.push(`a synchronous write sees ${app.prepare('SELECT value FROM revision_counter').pluck().get()}`);
        app.prepare('UPDATE revision_counter SET value = value + 100').run();
      });
      await inTransaction(engine, async (trx) => {
        for (let i = 0; i < 3; i++) await trx.updateTable('revision_counter').set((eb) => ({ value: eb('value', '+', 1) })).execute();
        seen.push(`the transaction sees ${(await trx.selectFrom('revision_counter').select('value').executeTakeFirstOrThrow()).value}`);
      });
      seen.push('committed');
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual(['the transaction sees 3', 'committed', 'a synchronous write sees 3']);
      expect(await counter(engine)).toEqual({ value: 103 });
    } finally {
      await engine.close();
      expect(app.open).toBe(true); // the app's connection is the app's to close
      app.close();
    }
  });

  it('when SQLite work waits on something else than its queries, then it is rolled back with a plain reason; PostgreSQL lets it wait', async () => {
    const results = await withBoth(async (engine) => {
      const waiting = inTransaction(engine, async (trx) => {
        await trx.updateTable('revision_counter').set({ value: 7 }).execute();
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      const outcome = await waiting.then(() => 'committed', (error: Error) => error.message);
      return [engine.kind, outcome, (await counter(engine)).value];
    });
    expect(results).toEqual([['sqlite', NOT_IN_ONE_TURN, 0], ['postgres', 'committed', 7]]);
  });
});

describe('withStatementCache (SQLite)', () => {
  function counted() {
    const database = openDatabase(join(dir, `${Math.random()}.sqlite`));
    const prepared: string[] = [];
    const prepare = database.prepare.bind(database);
    database.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof database.prepare;
    return { database, prepared };
  }

  it('when the same query runs again, then its statement is prepared once', async () => {
    const { database, prepared } = counted();
    const engine = engineOver(database);
    for (let i = 0; i < 5; i++) await engine.db.selectFrom('profiles').select('id').where('id', '=', i).execute();
    expect(prepared.filter((text) => text.includes('"profiles"'))).toHaveLength(1);
    database.close();
  });

  it('when a statement is being iterated (a stream), then the same query meanwhile gets a statement of its own and both read every row', async () => {
    const { database } = counted();
    database.exec("CREATE TABLE numbers (n INTEGER); INSERT INTO numbers VALUES (1), (2), (3);");
    const cached = withStatementCache(database);
    const text = 'SELECT n FROM numbers ORDER BY n';
    const outer = cached.prepare(text);
    const seen: number[][] = [];
    for (const row of outer.iterate([]) as IterableIterator<{ n: number }>) {
      seen.push([row.n, ...(cached.prepare(text).all([]) as { n: number }[]).map((r) => r.n)]);
    }
    expect(seen).toEqual([[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]]);
    database.close();
  });

  it('when more texts than it keeps are prepared, then the least recently used is dropped and prepared again when asked', () => {
    const { database, prepared } = counted();
    const cached = withStatementCache(database, 2);
    for (const text of ['SELECT 1', 'SELECT 2', 'SELECT 1', 'SELECT 3', 'SELECT 1', 'SELECT 2']) cached.prepare(text);
    expect(prepared).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 2']);
    database.close();
  });
});
