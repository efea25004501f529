// PostgreSQL's migrations (postgres-migrations/*.sql), run at open (engine.ts): each file once, in
// version order, each in its own transaction with its version recorded in schema_migrations.
// Several app instances may start at once: an advisory lock held for the transaction lets one
// migrate while the others wait, then find nothing left to do.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

export const POSTGRES_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'postgres-migrations');
/** The bookkeeping table (SQLite keeps its version in PRAGMA user_version): not part of the registry. */
export const MIGRATIONS_TABLE = 'schema_migrations';
/** pg_advisory_xact_lock's key: any number no other code locks on ("bustr" in ASCII). */
const MIGRATION_LOCK = 0x6275737472;

export interface MigrationFile { version: number; name: string; path: string }

export function postgresMigrations(dir = POSTGRES_MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .map((name) => ({ version: Number.parseInt(name, 10), name, path: join(dir, name) }))
    .sort((a, b) => a.version - b.version);
}

/** Brings the database's schema up to date; returns the versions it applied (none when current). */
export async function migratePostgres<DB>(db: Kysely<DB>, dir = POSTGRES_MIGRATIONS_DIR): Promise<number[]> {
  const applied: number[] = [];
  for (const file of postgresMigrations(dir)) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATIONS_TABLE)} (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx);
      const done = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(MIGRATIONS_TABLE)} WHERE version = ${file.version}`.execute(trx);
      if (done.rows[0]!.n > 0) return false;
      // no parameters: pg sends it as a simple query, so the file may hold many statements
      await sql.raw(readFileSync(file.path, 'utf8')).execute(trx);
      await sql`INSERT INTO ${sql.table(MIGRATIONS_TABLE)} (version, name) VALUES (${file.version}, ${file.name})`.execute(trx);
      return true;
    });
    if (ran) applied.push(file.version);
  }
  return applied;
}

/** The migration files not yet applied to the database (all of them on an empty one). */
export async function pendingPostgresMigrations<DB>(db: Kysely<DB>, dir = POSTGRES_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass(${MIGRATIONS_TABLE})::text AS t`.execute(db);
  if (exists.rows[0]?.t == null) return postgresMigrations(dir);
  const { rows } = await sql<{ version: number }>`SELECT version FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(db);
  const done = new Set(rows.map((r) => r.version));
  return postgresMigrations(dir).filter((f) => !done.has(f.version));
}
