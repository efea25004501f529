// The sync page written straight as JSON text (docs/design.md#scale: a first sync is 200 pages of
// 500 at 100k profiles, each a cache miss). It is exactly JSON.stringify(syncPage(...)) — same
// fields, same order, same bytes — without building the page's objects first:
// - SQLite writes what is a copy of a stored value: json_quote escapes exactly as JSON.stringify
//   does, and the stored lists are JSON.stringify output (migrations/001), pasted as they are;
// - JavaScript writes what toProfile (read-model/rows.ts) derives: the lists a profile joins with
//   its incidents', its nickname and avatar when they come from an incident.
// sync.test.ts holds it to the object form, awkward values included.
//
// A profile's text is a pure function of its id and revision (db/revision.ts touchProfile), so
// once written it is kept in sync_texts (migrations/003) and read back while the revision holds
// (docs/decisions/014-materialised-sync-texts.md). A change to what this file writes changes texts
// at unchanged revisions: it comes with a new SYNC_TEXT_FORMAT (sync-texts.test.ts fails until it
// does), and texts stored in another format are never served.
//
// On the data layer (issue 21, docs/decisions/035): SQLite keeps all of the above (prepared
// statements, texts written in SQL: the first sync of 100k profiles has its budget there). On
// PostgreSQL the texts are written in JavaScript, as JSON.stringify of the object form
// (syncProfileOf, which sync.test.ts holds SQLite's texts to), because PostgreSQL's to_json escapes
// otherwise than JSON.stringify (U+2028, '/'); they are kept in its sync_texts the same way, read
// back while the revision holds (pageTextsOn, storeTextsOn, publicProfileTextsOn). A page is put
// together from its texts by the same code on both (fullPageOf, lightPageOf).
import type { Statement } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { isBusy, isReadOnly } from '../../db/write-failure';
import { approvedIncidentsByProfileOn } from '../../read-model/queries';
import { toProfile, type ProfileRow } from '../../read-model/rows';
import type { BankAccount } from '../../../shared/contract/common';
import type { Incident } from '../../../shared/contract/incident';
import { SYNC_LIGHT_FIELDS, type SyncProfile, type Tombstone } from '../../../shared/contract/sync';
import type { ChangePage } from './changes';

/** A page profile, as a raw row of PROFILES. */
type ProfileText = [
  id: number, revision: number, nickname: string, avatar: string | null,
  /** `{"id":…,"name":…,"nickname":` */ head: string,
  /** `,"location":…,"geolocation":…,` */ middle: string,
  /** the lists toProfile joins, and knownPartners between them: one object in the answer's order */ lists: string,
  /** `,"isVerified":…,"revision":…,"incidents":[` */ tail: string,
];

const PROFILES = `SELECT p.id, p.revision, p.nickname, p.avatar,
    concat('{"id":', p.id, ',"name":', json_quote(p.name), ',"nickname":') AS head,
    concat(',"location":', json_quote(p.location), ',"bio":', json_quote(p.bio), ',"gender":', json_quote(p.gender),
      ',"nationality":', json_quote(p.nationality), ',"languages":', p.languages, ',"accent":', json_quote(p.accent),
      ',"geolocation":', json_quote(p.geolocation), ',') AS middle,
    concat('{"company":', p.company, ',"companyAddress":', p.company_address, ',"scam_type":', p.scam_type,
      ',"industry":', p.industry, ',"email":', p.email, ',"phone":', p.phone, ',"telegram":', p.telegram,
      ',"website":', p.website, ',"walletAddresses":', p.wallet_addresses, ',"bankAccounts":', p.bank_accounts,
      ',"ipAddresses":', p.ip_addresses, ',"knownPartners":', p.known_partners, ',"companiesUsed":', p.companies_used,
      ',"currencies":', p.currencies, ',"bank":', p.bank, '}') AS lists,
    concat(',"isVerified":', iif(p.verification_status = 'verified', 'true', 'false'),
      ',"verification_status":', json_quote(p.verification_status), ',"joinedDate":', json_quote(p.joined_date),
      ',"reported_person_date":', json_quote(p.reported_person_date), ',"kind":', json_quote(p.kind),
      ',"revision":', p.revision, ',"incidents":[') AS tail
  FROM profiles p WHERE p.id IN (SELECT value FROM json_each(?))`;

