// The two schemas cannot drift apart unnoticed: SQLite's migrations/ and PostgreSQL's
// postgres-migrations/ give the same tables, columns (names, order, nullability, types, defaults),
// keys and indexes, both as schema.ts's TABLES says; and the triggers of SQLite's 011 mark the same
// profiles stale on both, written by the same Kysely code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { usePostgres } from '../../../tests/support/postgres';
import { openDatabase, type Db } from '../connection';
import { openEngine, sqliteSchemaVersion, type Engine } from './engine';
import { MIGRATIONS_TABLE, migratePostgres, postgresMigrations } from './postgres-migrate';
import { TABLE_NAMES, TABLES, tableSpec, type Database } from './schema';

const postgres = usePostgres();

interface Column { name: string; notNull: boolean; type: string; default: string | null }
interface Index { table: string; columns: string; unique: boolean; partial: boolean }
interface Shape { tables: string[]; columns: Record<string, Column[]>; keys: Record<string, string[]>; indexes: Index[] }

// SQLite's declared types and PostgreSQL's for the same column (see 011_schema.sql's head)
const TYPE_OF: Record<string, string[]> = { INTEGER: ['bigint', 'integer'], TEXT: ['text'], REAL: ['double precision'] };

function sqliteShape(db: Db): Shape {
  const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]);
  const columns: Shape['columns'] = {};
  const keys: Shape['keys'] = {};
  const indexes: Index[] = [];
  for (const table of tables) {
    const info = db.prepare('SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid').all(table) as
      { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    // a primary key column takes no NULL on PostgreSQL; SQLite lets a TEXT one hold NULL only by a
    // historical quirk, which no code of ours relies on
    columns[table] = info.map((c) => ({ name: c.name, notNull: c.notnull === 1 || c.pk > 0, type: c.type, default: c.dflt_value }));
    keys[table] = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const list = db.prepare("SELECT name, \"unique\" AS is_unique, partial FROM pragma_index_list(?) WHERE origin = 'c'").all(table) as
      { name: string; is_unique: number; partial: number }[];
    for (const index of list) {
      const cols = (db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(index.name) as string[]).join(',');
      indexes.push({ table, columns: cols, unique: index.is_unique === 1, partial: index.partial === 1 });
    }
  }
  return { tables, columns, keys, indexes };
}

async function postgresShape(db: Kysely<Database>): Promise<Shape> {
  const columnRows = (await sql<{ table: string; name: string; not_null: boolean; type: string; default: string | null; identity: string }>`
    SELECT table_name AS table, column_name AS name, is_nullable = 'NO' AS not_null, data_type AS type,
      column_default AS default, is_identity AS identity
    FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> ${MIGRATIONS_TABLE}
    ORDER BY table_name, ordinal_position`.execute(db)).rows;
  const tables = [...new Set(columnRows.map((c) => c.table))].sort();
  const columns: Shape['columns'] = {};
  for (const c of columnRows) {
    // '[]'::text → '[]', the form SQLite reports; an identity column has no default, as a rowid alias
    const fallback = c.default === null ? null : c.default.replace(/::[a-z ]+$/, '');
    (columns[c.table] ??= []).push({ name: c.name, notNull: c.not_null, type: c.type, default: fallback });
  }
  const indexRows = (await sql<{ table: string; columns: string; unique: boolean; primary: boolean; partial: boolean }>`
    SELECT t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary, ix.indpred IS NOT NULL AS partial,
      (SELECT string_agg(coalesce(a.attname::text, '(expression)'), ',' ORDER BY k.n)
         FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k (attnum, n)
         LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
    FROM pg_index ix
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = 'public' AND t.relname <> ${MIGRATIONS_TABLE}`.execute(db)).rows;
  const keys: Shape['keys'] = {};
  for (const table of tables) keys[table] = [];
  for (const index of indexRows.filter((i) => i.primary)) keys[index.table] = index.columns.split(',');
  const indexes = indexRows.filter((i) => !i.primary).map(({ table, columns: cols, unique, partial }) => ({ table, columns: cols, unique, partial }));
  return { tables, columns, keys, indexes };
}

