// Deterministic demo data (DESIGN.md "Runtime conventions"): a seeded PRNG makes clearly
// fictional scammers, projects and incidents that populate every filter category of spec §9,
// plus (optionally) pending work in every staff queue. The same seed gives the same rows.
// Everything is written in one transaction with reused prepared statements, so
// `seedDemo(db, { profiles: 100000 })` takes seconds, not minutes.
import type { Db } from './connection';
import { reserveRevisions } from './revision';
import { fillSyncTexts } from '../features/sync/sync-texts';
import { caseId, editRequestCaseId } from '../../shared/domain/case-id';
import type { BankAccountPair } from '../../shared/domain/bank-accounts';
import { KNOWN_SCAM_TYPES } from '../../shared/contract/scam-submit';

export interface SeedOptions {
  /** Verified profiles to create (pending extras come on top). Default 300. */
  profiles?: number;
  /** PRNG seed; the same seed gives identical data. Default 1337. */
  seed?: number;
  /** Also create unverified profiles, pending incidents, edit and removal requests. Default true. */
  pending?: boolean;
}

export interface SeedResult {
  /** Profiles inserted, verified and unverified. */
  profiles: number;
  /** Incidents inserted, approved and pending. */
  incidents: number;
}

export const DEFAULT_SEED_PROFILES = 300;
export const DEFAULT_SEED = 1337;
const CASE_YEAR = 2025;

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

class Rand {
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
}

// ---------------------------------------------------------------------------------------------
// Vocabulary (all invented; domains, phone numbers and IP ranges are reserved or fictional)

const OTHER_SCAM_TYPES = ['Ponzi Scheme', 'Fake Job Offer', 'Honeypot Token', 'Fake Audit', 'Romance Scam'];

const INDUSTRIES = [
  'DeFi', 'NFT', 'GameFi', 'Crypto Exchange', 'Web3 Development', 'Metaverse', 'AI Trading',
  'Blockchain Infrastructure', 'Crypto Lending', 'DAO Tooling', 'Mining', 'Payments',
];

const MALE_NAMES = [
  'Aldric', 'Corvin', 'Emrys', 'Gideon', 'Ivo', 'Kael', 'Marek', 'Orrin', 'Soren', 'Ulric', 'Wystan',
  'Yorick', 'Anselm', 'Cassian', 'Evander', 'Griffin', 'Ignatius', 'Leander', 'Nikolai', 'Percival',
  'Silas', 'Viggo', 'Zarek', 'Lazlo',
];
const FEMALE_NAMES = [
  'Dalia', 'Fenna', 'Halcy', 'Jessamy', 'Liora', 'Nerys', 'Priya', 'Rosalind', 'Tamsin', 'Vesna',
  'Xanthe', 'Zelda', 'Brielle', 'Delphine', 'Fiora', 'Hesper', 'Juno', 'Mireille', 'Odile', 'Rhiannon',
  'Thea', 'Ines',
];
const FIRST_NAMES = [...MALE_NAMES, ...FEMALE_NAMES, 'Bexley', 'Quill', 'Wren', 'Calloway'];
const LAST_NAMES = [
  'Ashgrove', 'Blackwood', 'Calder', 'Drummond', 'Everhart', 'Fairbrook', 'Grimsby', 'Hollowell',
  'Ironside', 'Jarrow', 'Kestrel', 'Lockridge', 'Marchbanks', 'Northcott', 'Oakenfold', 'Pendergast',
  'Quarrington', 'Ravensworth', 'Stonebridge', 'Thistlewood', 'Underhill', 'Vantrell', 'Whitlock',
  'Yardley', 'Zellweger', 'Albermarle', 'Brisbane', 'Coldwater', 'Dunmore', 'Eastwick', 'Foxley',
  'Galloway', 'Hartigan', 'Ivers', 'Kettering', 'Larkspur', 'Mosswood', 'Nettleford', 'Ormsby',
  'Pilkington', 'Redfern', 'Saltonstall', 'Tremaine', 'Voss', 'Wexford',
];
const NICKNAMES = [
  'CryptoKing', 'DeFi Wizard', 'The Architect', 'MoonDev', 'Whale Whisperer', 'GasFeeGuru',
  'Anon Dev', 'Satoshi Jr', 'RugMaster', 'Chain Ghost', 'Alpha Caller', 'Yield Sensei',
];

