// One data layer, two engines (issue 21, docs/decisions/033-postgresql-foundation.md): a Kysely
// instance over the registry, on SQLite (better-sqlite3, the default, embedded) for a file path
// and on PostgreSQL (a pg Pool) for a postgres:// URL, each with its schema brought up to date at
// open. The running app still opens SQLite through connection.ts; this layer serves migrate-data
// and the tests until the server's modules move onto it, a module at a time, over the app's own
// connection (engineOver, inTransaction: docs/decisions/035-moving-onto-the-data-layer-a-module-at-a-time.md).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase as KyselySqlite } from 'kysely';
import pg from 'pg';
import { isPostgresTarget } from '../../config';
import { openDatabase, type Db } from '../connection';
import { migratePostgres, pendingPostgresMigrations } from './postgres-migrate';
import type { Database } from './schema';

export type EngineKind = 'sqlite' | 'postgres';

export interface Engine {
  kind: EngineKind;
  db: Kysely<Database>;
  /** The file, or the URL without its password: for messages. */
  label: string;
  /** PostgreSQL's connection pool, for a library that takes one (rate-limiter-flexible's store: http/limit-store.ts) */
  pool?: pg.Pool;
  /**
   * SQLite's connection under `db`, for a hot read that keeps a prepared statement on SQLite
   * behind the same function as its Kysely query (docs/decisions/035, "Hot paths"); absent on PostgreSQL
   */
  sqlite?: Db;
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

/** Whether a registry target is a postgres:// URL rather than a SQLite file (config.ts says it once). */
export const isPostgresUrl = isPostgresTarget;

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

/**
 * An engine over a PostgreSQL database whose schema is known to be current (a copy of a migrated
 * template: the API tests on PostgreSQL), made without a round trip; openEngine checks or migrates.
 */
export function postgresEngine(url: string, poolSize = 10): Engine {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely ends the pool only once it has run a query on it: the limits' store (http/limit-store.ts)
  // may have used it alone, so it is ended here either way
  const close = async () => {
    await db.destroy();
    if (!pool.ended && !pool.ending) await pool.end();
  };
  return { kind: 'postgres', db, label: redactPasswords(url), pool, close };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Engine> {
  const engine = postgresEngine(url, options.poolSize);
  const { db, label } = engine;
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
  return engine;
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  // Kysely closes the file only once it has run a query on it; close it ourselves either way
  const close = async () => {
    await db.destroy();
    if (database.open) database.close();
  };
  return { kind: 'sqlite', db, label: path, sqlite: database, close };
}

/** How many of a connection's prepared statements Kysely's queries keep (by their SQL text). */
const STATEMENTS_KEPT = 512;

/**
 * The connection as Kysely's SQLite driver sees it, its statements kept: the driver prepares a
 * statement for every query it runs (~2x the time of a short read that is not cached), and
 * SQLite's prepare compiles the SQL each time. A statement is kept by its text, the least used
 * dropped past STATEMENTS_KEPT (an IN list of another length is another text); one still being
 * iterated (a stream) is never handed out twice: a fresh one is prepared in its place.
 */
export function withStatementCache(database: Db, kept = STATEMENTS_KEPT): KyselySqlite {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        // the last used goes to the end: the first is the least recently used
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = database.prepare(text);
      statements.set(text, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** Opens the registry at `target`: a postgres:// URL, or else a SQLite file's path. */
export async function openEngine(target: string, options: OpenOptions = {}): Promise<Engine> {
  return isPostgresUrl(target) ? openPostgres(target, options) : openSqlite(target, options);
}

/**
 * Kysely over a SQLite connection the caller already has open (the app's, from connection.ts),
 * beside the modules that still call better-sqlite3 on it: how the server moves onto this layer a
 * module at a time. Closing it leaves the connection open. Write its transactions with inTransaction.
 */
export function engineOver(database: Db): Engine {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  // (Kysely's destroy() would close the connection: the app closes it when it stops)
  return { kind: 'sqlite', db, label: database.name, sqlite: database, close: async () => {} };
}

/** What every write leaves current before it commits (the pending identifiers: db/pending-identifiers.ts pendingIdentifiersAfterWrite). */
export type AfterWrite = (trx: Kysely<Database>) => Promise<void>;

/** What a SQLite transaction that waited on something other than its own queries is rolled back with. */
export const NOT_IN_ONE_TURN = 'A SQLite transaction waited on something other than its own queries; it was rolled back (docs/decisions/035).';

/**
 * Runs `work` in a transaction, committed when it resolves and rolled back when it throws.
 *
 * On SQLite the connection is one for the whole process, and the modules not moved yet write on
 * it synchronously. A Kysely transaction on better-sqlite3 runs each query synchronously and its
 * awaits are microtasks, so while `work` awaits only its queries it runs to its commit within one
 * turn of the event loop, and no other request's statement can land inside it. Awaiting anything
 * else inside (a fetch, argon2, sharp, a timer) would let one in: such a transaction is rolled
 * back with NOT_IN_ONE_TURN, so the mistake shows in the first test that runs it (a net for tests:
 * by then a statement that landed inside is rolled back with it). On PostgreSQL each transaction
 * has its own pooled connection, and waiting inside is allowed (if unwise).
 */
export async function inTransaction<T>(engine: Engine, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (engine.kind === 'postgres') return engine.db.transaction().execute(work);
  // the turn has ended once either fires: an immediate runs before the next I/O callbacks, a timer
  // before them when the transaction began among the immediates themselves
  let turnEnded = false;
  const end = () => {
    turnEnded = true;
  };
  const immediate = setImmediate(end);
  const timer = setTimeout(end, 0);
  try {
    // BEGIN IMMEDIATE, as connection.ts's writers: the write lock from the start, so a write after
    // a read cannot find that another connection (a search thread storing a page text) wrote in
    // between, which SQLite answers with SQLITE_BUSY without waiting
    return await engine.db.connection().execute(async (connection) => {
      await sql`BEGIN IMMEDIATE`.execute(connection);
      try {
        const result = await work(connection);
        if (turnEnded) throw new Error(NOT_IN_ONE_TURN);
        await sql`COMMIT`.execute(connection);
        return result;
      } catch (error) {
        // (SQLite may have ended the transaction itself: a full disk, an interrupt)
        await sql`ROLLBACK`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  } finally {
    clearImmediate(immediate);
    clearTimeout(timer);
  }
}
