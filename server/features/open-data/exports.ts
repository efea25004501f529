// The exports of the verified registry (issue 20; README.md "Open data"): JSON (profiles with their
// approved incidents), CSV (one row per identifier) and a STIX 2.1 bundle of indicators. Only what
// the public registry shows (read-model/rows.ts toProfile, toIncident): never a reporter's contact
// or name (docs/product.md#roles).
//
// Each export is written once per registry revision to a gzip file and then streamed from it
// (docs/decisions/024-exports-written-once-per-revision.md): it is read through a read-only engine
// of its own (the SQLite file, or the PostgreSQL database, the app's engine is on: exportSource),
// in one read transaction (one consistent revision while the app goes on writing), a batch of
// profiles at a time, waiting whenever the gzip stream is full, so neither writing nor sending one
// ever holds the whole export in memory. The same Kysely queries on both engines (issue 21,
// docs/decisions/035); on SQLite the bytes are those the synchronous writer made.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createGzip } from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import { openEngine, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevisionOn } from '../../db/revision';
import { approvedIncidentsByProfileOn } from '../../read-model/queries';
import { toProfile, type ProfileRow } from '../../read-model/rows';
import { caseId } from '../../../shared/domain/case-id';
import { DATA_ATTRIBUTION, DATA_LICENCE, REGISTRY_CSV_COLUMNS, type ExportProfile } from '../../../shared/contract/open-data';
import { inSnapshot } from './moment';

export type ExportName = 'json' | 'csv' | 'stix';

/** Profiles read per batch: one query for them, one for their incidents. */
export const EXPORT_BATCH = 500;

/** What a finished export is: its gzip file and the revision it holds. */
export interface ExportFile {
  name: ExportName;
  revision: number;
  path: string;
  etag: string;
}

export const EXPORT_TYPES: Record<ExportName, { type: string; extension: string }> = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  csv: { type: 'text/csv; charset=utf-8; header=present', extension: 'csv' },
  stix: { type: 'application/stix+json;version=2.1; charset=utf-8', extension: 'stix.json' },
};

export const exportEtag = (name: ExportName, revision: number) => `"export-${name}-r${revision}"`;

/** A sink that waits when its buffer is full: the export's memory stays one batch. */
interface Sink {
  write(text: string): Promise<void>;
}

/** The verified profiles, a batch at a time, in id order (keyset by id). */
function profileBatches(db: Kysely<Database>): AsyncGenerator<ProfileRow[]> {
  return batches((after) => db.selectFrom('profiles').selectAll()
    .where('verification_status', '=', 'verified').where('id', '>', after)
    .orderBy('id').limit(EXPORT_BATCH)
    .execute());
}

/** The ids of the same batches (the identifiers' exports need no more of a profile). */
function profileIdBatches(db: Kysely<Database>): AsyncGenerator<{ id: number }[]> {
  return batches((after) => db.selectFrom('profiles').select('id')
    .where('verification_status', '=', 'verified').where('id', '>', after)
    .orderBy('id').limit(EXPORT_BATCH)
    .execute());
}

async function* batches<R extends { id: number }>(read: (after: number) => Promise<R[]>): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

// ---------------------------------------------------------------------------------------------
// The three formats

function header(revision: number, generatedAt: string): string {
  // the fields of registryExportSchema, in order, before the profiles
  return `{"licence":${JSON.stringify(DATA_LICENCE.name)},"licence_url":${JSON.stringify(DATA_LICENCE.url)},`
    + `"attribution":${JSON.stringify(DATA_ATTRIBUTION)},"revision":${revision},"generated_at":${JSON.stringify(generatedAt)},"profiles":[`;
}

async function writeJson(db: Kysely<Database>, revision: number, generatedAt: string, sink: Sink): Promise<void> {
  await sink.write(header(revision, generatedAt));
  let first = true;
  for await (const rows of profileBatches(db)) {
    const incidents = await approvedIncidentsByProfileOn(db, rows.map((r) => r.id));
    const texts = rows.map((row) => {
      const own = incidents.get(row.id) ?? [];
      const profile: ExportProfile = { ...toProfile(row, own), kind: row.kind, case_id: caseId(row.id), incidents: own };
      return JSON.stringify(profile);
    });
    await sink.write((first ? '' : ',') + texts.join(','));
    first = false;
  }
  await sink.write(']}\n');
}

interface IdentifierRow { id: number; kind: string; name: string; joined_date: string; identifier_kind: string; canonical: string; value: string }