/** An approved incident of a page profile, as a raw row of INCIDENTS: its JSON in stretches, and what its profile takes from it. */
type IncidentText = [
  profileId: number,
  /** `{"id":…,"reported":…,"amount":` */ head: string,
  amount: number | null,
  /** `,"currency":…,"wallet_addresses":[…],"bank_names":` */ middle: string,
  /** `,"bank_accounts":[…],"avatar":…,"status":…}` */ tail: string,
  /** IncidentLists */ lists: string,
];

// the order of read-model/queries.ts approvedIncidentsByProfile, through the same index
const INCIDENTS = `SELECT i.profile_id,
    concat('{"id":', i.id, ',"description":', json_quote(i.description), ',"occurred":', json_quote(i.occurred),
      ',"reported":', json_quote(i.reported), ',"amount":') AS head,
    i.amount,
    concat(',"currency":', json_quote(i.currency), ',"types":', i.types, ',"nicknames":', i.nicknames,
      ',"industries":', i.industries, ',"companies":', i.companies, ',"company_addresses":', i.company_addresses,
      ',"websites":', i.websites, ',"telegrams":', i.telegrams, ',"emails":', i.emails, ',"phones":', i.phones,
      ',"ip_addresses":', i.ip_addresses, ',"wallet_addresses":', i.wallet_addresses, ',"bank_names":') AS middle,
    concat(',"bank_accounts":', i.bank_accounts, ',"avatar":', json_quote(i.avatar),
      ',"status":', json_quote(i.verification_status), '}') AS tail,
    concat('[', i.types, ',', i.nicknames, ',', i.industries, ',', i.companies, ',', i.company_addresses, ',', i.websites,
      ',', i.telegrams, ',', i.emails, ',', i.phones, ',', i.ip_addresses, ',', i.wallet_addresses, ',', i.bank_accounts,
      ',', json_quote(i.currency), ',', iif(i.avatar <> '', 'true', 'false'), ']') AS lists
  FROM incidents i
  WHERE i.profile_id IN (SELECT value FROM json_each(?)) AND i.verification_status = 'approved'
  ORDER BY COALESCE(i.occurred, i.reported) DESC, i.id DESC`;

/**
 * The format of the texts this file writes. Bump it with any change to what it writes: texts
 * stored in another format are then never served, and the server drops them at its next start and
 * writes them anew (sync-texts.ts, through dropOtherTextFormats). Each stored text carries the
 * format that wrote it (migrations/012), and every read and store here is of this format's texts
 * only: during a rolling deploy, an instance of the version before and one of the version after
 * share the table without serving or keeping each other's texts.
 */
export const SYNC_TEXT_FORMAT = 1;
const FORMAT_KEY = 'sync_text_format';

/** Per database: whether its stored texts are of SYNC_TEXT_FORMAT (read once; dropOtherTextFormats makes them so). */
const storedFormatCurrent = new WeakMap<Db, boolean>();

function storedTextsUsable(db: Db): boolean {
  let current = storedFormatCurrent.get(db);
  if (current === undefined) {
    current = db.prepare('SELECT value FROM server_state WHERE key = ?').pluck().get(FORMAT_KEY) === String(SYNC_TEXT_FORMAT);
    storedFormatCurrent.set(db, current);
  }
  return current;
}

/**
 * Drops the stored texts when they are of another format than SYNC_TEXT_FORMAT, and records the
 * format; says whether it dropped them. Throws when the database takes no writes.
 */
export function dropOtherTextFormats(db: Db): boolean {
  const dropped = db.transaction(() => {
    if (db.prepare('SELECT value FROM server_state WHERE key = ?').pluck().get(FORMAT_KEY) === String(SYNC_TEXT_FORMAT)) return false;
    db.prepare('DELETE FROM sync_texts').run();
    db.prepare('INSERT OR REPLACE INTO server_state (key, value) VALUES (?, ?)').run(FORMAT_KEY, String(SYNC_TEXT_FORMAT));
    return true;
  })();
  storedFormatCurrent.set(db, true);
  return dropped;
}

