// What the API tests read and poke in the registry around their HTTP calls, through the test app's
// data layer (TestApp.engine) only, in SQL both engines run (issue 21): the same test files run on
// SQLite and with the app on PostgreSQL, where there is no better-sqlite3 connection (`t.db`).
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { TestApp } from '../../server/test-support';
import type { Database, IncidentsTable, ProfilesTable } from '../../server/db/engine/schema';
import { writer, type Write } from './engines';

type Engine = Pick<TestApp, 'engine'>;

/** The tables whose rows have an `id` of their own. */
export type TableWithId = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];

/** The data layer seen as tables of rows with an id (Kysely cannot narrow a table name chosen by a type parameter). */
const byId = (t: Engine) => t.engine.db as unknown as Kysely<Record<string, { id: number; submitted_at: string }>>;

/** The row of `table` with that id, every column (lists are JSON text: JSON.parse them); undefined when there is none. */
export async function rowById<T extends TableWithId>(t: Engine, table: T, id: number): Promise<Selectable<Database[T]> | undefined> {
  const row = await byId(t).selectFrom(table as string).selectAll().where('id', '=', id).executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** rowById for a row the test knows is there. */
export async function rowOf<T extends TableWithId>(t: Engine, table: T, id: number): Promise<Selectable<Database[T]>> {
  const row = await rowById(t, table, id);
  if (!row) throw new Error(`no ${table} row ${id}`);
  return row;
}

export async function exists(t: Engine, table: TableWithId, id: number): Promise<boolean> {
  return (await byId(t).selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A profile's revision (docs/design.md#sync). */
export async function revisionOf(t: Engine, profileId: number): Promise<number> {
  return (await t.engine.db.selectFrom('profiles').select('revision').where('id', '=', profileId).executeTakeFirstOrThrow()).revision;
}

/** The audit rows of one action, oldest first. */
export async function auditRows(t: Engine, action: string): Promise<Selectable<Database['audit_log']>[]> {
  return t.engine.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

/** The first audit row of one action; undefined when there is none. */
export async function auditRow(t: Engine, action: string): Promise<Selectable<Database['audit_log']> | undefined> {
  return (await auditRows(t, action))[0];
}

/** Backdates a queued request, for the queue's order (oldest first). */
export async function setSubmittedAt(t: Engine, table: 'edit_requests' | 'removal_requests', id: number, at: string): Promise<void> {
  await byId(t).updateTable(table).set({ submitted_at: at }).where('id', '=', id).execute();
}

/** An incident deleted behind the API's back (the item a request names is gone since). */
export async function deleteIncident(t: Engine, id: number): Promise<void> {
  await t.engine.db.deleteFrom('incidents').where('id', '=', id).execute();
}

// Setup writes go through `writeOn` (a write as the routes make it: one transaction, the pending
// identifiers flushed last); many rows are written as copies of one the API stored, in batches, so
// that a queue of hundreds is seeded in a few statements rather than hundreds of requests.

/** Rows a multi-row INSERT carries at most (each engine's bound-parameter limit stays far off). */
export const INSERT_CHUNK = 500;

/** A setup write on the test app, as the routes write (tests/support/engines.ts writer). */
export function writeOn(t: Engine): Write {
  return writer(t.engine, t.engine.sqlite ?? null);
}

/** The rows of `table` whose `column` is `value`, on either engine. */
export async function countWhere(t: Engine, table: keyof Database, column: string, value: string | number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(t.engine.db);
  return Number(rows[0]!.n);
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
  t: Engine, id: number, n: number, vary: (i: number) => Partial<Selectable<IncidentsTable>>,
): Promise<number[]> {
  const row = await t.engine.db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const template = withoutId(row);
  return insertChunked(writeOn(t), 'incidents', Array.from({ length: n }, (_, i) => ({ ...template, ...vary(i) })));
}

/** `n` copies of profile `id` (one the API stored), each changed by `vary(i)`, written in batches; their ids. */
export async function copiesOfProfile(
  t: Engine, id: number, n: number, vary: (i: number) => Partial<Selectable<ProfilesTable>>,
): Promise<number[]> {
  const row = await t.engine.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const template = withoutId(row);
  return insertChunked(writeOn(t), 'profiles', Array.from({ length: n }, (_, i) => ({ ...template, ...vary(i) })));
}
