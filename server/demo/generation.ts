// The demo data's generation (docs/design.md#runtime): a seeded PRNG makes clearly
// fictional scammers, projects and incidents from the words of vocabulary.ts that populate every
// filter category of product.md#constants, and the pending work of the staff queues. Nothing here writes:
// seeding.ts puts what it makes into a database. The same seed gives the same rows.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { composeIBAN, friendlyFormatIBAN } from 'ibantools';
import type { BankAccountPair } from '../../shared/domain/bank-accounts';
import { checksumAddress } from '../../shared/identifiers';
import {
  ACCENTS, ADDRESS_CITIES, AFTERMATH, AU_FICTION_AREAS, AU_FICTION_BLOCKS, AU_FICTION_MOBILES, BANKS, CLOSERS, COMPANIES,
  COMPANIES_USED, CURRENCIES, DEV_ACTIONS, DEV_OBJECTS, DEV_ROLES, EMAIL_DOMAINS, FEMALE_NAMES, FIRST_NAMES,
  GENERIC_STORIES, HANDLE_WORDS, IBAN_FORMATS, INDUSTRIES, KNOWN_SCAM_TYPES, LANGUAGES, LAST_NAMES, LOCATIONS, MALE_NAMES,
  NANP_AREA_CODES, NATIONALITIES, NICKNAMES, OTHER_SCAM_TYPES, PROJECT_ADJECTIVES, PROJECT_CORES, PROJECT_PREFIXES,
  PROJECT_PROMISES, PROJECT_TAILS, STREETS, TYPE_STORIES, UK_DRAMA_RANGES, WEB_TLDS, type Currency,
} from './vocabulary';

