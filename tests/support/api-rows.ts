// What the API tests read and poke in the registry around their HTTP calls, through the test app's
// data layer (TestApp.engine) only, in SQL both engines run (issue 21): the same test files run on
// SQLite and with the app on PostgreSQL, where there is no better-sqlite3 connection (`t.db`).
import type { Kysely, Selectable } from 'kysely';
import type { TestApp } from '../../server/test-support';
import type { Database } from '../../server/db/engine/schema';

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
