// Open data reads the registry at one moment (issue 21, docs/decisions/035): the figures, the feed
// and each export with the revision they are stamped and cached with, even while the app (or, on
// PostgreSQL, another instance) goes on writing.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';

/**
 * `work`'s reads of the app's engine, all at one moment of the registry. On PostgreSQL a
 * REPEATABLE READ, read-only transaction: its first read fixes the snapshot every later one reads,
 * whatever other instances commit meanwhile. On SQLite the app's connection, as before: `work`
 * awaits only its own queries, which better-sqlite3 runs one after another within one turn of the
 * event loop, so no write of this process lands between them.
 */
export function atOneMoment<T>(engine: Engine, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (engine.kind === 'postgres') return inSnapshot(engine, work);
  return work(engine.db);
}

/**
 * `work` in a read transaction of an engine of its own (an export's, which waits on its gzip
 * stream between batches): on PostgreSQL REPEATABLE READ, read-only; on SQLite a plain BEGIN on
 * the export's own read-only connection, whose first read fixes the snapshot every batch reads.
 */
export async function inSnapshot<T>(engine: Engine, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (engine.kind === 'postgres') {
    return engine.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  }
  return engine.db.connection().execute(async (connection) => {
    await sql`BEGIN`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
