// The sync page written straight as JSON text (DESIGN.md "Scale": a first sync is 200 pages of
// 500 at 100k profiles, each a cache miss). It is exactly JSON.stringify(syncPage(...)) — same
// fields, same order, same bytes — without building the page's objects first:
// - SQLite writes what is a copy of a stored value: json_quote escapes exactly as JSON.stringify
//   does, and the stored lists are JSON.stringify output (migrations/001), pasted as they are;
// - JavaScript writes what toProfile (read-model/rows.ts) derives: the lists a profile joins with
//   its incidents', its nickname and avatar when they come from an incident.
// sync.test.ts holds it to the object form, awkward values included.
import type { Db } from '../../db/connection';
import type { BankAccount } from '../../../shared/contract/common';
import type { Tombstone } from '../../../shared/contract/sync';
import type { ChangePage } from './service';

/** A page profile, as a raw row of PROFILES. */
type ProfileText = [
  id: number, nickname: string, avatar: string | null,
  /** `{"id":…,"name":…,"nickname":` */ head: string,
  /** `,"location":…,"geolocation":…,` */ middle: string,
  /** the lists toProfile joins, and knownPartners between them: one object in the answer's order */ lists: string,
  /** `,"isVerified":…,"revision":…,"incidents":[` */ tail: string,
];

const PROFILES = `SELECT p.id, p.nickname, p.avatar,
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

type Statement = ReturnType<Db['prepare']>;
const statements = new WeakMap<Db, { profiles: Statement; incidents: Statement }>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    // raw rows (arrays): no object per row
    s = { profiles: db.prepare(PROFILES).raw(true), incidents: db.prepare(INCIDENTS).raw(true) };
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
  const [, ownNickname, ownAvatar, head, middle, ownLists, tail] = p;
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

/** JSON.stringify(syncPage(...)) for a page of changes, read in the caller's transaction. */
export function pageText(db: Db, page: ChangePage): string {
  const ids: number[] = [];
  const tombstones: Tombstone[] = [];
  for (const change of page.changes) {
    if (change.type === 'profile') ids.push(change.id);
    else tombstones.push({ kind: change.kind, id: change.id, revision: change.revision });
  }
  const parts: string[] = [];
  if (ids.length > 0) {
    const { profiles, incidents } = prepared(db);
    const idList = JSON.stringify(ids);
    const profileById = new Map<number, ProfileText>();
    for (const row of profiles.all(idList) as ProfileText[]) profileById.set(row[0], row);
    const incidentsOf = new Map<number, IncidentText[]>();
    for (const row of incidents.all(idList) as IncidentText[]) {
      const group = incidentsOf.get(row[0]);
      if (group) group.push(row);
      else incidentsOf.set(row[0], [row]);
    }
    for (const id of ids) parts.push(profileText(profileById.get(id)!, incidentsOf.get(id)));
  }
  return '{"profiles":[' + parts.join(',') + '],"tombstones":' + JSON.stringify(tombstones)
    + ',"cursor":' + page.cursor + ',"hasMore":' + page.hasMore + ',"remaining":' + page.remaining
    + ',"reset":' + page.reset + '}';
}
