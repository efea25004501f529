// The exports of the verified registry (issue 20; README.md "Open data"): JSON (profiles with their
// approved incidents), CSV (one row per identifier) and a STIX 2.1 bundle of indicators. Only what
// the public registry shows (read-model/rows.ts toProfile, toIncident): never a reporter's contact
// or name (docs/product.md#roles).
//
// Each export is written once per registry revision to a gzip file beside the database and then
// streamed from it (docs/decisions/024-exports-written-once-per-revision.md): it is read through a
// read-only connection of its own, in one read transaction (one consistent revision while the app
// goes on writing), a batch of profiles at a time, waiting whenever the gzip stream is full, so
// neither writing nor sending one ever holds the whole export in memory.
import Database from 'better-sqlite3';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createGzip } from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import { v5 as uuidv5 } from 'uuid';
import type { Db } from '../../db/connection';
import { approvedIncidentsByProfile } from '../../read-model/queries';
import { toProfile, type ProfileRow } from '../../read-model/rows';
import { caseId } from '../../../shared/domain/case-id';
import { DATA_ATTRIBUTION, DATA_LICENCE, REGISTRY_CSV_COLUMNS, type ExportProfile } from '../../../shared/contract/open-data';

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

const PUBLIC_PROFILES = `SELECT * FROM profiles WHERE verification_status = 'verified' AND id > ? ORDER BY id LIMIT ${EXPORT_BATCH}`;

/** The verified profiles, a batch at a time, in id order. */
function* profileBatches(db: Db): Generator<ProfileRow[]> {
  const statement = db.prepare(PUBLIC_PROFILES);
  let after = 0;
  for (;;) {
    const rows = statement.all(after) as ProfileRow[];
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

async function writeJson(db: Db, revision: number, generatedAt: string, sink: Sink): Promise<void> {
  await sink.write(header(revision, generatedAt));
  let first = true;
  for (const rows of profileBatches(db)) {
    const incidents = approvedIncidentsByProfile(db, rows.map((r) => r.id));
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

const IDENTIFIER_ROWS = `SELECT p.id, p.kind, p.name, p.joined_date, i.kind AS identifier_kind, i.canonical, i.value
  FROM profile_identifiers i JOIN profiles p ON p.id = i.profile_id
  WHERE p.verification_status = 'verified' AND p.id IN (SELECT value FROM json_each(?))
  ORDER BY p.id, i.kind, i.canonical`;

interface IdentifierRow { id: number; kind: string; name: string; joined_date: string; identifier_kind: string; canonical: string; value: string }

/** The identifier rows of each batch of verified profiles (migrations/006: they hold no case id). */
function* identifierBatches(db: Db): Generator<IdentifierRow[]> {
  const statement = db.prepare(IDENTIFIER_ROWS);
  for (const rows of profileBatches(db)) yield statement.all(JSON.stringify(rows.map((r) => r.id))) as IdentifierRow[];
}

async function writeCsv(db: Db, sink: Sink): Promise<void> {
  // csv-stringify quotes as RFC 4180 says and defuses values a spreadsheet would run as formulas
  // (`=HYPERLINK(…)` in a scammer's name): the data is what strangers reported
  const options = { escape_formulas: true, record_delimiter: 'windows' } as const;
  await sink.write(stringify([[...REGISTRY_CSV_COLUMNS]], options));
  for (const rows of identifierBatches(db)) {
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

async function writeStix(db: Db, revision: number, sink: Sink): Promise<void> {
  const identity = { type: 'identity', spec_version: '2.1', id: IDENTITY_ID, created: STIX_EPOCH, modified: STIX_EPOCH, name: DATA_ATTRIBUTION, identity_class: 'organization' };
  const marking = {
    type: 'marking-definition', spec_version: '2.1', id: MARKING_ID, created: STIX_EPOCH, definition_type: 'statement',
    definition: { statement: `${DATA_ATTRIBUTION}, licensed ${DATA_LICENCE.name} (${DATA_LICENCE.url})` },
  };
  await sink.write(`{"type":"bundle","id":"bundle--${uuidv5(`bundle:${revision}`, STIX_NAMESPACE)}","objects":[${JSON.stringify(identity)},${JSON.stringify(marking)}`);
  for (const rows of identifierBatches(db)) {
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

/** Where a database's exports are kept: a folder beside it. */
export const exportDir = (databasePath: string) => join(dirname(databasePath), 'exports');

/**
 * Writes an export of the registry as it is now into a gzip file in `dir`, through a read-only
 * connection of its own held in one read transaction; resolves with the file and its revision.
 */
export async function writeExport(databasePath: string, dir: string, name: ExportName): Promise<ExportFile> {
  mkdirSync(dir, { recursive: true });
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  const temp = join(dir, `.${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.gz`);
  try {
    db.exec('BEGIN'); // the first read fixes the snapshot: every batch reads the same revision
    const revision = db.prepare('SELECT value FROM revision_counter WHERE id = 1').pluck().get() as number;
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
    const generatedAt = new Date().toISOString();
    if (name === 'json') await writeJson(db, revision, generatedAt, sink);
    else if (name === 'csv') await writeCsv(db, sink);
    else await writeStix(db, revision, sink);
    gzip.end();
    await once(file, 'close');
    db.exec('COMMIT');
    const path = join(dir, `registry-${name}-r${revision}.gz`);
    renameSync(temp, path);
    return { name, revision, path, etag: exportEtag(name, revision) };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  } finally {
    db.close();
  }
}

/** Per database file: the newest export of each format, and the one being written. */
interface Kept { file?: ExportFile; writing?: Promise<ExportFile> }
const kept = new Map<string, Map<ExportName, Kept>>();

/**
 * The export of the registry at `revision` (the current one): the kept file when it holds that
 * revision, else a new one (one writer per format at a time; requests meanwhile wait for it).
 * Older files of the format are deleted once a newer one is written.
 */
export async function currentExport(databasePath: string, name: ExportName, revision: number): Promise<ExportFile> {
  let formats = kept.get(databasePath);
  if (!formats) kept.set(databasePath, (formats = new Map()));
  let entry = formats.get(name);
  if (!entry) formats.set(name, (entry = {}));
  if (entry.file && entry.file.revision >= revision) return entry.file;
  const state = entry;
  state.writing ??= writeExport(databasePath, exportDir(databasePath), name).then((file) => {
    state.file = file;
    dropOlder(dirname(file.path), name, file.path);
    return file;
  }).finally(() => { state.writing = undefined; });
  const file = await state.writing;
  // a writer started before this revision: write again for it
  return file.revision >= revision ? file : currentExport(databasePath, name, revision);
}

function dropOlder(dir: string, name: ExportName, keep: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry.startsWith(`registry-${name}-r`) && path !== keep) rmSync(path, { force: true });
  }
}
