// Rows for the API tests that run on either engine (issue 21): they read and write the registry
// only through the test app's data layer (TestApp.engine), never its SQLite connection, so the
// same test file can run with the app on PostgreSQL. Setup writes go through `writeOn` (a write
// as the routes make it: one transaction, the pending identifiers flushed last), and many rows
// are written as copies of one the API stored, in batches, so that a queue of hundreds is seeded
// in a few statements rather than hundreds of requests.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Engine } from '../../server/db/engine/engine';
import type { Database, IncidentsTable, ProfilesTable } from '../../server/db/engine/schema';
import { writer, type Write } from './engines';

/** What the helpers need of a TestApp: its data layer. */
export interface WithEngine { engine: Engine }

/** Rows a multi-row INSERT carries at most (each engine's bound-parameter limit stays far off). */
export const INSERT_CHUNK = 500;

/** A setup write on the test app, as the routes write (tests/support/engines.ts writer). */
export function writeOn(t: WithEngine): Write {
  return writer(t.engine, t.engine.sqlite ?? null);
}

/** The rows of `table` whose `column` is `value`, on either engine. */
export async function countWhere(t: WithEngine, table: keyof Database, column: string, value: string | number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(t.engine.db);
  return Number(rows[0]!.n);
}

/** A profile's revision (db/revision.ts). */
export async function revisionOf(t: WithEngine, profileId: number): Promise<number> {
  const row = await t.engine.db.selectFrom('profiles').select('revision').where('id', '=', profileId).executeTakeFirstOrThrow();
  return Number(row.revision);
}

/** `rows` in chunks of INSERT_CHUNK; the new ids, ascending (the order the rows were given in). */
async function insertChunked<T extends 'incidents' | 'profiles'>(write: Write, table: T, rows: Insertable<Database[T]>[]): Promise<number[]> {
  return write(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      // (Kysely's types do not follow a table chosen by a type parameter)
      const inserted = await trx.insertInto(table as 'incidents').values(chunk as Insertable<IncidentsTable>[]).returning('id').execute();
      // a multi-row RETURNING's order is not promised (SQLite's is arbitrary): ids grow in VALUES order
      ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
    }
    return ids;
  });
}

const withoutId = <R extends { id: number }>({ id: _id, ...rest }: R): Omit<R, 'id'> => rest;

/**
 * `n` copies of incident `id` (one the API stored), each changed by `vary(i)`, written in
 * batches; their ids, in the order of `i`.
 */
export async function copiesOfIncident(
  t: WithEngine, id: number, n: number, vary: (i: number) => Partial<Selectable<IncidentsTable>>,
): Promise<number[]> {
  const row = await t.engine.db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const template = withoutId(row);
  return insertChunked(writeOn(t), 'incidents', Array.from({ length: n }, (_, i) => ({ ...template, ...vary(i) })));
}

/** `n` copies of profile `id` (one the API stored), each changed by `vary(i)`, written in batches; their ids. */
export async function copiesOfProfile(
  t: WithEngine, id: number, n: number, vary: (i: number) => Partial<Selectable<ProfilesTable>>,
): Promise<number[]> {
  const row = await t.engine.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const template = withoutId(row);
  return insertChunked(writeOn(t), 'profiles', Array.from({ length: n }, (_, i) => ({ ...template, ...vary(i) })));
}