/**
 * Per Kysely (an engine's: keyed by what it reads through): whether its stored texts are of
 * SYNC_TEXT_FORMAT, read once (dropOtherTextFormatsOn makes them so).
 */
const storedFormatCurrentOn = new WeakMap<Kysely<Database>, boolean>();

/** storedTextsUsable on the data layer (server_state's format key, as on SQLite). */
export async function storedTextsUsableOn(db: Kysely<Database>): Promise<boolean> {
  const known = storedFormatCurrentOn.get(db);
  if (known !== undefined) return known;
  const current = (await formatOn(db)) === String(SYNC_TEXT_FORMAT);
  // a dropOtherTextFormatsOn that finished meanwhile has the last word
  if (!storedFormatCurrentOn.has(db)) storedFormatCurrentOn.set(db, current);
  return storedFormatCurrentOn.get(db)!;
}

async function formatOn(db: Kysely<Database>): Promise<string | undefined> {
  return (await db.selectFrom('server_state').select('value').where('key', '=', FORMAT_KEY).executeTakeFirst())?.value;
}

/**
 * dropOtherTextFormats on the data layer, in one transaction (on PostgreSQL two instances starting
 * at once both find the same and write the same). Says whether it dropped them.
 */
export async function dropOtherTextFormatsOn(engine: Engine): Promise<boolean> {
  const dropped = await inTransaction(engine, async (trx) => {
    if ((await formatOn(trx)) === String(SYNC_TEXT_FORMAT)) return false;
    await trx.deleteFrom('sync_texts').execute();
    await trx.insertInto('server_state').values({ key: FORMAT_KEY, value: String(SYNC_TEXT_FORMAT) })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    return true;
  });
  storedFormatCurrentOn.set(engine.db, true);
  return dropped;
}

/**
 * The stored texts of some profiles, at whatever revision each was written, as bytes: a page is
 * put together from them as a Buffer, without decoding ~14 MB of UTF-8 into strings and encoding
 * it again (a 5000-profile page in ~35 ms instead of ~60). CAST keeps the bytes as they are:
 * UTF-8, the encoding of our databases (SQLite's default).
 */
const STORED = `SELECT id, revision, CAST(json AS BLOB) FROM sync_texts WHERE id IN (SELECT value FROM json_each(?)) AND format = ${SYNC_TEXT_FORMAT}`;
const STORE = `INSERT OR REPLACE INTO sync_texts (id, revision, json, format) VALUES (?, ?, ?, ${SYNC_TEXT_FORMAT})`;

const statements = new WeakMap<Db, {
  profiles: Statement<[string]>; incidents: Statement<[string]>; stored: Statement<[string]>; store: Statement<[number, number, string]>;
}>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    // raw rows (arrays): no object per row
    s = {
      profiles: db.prepare<[string]>(PROFILES).raw(true),
      incidents: db.prepare<[string]>(INCIDENTS).raw(true),
      stored: db.prepare<[string]>(STORED).raw(true),
      store: db.prepare<[number, number, string]>(STORE),
    };
    statements.set(db, s);
  }
  return s;
}

/** An incident's lists, parsed from its IncidentText lists. */
type IncidentLists = [
  types: string[], nicknames: string[], industries: string[], companies: string[], companyAddresses: string[],
  websites: string[], telegrams: string[], emails: string[], phones: string[], ipAddresses: string[],
  walletAddresses: string[], bankAccounts: BankAccount[], currency: string,
  /** whether it has an avatar (rows.ts toProfile takes the first when the profile has none; it is in the tail) */ hasAvatar: boolean,
];

/** A ProfileText's lists, parsed. */
interface Lists {
  company: string[]; companyAddress: string[]; scam_type: string[]; industry: string[]; email: string[];
  phone: string[]; telegram: string[]; website: string[]; walletAddresses: string[]; bankAccounts: BankAccount[];
  ipAddresses: string[]; knownPartners: string[]; companiesUsed: string[]; currencies: string[]; bank: string[];
}