/** The identifier rows of each batch of verified profiles (migrations/006: they hold no case id). */
async function* identifierBatches(db: Kysely<Database>): AsyncGenerator<IdentifierRow[]> {
  for await (const rows of profileIdBatches(db)) {
    yield await db.selectFrom('profile_identifiers as i').innerJoin('profiles as p', 'p.id', 'i.profile_id')
      .select(['p.id', 'p.kind', 'p.name', 'p.joined_date', 'i.kind as identifier_kind', 'i.canonical', 'i.value'])
      .where('p.verification_status', '=', 'verified').where('p.id', 'in', rows.map((r) => r.id))
      .orderBy('p.id').orderBy('i.kind').orderBy('i.canonical')
      .execute();
  }
}

async function writeCsv(db: Kysely<Database>, sink: Sink): Promise<void> {
  // csv-stringify quotes as RFC 4180 says and defuses values a spreadsheet would run as formulas
  // (`=HYPERLINK(…)` in a scammer's name): the data is what strangers reported
  const options = { escape_formulas: true, record_delimiter: 'windows' } as const;
  await sink.write(stringify([[...REGISTRY_CSV_COLUMNS]], options));
  for await (const rows of identifierBatches(db)) {
    if (rows.length === 0) continue;
    await sink.write(stringify(rows.map((r) => [
      r.id, caseId(r.id), r.kind, r.name, r.identifier_kind, r.canonical, r.value, r.joined_date,
    ]), options));
  }
}

/** Our namespace for the STIX objects' UUIDv5s, so an unchanged identifier keeps its indicator id from export to export. */
const STIX_NAMESPACE = 'b6b3f2a4-5b1e-4c55-9d7e-3a0c2f1e8d20';
const IDENTITY_ID = `identity--${uuidv5('bustr-registry', STIX_NAMESPACE)}`;
const MARKING_ID = `marking-definition--${uuidv5('licence:cc-by-4.0', STIX_NAMESPACE)}`;
const STIX_EPOCH = '2025-01-01T00:00:00.000Z';

/** A STIX pattern string literal: backslashes and quotes escaped (STIX 2.1 patterning, 9.2). */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The STIX pattern of an identifier, for the kinds STIX 2.1 has an object for (and wallets, as
 * the custom `x-crypto-wallet` most platforms take); phone numbers and bank accounts have none.
 */
export function stixPattern(kind: string, canonical: string): string | null {
  switch (kind) {
    case 'domain': return `[domain-name:value = ${literal(canonical)}]`;
    case 'email': return `[email-addr:value = ${literal(canonical)}]`;
    case 'ipv4': return `[ipv4-addr:value = ${literal(canonical)}]`;
    case 'telegram': return `[user-account:account_type = 'telegram' AND user-account:account_login = ${literal(canonical.replace(/^@/, ''))}]`;
    case 'evm': case 'btc': case 'ltc': case 'tron': case 'solana':
      return `[x-crypto-wallet:address = ${literal(canonical)} AND x-crypto-wallet:network = ${literal(kind)}]`;
    default: return null;
  }
}

function stixTime(text: string): string {
  const time = Date.parse(text);
  return Number.isNaN(time) ? STIX_EPOCH : new Date(time).toISOString();
}

async function writeStix(db: Kysely<Database>, revision: number, sink: Sink): Promise<void> {
  const identity = { type: 'identity', spec_version: '2.1', id: IDENTITY_ID, created: STIX_EPOCH, modified: STIX_EPOCH, name: DATA_ATTRIBUTION, identity_class: 'organization' };
  const marking = {
    type: 'marking-definition', spec_version: '2.1', id: MARKING_ID, created: STIX_EPOCH, definition_type: 'statement',
    definition: { statement: `${DATA_ATTRIBUTION}, licensed ${DATA_LICENCE.name} (${DATA_LICENCE.url})` },
  };
  await sink.write(`{"type":"bundle","id":"bundle--${uuidv5(`bundle:${revision}`, STIX_NAMESPACE)}","objects":[${JSON.stringify(identity)},${JSON.stringify(marking)}`);
  for await (const rows of identifierBatches(db)) {
    const texts: string[] = [];
    for (const r of rows) {
      const pattern = stixPattern(r.identifier_kind, r.canonical);
      if (!pattern) continue;
      const at = stixTime(r.joined_date);
      texts.push(JSON.stringify({
        type: 'indicator', spec_version: '2.1', id: `indicator--${uuidv5(`${r.id}:${r.identifier_kind}:${r.canonical}`, STIX_NAMESPACE)}`,
        created: at, modified: at, name: `${r.identifier_kind} of ${caseId(r.id)} (${r.name})`,
        description: `Listed in the ${DATA_ATTRIBUTION} as held by ${r.kind === 'developer' ? 'the reported scammer' : 'the reported project'} ${r.name} (${caseId(r.id)}).`,
        indicator_types: ['malicious-activity'], pattern, pattern_type: 'stix', valid_from: at,
        created_by_ref: IDENTITY_ID, object_marking_refs: [MARKING_ID],
        external_references: [{ source_name: 'bustr', external_id: caseId(r.id) }],
      }));
    }
    if (texts.length > 0) await sink.write(`,${texts.join(',')}`);
  }
  await sink.write(']}\n');
}

