// Tests that run the same data code on both engines (issue 21, docs/decisions/035): an app's
// SQLite connection in a temp file with the data layer over it (as the server holds it), and a
// fresh database on the file's throwaway PostgreSQL. Call useEngines() at the top of a test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../server/db/connection';
import { engineOver, inTransaction, openEngine, type Engine } from '../../server/db/engine/engine';
import type { Database } from '../../server/db/engine/schema';
import { flushPendingIdentifiersOn, pendingIdentifiersAfterWrite } from '../../server/db/pending-identifiers';
import { usePostgres } from './postgres';

export interface BothEngines {
  /** a new SQLite file's path in the test file's temp folder */
  sqlitePath(): string;
  /** a new, migrated database on the throwaway PostgreSQL */
  postgresUrl(): Promise<string>;
  /**
   * `test` run on a new SQLite app database (over its own connection, `sqlite`) and then on a new
   * PostgreSQL database; what each gave, SQLite's first. Both are closed after.
   */
  onBoth<T>(test: (engine: Engine, sqlite: Db | null) => Promise<T>): Promise<[T, T]>;
}

export function useEngines(): BothEngines {
  const postgres = usePostgres();
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bustr-engines-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const sqlitePath = () => join(dir, `${randomUUID()}.sqlite`);
  const postgresUrl = () => postgres().newDatabase();
  return {
    sqlitePath,
    postgresUrl,
    async onBoth(test) {
      const app = openDatabase(sqlitePath());
      const engines = [engineOver(app), await openEngine(await postgresUrl())] as const;
      try {
        return [await test(engines[0], app), await test(engines[1], null)];
      } finally {
        for (const engine of engines) await engine.close();
        app.close();
      }
    },
  };
}

/** A write as the routes make it (http/write.ts engineWriteRoute): one transaction, the pending identifiers flushed last. */
export type Write = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/** Writes on `engine` as the routes do; `sqlite`: its app connection, as onBoth gives it (null on PostgreSQL). */
export function writer(engine: Engine, sqlite: Db | null): Write {
  const afterWrite = sqlite ? pendingIdentifiersAfterWrite(engine) : flushPendingIdentifiersOn;
  return (work) => inTransaction(engine, async (trx) => {
    const result = await work(trx);
    await afterWrite(trx);
    return result;
  });
}