/** The values once each, first occurrence first (rows.ts unique); the same array when nothing repeats. */
function unique(values: string[]): string[] {
  const n = values.length;
  if (n < 2) return values;
  if (n > 16) {
    const set = new Set(values);
    return set.size === n ? values : [...set];
  }
  // short lists (nearly all): compare pairwise rather than build a Set
  for (let k = 1; k < n; k++) {
    const value = values[k];
    for (let j = 0; j < k; j++) {
      if (values[j] === value) return [...new Set(values)];
    }
  }
  return values;
}

function uniqueAccounts(values: BankAccount[]): BankAccount[] {
  if (values.length < 2) return values;
  const seen = new Set<string>();
  return values.filter((a) => {
    const key = `${a.bank_name}\u0000${a.account}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function push<T>(to: T[], values: readonly T[]): void {
  for (const value of values) to.push(value);
}

/** rows.ts toIncident bank_names, written as JSON. */
function bankNamesJson(accounts: readonly BankAccount[]): string {
  if (accounts.length === 0) return '[]';
  const names: string[] = [];
  for (const account of accounts) if (account.bank_name) names.push(account.bank_name);
  return JSON.stringify(unique(names));
}

/** A page profile as toProfile and syncPage make it, written as JSON. */
function profileText(p: ProfileText, incidents: readonly IncidentText[] | undefined): string {
  const [, , ownNickname, ownAvatar, head, middle, ownLists, tail] = p;
  const lists = JSON.parse(ownLists) as Lists;
  let nickname = ownNickname;
  let avatar = ownAvatar;
  let json = '';
  if (incidents) {
    let firstNickname: string | undefined;
    let firstAvatar: string | undefined;
    for (const [, incidentHead, amount, incidentMiddle, incidentTail, incidentLists] of incidents) {
      const [types, nicknames, industries, companies, companyAddresses, websites, telegrams, emails, phones, ipAddresses,
        walletAddresses, bankAccounts, currency, hasAvatar] = JSON.parse(incidentLists) as IncidentLists;
      json += (json === '' ? '' : ',') + incidentHead + JSON.stringify(amount) + incidentMiddle + bankNamesJson(bankAccounts)
        + incidentTail;
      firstNickname ??= nicknames[0];
      if (hasAvatar && avatar === null) firstAvatar ??= (JSON.parse(`{${incidentTail.slice(1)}`) as { avatar: string }).avatar;
      push(lists.company, companies);
      push(lists.companyAddress, companyAddresses);
      push(lists.scam_type, types);
      push(lists.industry, industries);
      push(lists.email, emails);
      push(lists.phone, phones);
      push(lists.telegram, telegrams);
      push(lists.website, websites);
      push(lists.walletAddresses, walletAddresses);
      push(lists.bankAccounts, bankAccounts);
      push(lists.ipAddresses, ipAddresses);
      push(lists.companiesUsed, companies);
      lists.currencies.push(currency);
      for (const account of bankAccounts) if (account.bank_name) lists.bank.push(account.bank_name);
    }
    nickname ||= firstNickname || '';
    avatar ??= firstAvatar ?? null;
  }
  lists.company = unique(lists.company);
  lists.companyAddress = unique(lists.companyAddress);
  lists.scam_type = unique(lists.scam_type);
  lists.industry = unique(lists.industry);
  lists.email = unique(lists.email);
  lists.phone = unique(lists.phone);
  lists.telegram = unique(lists.telegram);
  lists.website = unique(lists.website);
  lists.walletAddresses = unique(lists.walletAddresses);
  lists.bankAccounts = uniqueAccounts(lists.bankAccounts);
  lists.ipAddresses = unique(lists.ipAddresses);
  lists.companiesUsed = unique(lists.companiesUsed);
  lists.currencies = unique(lists.currencies);
  lists.bank = unique(lists.bank);
  const joined = JSON.stringify(lists);
  return head + JSON.stringify(nickname) + ',"avatar":' + JSON.stringify(avatar) + middle + joined.slice(1, -1) + tail + json + ']}';
}

/** A public profile's sync text, and the revision it was written at. */
export interface SyncText {
  id: number;
  revision: number;
  json: string;
}

/** The texts of these profiles, written anew from their rows; read in the caller's transaction. */
export function writeTexts(db: Db, ids: readonly number[]): SyncText[] {
  if (ids.length === 0) return [];
  const { profiles, incidents } = prepared(db);
  const idList = JSON.stringify(ids);
  const incidentsOf = new Map<number, IncidentText[]>();
  for (const row of incidents.all(idList) as IncidentText[]) {
    const group = incidentsOf.get(row[0]);
    if (group) group.push(row);
    else incidentsOf.set(row[0], [row]);
  }
  return (profiles.all(idList) as ProfileText[]).map((row) => ({ id: row[0], revision: row[1], json: profileText(row, incidentsOf.get(row[0])) }));
}

/** Keeps written texts for the next read (INSERT OR REPLACE); call it in the transaction that wrote them. */
export function storeTexts(db: Db, texts: readonly SyncText[]): void {
  const { store } = prepared(db);
  for (const { id, revision, json } of texts) store.run(id, revision, json);
}

/**
 * Whether an error says the database takes no writes now: opened read-only, or another
 * connection writing (SQLITE_BUSY, and SQLITE_BUSY_SNAPSHOT when it wrote since this read began).
 * A read that only meant to keep a text still answers; the statement alone failed, and the read
 * transaction goes on. On PostgreSQL: a read-only transaction or standby (25006), or another
 * instance storing the same texts at once (40001, 40P01: see isContended).
 */
export function isUnwritable(error: unknown): boolean {
  return isBusy(error) || isReadOnly(error) || isContended(error) || pgCode(error) === PG_READ_ONLY;
}

const PG_READ_ONLY = '25006';
const pgCode = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** PostgreSQL's serialization failure or deadlock: another instance wrote the same rows at once; over in a moment. */
export function isContended(error: unknown): boolean {
  const code = pgCode(error);
  return code === '40001' || code === '40P01';
}

const COMMA = Buffer.from(',');

/** A page's changes apart: the profiles' ids in order with their revisions, and the tombstones. */
function splitChanges(page: ChangePage): { ids: number[]; revisionOf: Map<number, number>; tombstones: Tombstone[] } {
  const ids: number[] = [];
  const revisionOf = new Map<number, number>();
  const tombstones: Tombstone[] = [];
  for (const change of page.changes) {
    if (change.type === 'profile') {
      ids.push(change.id);
      revisionOf.set(change.id, change.revision);
    } else tombstones.push({ kind: change.kind, id: change.id, revision: change.revision });
  }
  return { ids, revisionOf, tombstones };
}

/** The page profiles' texts as bytes, in the page's order: stored ones where current, the others written (and stored). */
function profileTexts(db: Db, ids: readonly number[], revisionOf: ReadonlyMap<number, number>): Buffer[] {
  if (ids.length === 0) return [];
  // a stored text is the profile's while it was written at the profile's revision (the change's)
  // (texts of another format are neither read nor added to: they are dropped at the next start)
  const usable = storedTextsUsable(db);
  const textOf = new Map<number, Buffer>();
  if (usable) {
    for (const [id, revision, json] of prepared(db).stored.all(JSON.stringify(ids)) as [number, number, Buffer][]) {
      if (revisionOf.get(id) === revision) textOf.set(id, json);
    }
  }
  if (textOf.size < ids.length) {
    const written = writeTexts(db, ids.filter((id) => !textOf.has(id)));
    for (const text of written) textOf.set(text.id, Buffer.from(text.json));
    try {
      if (usable) storeTexts(db, written);
    } catch (error) {
      if (!isUnwritable(error)) throw error;
    }
  }
  return ids.map((id) => textOf.get(id)!);
}

const pageEnd = (page: ChangePage, tombstones: readonly Tombstone[]): string => '"tombstones":' + JSON.stringify(tombstones)
  + ',"cursor":' + page.cursor + ',"hasMore":' + page.hasMore + ',"remaining":' + page.remaining + ',"reset":' + page.reset + '}';

/** JSON.stringify(syncPage(...)) for a page of changes, as UTF-8 bytes, read in the caller's transaction. */
export function pageBody(db: Db, page: ChangePage): Buffer {
  const { ids, revisionOf, tombstones } = splitChanges(page);
  return fullPageOf(page, profileTexts(db, ids, revisionOf), tombstones);
}

/** The full page's bytes from its profiles' texts (in the page's order): both engines' pages are put together here. */
export function fullPageOf(page: ChangePage, texts: readonly Buffer[], tombstones = splitChanges(page).tombstones): Buffer {
  const parts: Buffer[] = [Buffer.from('{"profiles":[')];
  texts.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(text);
  });
  parts.push(Buffer.from('],' + pageEnd(page, tombstones)));
  return Buffer.concat(parts);
}

/** Where a profile text's incidents start: its last key (profileText writes it last), which no string value can hold unescaped. */
const INCIDENTS_KEY = Buffer.from('"incidents":[');
// the keys around a text's avatar: written after the nickname and before the location
const AVATAR_KEY = ',"avatar":';
const LOCATION_KEY = ',"location":';
const INCIDENTS_KEY_TEXT = INCIDENTS_KEY.toString();
const NO_AVATAR = 'null';
const NO_DETAILS = '"incidents":[],"details":false}';

/**
 * A profile text as JSON.stringify(lightProfile(profile)) (shared/contract/sync.ts): its avatar
 * null and its incidents cut, by searches for the keys around them, never parsed. On strings, not
 * bytes: the texts are read as strings on both engines, and strings die young on the heap where a
 * Buffer each was memory outside it (decision 036); cut here rather than by SQLite, whose substr
 * and instr walked each text's characters six times, half of the read's time (decision 037).
 */
export function lightProfileText(text: string): string {
  const avatar = text.indexOf(AVATAR_KEY) + AVATAR_KEY.length;
  const location = text.indexOf(LOCATION_KEY, avatar);
  const incidents = text.indexOf(INCIDENTS_KEY_TEXT, location);
  return `${text.slice(0, avatar)}${NO_AVATAR}${text.slice(location, incidents)}${NO_DETAILS}`;
}

/** Public profiles of some ids with their current revision, and the revision and text of their stored text. */
const PUBLIC_STORED_TEXTS = `SELECT p.id, p.revision, t.revision, t.json
  FROM profiles p
  LEFT JOIN sync_texts t ON t.id = p.id AND t.format = ${SYNC_TEXT_FORMAT}
  WHERE p.verification_status = 'verified' AND p.id IN (SELECT value FROM json_each(?))`;
const publicStoredTexts = new WeakMap<Db, Statement<[string]>>();

/**
 * The light texts (lightProfileText) of these profiles at their current revisions, for those that
 * are public (absent: not public): stored ones cut as they are read, the others written and stored,
 * as pageBody does. The search call pastes a page's profiles from them (features/search, composed
 * in app.ts and server/search-thread.ts). Read in the caller's transaction.
 * Strings, not bytes: a page's twenty texts are then short-lived strings on the heap, where a
 * Buffer each (the whole text's, then the cut's) was memory outside it, whose rate made a search
 * thread's collector run a full collection of its ~130 MB heap every half second under load
 * (decision 036).
 */
export function publicLightProfileTexts(db: Db, ids: readonly number[]): Map<number, string> {
  const textOf = new Map<number, string>();
  if (ids.length === 0) return textOf;
  let statement = publicStoredTexts.get(db);
  if (!statement) {
    statement = db.prepare<[string]>(PUBLIC_STORED_TEXTS).raw(true);
    publicStoredTexts.set(db, statement);
  }
  const usable = storedTextsUsable(db);
  const stale: number[] = [];
  for (const [id, revision, storedRevision, text] of statement.all(JSON.stringify(ids)) as [number, number, number | null, string | null][]) {
    if (usable && storedRevision === revision && text !== null) textOf.set(id, lightProfileText(text));
    else stale.push(id);
  }
  if (stale.length > 0) {
    const written = writeTexts(db, stale);
    for (const text of written) textOf.set(text.id, lightProfileText(text.json));
    try {
      if (usable) storeTexts(db, written);
    } catch (error) {
      if (!isUnwritable(error)) throw error;
    }
  }
  return textOf;
}

/**
 * The light form of a page (shared/contract/sync.ts syncLightPageSchema), read in the caller's
 * transaction: each stored text cut before its incidents (a byte search, so the incidents, most
 * of the bytes, are never parsed), its fields put in columns.
 */
export function lightPageBody(db: Db, page: ChangePage): Buffer {
  const { ids, revisionOf, tombstones } = splitChanges(page);
  return lightPageOf(page, profileTexts(db, ids, revisionOf), tombstones);
}

/** The light page's bytes from its profiles' full texts (in the page's order), on both engines. */
export function lightPageOf(page: ChangePage, texts: readonly Buffer[], tombstones = splitChanges(page).tombstones): Buffer {
  const columns = Object.fromEntries(SYNC_LIGHT_FIELDS.map((field) => [field, [] as unknown[]])) as Record<string, unknown[]>;
  for (const text of texts) {
    const cut = text.indexOf(INCIDENTS_KEY);
    const profile = JSON.parse(text.toString('utf8', 0, cut) + '"incidents":[]}') as Record<string, unknown>;
    for (const field of SYNC_LIGHT_FIELDS) columns[field]!.push(profile[field]);
  }
  return Buffer.from('{"form":"light","columns":' + JSON.stringify(columns) + ',' + pageEnd(page, tombstones));
}

// ---- On the data layer: the texts written in JavaScript (PostgreSQL's; they run on SQLite too) ----

/**
 * A sync page's profile as objects: toProfile (read-model/rows.ts) with its kind, revision and
 * approved incidents. What syncPage answers, and what PostgreSQL's texts are JSON.stringify of;
 * SQLite's texts written in SQL are held to it byte for byte (sync.test.ts).
 */
export function syncProfileOf(row: ProfileRow, incidents: readonly Incident[]): SyncProfile {
  return { ...toProfile(row, incidents), kind: row.kind, revision: row.revision, incidents: [...incidents] };
}

/** Ids a statement binds at most (SQLite's 32,766 variables and PostgreSQL's 65,535 parameters, with room). */
const IDS_A_STATEMENT = 5000;

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** writeTexts on the data layer: the texts of these profiles, written anew from their rows in JavaScript; read in the caller's transaction. */
export async function writeTextsOn(db: Kysely<Database>, ids: readonly number[]): Promise<SyncText[]> {
  const texts: SyncText[] = [];
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    const rows: ProfileRow[] = await db.selectFrom('profiles').selectAll().where('id', 'in', part).execute();
    const incidents = await approvedIncidentsByProfileOn(db, part);
    for (const row of rows) texts.push({ id: row.id, revision: row.revision, json: JSON.stringify(syncProfileOf(row, incidents.get(row.id) ?? [])) });
  }
  return texts;
}

/** Rows an INSERT into sync_texts takes (4 parameters each). */
const STORE_ROWS = 1000;

/**
 * storeTexts on the data layer: an upsert by id that never puts an older revision over a newer
 * one (an instance whose page was read before another's write may store after it). In id order,
 * so that two instances storing the same profiles at once lock them in the same order.
 */
export async function storeTextsOn(db: Kysely<Database>, texts: readonly SyncText[]): Promise<void> {
  const rows = [...texts].sort((a, b) => a.id - b.id).map(({ id, revision, json }) => ({ id, revision, json, format: SYNC_TEXT_FORMAT }));
  for (const part of chunks(rows, STORE_ROWS)) {
    // a text of another format (an instance of another version wrote it) is replaced whatever its revision
    await db.insertInto('sync_texts').values(part)
      .onConflict((oc) => oc.column('id')
        .doUpdateSet((eb) => ({ revision: eb.ref('excluded.revision'), json: eb.ref('excluded.json'), format: eb.ref('excluded.format') }))
        .where((eb) => eb.or([eb('sync_texts.revision', '<', eb.ref('excluded.revision')), eb('sync_texts.format', '<>', eb.ref('excluded.format'))])))
      .execute();
  }
}

/**
 * Keeps written texts when the database takes them (isUnwritable: else the answer goes out
 * anyway). Inside a transaction, behind a savepoint: on PostgreSQL a failed statement would
 * otherwise end the caller's transaction.
 */
export async function keepTextsOn(db: Kysely<Database>, texts: readonly SyncText[]): Promise<void> {
  if (texts.length === 0) return;
  if (!db.isTransaction) {
    try {
      await storeTextsOn(db, texts);
    } catch (error) {
      if (!isUnwritable(error)) throw error;
    }
    return;
  }
  await sql`SAVEPOINT sync_texts_store`.execute(db);
  try {
    await storeTextsOn(db, texts);
    await sql`RELEASE SAVEPOINT sync_texts_store`.execute(db);
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT sync_texts_store`.execute(db);
    if (!isUnwritable(error)) throw error;
  }
}

/**
 * profileTexts on the data layer: the page profiles' texts as bytes, in the page's order, stored
 * ones where current (`usable`: storedTextsUsableOn), the others written; read in the page's
 * transaction. The written ones come back apart, to be kept once that transaction is over
 * (keepTextsOn): a REPEATABLE READ transaction on PostgreSQL would fail to write over a text
 * another instance stored meanwhile.
 */
export async function pageTextsOn(
  db: Kysely<Database>, page: ChangePage, usable: boolean,
): Promise<{ texts: Buffer[]; written: SyncText[] }> {
  const { ids, revisionOf } = splitChanges(page);
  if (ids.length === 0) return { texts: [], written: [] };
  const textOf = new Map<number, Buffer>();
  if (usable) {
    for (const part of chunks(ids, IDS_A_STATEMENT)) {
      for (const { id, revision, json } of await db.selectFrom('sync_texts').select(['id', 'revision', 'json'])
        .where('id', 'in', part).where('format', '=', SYNC_TEXT_FORMAT).execute()) {
        if (revisionOf.get(id) === revision) textOf.set(id, Buffer.from(json));
      }
    }
  }
  let written: SyncText[] = [];
  if (textOf.size < ids.length) {
    written = await writeTextsOn(db, ids.filter((id) => !textOf.has(id)));
    for (const text of written) textOf.set(text.id, Buffer.from(text.json));
  }
  return { texts: ids.map((id) => textOf.get(id)!), written: usable ? written : [] };
}

/**
 * publicProfileTexts on the data layer, on either engine: the texts of these profiles at their
 * current revisions, as strings, for those that are public (absent: not public); stored ones,
 * the others written in JavaScript and kept (keepTextsOn). Read in the caller's transaction, if any.
 */
export async function publicProfileTextsOn(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const textOf = new Map<number, string>();
  if (ids.length === 0) return textOf;
  const usable = await storedTextsUsableOn(db);
  const stale: number[] = [];
  for (const part of chunks(ids, IDS_A_STATEMENT)) {
    const rows = await db.selectFrom('profiles as p')
      .leftJoin('sync_texts as t', (join) => join.onRef('t.id', '=', 'p.id').on('t.format', '=', SYNC_TEXT_FORMAT))
      .select(['p.id', 'p.revision', 't.revision as storedRevision', 't.json'])
      .where('p.verification_status', '=', 'verified').where('p.id', 'in', part)
      .execute();
    for (const { id, revision, storedRevision, json } of rows) {
      if (usable && storedRevision === revision && json !== null) textOf.set(id, json);
      else stale.push(id);
    }
  }
  if (stale.length > 0) {
    const written = await writeTextsOn(db, stale);
    for (const text of written) textOf.set(text.id, text.json);
    if (usable) await keepTextsOn(db, written);
  }
  return textOf;
}

/**
 * publicLightProfileTexts on the data layer, on either engine: the light texts (lightProfileText)
 * of those of these profiles that are public, by id. The search call's pages are pasted from them.
 */
export async function publicLightProfileTextsOn(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const texts = await publicProfileTextsOn(db, ids);
  for (const [id, text] of texts) texts.set(id, lightProfileText(text));
  return texts;
}
