// profile_identifiers (migrations/006): the identifiers each public profile holds, by canonical
// form, so that a pasted identifier finds its profiles through an index (GET /api/check, the
// moderation's shared identifiers) instead of a scan. A profile's rows are a function of what the
// registry shows of it (its own values joined with those of its approved incidents, as
// read-model/rows.ts toProfile joins them), so they are rewritten wherever that changes: in the
// transaction of every public change (revision.ts touchProfile and tombstoneProfile call this
// file), by the seed, and when the database is opened with rows of another format.
// The functions a change's transaction calls have async twins on the data layer (named with `On`:
// issue 21, docs/decisions/035) that write the same rows on SQLite and PostgreSQL.
import type { Statement } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { profileIdentifiers, type ProfileIdentifier, type ProfileIdentifierSource } from '../../shared/identifiers';
import type { BankAccount } from '../../shared/contract/common';
import type { Db } from './connection';
import type { Database } from './engine/schema';

/**
 * The format of the stored rows. Bump it with any change to the canonical forms
 * shared/identifiers gives or to what a profile's rows hold: opening a database whose rows are of
 * another format fills the table anew (ensureProfileIdentifiers). profile-identifiers.test.ts pins
 * the canonical forms of a fixed set of values with this number, so such a change fails there
 * until it is bumped.
 */
export const PROFILE_IDENTIFIERS_FORMAT = 1;
const FORMAT_KEY = 'profile_identifiers_format';

/** Public profiles read and written per statement while filling the whole table. */
export const PROFILE_IDENTIFIER_BATCH = 1000;

/**
 * The identifier lists of a profile row (`p`) or an incident row (`i`) as one JSON text, in the
 * order ListsOf reads: e-mails, phones, Telegram handles, websites, wallets, bank accounts, IPs.
 * One JSON.parse a row instead of seven.
 */
export const PROFILE_LISTS_SQL = `concat('[', p.email, ',', p.phone, ',', p.telegram, ',', p.website, ',',
  p.wallet_addresses, ',', p.bank_accounts, ',', p.ip_addresses, ']')`;
export const INCIDENT_LISTS_SQL = `concat('[', i.emails, ',', i.phones, ',', i.telegrams, ',', i.websites, ',',
  i.wallet_addresses, ',', i.bank_accounts, ',', i.ip_addresses, ']')`;
type ListsOf = [email: string[], phone: string[], telegram: string[], website: string[], walletAddresses: string[],
  bankAccounts: BankAccount[], ipAddresses: string[]];

/**
 * What profileIdentifiers reads, from the list texts (PROFILE_LISTS_SQL, INCIDENT_LISTS_SQL) of
 * the rows that make it up, first row first: a profile's own, then its incidents'.
 */
export function identifierSource(id: number, listTexts: readonly string[]): ProfileIdentifierSource {
  const source: ProfileIdentifierSource = {
    id, email: [], phone: [], telegram: [], website: [], walletAddresses: [], bankAccounts: [], ipAddresses: [],
  };
  for (const text of listTexts) {
    const [email, phone, telegram, website, walletAddresses, bankAccounts, ipAddresses] = JSON.parse(text) as ListsOf;
    source.email.push(...email);
    source.phone.push(...phone);
    source.telegram.push(...telegram);
    source.website.push(...website);
    source.walletAddresses.push(...walletAddresses);
    source.bankAccounts.push(...bankAccounts);
    source.ipAddresses.push(...ipAddresses);
  }
  return source;
}

const PUBLIC_PROFILES = `SELECT p.id, ${PROFILE_LISTS_SQL} FROM profiles p
  WHERE p.id IN (SELECT value FROM json_each(?)) AND p.verification_status = 'verified'`;
// in the order of read-model/queries.ts approvedIncidentsOn, so each identifier keeps the value the profile shows first
const APPROVED_INCIDENTS = `SELECT i.profile_id, ${INCIDENT_LISTS_SQL} FROM incidents i
  WHERE i.profile_id IN (SELECT value FROM json_each(?)) AND i.verification_status = 'approved'
  ORDER BY COALESCE(i.occurred, i.reported) DESC, i.id DESC`;