// ---------------------------------------------------------------------------------------------
// Writing and keeping the files

/** Where a SQLite database's exports are kept by default: a folder beside it. */
export const exportDir = (databasePath: string) => join(dirname(databasePath), 'exports');

/** What an export is read from (a SQLite file's path or a postgres:// URL) and where its files are kept. */
export interface ExportSource {
  target: string;
  dir: string;
}

/**
 * Where the app's engine exports from: its SQLite file, the exports kept beside it; or its
 * PostgreSQL database (the URL its pool connects with), kept in a folder of that database's own
 * in the OS temp folder (there is no file to keep them beside). `exportsDir` (config EXPORTS_DIR)
 * keeps them there instead, on either engine.
 */
export function exportSource(engine: Engine, exportsDir?: string): ExportSource {
  if (engine.sqlite) return { target: engine.sqlite.name, dir: exportsDir ?? exportDir(engine.sqlite.name) };
  const target = engine.pool?.options.connectionString;
  if (!target) throw new Error(`${engine.label}: no connection URL to open the exports' reads with`);
  const database = createHash('sha256').update(engine.label).digest('hex').slice(0, 16);
  return { target, dir: exportsDir ?? join(tmpdir(), 'bustr-exports', database) };
}

/**
 * Writes an export of the registry as it is now into a gzip file in `dir`, read through a
 * read-only engine of its own on `target` (a SQLite file's path or a postgres:// URL) in one read
 * transaction; resolves with the file and its revision. `generatedAt`: the JSON export's stamp
 * (now, unless a test fixes it).
 */
export async function writeExport(target: string, dir: string, name: ExportName, generatedAt?: Date): Promise<ExportFile> {
  mkdirSync(dir, { recursive: true });
  const engine = await openEngine(target, { readonly: true, poolSize: 1 });
  const temp = join(dir, `.${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.gz`);
  try {
    // the first read fixes the snapshot: every batch reads the same revision
    const revision = await inSnapshot(engine, async (db) => {
      const revision = await currentRevisionOn(db);
      const gzip = createGzip({ level: 6 });
      const file = createWriteStream(temp);
      gzip.pipe(file);
      const sink: Sink = {
        async write(text) {
          if (!gzip.write(text)) await once(gzip, 'drain');
          // let the server answer other requests between batches
          await new Promise((resolve) => setImmediate(resolve));
        },
      };
      const at = (generatedAt ?? new Date()).toISOString();
      if (name === 'json') await writeJson(db, revision, at, sink);
      else if (name === 'csv') await writeCsv(db, sink);
      else await writeStix(db, revision, sink);
      gzip.end();
      await once(file, 'close');
      return revision;
    });
    const path = join(dir, `registry-${name}-r${revision}.gz`);
    renameSync(temp, path);
    return { name, revision, path, etag: exportEtag(name, revision) };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  } finally {
    await engine.close();
  }
}

/** Per source: the newest export of each format, and the one being written. */
interface Kept { file?: ExportFile; writing?: Promise<ExportFile> }
const kept = new Map<string, Map<ExportName, Kept>>();

/**
 * The export of the registry at `revision` (the current one): the kept file when it holds that
 * revision, else a new one (one writer per format at a time; requests meanwhile wait for it).
 * Older files of the format are deleted once a newer one is written.
 */
export async function currentExport(source: ExportSource, name: ExportName, revision: number): Promise<ExportFile> {
  const key = `${source.target}\0${source.dir}`;
  let formats = kept.get(key);
  if (!formats) kept.set(key, (formats = new Map()));
  let entry = formats.get(name);
  if (!entry) formats.set(name, (entry = {}));
  // (on PostgreSQL another instance may keep its files in the same folder: one that wrote a newer
  // revision deletes this one's older file)
  if (entry.file && entry.file.revision >= revision && existsSync(entry.file.path)) return entry.file;
  const state = entry;
  state.writing ??= writeExport(source.target, source.dir, name).then((file) => {
    state.file = file;
    dropOlder(source.dir, file);
    return file;
  }).finally(() => { state.writing = undefined; });
  const file = await state.writing;
  // a writer started before this revision: write again for it
  return file.revision >= revision ? file : currentExport(source, name, revision);
}

/** Deletes the files of older revisions of `newest`'s format (never a newer one another instance wrote meanwhile). */
function dropOlder(dir: string, newest: ExportFile): void {
  const pattern = new RegExp(`^registry-${newest.name}-r(\\d+)\\.gz$`);
  for (const entry of readdirSync(dir)) {
    const revision = pattern.exec(entry)?.[1];
    if (revision !== undefined && Number(revision) < newest.revision) rmSync(join(dir, entry), { force: true });
  }
}
