// Copying a registry between engines (npm run migrate-data, migrate-data-cli.ts) and checking a
// copy: every table read in primary-key order in batches, the source in one read transaction (one
// moment of it, whatever the app writes meanwhile), the target written in one transaction that
// commits only when its rows hash the same as the source's. The hash is computed by the same code
// over the rows each engine gives back (a row is the JSON array of its values in TABLES' column
// order, tables in TABLES order), so it compares what was read, not what was meant to be written.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Engine } from './engine';
import { SEEDED_BY_MIGRATIONS, TABLE_NAMES, tableSpec, type AnyTableSpec, type Database, type TableName } from './schema';

type Executor = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

export interface TableDigest { table: TableName; rows: number; sha256: string }
export interface RegistryDigest { tables: TableDigest[]; sha256: string }

export interface TableComparison { table: TableName; source: TableDigest; target: TableDigest; same: boolean }
export interface Comparison { same: boolean; tables: TableComparison[]; source: string; target: string }

export class TargetNotEmptyError extends Error {
  constructor(readonly held: { table: TableName; rows: number }[]) {
    super(`the target already holds a registry (${held.map((h) => `${h.rows} ${h.table}`).join(', ')}); nothing was changed. Use --replace to empty it and copy anew.`);
  }
}

export class CopyMismatchError extends Error {
  constructor(readonly comparison: Comparison) {
    const differ = comparison.tables.filter((t) => !t.same).map((t) => t.table);
    super(`the copy does not match its source (${differ.join(', ')}); it was rolled back, the target is as it was.`);
  }
}

/** Rows read and written at once: PostgreSQL takes at most 65535 parameters a statement. */
export const DEFAULT_BATCH_ROWS = 1000;
const MAX_PARAMETERS = 65_535;

const batchRows = (spec: AnyTableSpec, wanted: number) => Math.max(1, Math.min(wanted, Math.floor(MAX_PARAMETERS / spec.columns.length)));
const refs = (columns: readonly string[]) => sql.join(columns.map((c) => sql.ref(c)));