// ---------------------------------------------------------------------------------------------
// PRNG

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rand {
  constructor(private readonly next: () => number) {}
  float(): number {
    return this.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  /** `count` distinct items (count is clamped to the list's length). */
  sample<T>(list: readonly T[], count: number): T[] {
    const n = Math.min(count, list.length);
    const out: T[] = [];
    while (out.length < n) {
      const item = this.pick(list);
      if (!out.includes(item)) out.push(item);
    }
    return out;
  }
  chars(alphabet: string, length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  digits(length: number): string {
    return this.chars('0123456789', length);
  }
  /** `length` random bytes, four from each draw (mulberry32 gives 32 random bits). */
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      let word = this.next() * 4294967296;
      for (let j = i; j < i + 4 && j < length; j++) {
        out[j] = word & 0xff;
        word >>>= 8;
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates: a table of calendar days from 2021-01-01 to 2025-12-31

const DAY_MS = 86_400_000;
const FIRST_DAY_MS = Date.UTC(2021, 0, 1);
export const DAY_COUNT = (Date.UTC(2026, 0, 1) - FIRST_DAY_MS) / DAY_MS;
let dayStrings: string[] | null = null;
export function day(n: number): string {
  dayStrings ??= Array.from({ length: DAY_COUNT }, (_, d) => new Date(FIRST_DAY_MS + d * DAY_MS).toISOString().slice(0, 10));
  return dayStrings[Math.max(0, Math.min(DAY_COUNT - 1, n))] as string;
}
const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
export function timestamp(r: Rand, dayIndex: number): string {
  return `${day(dayIndex)}T${PAD2[r.int(0, 23)]}:${PAD2[r.int(0, 59)]}:${PAD2[r.int(0, 59)]}.000Z`;
}
/**
 * A moment on that day made from numbers already drawn (`salt`), not from the generator: giving a
 * pending incident its time of report must not shift every value drawn after it.
 */
export function momentOf(dayIndex: number, salt: number): string {
  const mix = Math.abs(Math.imul(dayIndex + 1, 2_654_435_761) ^ Math.imul(salt + 7, 40_503));
  return `${day(dayIndex)}T${PAD2[mix % 24]}:${PAD2[Math.floor(mix / 24) % 60]}:${PAD2[Math.floor(mix / 1440) % 60]}.000Z`;
}

// ---------------------------------------------------------------------------------------------
// Identifiers: valid for their kind (shared/identifiers), written in the ways people write them

const base58check = createBase58check(sha256);
/** What a Generator makes wallets of: the chains the Crypto Wallets filter knows (shared/search/facets.ts). */
export type WalletKind = 'eth' | 'btc' | 'ltc';
export const WALLET_KINDS: readonly WalletKind[] = ['eth', 'btc', 'ltc'];
/** Share of Ethereum addresses written with their EIP-55 checksum; the rest all in lower case, as explorers show them. */
const CHECKSUMMED_SHARE = 0.8;
// the version bytes of base58check addresses on each chain, as shared/identifiers reads them
const BTC_P2PKH = 0x00;
const BTC_P2SH = 0x05;
const LTC_P2PKH = 0x30;
const LTC_P2SH = 0x32;
const HASH160_BYTES = 20;
const TAPROOT_KEY_BYTES = 32;

/** A base58check address: a version byte, then a 20-byte hash. */
function base58Address(version: number, hash: Uint8Array): string {
  const payload = new Uint8Array(1 + hash.length);
  payload[0] = version;
  payload.set(hash, 1);
  return base58check.encode(payload);
}

/** A native segwit address: version 0 in bech32, versions 1 to 16 in bech32m (shared/identifiers/README.md). */
function segwitAddress(hrp: string, version: number, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(hrp, words) : bech32m.encode(hrp, words);
}

/** An IBAN of `country` whose BBAN is `letters` then random digits, composed (mod 97) by ibantools. */
function composeDemoIban(country: string, bban: string): string {
  const iban = composeIBAN({ countryCode: country, bban });
  if (iban === null) throw new Error(`not a BBAN of ${country}: ${bban}`);
  return iban;
}

export class Generator {
  private btcFormat = 0;
  private ltcFormat = 0;
  private ipRange = 0;
  constructor(readonly r: Rand) {}

  /** A valid address of `kind` made from the PRNG's bytes; the formats of a kind take turns so that every prefix of docs/product.md#constants appears early. */
  wallet(kind: WalletKind): string {
    const r = this.r;
    if (kind === 'eth') {
      const address = '0x' + bytesToHex(r.bytes(HASH160_BYTES));
      return r.chance(CHECKSUMMED_SHARE) ? checksumAddress(address) : address;
    }
    if (kind === 'btc') {
      switch (this.btcFormat++ % 4) {
        case 0: return segwitAddress('bc', 0, r.bytes(HASH160_BYTES)); // P2WPKH, bc1q…
        case 1: return base58Address(BTC_P2PKH, r.bytes(HASH160_BYTES)); // 1…
        case 2: return base58Address(BTC_P2SH, r.bytes(HASH160_BYTES)); // 3…
        default: return segwitAddress('bc', 1, r.bytes(TAPROOT_KEY_BYTES)); // P2TR, bc1p…
      }
    }
    // Litecoin's P2SH is written M…: its legacy 3… form would read as Bitcoin's
    switch (this.ltcFormat++ % 3) {
      case 0: return segwitAddress('ltc', 0, r.bytes(HASH160_BYTES)); // ltc1q…
      case 1: return base58Address(LTC_P2PKH, r.bytes(HASH160_BYTES)); // L…
      default: return base58Address(LTC_P2SH, r.bytes(HASH160_BYTES)); // M…
    }
  }

  /** An IP in one of the ranges of product.md#constants (192.168, 203, 104, 10, 172), now and then another. */
  ip(range?: number): string {
    const r = this.r;
    const which = range ?? (r.chance(0.05) ? 5 : this.ipRange++ % 5);
    switch (which) {
      case 0: return `192.168.${r.int(0, 255)}.${r.int(1, 254)}`;
      case 1: return `203.0.113.${r.int(1, 254)}`; // TEST-NET-3
      case 2: return `104.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(1, 254)}`;
      case 3: return `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
      case 4: return `172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(1, 254)}`;
      default: return `198.51.100.${r.int(1, 254)}`; // TEST-NET-2: in no range of product.md#constants
    }
  }

  /**
   * A number reserved for fiction (vocabulary.ts) and valid for its country, written as people
   * write it: grouped, with the (0) trunk digit, in brackets, with dashes, or all together.
   */
  phone(): string {
    const r = this.r;
    switch (r.int(0, 3)) {
      case 0: { // Australian mobile: +61 (0)491 570 156
        const n = r.pick(AU_FICTION_MOBILES);
        const grouped = `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
        return r.pick([`+61 (0)${grouped}`, `+61 ${grouped}`, `+61${n}`]);
      }
      case 1: { // Australian landline: +61 2 5550 1234
        const area = r.pick(AU_FICTION_AREAS);
        const local = `${r.pick(AU_FICTION_BLOCKS)} ${r.digits(4)}`;
        return r.pick([`+61 ${area} ${local}`, `+61 (0)${area} ${local}`]);
      }
      case 2: { // UK: +44 20 7946 0123
        const [area, prefix] = r.pick(UK_DRAMA_RANGES);
        const local = prefix + r.digits(3);
        return r.pick([`+44 ${area} ${local}`, `+44 (0)${area} ${local}`, `+44${area}${local.replace(' ', '')}`]);
      }
      default: { // US and Canada: +1 (843) 555-0117
        const area = r.pick(NANP_AREA_CODES);
        const line = `01${r.digits(2)}`;
        return r.pick([`+1 (${area}) 555-${line}`, `+1 ${area}-555-${line}`, `+1 ${area} 555 ${line}`]);
      }
    }
  }

  /** A euro account as an IBAN (valid by mod 97), any other as a plain account number. */
  bankAccount(currency?: Currency): BankAccountPair {
    const r = this.r;
    const bank_name = r.pick(BANKS);
    if (currency !== 'EUR') return { bank_name, account: `ACCT-${r.digits(8)}` };
    const [country, letters, digits] = r.pick(IBAN_FORMATS);
    const iban = composeDemoIban(country, letters + r.digits(digits));
    // in groups of four as printed on statements, or all together as typed into a bank's form
    return { bank_name, account: r.chance(0.7) ? (friendlyFormatIBAN(iban) ?? iban) : iban };
  }

  companyAddress(): string {
    const r = this.r;
    return `${r.int(1, 250)} ${r.pick(STREETS)}, ${r.pick(ADDRESS_CITIES)}`;
  }

  personName(): string {
    return `${this.r.pick(FIRST_NAMES)} ${this.r.pick(LAST_NAMES)}`;
  }

  contact(): string {
    const r = this.r;
    return r.chance(0.7)
      ? `victim${r.digits(4)}@${r.pick(EMAIL_DOMAINS)}`
      : `@reporter_${r.chars('abcdefghijklmnopqrstuvwxyz', 6)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Rows

export type Kind = 'developer' | 'project';
export type IncidentStatus = 'approved' | 'pending';

export interface IncidentRow {
  description: string;
  occurred: string;
  reported: string;
  reportedDay: number;
  amount: number;
  currency: Currency;
  types: string[];
  nicknames: string[];
  industries: string[];
  companies: string[];
  company_addresses: string[];
  websites: string[];
  telegrams: string[];
  emails: string[];
  phones: string[];
  ip_addresses: string[];
  wallet_addresses: string[];
  bank_accounts: BankAccountPair[];
  submitter_contact: string;
  submitted_by: string;
  status: IncidentStatus;
}

export interface ProfileRow {
  kind: Kind;
  name: string;
  nickname: string;
  location: string;
  bio: string;
  gender: string;
  nationality: string;
  languages: string[];
  accent: string;
  geolocation: string;
  company: string[];
  company_address: string[];
  scam_type: string[];
  industry: string[];
  email: string[];
  phone: string[];
  telegram: string[];
  website: string[];
  wallet_addresses: string[];
  bank_accounts: BankAccountPair[];
  ip_addresses: string[];
  known_partners: string[];
  companies_used: string[];
  currencies: string[];
  bank: string[];
  verification_status: 'verified' | 'unverified';
  joined_date: string;
  reported_person_date: string;
  submitted_at: string;
  submitted_by: string;
  submission_kind: 'NEW_DEVELOPER' | 'NEW_PROJECT';
}

/** What a profile is about: names and handles its incidents reuse. */
export interface Persona {
  kind: Kind;
  name: string;
  slug: string; // lower-case, for handles, emails and websites
  first: string;
  industry: string;
  gender: string;
}

/** Forced choices for the first profiles, so every filter category is populated even for small seeds. */
const FORCED_WALLET_PLANS = ['eth', 'btc', 'ltc', 'multiple', 'none'] as const;
const FORCED_IP_PLANS = [0, 1, 2, 3, 4, 'multiple', 'none'] as const;

function makePersona(g: Generator, kind: Kind): Persona {
  const r = g.r;
  if (kind === 'developer') {
    const x = r.float();
    const gender = x < 0.55 ? 'Male' : x < 0.8 ? 'Female' : x < 0.85 ? 'Other' : 'Not Specified';
    const first = r.pick(gender === 'Male' ? MALE_NAMES : gender === 'Female' ? FEMALE_NAMES : FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    return {
      kind, name: `${first} ${last}`, slug: `${first}${last}`.toLowerCase(), first: first.toLowerCase(),
      industry: r.pick(INDUSTRIES), gender,
    };
  }
  const prefix = r.pick(PROJECT_PREFIXES);
  const core = r.pick(PROJECT_CORES);
  const tail = r.pick(PROJECT_TAILS);
  const base = `${prefix}${core}`;
  return {
    kind,
    name: tail ? `${base} ${tail}` : base,
    slug: (tail ? `${base}-${tail}` : base).toLowerCase(),
    first: base.toLowerCase(),
    industry: r.pick(INDUSTRIES),
    gender: 'Not Specified',
  };
}

/** The persona of a profile already written, from its name. */
export function personaOf(g: Generator, kind: Kind, name: string): Persona {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const first = words[0] ?? 'anon';
  return {
    kind, name, slug: kind === 'developer' ? words.join('') : words.join('-'), first,
    industry: g.r.pick(INDUSTRIES), gender: 'Not Specified',
  };
}

function email(g: Generator, p: Persona): string {
  const r = g.r;
  if (p.kind === 'project') return `${r.pick(['support', 'team', 'invest', 'hello'])}@${p.slug}${r.pick(WEB_TLDS)}`;
  return `${p.first}.${r.pick(HANDLE_WORDS)}${r.digits(2)}@${r.pick(EMAIL_DOMAINS)}`;
}
/** A handle that keeps Telegram's rules: 5–32 letters, digits or underscores, starting with a letter. */
function telegram(g: Generator, p: Persona): string {
  const r = g.r;
  if (p.kind === 'project') return `@${p.first}_${r.pick(['official', 'support', 'announcements', 'chat'])}`;
  return `@${p.first}_${r.pick(HANDLE_WORDS)}${r.digits(2)}`;
}
/** A link to the persona's own domain (a developer's too: not a subdomain of a shared one), written in one of the ways links are pasted. */
function website(g: Generator, p: Persona): string {
  const r = g.r;
  const host = `${p.kind === 'project' && r.chance(0.3) ? 'app.' : ''}${p.slug}${r.pick(WEB_TLDS)}`;
  const x = r.float();
  return x < 0.7 ? `https://${host}` : x < 0.8 ? `https://www.${host}` : x < 0.9 ? `http://${host}` : `https://${host}/`;
}

function amountFor(r: Rand, currency: Currency): number {
  switch (currency) {
    case 'ETH': return Math.round((0.5 + r.float() * 300) * 10_000) / 10_000;
    case 'BTC': return Math.round((0.01 + r.float() * 20) * 1_000_000) / 1_000_000;
    default: {
      const whole = r.int(500, 250_000);
      return r.chance(0.4) ? whole + r.int(1, 99) / 100 : whole;
    }
  }
}

const CURRENCY_SHARES = [0.35, 0.25, 0.15, 0.1, 0.15]; // by CURRENCIES
export function pickCurrency(r: Rand): Currency {
  let x = r.float();
  for (let i = 0; i < CURRENCIES.length - 1; i++) {
    x -= CURRENCY_SHARES[i] as number;
    if (x < 0) return CURRENCIES[i] as Currency;
  }
  return CURRENCIES[CURRENCIES.length - 1] as Currency;
}

export function pickScamType(r: Rand): string {
  return r.chance(0.85) ? r.pick(KNOWN_SCAM_TYPES) : r.pick(OTHER_SCAM_TYPES);
}

export function makeIncident(g: Generator, p: Persona, status: IncidentStatus, firstType: string | null, window: readonly [number, number]): IncidentRow {
  const r = g.r;
  const types = [firstType ?? pickScamType(r)];
  if (r.chance(0.3)) {
    const second = pickScamType(r);
    if (second !== types[0]) types.push(second);
  }
  const occurredDay = r.int(window[0], window[1]);
  const reportedDay = Math.min(DAY_COUNT - 1, occurredDay + r.int(1, 90));
  const currency = pickCurrency(r);
  const stories = TYPE_STORIES[types[0] as string] ?? GENERIC_STORIES;
  const aftermath = r.pick(AFTERMATH);
  const story = r.pick(stories);
  return {
    description: aftermath ? `${story} ${aftermath}` : story,
    occurred: day(occurredDay),
    // a report waiting for staff is a moment, shown with its time in the admin panel (product.md#screens-admin,
    // issue 19); the published history keeps its day, which is all the profile modal shows
    reported: status === 'pending' ? momentOf(reportedDay, occurredDay) : day(reportedDay),
    reportedDay,
    amount: amountFor(r, currency),
    currency,
    types,
    nicknames: p.kind === 'developer' && r.chance(0.3) ? [r.pick(NICKNAMES)] : [],
    industries: r.chance(0.75) ? [r.chance(0.7) ? p.industry : r.pick(INDUSTRIES)] : [],
    companies: r.chance(0.35) ? [r.pick(COMPANIES_USED)] : [],
    company_addresses: r.chance(0.2) ? [g.companyAddress()] : [],
    websites: r.chance(p.kind === 'project' ? 0.4 : 0.15) ? [website(g, p)] : [],
    telegrams: r.chance(0.4) ? [telegram(g, p)] : [],
    emails: r.chance(0.3) ? [email(g, p)] : [],
    phones: r.chance(0.2) ? [g.phone()] : [],
    ip_addresses: [],
    wallet_addresses: [],
    bank_accounts: (currency === 'USD' || currency === 'EUR') && r.chance(0.5) ? [g.bankAccount(currency)] : [],
    submitter_contact: status === 'pending' || r.chance(0.2) ? g.contact() : '',
    submitted_by: r.chance(0.95) ? 'Anonymous' : 'demo-reporter',
    status,
  };
}

/** Puts each item on the profile row (with probability pProfile) or on one of its incidents. */
function spread(r: Rand, items: readonly string[], onProfile: string[], incidents: readonly IncidentRow[], pick: (i: IncidentRow) => string[], pProfile: number): void {
  for (const item of items) {
    if (incidents.length === 0 || r.chance(pProfile)) onProfile.push(item);
    else pick(r.pick(incidents)).push(item);
  }
}

export interface Generated {
  profile: ProfileRow;
  incidents: IncidentRow[];
}

/** A profile whose name and identifiers are fixed (showcase.ts); the rest is generated. */
export interface Showcase {
  kind: Kind;
  name: string;
  nickname: string;
  email: readonly string[];
  phone: readonly string[];
  telegram: readonly string[];
  website: readonly string[];
  wallet_addresses: readonly string[];
  bank_accounts: readonly BankAccountPair[];
}

/**
 * Gives a generated profile of the same kind the showcase's name and identifiers: on the profile
 * row, and none on its incidents, so that it holds exactly the identifiers the showcase lists.
 */
export function applyShowcase({ profile, incidents }: Generated, showcase: Showcase): void {
  if (profile.kind !== showcase.kind) throw new Error(`${showcase.name} is a ${showcase.kind}, not a ${profile.kind}`);
  profile.name = showcase.name;
  profile.nickname = showcase.nickname;
  profile.email = [...showcase.email];
  profile.phone = [...showcase.phone];
  profile.telegram = [...showcase.telegram];
  profile.website = [...showcase.website];
  profile.wallet_addresses = [...showcase.wallet_addresses];
  profile.bank_accounts = showcase.bank_accounts.map((b) => ({ ...b }));
  profile.bank = [...new Set(showcase.bank_accounts.map((b) => b.bank_name))];
  for (const incident of incidents) {
    incident.websites = [];
    incident.telegrams = [];
    incident.emails = [];
    incident.phones = [];
    incident.wallet_addresses = [];
    incident.bank_accounts = [];
  }
}

export function makeProfile(
  g: Generator,
  kind: Kind,
  index: number,
  status: 'verified' | 'unverified',
  incidentCount: number,
  window: readonly [number, number],
): Generated {
  const r = g.r;
  const p = makePersona(g, kind);
  const dev = kind === 'developer';
  const incidentStatus: IncidentStatus = status === 'verified' ? 'approved' : 'pending';

  const incidents: IncidentRow[] = [];
  for (let i = 0; i < incidentCount; i++) {
    const forcedType = i === 0 && index >= 0 && index < KNOWN_SCAM_TYPES.length ? KNOWN_SCAM_TYPES[index] as string : null;
    incidents.push(makeIncident(g, p, incidentStatus, forcedType, window));
  }

  // wallets: none (Unknown), one kind, or several kinds (Multiple)
  const walletPlan = index >= 0 && index < FORCED_WALLET_PLANS.length
    ? FORCED_WALLET_PLANS[index] as (typeof FORCED_WALLET_PLANS)[number]
    : (() => {
        const x = r.float();
        return x < 0.15 ? 'none' : x < 0.75 ? r.pick(WALLET_KINDS) : 'multiple';
      })();
  const wallets: string[] = [];
  if (walletPlan === 'multiple') {
    for (const k of r.sample(WALLET_KINDS, r.int(2, 3))) wallets.push(g.wallet(k));
  } else if (walletPlan !== 'none') {
    const n = r.chance(0.3) ? 2 : 1;
    for (let i = 0; i < n; i++) wallets.push(g.wallet(walletPlan));
  }

  // IPs: none (Unknown IP), one, or several (Multiple IPs)
  const ipPlan = index >= 0 && index < FORCED_IP_PLANS.length
    ? FORCED_IP_PLANS[index] as (typeof FORCED_IP_PLANS)[number]
    : (() => {
        const x = r.float();
        return x < 0.2 ? 'none' : x < 0.75 ? undefined : 'multiple';
      })();
  const ips: string[] = [];
  if (ipPlan === 'multiple') {
    for (const range of r.sample([0, 1, 2, 3, 4], r.int(2, 3))) ips.push(g.ip(range));
  } else if (ipPlan !== 'none') {
    ips.push(g.ip(ipPlan));
  }

  const walletAddresses: string[] = [];
  spread(r, wallets, walletAddresses, incidents, (i) => i.wallet_addresses, 0.35);
  const ipAddresses: string[] = [];
  spread(r, ips, ipAddresses, incidents, (i) => i.ip_addresses, 0.35);

  const remote = index === 0 || r.chance(0.12);
  const place = remote ? (['Remote', ''] as const) : r.pick(LOCATIONS);

  const company: string[] = [];
  if (dev ? r.chance(0.6) : r.chance(0.8)) company.push(r.pick(COMPANIES));
  if (dev && company.length && r.chance(0.15)) {
    const second = r.pick(COMPANIES);
    if (second !== company[0]) company.push(second);
  }
  const currencies: Currency[] = [];
  let firstReported = DAY_COUNT - 1;
  for (const inc of incidents) {
    if (!currencies.includes(inc.currency)) currencies.push(inc.currency);
    if (inc.reportedDay < firstReported) firstReported = inc.reportedDay;
  }

  // an IBAN when the profile's victims lost euros, else an account number
  const bankAccounts = r.chance(0.2) ? [g.bankAccount(currencies.includes('EUR') ? 'EUR' : undefined)] : [];
  const bank = bankAccounts.map((b) => b.bank_name);
  if (r.chance(0.05)) {
    const extra = r.pick(BANKS);
    if (!bank.includes(extra)) bank.push(extra);
  }
  const submittedAt = timestamp(r, firstReported);

  const bio = dev
    ? `${r.pick(DEV_ROLES)} who ${r.pick(DEV_ACTIONS)} ${r.pick(DEV_OBJECTS)}. ${r.pick(CLOSERS)}`.trimEnd()
    : `${r.pick(PROJECT_ADJECTIVES)} ${p.industry} project promising ${r.pick(PROJECT_PROMISES)}. ${r.pick(CLOSERS)}`.trimEnd();

  const industry = [p.industry];
  if (r.chance(0.2)) {
    const second = r.pick(INDUSTRIES);
    if (second !== p.industry) industry.push(second);
  }

  const profile: ProfileRow = {
    kind,
    name: p.name,
    nickname: dev ? (r.chance(0.5) ? r.pick(NICKNAMES) : '') : r.chance(0.3) ? `$${p.first.slice(0, 4).toUpperCase()}` : '',
    location: place[0],
    bio,
    gender: p.gender,
    nationality: dev || r.chance(0.5) ? r.pick(NATIONALITIES) : '',
    languages: dev ? r.sample(LANGUAGES, r.chance(0.6) ? 1 : r.int(2, 3)) : r.chance(0.7) ? ['English'] : [],
    accent: dev ? r.pick(ACCENTS) : r.chance(0.3) ? r.pick(ACCENTS) : '',
    geolocation: place[1],
    company,
    company_address: company.length && r.chance(0.5) ? [g.companyAddress()] : [],
    scam_type: [incidents[0]?.types[0] ?? pickScamType(r)],
    industry,
    email: r.chance(0.4) ? [email(g, p)] : [],
    phone: r.chance(0.25) ? [g.phone()] : [],
    telegram: r.chance(0.4) ? [telegram(g, p)] : [],
    website: r.chance(dev ? 0.2 : 0.9) ? [website(g, p)] : [],
    wallet_addresses: walletAddresses,
    bank_accounts: bankAccounts,
    ip_addresses: ipAddresses,
    known_partners: r.chance(dev ? 0.25 : 0.3) ? Array.from({ length: r.int(1, 2) }, () => g.personName()) : [],
    companies_used: r.chance(0.3) ? [r.pick(COMPANIES_USED)] : [],
    currencies,
    bank,
    verification_status: status,
    joined_date: day(firstReported + r.int(0, 14)),
    reported_person_date: submittedAt,
    submitted_at: submittedAt,
    submitted_by: r.chance(0.95) ? 'Anonymous' : 'demo-reporter',
    submission_kind: dev ? 'NEW_DEVELOPER' : 'NEW_PROJECT',
  };
  return { profile, incidents };
}

// ---------------------------------------------------------------------------------------------
// Pending work for staff

/** An incident added to a published profile, waiting for approval: now and then with a wallet or an IP of its own. */
export function makePendingIncident(g: Generator, persona: Persona, window: readonly [number, number]): IncidentRow {
  const r = g.r;
  const incident = makeIncident(g, persona, 'pending', null, window);
  if (r.chance(0.6)) incident.wallet_addresses.push(g.wallet(r.pick(WALLET_KINDS)));
  if (r.chance(0.4)) incident.ip_addresses.push(g.ip());
  return incident;
}

/** The proposed changes of a pending edit request (product.md#entities proposed_changes shape) on a profile, its incident `scamId`, or both. */
export function makeEditChanges(g: Generator, targetType: 'developer' | 'scam' | 'both', scamId: number, persona: Persona): Record<string, unknown> {
  const r = g.r;
  const changes: Record<string, unknown> = {};
  if (targetType !== 'scam') {
    const place = r.pick(LOCATIONS);
    changes.developer = {
      bio: `${r.pick(DEV_ROLES)} who ${r.pick(DEV_ACTIONS)} ${r.pick(DEV_OBJECTS)}. ${r.pick(CLOSERS)}`.trimEnd(),
      location: place[0],
      languages: r.sample(LANGUAGES, 2),
    };
  }
  if (targetType !== 'developer') {
    const currency = pickCurrency(r);
    const append: Record<string, unknown> = {
      scam_updates: [{
        id: scamId,
        set: {
          amount: amountFor(r, currency),
          currency,
          walletAddresses: [g.wallet(r.pick(WALLET_KINDS))],
          telegrams: [telegram(g, persona)],
        },
      }],
    };
    if (targetType === 'both') {
      const created = pickCurrency(r);
      append.scam_creates = [{
        set: {
          scamTypes: [pickScamType(r)],
          industries: [r.pick(INDUSTRIES)],
          websites: [website(g, persona)],
          ipAddresses: [g.ip()],
          bankAccounts: [g.bankAccount(created)],
          amount: amountFor(r, created),
          currency: created,
        },
        description: r.pick(GENERIC_STORIES),
      }];
    }
    changes.append = append;
  }
  return changes;
}