const statements = new WeakMap<Db, {
  profiles: Statement<[string]>; incidents: Statement<[string]>; publicIds: Statement<[number, number], number>;
  insert: Statement<[number, string, string, string, string]>; deleteOf: Statement<[number]>;
}>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      profiles: db.prepare<[string]>(PUBLIC_PROFILES).raw(true),
      incidents: db.prepare<[string]>(APPROVED_INCIDENTS).raw(true),
      publicIds: db.prepare<[number, number], number>(
        "SELECT id FROM profiles WHERE verification_status = 'verified' AND id > ? ORDER BY id LIMIT ?",
      ).pluck(),
      insert: db.prepare<[number, string, string, string, string]>(
        'INSERT OR IGNORE INTO profile_identifiers (profile_id, kind, canonical, field, value) VALUES (?, ?, ?, ?, ?)',
      ),
      deleteOf: db.prepare<[number]>('DELETE FROM profile_identifiers WHERE profile_id = ?'),
    };
    statements.set(db, s);
  }
  return s;
}

/** The identifiers of those of `ids` that are public, read from their rows in the caller's transaction. */
export function publicIdentifiers(db: Db, ids: readonly number[]): Map<number, ProfileIdentifier[]> {
  const { profiles, incidents } = prepared(db);
  const idList = JSON.stringify(ids);
  const listsOf = new Map<number, string[]>();
  for (const [id, lists] of profiles.all(idList) as [number, string][]) listsOf.set(id, [lists]);
  if (listsOf.size > 0) {
    for (const [id, lists] of incidents.all(idList) as [number, string][]) listsOf.get(id)?.push(lists);
  }
  const found = new Map<number, ProfileIdentifier[]>();
  for (const [id, lists] of listsOf) found.set(id, profileIdentifiers(identifierSource(id, lists)));
  return found;
}

/**
 * A profile's case id is its id written out (BUSTR-2025-0169), so it is looked up by id, not
 * stored: ~10% fewer rows to write at 100k profiles.
 */
const STORED = (identifier: ProfileIdentifier) => identifier.kind !== 'case_id';

function store(db: Db, found: Map<number, ProfileIdentifier[]>): number {
  const { insert } = prepared(db);
  let rows = 0;
  for (const [id, identifiers] of found) {
    for (const identifier of identifiers) {
      if (STORED(identifier)) rows += insert.run(id, identifier.kind, identifier.canonical, identifier.field, identifier.value).changes;
    }
  }
  return rows;
}

/** The profile's rows made current: those of what it shows while it is public, none otherwise. Call it in the change's transaction. */
export function refreshProfileIdentifiers(db: Db, profileId: number): void {
  prepared(db).deleteOf.run(profileId);
  store(db, publicIdentifiers(db, [profileId]));
}

/** The profile left public view: its rows go. Call it in the change's transaction. */
export function dropProfileIdentifiers(db: Db, profileId: number): void {
  prepared(db).deleteOf.run(profileId);
}

/** Ids per statement in publicIdentifiersOn: one parameter each, well under either engine's limit. */
const IDS_PER_STATEMENT = PROFILE_IDENTIFIER_BATCH;
/** Rows per INSERT in storeOn: five parameters each, well under either engine's limit. */
const ROWS_PER_INSERT = 1000;