const PROJECT_PREFIXES = [
  'Moon', 'Luna', 'Nova', 'Stellar', 'Quantum', 'Pixel', 'Aether', 'Hyper', 'Orbit', 'Zephyr',
  'Solar', 'Neon', 'Vertex', 'Apex', 'Cobalt', 'Ember', 'Frost', 'Titan', 'Echo', 'Prism',
];
const PROJECT_CORES = [
  'Vault', 'Swap', 'Chain', 'Yield', 'Mint', 'Pad', 'Bridge', 'Forge', 'Stake', 'Flow', 'Verse',
  'Node', 'Ledger', 'Coin', 'Dex',
];
const PROJECT_TAILS = ['Finance', 'Protocol', 'DAO', 'Labs', 'Network', 'Capital', 'Exchange', 'AI', ''];

/** [location, geolocation] */
const LOCATIONS: ReadonlyArray<readonly [string, string]> = [
  ['Lisbon, Portugal', '38.7223, -9.1393'], ['Dubai, UAE', '25.2048, 55.2708'],
  ['Singapore', '1.3521, 103.8198'], ['London, UK', '51.5074, -0.1278'],
  ['Kyiv, Ukraine', '50.4501, 30.5234'], ['Lagos, Nigeria', '6.5244, 3.3792'],
  ['Bangkok, Thailand', '13.7563, 100.5018'], ['Toronto, Canada', '43.6532, -79.3832'],
  ['Berlin, Germany', '52.5200, 13.4050'], ['Manila, Philippines', '14.5995, 120.9842'],
  ['Istanbul, Turkey', '41.0082, 28.9784'], ['Buenos Aires, Argentina', '-34.6037, -58.3816'],
  ['Miami, USA', '25.7617, -80.1918'], ['Hong Kong', '22.3193, 114.1694'],
  ['Tallinn, Estonia', '59.4370, 24.7536'], ['Limassol, Cyprus', '34.7071, 33.0226'],
];
const NATIONALITIES = [
  'Portuguese', 'Emirati', 'Singaporean', 'British', 'Ukrainian', 'Nigerian', 'Thai', 'Canadian',
  'German', 'Filipino', 'Turkish', 'Argentine', 'American', 'Chinese', 'Estonian', 'Cypriot',
  'Russian', 'Indian', 'Brazilian', 'French',
];
const LANGUAGES = [
  'English', 'Spanish', 'Portuguese', 'Russian', 'Mandarin', 'Arabic', 'German', 'French',
  'Turkish', 'Ukrainian', 'Hindi', 'Thai', 'Tagalog', 'Yoruba', 'Estonian',
];
const ACCENTS = [
  'British', 'American', 'Australian', 'Eastern European', 'Nigerian', 'Indian', 'South African',
  'Neutral', 'Latin American', 'Middle Eastern', 'Southeast Asian', 'German',
];
const COMPANIES = [
  'Bluefin Ventures', 'Cinder Capital', 'Driftwood Labs', 'Emberline Digital', 'Foxglove Holdings',
  'Greyhaven Partners', 'Harborlight Tech', 'Ironleaf Systems', 'Juniper Ledger Ltd', 'Kestrel Web3 Studio',
  'Lumen Bridge LLC', 'Mistral Blockchain Inc', 'Northwind Ventures', 'Contoso Capital', 'Fabrikam Crypto',
];
const COMPANIES_USED = [
  'ShellCo Trading Ltd', 'Paperwall Holdings', 'Nimbus Escrow Services', 'Tidewater Payments',
  'Quartz Launchpad', 'Ivory Market Makers', 'Saffron Consulting', 'Pinecone Staffing',
  'Obsidian OTC Desk', 'Offshore Example Corp', 'Gullwing Freelance Hub', 'Marigold Token Agency',
];
const STREETS = ['Example Street', 'Sample Avenue', 'Placeholder Road', 'Demo Lane', 'Test Boulevard', 'Fiction Way'];
const ADDRESS_CITIES = ['Springfield', 'Riverton', 'Lakeview', 'Fairview', 'Greenville', 'Oakridge'];
const BANKS = [
  'Example National Bank', 'Demo Savings & Loan', 'First Fictional Bank', 'Testbank International',
  'Placeholder Credit Union', 'Sample Trust Bank', 'Mockingbird Bank', 'Nowhere Federal Bank',
];
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.test', 'inbox.invalid', 'vault.test'];
const WEB_TLDS = ['.example', '.test'];
const HANDLE_WORDS = ['crypto', 'defi', 'dev', 'alpha', 'moon', 'web3', 'nft', 'yield', 'whale', 'trader'];