describe('the PostgreSQL schema beside the SQLite one', () => {
  let sqlite: Db;
  let pg: Engine;
  let lite: Shape;
  let post: Shape;
  beforeAll(async () => {
    sqlite = openDatabase(':memory:');
    pg = await openEngine(postgres().url);
    lite = sqliteShape(sqlite);
    post = await postgresShape(pg.db);
  });
  afterAll(async () => {
    sqlite?.close();
    await pg?.close();
  });

  it('when both are migrated, then they hold the same tables, those schema.ts lists', () => {
    expect(post.tables).toEqual(lite.tables);
    expect([...TABLE_NAMES].sort()).toEqual(lite.tables);
  });

  it('when both are migrated, then every column has the same name, place, nullability, type and default, and schema.ts lists them in that order', () => {
    for (const table of lite.tables) {
      const expected = lite.columns[table]!.map((c) => ({ ...c, type: TYPE_OF[c.type] ?? [`unknown SQLite type ${c.type}`] }));
      const actual = post.columns[table]!;
      expect(actual.map((c) => c.name), table).toEqual(expected.map((c) => c.name));
      for (const [i, column] of actual.entries()) {
        const want = expected[i]!;
        expect({ table, column: column.name, notNull: column.notNull, default: column.default })
          .toEqual({ table, column: want.name, notNull: want.notNull, default: want.default });
        expect(want.type, `${table}.${column.name}`).toContain(column.type);
      }
      expect(tableSpec(TABLE_NAMES.find((t) => t === table)!).columns, table).toEqual(expected.map((c) => c.name));
    }
  });

  it('when both are migrated, then each table has the same primary key, the one copies read in', () => {
    expect(post.keys).toEqual(lite.keys);
    for (const table of TABLE_NAMES) {
      const spec = tableSpec(table);
      expect(spec.unique ? spec.key : [], table).toEqual(lite.keys[table]);
    }
  });

  it('when both are migrated, then every SQLite index has one on PostgreSQL over the same columns, unique and partial alike', () => {
    const show = (i: Index) => `${i.table}(${i.columns})${i.unique ? ' unique' : ''}${i.partial ? ' partial' : ''}`;
    const onPostgres = new Set(post.indexes.map(show));
    const onSqlite = new Set(lite.indexes.map(show));
    expect([...onSqlite].filter((i) => !onPostgres.has(i))).toEqual([]);
    // and nothing more, but the one that stands for SQLite's UNIQUE COLLATE NOCASE on users.username
    expect([...onPostgres].filter((i) => !onSqlite.has(i))).toEqual(['users((expression)) unique']);
  });

  it('when a username differs from another only in ASCII case, then PostgreSQL refuses it as SQLite does', async () => {
    const user = { password_hash: 'x', created_at: '2026-11-25T00:00:00.000Z' };
    await pg.db.insertInto('users').values({ ...user, username: 'Alice' }).execute();
    await expect(pg.db.insertInto('users').values({ ...user, username: 'aLICE' }).execute()).rejects.toThrow(/users_username_nocase/);
    sqlite.prepare('INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)').run('Alice', user.password_hash, user.created_at);
    expect(() => sqlite.prepare('INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)').run('aLICE', 'x', user.created_at))
      .toThrow(/UNIQUE/);
    // beyond ASCII neither folds case: both take 'Élan' beside 'élan'
    await pg.db.insertInto('users').values([{ ...user, username: 'Élan' }, { ...user, username: 'élan' }]).execute();
    sqlite.prepare("INSERT INTO users (username, password_hash, created_at) VALUES ('Élan', 'x', ''), ('élan', 'x', '')").run();
  });
});