/** publicIdentifiers on the data layer: the same identifiers, read in the caller's transaction on either engine. */
export async function publicIdentifiersOn(trx: Kysely<Database>, ids: readonly number[]): Promise<Map<number, ProfileIdentifier[]>> {
  const listsOf = new Map<number, string[]>();
  // (`IN ()` is no SQL on either engine: an empty list asks nothing)
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
    // the lists SQL is plain concat(), which both engines have, and a constant: no value goes into it
    const profiles = await trx.selectFrom('profiles as p')
      .select(['p.id', sql<string>`${sql.raw(PROFILE_LISTS_SQL)}`.as('lists')])
      .where('p.id', 'in', chunk).where('p.verification_status', '=', 'verified')
      .execute();
    if (profiles.length === 0) continue;
    for (const { id, lists } of profiles) listsOf.set(id, [lists]);
    // in the order of APPROVED_INCIDENTS, so each identifier keeps the value the profile shows first
    const incidents = await trx.selectFrom('incidents as i')
      .select(['i.profile_id', sql<string>`${sql.raw(INCIDENT_LISTS_SQL)}`.as('lists')])
      .where('i.profile_id', 'in', chunk).where('i.verification_status', '=', 'approved')
      .orderBy(sql`COALESCE(i.occurred, i.reported)`, 'desc').orderBy('i.id', 'desc')
      .execute();
    for (const { profile_id, lists } of incidents) listsOf.get(profile_id)?.push(lists);
  }
  const found = new Map<number, ProfileIdentifier[]>();
  for (const [id, lists] of listsOf) found.set(id, profileIdentifiers(identifierSource(id, lists)));
  return found;
}

async function storeOn(trx: Kysely<Database>, found: Map<number, ProfileIdentifier[]>): Promise<void> {
  const rows = [...found].flatMap(([id, identifiers]) => identifiers.filter(STORED)
    .map(({ kind, canonical, field, value }) => ({ profile_id: id, kind, canonical, field, value })));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // INSERT OR IGNORE's effect on both engines: a row whose (profile_id, kind, canonical), the
    // table's primary key on both, is stored already is left as it is
    await trx.insertInto('profile_identifiers').values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((oc) => oc.columns(['profile_id', 'kind', 'canonical']).doNothing())
      .execute();
  }
}

/** refreshProfileIdentifiers on the data layer: call it with the change's transaction. */
export async function refreshProfileIdentifiersOn(trx: Kysely<Database>, profileId: number): Promise<void> {
  await dropProfileIdentifiersOn(trx, profileId);
  await storeOn(trx, await publicIdentifiersOn(trx, [profileId]));
}

/** dropProfileIdentifiers on the data layer: call it with the change's transaction. */
export async function dropProfileIdentifiersOn(trx: Kysely<Database>, profileId: number): Promise<void> {
  await trx.deleteFrom('profile_identifiers').where('profile_id', '=', profileId).execute();
}

/** The index a lookup reads, as migrations/006 creates it: dropped while the whole table is written, and made again after. */
const CANONICAL_INDEX = 'CREATE INDEX profile_identifiers_canonical ON profile_identifiers (kind, canonical)';
/** Pages of cache while the whole table is written (the default is 2 MB). */
const FILL_CACHE_KIB = 64 * 1024;

/**
 * Writes the whole table anew from the public profiles, in one transaction, and records its
 * format; how many rows it wrote. The lookup index is made after the rows, by one sort: kept
 * while ~800k rows come in at 100k profiles, it took longer than the rows themselves.
 */
export function fillProfileIdentifiers(db: Db, batch = PROFILE_IDENTIFIER_BATCH): number {
  const cache = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${FILL_CACHE_KIB}`);
  try {
    return db.transaction(() => {
      db.exec('DROP INDEX IF EXISTS profile_identifiers_canonical');
      db.prepare('DELETE FROM profile_identifiers').run();
      const { publicIds } = prepared(db);
      let rows = 0;
      for (let after = 0; ;) {
        const ids = publicIds.all(after, batch);
        if (ids.length === 0) break;
        rows += store(db, publicIdentifiers(db, ids));
        after = ids[ids.length - 1]!;
      }
      db.exec(CANONICAL_INDEX);
      db.prepare('INSERT OR REPLACE INTO server_state (key, value) VALUES (?, ?)').run(FORMAT_KEY, String(PROFILE_IDENTIFIERS_FORMAT));
      return rows;
    })();
  } finally {
    db.pragma(`cache_size = ${cache}`);
  }
}

/** Fills the table when its rows are of another format than this code's (or were never written); whether it did. */
export function ensureProfileIdentifiers(db: Db): boolean {
  const format = db.prepare('SELECT value FROM server_state WHERE key = ?').pluck().get(FORMAT_KEY);
  if (format === String(PROFILE_IDENTIFIERS_FORMAT)) return false;
  fillProfileIdentifiers(db);
  return true;
}