const CURRENCIES = ['USD', 'USDT', 'ETH', 'BTC', 'EUR'] as const;
type Currency = (typeof CURRENCIES)[number];

const DEV_ROLES = [
  'Self-described blockchain architect', 'Freelance Solidity developer', 'Claimed senior Web3 engineer',
  'Alleged former exchange employee', 'Self-styled crypto influencer', 'Community manager for hire',
  'Smart-contract auditor by their own account', 'Full-stack developer advertising on job boards',
];
const DEV_ACTIONS = [
  'took upfront payment for', 'collected presale funds for', 'promised to deliver',
  'raised money for', 'ran the treasury of', 'sold private allocations in',
];
const DEV_OBJECTS = [
  'a DeFi dashboard that never shipped', 'an NFT collection that was never minted',
  'a token launch that vanished overnight', 'a trading bot with fabricated results',
  'a bridge contract with a hidden admin key', 'a staking platform with no audited code',
];
const PROJECT_ADJECTIVES = ['Anonymous-team', 'Heavily promoted', 'Short-lived', 'Presale-only', 'Influencer-backed', 'Unaudited'];
const PROJECT_PROMISES = [
  'a guaranteed daily yield', 'a cross-chain bridge', 'play-to-earn rewards', 'AI-driven arbitrage returns',
  'staking with locked liquidity', 'a launchpad for vetted tokens',
];
const CLOSERS = [
  'Stopped replying after the final milestone.', 'Deleted all social accounts soon after.',
  'Reported by several independent victims.', 'Used multiple aliases across Telegram groups.',
  'Funds were moved through several fresh wallets.', '',
];

const TYPE_STORIES: Record<string, readonly string[]> = {
  'Rug Pull': ['Liquidity was pulled from the pool days after launch.', 'The deployer drained the liquidity pool and disappeared.'],
  'Fake Raise': ['Investors were told the round was oversubscribed; no tokens were ever issued.', 'A seed round was announced with fake backers.'],
  'Pump & Dump': ['The token was shilled in paid groups, then team wallets sold into the spike.', 'Coordinated buy signals preceded a large sell-off by insiders.'],
  'Service not delivered': ['Payment was made for development work that was never delivered.', 'A smart-contract job was paid in advance and abandoned.'],
  'Identity Theft': ['Documents of a real developer were used to pass a KYC check.', 'A stolen LinkedIn profile was used to win the contract.'],
  'Phishing': ['Victims connected wallets to a cloned site that drained approvals.', 'A fake airdrop link asked for seed phrases.'],
  'Impersonation': ['The scammer posed as a well-known founder in direct messages.', 'Support staff of an exchange were impersonated on Telegram.'],
  'Exit Scam': ['The team closed the platform and kept user deposits.', 'Withdrawals were frozen before the website went offline.'],
};
const GENERIC_STORIES = [
  'Victims were promised returns that never materialised.', 'Deposits were accepted, then the accounts went silent.',
  'The offer was withdrawn after the payment cleared.',
];
const AFTERMATH = [
  'Several victims reported the same wallets.', 'The Telegram group was deleted the same day.',
  'No refunds were made.', 'Victims were blocked after asking questions.', '',
];