describe('PostgreSQL migrations', () => {
  it('when the files are numbered, then the last is the SQLite schema version they match', () => {
    const files = postgresMigrations();
    expect(files.at(-1)!.version).toBe(sqliteSchemaVersion());
  });

  it('when several instances migrate one new database at once, then each file runs once and all of them end current', async () => {
    const url = await postgres().newDatabase();
    const engines = await Promise.all([1, 2, 3].map(() => openEngine(url, { readonly: true }).catch(() => null)));
    expect(engines).toEqual([null, null, null]); // not migrated yet: read-only opens refuse
    const opened: Engine[] = [];
    try {
      // openEngine migrates; three at once
      opened.push(...await Promise.all([1, 2, 3].map(() => openEngine(url))));
      const applied = await sql<{ version: number }>`SELECT version FROM ${sql.table(MIGRATIONS_TABLE)} ORDER BY version`.execute(opened[0]!.db);
      expect(applied.rows.map((r) => r.version)).toEqual(postgresMigrations().map((f) => f.version));
      expect(await migratePostgres(opened[1]!.db)).toEqual([]); // and again: nothing to do
      expect(await opened[2]!.db.selectFrom('revision_counter').selectAll().execute()).toEqual([{ id: 1, value: 0 }]);
    } finally {
      for (const engine of opened) await engine.close();
    }
  });
});

describe('the triggers of SQLite 011 on PostgreSQL', () => {
  // the same writes, through the same Kysely code, on each engine; what each marks stale
  async function writesAndMarks(engine: Engine): Promise<number[][]> {
    const { db } = engine;
    const profile = (name: string) => ({
      kind: 'developer' as const, name, joined_date: '2026-01-01', reported_person_date: '2026-01-01',
      submitted_at: '2026-01-01T00:00:00.000Z', submission_kind: 'NEW_DEVELOPER',
    });
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map(async (name) =>
      Number((await db.insertInto('profiles').values(profile(name)).returning('id').executeTakeFirstOrThrow()).id)));
    const clear = () => db.deleteFrom('pending_identifiers_stale').execute();
    const marks = async () => (await db.selectFrom('pending_identifiers_stale').select('profile_id').orderBy('profile_id').execute())
      .map((r) => r.profile_id);
    const seen: number[][] = [await marks()]; // inserts mark
    await clear();
    await db.updateTable('profiles').set({ bio: 'not an identifier' }).where('id', '=', a!).execute();
    seen.push(await marks()); // a column outside the trigger's list marks nothing
    await db.updateTable('profiles').set({ email: '["a@example.com"]' }).where('id', '=', b!).execute();
    seen.push(await marks());
    await clear();
    const incident = { description: 'd', reported: '2026-01-02' };
    const { id: incidentId } = await db.insertInto('incidents').values({ ...incident, profile_id: a! }).returning('id').executeTakeFirstOrThrow();
    seen.push(await marks());
    await clear();
    await db.updateTable('incidents').set({ profile_id: c! }).where('id', '=', incidentId).execute(); // moved: both profiles
    seen.push(await marks());
    await clear();
    await db.updateTable('incidents').set({ description: 'e' }).where('id', '=', incidentId).execute();
    seen.push(await marks());
    await db.deleteFrom('incidents').where('id', '=', incidentId).execute();
    seen.push(await marks());
    return seen.map((list) => list.map((id) => [a, b, c].indexOf(id)).sort());
  }

  it('when the same rows are written on both engines, then the same profiles are marked stale', async () => {
    const sqlite = await openEngine(':memory:');
    const pg = await openEngine(await postgres().newDatabase());
    try {
      const onSqlite = await writesAndMarks(sqlite);
      expect(onSqlite).toEqual([[0, 1, 2], [], [1], [0], [0, 2], [], [2]]);
      expect(await writesAndMarks(pg)).toEqual(onSqlite);
    } finally {
      await sqlite.close();
      await pg.close();
    }
  });
});

it('TABLES names every table once, parents before the tables pointing at them', () => {
  expect(new Set(TABLE_NAMES).size).toBe(Object.keys(TABLES).length);
  const before = (a: keyof Database, b: keyof Database) => TABLE_NAMES.indexOf(a) < TABLE_NAMES.indexOf(b);
  for (const child of ['incidents', 'edit_requests', 'profile_identifiers', 'pending_identifiers'] as const) expect(before('profiles', child)).toBe(true);
  for (const child of ['saved_searches', 'sessions'] as const) expect(before('users', child)).toBe(true);
  expect(TABLE_NAMES.at(-1)).toBe('pending_identifiers_stale');
});
