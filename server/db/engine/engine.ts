// One data layer, two engines (issue 21, docs/decisions/033-postgresql-foundation.md): a Kysely
// instance over the registry, on SQLite (better-sqlite3, the default, embedded) for a file path
// and on PostgreSQL (a pg Pool) for a postgres:// URL, each with its schema brought up to date at
// open. The running app still opens SQLite through connection.ts; this layer serves migrate-data
// and the tests until the server's modules move onto it.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../connection';
import { migratePostgres, pendingPostgresMigrations } from './postgres-migrate';
import type { Database } from './schema';

export type EngineKind = 'sqlite' | 'postgres';

export interface Engine {
  kind: EngineKind;
  db: Kysely<Database>;
  /** The file, or the URL without its password: for messages. */
  label: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Read only, and no migration: the schema must be current already (migrate-data's source).
   * A SQLite file is opened read-only; a PostgreSQL database is only checked.
   */
  readonly?: boolean;
  /** PostgreSQL connections in the pool (default 10). */
  poolSize?: number;
}

const SQLITE_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** The user_version SQLite's migrations bring a database to (connection.ts migrate). */
export function sqliteSchemaVersion(): number {
  return Math.max(...readdirSync(SQLITE_MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).map((f) => Number.parseInt(f, 10)));
}

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** A text as it may be printed: the password of any URL in it replaced. */
export function redactPasswords(text: string): string {
  return text.replace(/\/\/([^:/@\s]*):[^@\s]*@/g, '//$1:***@');
}

// pg hands int8 (ids, revisions, ms timestamps, count(*)) and numeric (sum() of int8) over as
// strings, to be safe with numbers past 2^53; better-sqlite3 gives numbers. Both engines give
// numbers here, and a value a JS number cannot hold is an error rather than a silent rounding.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
function parseWholeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${text} does not fit a JS number exactly`);
  return value;
}
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format !== 'binary' && oid === INT8_OID) return parseWholeNumber;
    if (format !== 'binary' && oid === NUMERIC_OID) return Number;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

async function openPostgres(url: string, options: OpenOptions): Promise<Engine> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: pgTypes });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const label = redactPasswords(url);
  try {
    if (!options.readonly) await migratePostgres(db);
    else {
      const pending = await pendingPostgresMigrations(db);
      if (pending.length > 0) throw new Error(`its schema lacks migrations ${pending.map((f) => f.name).join(', ')}; open it once without read-only to apply them`);
    }
  } catch (error) {
    await db.destroy();
    throw new Error(`${label}: ${(error as Error).message}`, { cause: error });
  }
  return { kind: 'postgres', db, label, close: () => db.destroy() };
}

function openSqlite(path: string, options: OpenOptions): Engine {
  let database: SqliteDatabase.Database;
  if (options.readonly) {
    database = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    const version = database.pragma('user_version', { simple: true }) as number;
    const expected = sqliteSchemaVersion();
    if (version !== expected) {
      database.close();
      throw new Error(
        `${path} is at schema version ${version}, not ${expected}: start the app on it once (or run npm run seed) to bring it up to date, then copy it.`,
      );
    }
  } else {
    database = openDatabase(path);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // Kysely closes the file only once it has run a query on it; close it ourselves either way
  const close = async () => {
    await db.destroy();
    if (database.open) database.close();
  };
  return { kind: 'sqlite', db, label: path, close };
}

/** Opens the registry at `target`: a postgres:// URL, or else a SQLite file's path. */
export async function openEngine(target: string, options: OpenOptions = {}): Promise<Engine> {
  return isPostgresUrl(target) ? openPostgres(target, options) : openSqlite(target, options);
}