// ---------------------------------------------------------------------------------------------
// Dates: a table of calendar days from 2021-01-01 to 2025-12-31

const DAY_MS = 86_400_000;
const FIRST_DAY_MS = Date.UTC(2021, 0, 1);
const DAY_COUNT = (Date.UTC(2026, 0, 1) - FIRST_DAY_MS) / DAY_MS;
let dayStrings: string[] | null = null;
function day(n: number): string {
  dayStrings ??= Array.from({ length: DAY_COUNT }, (_, d) => new Date(FIRST_DAY_MS + d * DAY_MS).toISOString().slice(0, 10));
  return dayStrings[Math.max(0, Math.min(DAY_COUNT - 1, n))] as string;
}
const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
function timestamp(r: Rand, dayIndex: number): string {
  return `${day(dayIndex)}T${PAD2[r.int(0, 23)]}:${PAD2[r.int(0, 59)]}:${PAD2[r.int(0, 59)]}.000Z`;
}

// ---------------------------------------------------------------------------------------------
// Identifiers

const HEX = '0123456789abcdef';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
type WalletKind = 'eth' | 'btc' | 'ltc';
const WALLET_KINDS: readonly WalletKind[] = ['eth', 'btc', 'ltc'];

class Generator {
  private btcFormat = 0;
  private ltcFormat = 0;
  private ipRange = 0;
  constructor(readonly r: Rand) {}

  wallet(kind: WalletKind): string {
    const r = this.r;
    if (kind === 'eth') return '0x' + r.chars(HEX, 40);
    if (kind === 'btc') {
      // the formats take turns so that every prefix of spec §9 (bc1, 1, 3) appears early
      const f = this.btcFormat++ % 3;
      if (f === 0) return 'bc1q' + r.chars(BECH32, 38);
      return (f === 1 ? '1' : '3') + r.chars(BASE58, 33);
    }
    const f = this.ltcFormat++ % 3;
    if (f === 0) return 'ltc1q' + r.chars(BECH32, 38);
    return (f === 1 ? 'L' : 'M') + r.chars(BASE58, 33);
  }

