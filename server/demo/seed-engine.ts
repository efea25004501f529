// Demo data on either engine (issue 21, docs/decisions/035): npm run seed and the server's start
// with SEED_DEMO. On SQLite the seed writes straight into the registry (reseedDemo). On PostgreSQL
// it is made where it is fast, in a temporary SQLite file by the same code, and copied across by
// migrate-data's copy (db/engine/copy.ts): every table in one transaction on the target, checked
// by row counts and a content hash before it commits. The copy replaces the whole registry, so what
// the target already held (users, sessions, the audit log, a counter past 0 …) is first read into
// the temporary file, at one moment, and comes back with the seed. The texts and tables that
// follow the profiles (sync_texts, profile_identifiers, pending_identifiers and their formats in
// server_state, the revision counter, tombstones) are written by seedDemo in the file as on
// SQLite, so they arrive consistent with the profiles; nothing is left stale. A write another
// server committed to the registry after it was read refuses the copy (RegistryChangedError): the
// registry's hash is compared again under the copy's lock, so no write lands in between.
// Two seeds of one database (instances starting at once) take turns on an advisory lock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { openDatabase, type Db } from '../db/connection';
import { copyRegistry, digestRegistry } from '../db/engine/copy';
import { engineOver, type Engine } from '../db/engine/engine';
import { TABLE_NAMES, tableSpec, type Database } from '../db/engine/schema';
import { RegistryHoldsProfilesError, reseedDemo, type ReseedOptions, type ReseedResult, type SeedOptions, type SeedResult } from './seeding';

/** Rows read from the target and written into the temporary file at once. */
const CARRY_BATCH = 5000;
/** pg_advisory_lock's key: two seeds of one PostgreSQL database (two instances starting) take turns. */
const SEED_LOCK = 'bustr demo seed';

/** Thrown when another writer changed the PostgreSQL registry while its seed was being made: nothing was changed. */
export class RegistryChangedError extends Error {
  constructor(where: string) {
    super(`${where} changed while its seed was being made; nothing was changed. Stop what writes to it (the servers) and seed again.`);
  }
}

/**
 * Seeds the registry of `engine` (reseedDemo's options: `force` deletes the profiles it holds,
 * without it RegistryHoldsProfilesError when there are any). On PostgreSQL see the top of this
 * file; it takes a few seconds more than on SQLite at 100k profiles (the copy).
 */
export async function seedDemoOn(engine: Engine, options: ReseedOptions = {}): Promise<ReseedResult> {
  if (engine.sqlite) return reseedDemo(engine.sqlite, options);
  if (engine.kind !== 'postgres') throw new Error('a SQLite engine without its connection cannot be seeded');
  // one seed at a time on a database: a session's advisory lock, on a connection of its own held
  // until the seed is copied (the copy writes through another of the pool's connections)
  return engine.db.connection().execute(async (locked) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${SEED_LOCK}, 0))`.execute(locked);
    try {
      return await seedPostgres(engine, options);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${SEED_LOCK}, 0))`.execute(locked);
    }
  });
}

/**
 * The server's start with SEED_DEMO: seeds the default demo data when the registry holds no
 * profiles; null when it holds some (another instance may just have seeded it).
 */
export async function seedDemoIfEmptyOn(engine: Engine, options: SeedOptions = {}): Promise<SeedResult | null> {
  try {
    const { profiles, incidents } = await seedDemoOn(engine, { ...options, force: false });
    return { profiles, incidents };
  } catch (error) {
    if (error instanceof RegistryHoldsProfilesError) return null;
    throw error;
  }
}

async function seedPostgres(target: Engine, options: ReseedOptions): Promise<ReseedResult> {
  const { n } = await target.db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) > 0 && !options.force) throw new RegistryHoldsProfilesError(target.label, Number(n));

  const dir = mkdtempSync(join(tmpdir(), 'bustr-seed-'));
  const temp = openDatabase(join(dir, 'seed.sqlite'));
  try {
    const held = await carry(target, temp);
    let seeded: ReseedResult;
    try {
      seeded = reseedDemo(temp, options);
    } catch (error) {
      // (a profile written since the count above): named as the registry, not the file
      if (error instanceof RegistryHoldsProfilesError) throw new RegistryHoldsProfilesError(target.label, error.profiles);
      throw error;
    }
    // the copy replaces the whole registry: only if, under its lock, it is still the one read into the file
    await copyRegistry(engineOver(temp), target, {
      replace: true,
      whenLocked: async (locked) => {
        if ((await digestRegistry(locked)).sha256 !== held) throw new RegistryChangedError(target.label);
      },
    });
    return seeded;
  } finally {
    temp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes every row of the PostgreSQL `source` into the new SQLite file `temp` in place of its own
 * (the migrations' counter and formats), read at one moment; returns the content hash of what it read.
 */
async function carry(source: Engine, temp: Db): Promise<string> {
  return source.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const digest = await digestRegistry(trx);
    const write = temp.transaction((table: string, columns: readonly string[], rows: Record<string, unknown>[]) => {
      const insert = temp.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) insert.run(columns.map((c) => row[c] ?? null));
    });
    // (the table order is the copy's: parents first, pending_identifiers_stale last, after the
    // triggers of migrations/011 marked the profiles and incidents written before it)
    for (const table of TABLE_NAMES) {
      temp.prepare(`DELETE FROM ${table}`).run();
      const { columns, key } = tableSpec(table);
      for await (const rows of readAll(trx, table, columns, key)) write(table, columns, rows);
    }
    return digest.sha256;
  });
}

/** A table's rows in key order, a batch at a time, through a cursor (in the caller's transaction). */
async function* readAll(trx: Transaction<Database> | Kysely<Database>, table: string, columns: readonly string[], key: readonly string[]) {
  const refs = (names: readonly string[]) => sql.join(names.map((c) => sql.ref(c)));
  await sql`DECLARE carry_rows NO SCROLL CURSOR FOR SELECT ${refs(columns)} FROM ${sql.table(table)} ORDER BY ${refs(key)}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`FETCH FORWARD ${sql.raw(String(CARRY_BATCH))} FROM carry_rows`.execute(trx);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < CARRY_BATCH) return;
    }
  } finally {
    await sql`CLOSE carry_rows`.execute(trx);
  }
}