/** The table's rows in key order, a batch at a time: after the last key read, or by offset where rows may repeat. */
async function* readTable(db: Executor, table: TableName, batch: number): AsyncGenerator<Row[]> {
  const spec = tableSpec(table);
  const size = batchRows(spec, batch);
  let after: unknown[] | null = null;
  let offset = 0;
  for (;;) {
    const where: RawBuilder<unknown> = spec.unique && after ? sql`WHERE (${refs(spec.key)}) > (${sql.join(after)})` : sql``;
    const skip = spec.unique ? sql`` : sql`OFFSET ${offset}`;
    const { rows } = await sql<Row>`SELECT ${refs(spec.columns)} FROM ${sql.table(table)} ${where}
      ORDER BY ${refs(spec.key)} LIMIT ${size} ${skip}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const last: Row = rows[rows.length - 1]!;
    after = spec.key.map((c) => last[c]);
    offset += rows.length;
  }
}

/** A value in the canonical form both engines' rows are hashed in. */
function canonicalValue(table: TableName, column: string, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new TypeError(`${table}.${column} holds a ${typeof value} (${String(value).slice(0, 40)}), not a number or text: the copy cannot compare it`);
}

class TableHasher {
  private readonly hash = createHash('sha256');
  rows = 0;
  constructor(readonly table: TableName) {}
  add(rows: Row[]): void {
    const { columns } = tableSpec(this.table);
    for (const row of rows) {
      this.hash.update(JSON.stringify(columns.map((c) => canonicalValue(this.table, c, row[c]))));
      this.hash.update('\n');
    }
    this.rows += rows.length;
  }
  digest(): TableDigest {
    return { table: this.table, rows: this.rows, sha256: this.hash.digest('hex') };
  }
}

function wholeDigest(tables: TableDigest[]): RegistryDigest {
  const hash = createHash('sha256');
  for (const t of tables) hash.update(`${t.table} ${t.rows} ${t.sha256}\n`);
  return { tables, sha256: hash.digest('hex') };
}

/** Every table's row count and content hash, read through `db` (inside a transaction, one moment). */
export async function digestRegistry(db: Executor, batch = DEFAULT_BATCH_ROWS): Promise<RegistryDigest> {
  const tables: TableDigest[] = [];
  for (const table of TABLE_NAMES) {
    const hasher = new TableHasher(table);
    for await (const rows of readTable(db, table, batch)) hasher.add(rows);
    tables.push(hasher.digest());
  }
  return wholeDigest(tables);
}

export function compareDigests(source: RegistryDigest, target: RegistryDigest): Comparison {
  const tables = source.tables.map((s, i) => {
    const t = target.tables[i]!;
    return { table: s.table, source: s, target: t, same: s.rows === t.rows && s.sha256 === t.sha256 };
  });
  return { same: source.sha256 === target.sha256, tables, source: source.sha256, target: target.sha256 };
}

/** Reads both registries, each at one moment, and compares them (migrate-data --check-only). */
export async function compareRegistries(source: Engine, target: Engine, batch = DEFAULT_BATCH_ROWS): Promise<Comparison> {
  const read = (engine: Engine) => {
    const trx = engine.db.transaction();
    return (engine.kind === 'postgres' ? trx.setIsolationLevel('repeatable read') : trx).execute((db) => digestRegistry(db, batch));
  };
  return compareDigests(await read(source), await read(target));
}

async function insertRows(db: Executor, table: TableName, rows: Row[]): Promise<void> {
  const { columns } = tableSpec(table);
  const values = sql.join(rows.map((row) => sql`(${sql.join(columns.map((c) => row[c] ?? null))})`));
  await sql`INSERT INTO ${sql.table(table)} (${refs(columns)}) VALUES ${values}`.execute(db);
}

/** Tables holding rows other than the ones the migrations write. */
async function registryRows(db: Executor): Promise<{ table: TableName; rows: number }[]> {
  const held: { table: TableName; rows: number }[] = [];
  for (const table of TABLE_NAMES) {
    if (SEEDED_BY_MIGRATIONS.includes(table)) continue;
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    if (Number(rows[0]!.n) > 0) held.push({ table, rows: Number(rows[0]!.n) });
  }
  return held;
}

export interface CopyOptions {
  /** Empty a target that already holds a registry, instead of refusing. */
  replace?: boolean;
  batch?: number;
  /** Called after each table is copied. */
  progress?: (table: TableName, rows: number, ms: number) => void;
  /**
   * Run on the target once its tables are locked, before anything in it is replaced (no other
   * writer can commit to it from then until the copy commits): throwing leaves it as it was.
   */
  whenLocked?: (target: Executor) => Promise<void>;
}

export interface CopyResult { comparison: Comparison; replaced: { table: TableName; rows: number }[] }

/** Copies every table of `source` into the PostgreSQL `target` (see the top of this file). */
export async function copyRegistry(source: Engine, target: Engine, options: CopyOptions = {}): Promise<CopyResult> {
  if (target.kind !== 'postgres') throw new Error('the target must be a PostgreSQL database');
  const batch = options.batch ?? DEFAULT_BATCH_ROWS;
  return source.db.transaction().execute((src) => target.db.transaction().execute(async (dst) => {
    // two copies into one database at once would interleave: the second waits for the first
    await sql`LOCK TABLE ${sql.join(TABLE_NAMES.map((t) => sql.table(t)))} IN EXCLUSIVE MODE`.execute(dst);
    await options.whenLocked?.(dst);
    const held = await registryRows(dst);
    if (held.length > 0 && !options.replace) throw new TargetNotEmptyError(held);
    // the migrations' own rows (the counter, server_state) are replaced by the source's too
    await sql`TRUNCATE ${sql.join(TABLE_NAMES.map((t) => sql.table(t)))} RESTART IDENTITY`.execute(dst);

    const sourceTables: TableDigest[] = [];
    for (const table of TABLE_NAMES) {
      const started = performance.now();
      // the triggers of migrations/011 marked every profile written above: the source's marks replace them
      if (table === 'pending_identifiers_stale') await sql`DELETE FROM pending_identifiers_stale`.execute(dst);
      const hasher = new TableHasher(table);
      for await (const rows of readTable(src, table, batch)) {
        hasher.add(rows);
        await insertRows(dst, table, rows);
      }
      sourceTables.push(hasher.digest());
      options.progress?.(table, hasher.rows, performance.now() - started);
    }

    // ids the app makes next start after the copied ones
    for (const table of TABLE_NAMES) {
      const column = tableSpec(table).identity;
      if (!column) continue;
      await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false)
        FROM ${sql.table(table)}`.execute(dst);
    }

    const comparison = compareDigests(wholeDigest(sourceTables), await digestRegistry(dst, batch));
    if (!comparison.same) throw new CopyMismatchError(comparison);
    return { comparison, replaced: held };
  }));
}
