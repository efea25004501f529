// Tests that run the same data code on both engines (issue 21, docs/decisions/035): an app's
// SQLite connection in a temp file with the data layer over it (as the server holds it), and a
// fresh database on the file's throwaway PostgreSQL. Call useEngines() at the top of a test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../server/db/connection';
import { engineOver, openEngine, type Engine } from '../../server/db/engine/engine';
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