  /** An IP in one of the ranges of spec §9 (192.168, 203, 104, 10, 172), now and then another. */
  ip(range?: number): string {
    const r = this.r;
    const which = range ?? (r.chance(0.05) ? 5 : this.ipRange++ % 5);
    switch (which) {
      case 0: return `192.168.${r.int(0, 255)}.${r.int(1, 254)}`;
      case 1: return `203.0.113.${r.int(1, 254)}`; // TEST-NET-3
      case 2: return `104.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(1, 254)}`;
      case 3: return `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
      case 4: return `172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(1, 254)}`;
      default: return `198.51.100.${r.int(1, 254)}`; // TEST-NET-2: in no range of spec §9
    }
  }

  phone(): string {
    const r = this.r;
    switch (r.int(0, 2)) {
      case 0: return `+1 (${r.int(201, 989)}) 555-01${r.digits(2)}`; // 555-01xx: fictional
      case 1: return `+44 7700 900${r.digits(3)}`; // Ofcom drama range
      default: return `+61 (0)491 570 ${r.int(156, 159)}`; // ACMA fictional range
    }
  }

  bankAccount(): BankAccountPair {
    const r = this.r;
    const account = r.chance(0.5) ? `XX${r.digits(2)} EXMP ${r.digits(4)} ${r.digits(4)} ${r.digits(2)}` : `ACCT-${r.digits(8)}`;
    return { bank_name: r.pick(BANKS), account };
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

type Kind = 'developer' | 'project';
type IncidentStatus = 'approved' | 'pending';

interface IncidentRow {
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

interface ProfileRow {
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
interface Persona {
  kind: Kind;
  name: string;
  slug: string; // lower-case, for handles, emails and websites
  first: string;
  industry: string;
  gender: string;
}

const EMPTY = '[]';
const json = (list: readonly unknown[]): string => (list.length === 0 ? EMPTY : JSON.stringify(list));

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
function personaOf(g: Generator, kind: Kind, name: string): Persona {
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
function telegram(g: Generator, p: Persona): string {
  const r = g.r;
  if (p.kind === 'project') return `@${p.first}_${r.pick(['official', 'support', 'announcements', 'chat'])}`;
  return `@${p.first}_${r.pick(HANDLE_WORDS)}${r.digits(2)}`;
}
function website(g: Generator, p: Persona): string {
  const r = g.r;
  if (p.kind === 'project') return `https://${r.chance(0.3) ? 'app.' : ''}${p.slug}${r.pick(WEB_TLDS)}`;
  return `https://${p.slug}.dev${r.pick(WEB_TLDS)}`;
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
function pickCurrency(r: Rand): Currency {
  let x = r.float();
  for (let i = 0; i < CURRENCIES.length - 1; i++) {
    x -= CURRENCY_SHARES[i] as number;
    if (x < 0) return CURRENCIES[i] as Currency;
  }
  return CURRENCIES[CURRENCIES.length - 1] as Currency;
}

function pickScamType(r: Rand): string {
  return r.chance(0.85) ? r.pick(KNOWN_SCAM_TYPES) : r.pick(OTHER_SCAM_TYPES);
}

function makeIncident(g: Generator, p: Persona, status: IncidentStatus, firstType: string | null, window: readonly [number, number]): IncidentRow {
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
    reported: day(reportedDay),
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
    bank_accounts: (currency === 'USD' || currency === 'EUR') && r.chance(0.5) ? [g.bankAccount()] : [],
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

interface Generated {
  profile: ProfileRow;
  incidents: IncidentRow[];
}

function makeProfile(
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
  const bankAccounts = r.chance(0.2) ? [g.bankAccount()] : [];
  const bank = bankAccounts.map((b) => b.bank_name);
  if (r.chance(0.05)) {
    const extra = r.pick(BANKS);
    if (!bank.includes(extra)) bank.push(extra);
  }

  const currencies: string[] = [];
  let firstReported = DAY_COUNT - 1;
  for (const inc of incidents) {
    if (!currencies.includes(inc.currency)) currencies.push(inc.currency);
    if (inc.reportedDay < firstReported) firstReported = inc.reportedDay;
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
// Insertion

const PROFILE_COLUMNS = [
  'kind', 'name', 'nickname', 'avatar', 'location', 'bio', 'gender', 'nationality', 'languages', 'accent',
  'geolocation', 'company', 'company_address', 'scam_type', 'industry', 'email', 'phone', 'telegram',
  'website', 'wallet_addresses', 'bank_accounts', 'ip_addresses', 'known_partners', 'companies_used',
  'currencies', 'bank', 'verification_status', 'joined_date', 'reported_person_date', 'submitted_at',
  'submitted_by', 'submission_kind', 'revision',
];
const INCIDENT_COLUMNS = [
  'profile_id', 'description', 'occurred', 'reported', 'amount', 'currency', 'types', 'nicknames',
  'industries', 'companies', 'company_addresses', 'websites', 'telegrams', 'emails', 'phones',
  'ip_addresses', 'wallet_addresses', 'bank_accounts', 'avatar', 'submitter_contact', 'submitted_by',
  'verification_status',
];
const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;

/** Fills `db` with demo data in one transaction; returns how many profiles and incidents it added. */
export function seedDemo(db: Db, options: SeedOptions = {}): SeedResult {
  const count = options.profiles ?? DEFAULT_SEED_PROFILES;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`profiles must be a whole number >= 0, got ${count}`);
  const g = new Generator(new Rand(mulberry32(options.seed ?? DEFAULT_SEED)));
  const r = g.r;
  const withPending = options.pending ?? true;

  const insertProfile = db.prepare(insertSql('profiles', PROFILE_COLUMNS));
  const insertIncident = db.prepare(insertSql('incidents', INCIDENT_COLUMNS));

  let profiles = 0;
  let incidents = 0;

  const write = ({ profile: p, incidents: list }: Generated, revision: number): { id: number; incidentIds: number[] } => {
    const id = Number(insertProfile.run(
      p.kind, p.name, p.nickname, null, p.location, p.bio, p.gender, p.nationality, json(p.languages), p.accent,
      p.geolocation, json(p.company), json(p.company_address), json(p.scam_type), json(p.industry), json(p.email),
      json(p.phone), json(p.telegram), json(p.website), json(p.wallet_addresses), json(p.bank_accounts),
      json(p.ip_addresses), json(p.known_partners), json(p.companies_used), json(p.currencies), json(p.bank),
      p.verification_status, p.joined_date, p.reported_person_date, p.submitted_at, p.submitted_by,
      p.submission_kind, revision,
    ).lastInsertRowid);
    profiles++;
    const incidentIds: number[] = [];
    for (const i of list) incidentIds.push(writeIncident(id, i));
    return { id, incidentIds };
  };
  const writeIncident = (profileId: number, i: IncidentRow): number => {
    incidents++;
    return Number(insertIncident.run(
      profileId, i.description, i.occurred, i.reported, i.amount, i.currency, json(i.types), json(i.nicknames),
      json(i.industries), json(i.companies), json(i.company_addresses), json(i.websites), json(i.telegrams),
      json(i.emails), json(i.phones), json(i.ip_addresses), json(i.wallet_addresses), json(i.bank_accounts),
      null, i.submitter_contact, i.submitted_by, i.status,
    ).lastInsertRowid);
  };

  db.transaction(() => {
    // every verified profile gets its own revision: one reservation, consecutive values
    const firstRevision = count > 0 ? reserveRevisions(db, count) : 0;
    const ids: number[] = new Array(count);
    const firstIncidentIds: number[] = new Array(count);
    const kinds: Kind[] = new Array(count);
    const history: readonly [number, number] = [0, DAY_COUNT - 2];
    for (let index = 0; index < count; index++) {
      const kind: Kind = r.chance(0.75) ? 'developer' : 'project';
      const generated = makeProfile(g, kind, index, 'verified', r.int(1, 5), history);
      const written = write(generated, firstRevision + index);
      ids[index] = written.id;
      firstIncidentIds[index] = written.incidentIds[0] as number;
      kinds[index] = kind;
    }
    if (withPending) seedPending(db, g, { ids, firstIncidentIds, kinds }, write, writeIncident);
  })();
  // a seeded registry starts as a long-running server's would: every public profile's sync text stored
  fillSyncTexts(db);

  return { profiles, incidents };
}

// ---------------------------------------------------------------------------------------------
// Pending work for staff: one or more items in every queue of spec §2 "Admin panel"

interface Published {
  ids: number[];
  firstIncidentIds: number[];
  kinds: Kind[];
}

function seedPending(
  db: Db,
  g: Generator,
  published: Published,
  write: (generated: Generated, revision: number) => { id: number; incidentIds: number[] },
  writeIncident: (profileId: number, incident: IncidentRow) => number,
): void {
  const r = g.r;
  const recent: readonly [number, number] = [DAY_COUNT - 240, DAY_COUNT - 92]; // mid 2025
  const submittedRecently = () => timestamp(r, r.int(DAY_COUNT - 60, DAY_COUNT - 1));

  // new reports: unverified profiles with pending incidents; not public, so no revision
  for (let i = 0; i < 9; i++) {
    const kind: Kind = i < 6 ? 'developer' : 'project';
    const generated = makeProfile(g, kind, -1, 'unverified', r.int(1, 2), recent);
    const at = submittedRecently();
    generated.profile.submitted_at = at;
    generated.profile.reported_person_date = at;
    generated.profile.joined_date = at.slice(0, 10);
    write(generated, 0);
  }

  const count = published.ids.length;
  if (count === 0) return;
  const used = new Set<number>();
  /** A published profile index not used yet (of the wanted kind when there is one). */
  const target = (kind?: Kind): number => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const index = r.int(0, count - 1);
      if (used.has(index) && used.size < count) continue;
      if (kind && published.kinds[index] !== kind && attempt < 100) continue;
      used.add(index);
      return index;
    }
    return r.int(0, count - 1);
  };
  const profileName = db.prepare('SELECT name FROM profiles WHERE id = ?').pluck();
  const incidentDescription = db.prepare('SELECT description FROM incidents WHERE id = ?').pluck();

  // incidents added to published profiles, waiting for approval (some on projects)
  for (let i = 0; i < 8; i++) {
    const index = target(i < 3 ? 'project' : 'developer');
    const persona = personaOf(g, published.kinds[index] as Kind, profileName.get(published.ids[index]) as string);
    const incident = makeIncident(g, persona, 'pending', null, recent);
    if (r.chance(0.6)) incident.wallet_addresses.push(g.wallet(r.pick(WALLET_KINDS)));
    if (r.chance(0.4)) incident.ip_addresses.push(g.ip());
    writeIncident(published.ids[index] as number, incident);
  }

  // edit requests (spec §3 proposed_changes shape)
  const insertEdit = db.prepare(`INSERT INTO edit_requests
    (profile_id, scam_id, full_name, contact_information, case_id, target_type, proposed_changes, verification_status, submitted_at, submitted_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, 'Anonymous')`);
  const editTargets = ['developer', 'scam', 'both', 'scam'] as const;
  for (let i = 0; i < editTargets.length; i++) {
    const targetType = editTargets[i] as (typeof editTargets)[number];
    const index = target(i === 3 ? 'project' : 'developer');
    const profileId = published.ids[index] as number;
    const scamId = published.firstIncidentIds[index] as number;
    const persona = personaOf(g, published.kinds[index] as Kind, profileName.get(profileId) as string);
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
            bankAccounts: [g.bankAccount()],
            amount: amountFor(r, created),
            currency: created,
          },
          description: r.pick(GENERIC_STORIES),
        }];
      }
      changes.append = append;
    }
    insertEdit.run(
      profileId, targetType === 'developer' ? null : scamId, 'Anonymous', g.contact(),
      editRequestCaseId(profileId, CASE_YEAR), targetType, JSON.stringify(changes), submittedRecently(),
    );
  }

  // removal requests: names copied at submission (schema comment on removal_requests)
  const insertRemoval = db.prepare(`INSERT INTO removal_requests
    (target_type, developer_id, project_id, scam_id, target_name, scam_description, case_id, full_name,
     contact_information, explanation, verification_status, submitted_at, submitted_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, 'Anonymous')`);
  const explanations = [
    'I am the person named here and the reported debt was settled in full.',
    'This profile mixes me up with someone else who used my name.',
    'The project was handed over to a new team who refunded every holder.',
    'The incident was a misunderstanding that has since been resolved privately.',
  ];
  const removalTargets = ['developer', 'project', 'scam', 'developer'] as const;
  for (let i = 0; i < removalTargets.length; i++) {
    const targetType = removalTargets[i] as (typeof removalTargets)[number];
    const index = target(targetType === 'scam' ? undefined : targetType);
    const profileId = published.ids[index] as number;
    const name = profileName.get(profileId) as string;
    const scamId = targetType === 'scam' ? published.firstIncidentIds[index] as number : null;
    // as the API stores it: a scam removal also names its profile, so staff see whose incident it is
    const profileKind = published.kinds[index] as Kind;
    insertRemoval.run(
      targetType,
      profileKind === 'developer' ? profileId : null,
      profileKind === 'project' ? profileId : null,
      scamId,
      name,
      scamId === null ? null : (incidentDescription.get(scamId) as string),
      caseId(profileId), // the case id the profile modal shows for the profile (spec §9)
      g.personName(),
      g.contact(),
      explanations[i] as string,
      submittedRecently(),
    );
  }
}
