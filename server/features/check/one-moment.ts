// A check answer reads the registry at one moment (its matches, the lookalike index's revision and
// the rows the lookalikes show), on either engine (issue 21, docs/decisions/035).
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';

/**
 * Runs `work`'s reads in one read transaction. On PostgreSQL it is REPEATABLE READ: every read in
 * it sees the snapshot its first read took (READ COMMITTED, the default, would let a write that
 * another instance commits in between show in the later reads only). On SQLite a deferred
 * transaction on the app's connection, which sees one moment too; as with inTransaction, `work`
 * awaits only its own queries, so it runs within one turn of the event loop and no other
 * request's statement lands inside it.
 */
export function readOneMoment<T>(engine: Engine, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const transaction = engine.db.transaction();
  return (engine.kind === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute(work);
}
