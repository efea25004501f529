import { isValidPhoneNumber } from 'libphonenumber-js';
import { isValidIBAN } from 'ibantools';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection';
import { currentRevision } from '../db/revision';
import { engineOver } from '../db/engine/engine';
import { Generator, mulberry32, Rand, WALLET_KINDS, type WalletKind } from './generation';
import { DEFAULT_SEED_PROFILES, DEMO_MODERATED_PROFILES, DEMO_STAFF_ACTOR, seedDemo } from './seeding';
import { atomFeed, FEED_ENTRIES } from '../features/open-data/feed';
import { pruneOnce } from '../http/prune';
import { SHOWCASE_PENDING } from './showcase';
import { KNOWN_SCAM_TYPES } from './vocabulary';
import { proposedChangesSchema } from '../../shared/contract/edit-request';
import { CASE_ID_PATTERN, EDIT_CASE_ID_PATTERN } from '../../shared/domain/case-id';
import { walletChain } from '../../shared/search/facets';
import { INCIDENT_LISTS, PROFILE_LISTS as SCHEMA_PROFILE_LISTS } from '../db/engine/schema';
import { canonicalize, identify, type IdentifierKind } from '../../shared/identifiers';

type Row = Record<string, unknown>;

// every list column the seed fills: the schema's, and a profile's languages
const PROFILE_LISTS = ['languages', ...SCHEMA_PROFILE_LISTS] as const;

const open: Db[] = [];
function fresh(): Db {
  const db = openDatabase(':memory:');
  open.push(db);
  return db;
}
afterEach(() => {
  while (open.length) open.pop()?.close();
});

function all(db: Db, sql: string): Row[] {
  return db.prepare(sql).all() as Row[];
}
const list = (value: unknown): unknown[] => JSON.parse(value as string) as unknown[];
const strings = (value: unknown): string[] => list(value) as string[];
const bankNames = (value: unknown): string[] => (list(value) as { bank_name: string }[]).map((b) => b.bank_name);

function dump(db: Db) {
  return {
    profiles: all(db, 'SELECT * FROM profiles ORDER BY id'),
    incidents: all(db, 'SELECT * FROM incidents ORDER BY id'),
    edits: all(db, 'SELECT * FROM edit_requests ORDER BY id'),
    removals: all(db, 'SELECT * FROM removal_requests ORDER BY id'),
    revision: currentRevision(db),
  };
}

/** What the public sees: verified profiles, each with its approved incidents. */
function publicView(db: Db) {
  const profiles = all(db, "SELECT * FROM profiles WHERE verification_status = 'verified' ORDER BY id");
  const incidents = all(db, "SELECT * FROM incidents WHERE verification_status = 'approved' ORDER BY id");
  const byProfile = new Map<number, Row[]>();
  for (const i of incidents) {
    const key = i.profile_id as number;
    byProfile.set(key, [...(byProfile.get(key) ?? []), i]);
  }
  return { profiles, incidents, byProfile };
}

function walletKind(address: string): 'eth' | 'btc' | 'ltc' | 'other' {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return 'eth'; // EIP-55 checksummed or all lower case
  if (/^ltc1|^[LM]/.test(address)) return 'ltc';
  if (/^bc1|^[13]/.test(address)) return 'btc';
  return 'other';
}

/** The identifier kind a wallet of each generated chain is, and the chain the Crypto Wallets filter names. */
const WALLETS: Record<WalletKind, { kind: IdentifierKind; chain: string }> = {
  eth: { kind: 'evm', chain: 'Ethereum' },
  btc: { kind: 'btc', chain: 'Bitcoin' },
  ltc: { kind: 'ltc', chain: 'Litecoin' },
};

describe('mulberry32', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('Generator', () => {
  const generator = () => new Generator(new Rand(mulberry32(2024)));
  const FORMATS: ReadonlyArray<readonly [string, RegExp]> = [
    ['0x', /^0x[0-9a-f]{40}$/], ['EIP-55', /^0x(?=.*[A-F])[0-9a-fA-F]{40}$/], ['bc1q', /^bc1q/], ['bc1p', /^bc1p/],
    ['1', /^1/], ['3', /^3/], ['ltc1q', /^ltc1q/], ['L', /^L/], ['M', /^M/],
  ];

  it('makes wallets valid for their kind, in every format, that the Crypto Wallets filter classifies as their chain', () => {
    const g = generator();
    for (const made of WALLET_KINDS) {
      const { kind, chain } = WALLETS[made];
      const prefixes = new Set<string>();
      for (let i = 0; i < 300; i++) {
        const wallet = g.wallet(made);
        expect(canonicalize(kind, wallet)?.valid, wallet).toBe(true);
        expect(identify(wallet)[0], wallet).toMatchObject({ kind, valid: true });
        expect(walletChain(wallet), wallet).toBe(chain);
        prefixes.add(FORMATS.find(([, form]) => form.test(wallet))?.[0] ?? wallet);
      }
      const expected = { eth: ['0x', 'EIP-55'], btc: ['bc1q', 'bc1p', '1', '3'], ltc: ['ltc1q', 'L', 'M'] }[made];
      expect([...prefixes].sort(), made).toEqual([...expected].sort());
    }
  });

  it('makes phone numbers valid for their country, written in several ways', () => {
    const g = generator();
    const phones = Array.from({ length: 1000 }, () => g.phone());
    for (const phone of phones) {
      expect(isValidPhoneNumber(phone), phone).toBe(true);
      expect(canonicalize('phone', phone)?.valid, phone).toBe(true);
    }
    const countryCodes = ['+1', '+44', '+61'];
    const countries = new Set(phones.map((p) => countryCodes.find((c) => canonicalize('phone', p)!.canonical.startsWith(c))));
    expect([...countries].sort()).toEqual(countryCodes);
    for (const written of [/\(0\)/, /^\+1 \(\d{3}\) 555-01\d\d$/, /^\+\d+$/, /^\+44 \d+ \d{3,4} \d{4}$/]) {
      expect(phones.some((p) => written.test(p)), String(written)).toBe(true);
    }
  });

  it('makes euro accounts IBANs valid by mod 97 and other accounts account numbers', () => {
    const g = generator();
    for (let i = 0; i < 300; i++) {
      const euro = g.bankAccount('EUR').account;
      expect(isValidIBAN(euro.replace(/ /g, '')), euro).toBe(true);
      expect(identify(euro)[0], euro).toMatchObject({ kind: 'iban', valid: true });
      const dollar = g.bankAccount('USD').account;
      expect(dollar).toMatch(/^ACCT-\d{8}$/);
      expect(identify(dollar)[0], dollar).toMatchObject({ kind: 'bank_account', valid: true });
    }
  });
});

describe('seedDemo', () => {
  it('is deterministic: the same seed gives identical rows, another seed other rows', () => {
    const a = fresh();
    const b = fresh();
    const c = fresh();
    expect(seedDemo(a, { seed: 42, profiles: 150 })).toEqual(seedDemo(b, { seed: 42, profiles: 150 }));
    seedDemo(c, { seed: 43, profiles: 150 });
    expect(dump(a)).toEqual(dump(b));
    expect(dump(c).profiles.map((p) => p.name)).not.toEqual(dump(a).profiles.map((p) => p.name));
  });

  it('creates the default number of profiles with 1 to 5 incidents each', () => {
    const db = fresh();
    const result = seedDemo(db);
    const profiles = all(db, 'SELECT * FROM profiles');
    const incidentCount = db.prepare('SELECT count(*) FROM incidents').pluck().get() as number;
    expect(result.profiles).toBe(profiles.length);
    expect(result.incidents).toBe(incidentCount);

    const verified = profiles.filter((p) => p.verification_status === 'verified');
    expect(verified.length).toBe(DEFAULT_SEED_PROFILES);
    expect(profiles.length).toBeGreaterThan(DEFAULT_SEED_PROFILES);
    expect(profiles.length).toBeLessThanOrEqual(DEFAULT_SEED_PROFILES + 20);
    const developers = verified.filter((p) => p.kind === 'developer').length;
    expect(developers / verified.length).toBeGreaterThan(0.65);
    expect(developers / verified.length).toBeLessThan(0.85);

    const { byProfile } = publicView(db);
    for (const p of verified) {
      const n = byProfile.get(p.id as number)?.length ?? 0;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(5);
    }
    for (const p of profiles) {
      expect(p.submission_kind).toBe(p.kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT');
    }
  });

  it('populates every filter category of product.md#constants in public data', () => {
    const db = fresh();
    seedDemo(db);
    const { profiles, incidents, byProfile } = publicView(db);
    const collect = (profileField: string, incidentField?: string, read = strings) => {
      const out = new Set<string>();
      for (const p of profiles) for (const v of read(p[profileField])) if (v) out.add(v);
      if (incidentField) for (const i of incidents) for (const v of read(i[incidentField])) if (v) out.add(v);
      return out;
    };

    expect(collect('industry', 'industries').size).toBeGreaterThanOrEqual(8);

    const scamTypes = collect('scam_type', 'types');
    for (const t of KNOWN_SCAM_TYPES) expect(scamTypes, t).toContain(t);
    expect([...scamTypes].some((t) => !(KNOWN_SCAM_TYPES as readonly string[]).includes(t))).toBe(true);
    const incidentTypes = new Set(incidents.flatMap((i) => strings(i.types)));
    for (const t of KNOWN_SCAM_TYPES) expect(incidentTypes, t).toContain(t);

    const locations = new Set(profiles.map((p) => p.location as string));
    expect(locations).toContain('Remote');
    expect(locations.size).toBeGreaterThanOrEqual(6);
    expect(new Set(profiles.map((p) => p.nationality).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(profiles.map((p) => p.accent).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
    expect(collect('languages').size).toBeGreaterThanOrEqual(5);
    expect(collect('company').size).toBeGreaterThanOrEqual(5);
    expect(collect('companies_used', 'companies').size).toBeGreaterThanOrEqual(5);
    expect(collect('known_partners').size).toBeGreaterThan(0);
    expect(collect('company_address', 'company_addresses').size).toBeGreaterThan(0);

    // crypto wallets: every kind and prefix, Multiple and Unknown
    const wallets = collect('wallet_addresses', 'wallet_addresses');
    for (const w of wallets) expect(walletKind(w), w).not.toBe('other');
    for (const prefix of ['0x', 'bc1', '1', '3', 'ltc1', 'L', 'M']) {
      expect([...wallets].some((w) => w.startsWith(prefix)), prefix).toBe(true);
    }
    let multipleKinds = 0;
    let noWallet = 0;
    let multipleIps = 0;
    let noIp = 0;
    for (const p of profiles) {
      const own = byProfile.get(p.id as number) ?? [];
      const ws = [...strings(p.wallet_addresses), ...own.flatMap((i) => strings(i.wallet_addresses))];
      const kinds = new Set(ws.map(walletKind));
      if (kinds.size > 1) multipleKinds++;
      if (ws.length === 0) noWallet++;
      const ips = [...strings(p.ip_addresses), ...own.flatMap((i) => strings(i.ip_addresses))];
      if (ips.length > 1) multipleIps++;
      if (ips.length === 0) noIp++;
    }
    expect(multipleKinds).toBeGreaterThan(0);
    expect(noWallet).toBeGreaterThan(0);
    expect(multipleIps).toBeGreaterThan(0);
    expect(noIp).toBeGreaterThan(0);
    // data sits both on profile rows and on incidents
    expect(profiles.some((p) => strings(p.wallet_addresses).length > 0)).toBe(true);
    expect(incidents.some((i) => strings(i.wallet_addresses).length > 0)).toBe(true);

    // IP addresses in every range of product.md#constants
    const ips = collect('ip_addresses', 'ip_addresses');
    for (const ip of ips) expect(ip).toMatch(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
    for (const range of ['192.168.', '203.', '104.', '10.', '172.']) {
      expect([...ips].some((ip) => ip.startsWith(range)), range).toBe(true);
    }

    // banks and accounts
    const banks = new Set([...collect('bank'), ...collect('bank_accounts', 'bank_accounts', bankNames)]);
    expect(banks.size).toBeGreaterThanOrEqual(3);
    const accounts = [...profiles.map((p) => p.bank_accounts), ...incidents.map((i) => i.bank_accounts)]
      .flatMap((v) => list(v) as { bank_name: string; account: string }[]);
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) expect(a.bank_name && a.account).toBeTruthy();

    // contact details: fictional domains and formats
    const telegrams = collect('telegram', 'telegrams');
    expect(telegrams.size).toBeGreaterThan(0);
    for (const t of telegrams) expect(t).toMatch(/^@[a-z0-9_]+$/);
    const emails = collect('email', 'emails');
    expect(emails.size).toBeGreaterThan(0);
    for (const e of emails) expect(e).toMatch(/^[^@\s]+@([a-z0-9-]+\.)*(example|test|invalid|example\.(com|org|net))$/);
    const phones = collect('phone', 'phones');
    expect(phones.size).toBeGreaterThan(0);
    for (const ph of phones) expect(ph).toMatch(/^\+[\d ()-]+$/);
    expect([...phones].some((ph) => /[ ()-]/.test(ph))).toBe(true);
    const websites = collect('website', 'websites');
    expect(websites.size).toBeGreaterThan(0);
    for (const w of websites) expect(new URL(w).hostname).toMatch(/\.(example|test)$/);

    // currencies, amounts, dates
    const currencies = new Set([...collect('currencies'), ...incidents.map((i) => i.currency as string)]);
    for (const c of ['USD', 'USDT', 'ETH', 'BTC', 'EUR']) expect(currencies, c).toContain(c);
    for (const i of incidents) {
      expect(typeof i.amount).toBe('number');
      expect(i.occurred).toMatch(/^202[1-5]-\d{2}-\d{2}$/);
      // a pending report is a moment (the admin panel shows its time); a published one a day
      expect(i.reported).toMatch(/^202[1-5]-\d{2}-\d{2}$/);
      expect((i.reported as string) > (i.occurred as string)).toBe(true);
    }
    expect(incidents.some((i) => !Number.isInteger(i.amount))).toBe(true);
    for (const p of profiles) {
      expect(Number.isNaN(Date.parse(p.submitted_at as string))).toBe(false);
      expect(Number.isNaN(Date.parse(p.reported_person_date as string))).toBe(false);
      expect(p.joined_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const anonymous = profiles.filter((p) => p.submitted_by === 'Anonymous').length;
    expect(anonymous / profiles.length).toBeGreaterThan(0.8);
  });

  it('writes identifiers that are valid for their kind, public and pending alike (shared/identifiers)', () => {
    const db = fresh();
    seedDemo(db);
    const read = (kinds: readonly IdentifierKind[], value: string) =>
      kinds.map((k) => canonicalize(k, value)).find((i) => i?.valid) ?? canonicalize(kinds[0]!, value);
    const check = (kinds: readonly IdentifierKind[], values: readonly string[]) => {
      for (const value of values) expect(read(kinds, value), `${kinds.join('/')} ${value}`).toMatchObject({ valid: true });
    };
    const wallets = ['evm', 'btc', 'ltc'] as const;
    let checked = 0;
    for (const p of all(db, 'SELECT * FROM profiles')) {
      check(wallets, strings(p.wallet_addresses));
      check(['phone'], strings(p.phone));
      check(['email'], strings(p.email));
      check(['domain'], strings(p.website));
      check(['telegram'], strings(p.telegram));
      check(['ipv4'], strings(p.ip_addresses));
      check(['iban', 'bank_account'], (list(p.bank_accounts) as { account: string }[]).map((b) => b.account));
      checked++;
    }
    for (const i of all(db, 'SELECT * FROM incidents')) {
      check(wallets, strings(i.wallet_addresses));
      check(['phone'], strings(i.phones));
      check(['email'], strings(i.emails));
      check(['domain'], strings(i.websites));
      check(['telegram'], strings(i.telegrams));
      check(['ipv4'], strings(i.ip_addresses));
      check(['iban', 'bank_account'], (list(i.bank_accounts) as { account: string }[]).map((b) => b.account));
    }
    for (const e of all(db, 'SELECT proposed_changes FROM edit_requests')) {
      const changes = proposedChangesSchema.parse(JSON.parse(e.proposed_changes as string));
      for (const scam of [...(changes.append?.scam_updates ?? []), ...(changes.append?.scam_creates ?? [])]) {
        const set = scam.set as Record<string, unknown>;
        check(wallets, (set.walletAddresses as string[] | undefined) ?? []);
        check(['telegram'], (set.telegrams as string[] | undefined) ?? []);
        check(['domain'], (set.websites as string[] | undefined) ?? []);
        check(['ipv4'], (set.ipAddresses as string[] | undefined) ?? []);
        check(['iban', 'bank_account'], ((set.bankAccounts as { account: string }[] | undefined) ?? []).map((b) => b.account));
      }
    }
    expect(checked).toBeGreaterThan(DEFAULT_SEED_PROFILES);
  });

  it('leaves pending reports that share wallets: with a verified profile, and one wallet named by two pending incidents', () => {
    const db = fresh();
    seedDemo(db);
    const evm = (value: string) => canonicalize('evm', value)?.canonical;
    const holdersOf = (wallet: string, status: string, incidentStatus: string) => {
      const rows = db.prepare(`SELECT p.id AS profile, p.wallet_addresses AS own, i.id AS incident, i.wallet_addresses AS reported
        FROM profiles p LEFT JOIN incidents i ON i.profile_id = p.id AND i.verification_status = ?
        WHERE p.verification_status = ?`).all(incidentStatus, status) as Row[];
      const profiles = new Set<unknown>();
      const incidents = new Set<unknown>();
      for (const r of rows) {
        if (strings(r.own).some((w) => evm(w) === evm(wallet))) profiles.add(r.profile);
        if (r.incident !== null && strings(r.reported).some((w) => evm(w) === evm(wallet))) incidents.add(r.incident);
      }
      return { profiles: profiles.size, incidents: incidents.size };
    };
    const shared = SHOWCASE_PENDING.sharedWallet;
    expect(holdersOf(shared, 'verified', 'approved').profiles).toBe(1);
    expect(holdersOf(shared, 'unverified', 'pending').profiles).toBe(1);
    const twice = SHOWCASE_PENDING.reportedTwice;
    const pendingIncidents = holdersOf(twice, 'unverified', 'pending').incidents + holdersOf(twice, 'verified', 'pending').incidents;
    expect(pendingIncidents).toBe(2);
    expect(holdersOf(twice, 'verified', 'approved')).toEqual({ profiles: 0, incidents: 0 });
    const impostor = db.prepare('SELECT verification_status FROM profiles WHERE name = ?').pluck().all(SHOWCASE_PENDING.impostor.name);
    expect(impostor).toEqual(['unverified']);
  });

  it('leaves work in every staff queue', () => {
    const db = fresh();
    seedDemo(db);
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;

    expect(count("SELECT count(*) FROM profiles WHERE kind = 'developer' AND verification_status = 'unverified'")).toBeGreaterThanOrEqual(3);
    expect(count("SELECT count(*) FROM profiles WHERE kind = 'project' AND verification_status = 'unverified'")).toBeGreaterThanOrEqual(1);
    expect(count(`SELECT count(*) FROM incidents i JOIN profiles p ON p.id = i.profile_id
      WHERE p.verification_status = 'unverified' AND i.verification_status = 'pending'`)).toBeGreaterThanOrEqual(1);

    const pendingOnPublished = all(db, `SELECT i.*, p.kind FROM incidents i JOIN profiles p ON p.id = i.profile_id
      WHERE p.verification_status = 'verified' AND i.verification_status = 'pending'`);
    expect(pendingOnPublished.length).toBeGreaterThanOrEqual(4);
    expect(new Set(pendingOnPublished.map((i) => i.kind))).toEqual(new Set(['developer', 'project']));
    for (const i of pendingOnPublished) expect(i.submitter_contact).not.toBe('');
    // every pending report is a moment, which the admin panel shows with its time (issue 19), after its day of occurrence
    const pending = all(db, "SELECT occurred, reported FROM incidents WHERE verification_status = 'pending'");
    for (const i of pending) {
      expect(i.reported).toMatch(/^202[1-5]-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect((i.reported as string) > (i.occurred as string)).toBe(true);
    }
    expect(new Set(pending.map((i) => (i.reported as string).slice(11, 16))).size).toBeGreaterThan(pending.length / 2);

    const edits = all(db, "SELECT * FROM edit_requests WHERE verification_status = 'pending'");
    expect(edits.length).toBeGreaterThanOrEqual(3);
    expect(new Set(edits.map((e) => e.target_type))).toEqual(new Set(['developer', 'scam', 'both']));
    for (const e of edits) {
      expect(e.case_id).toBe(`EDITREQ-2025-${String(e.profile_id).padStart(4, '0')}`);
      expect(e.case_id).toMatch(EDIT_CASE_ID_PATTERN);
      const changes = proposedChangesSchema.parse(JSON.parse(e.proposed_changes as string));
      if (e.target_type !== 'scam') expect(changes.developer?.bio).toBeTruthy();
      if (e.target_type !== 'developer') {
        expect(changes.append?.scam_updates?.[0]?.id).toBe(e.scam_id);
        const owner = db.prepare('SELECT profile_id FROM incidents WHERE id = ?').pluck().get(e.scam_id);
        expect(owner).toBe(e.profile_id);
      }
      if (e.target_type === 'both') expect(changes.append?.scam_creates?.length).toBeGreaterThan(0);
    }

    const removals = all(db, "SELECT * FROM removal_requests WHERE verification_status = 'pending'");
    expect(removals.length).toBeGreaterThanOrEqual(3);
    expect(new Set(removals.map((r) => r.target_type))).toEqual(new Set(['developer', 'project', 'scam']));
    for (const r of removals) {
      expect(r.case_id).toMatch(CASE_ID_PATTERN);
      expect(r.case_id).toMatch(/^BUSTR-2025-\d{4,}$/);
      expect(r.full_name && r.contact_information && r.explanation).toBeTruthy();
      const ids = { developer: r.developer_id, project: r.project_id, scam: r.scam_id };
      if (r.target_type === 'scam') {
        // as the API stores it: the incident and the profile it belongs to, named
        const incident = db.prepare('SELECT description, profile_id FROM incidents WHERE id = ?').get(r.scam_id) as Row;
        const profile = db.prepare('SELECT name, kind FROM profiles WHERE id = ?').get(incident.profile_id) as Row;
        expect(r.scam_description).toBe(incident.description);
        expect(ids[profile.kind as 'developer' | 'project']).toBe(incident.profile_id);
        expect(r.target_name).toBe(profile.name);
      } else {
        for (const [kind, value] of Object.entries(ids)) {
          expect(value == null, `${kind} id for a ${r.target_type} request`).toBe(kind !== r.target_type);
        }
        const profile = db.prepare('SELECT name, kind FROM profiles WHERE id = ?').get(r.developer_id ?? r.project_id) as Row;
        expect(profile.kind).toBe(r.target_type);
        expect(r.target_name).toBe(profile.name);
      }
    }
  });

  it('adds no pending work when pending is false', () => {
    const db = fresh();
    const result = seedDemo(db, { profiles: 50, pending: false });
    expect(result.profiles).toBe(50);
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count("SELECT count(*) FROM profiles WHERE verification_status <> 'verified'")).toBe(0);
    expect(count("SELECT count(*) FROM incidents WHERE verification_status <> 'approved'")).toBe(0);
    expect(count('SELECT count(*) FROM edit_requests')).toBe(0);
    expect(count('SELECT count(*) FROM removal_requests')).toBe(0);
  });

  it('writes every JSON list column as an array', () => {
    const db = fresh();
    seedDemo(db);
    for (const p of all(db, 'SELECT * FROM profiles')) {
      for (const column of PROFILE_LISTS) {
        const value = list(p[column]);
        expect(Array.isArray(value), column).toBe(true);
        for (const item of value) {
          if (column === 'bank_accounts') expect(Object.keys(item as object).sort()).toEqual(['account', 'bank_name']);
          else expect(typeof item, column).toBe('string');
        }
      }
    }
    for (const i of all(db, 'SELECT * FROM incidents')) {
      for (const column of INCIDENT_LISTS) {
        const value = list(i[column]);
        expect(Array.isArray(value), column).toBe(true);
        for (const item of value) {
          if (column === 'bank_accounts') expect(Object.keys(item as object).sort()).toEqual(['account', 'bank_name']);
          else expect(typeof item, column).toBe('string');
        }
      }
    }
  });

  it('gives every verified profile its own positive revision within the counter', () => {
    const db = fresh();
    seedDemo(db);
    const revisions = db.prepare("SELECT revision FROM profiles WHERE verification_status = 'verified'").pluck().all() as number[];
    expect(revisions.length).toBe(DEFAULT_SEED_PROFILES);
    expect(new Set(revisions).size).toBe(revisions.length);
    for (const r of revisions) expect(r).toBeGreaterThan(0);
    expect(Math.max(...revisions)).toBeLessThanOrEqual(currentRevision(db));
  });

  it('continues the revision counter of a database that already has some', () => {
    const db = fresh();
    seedDemo(db, { profiles: 20, pending: false });
    const before = currentRevision(db);
    seedDemo(db, { profiles: 20, seed: 2, pending: false });
    const revisions = db.prepare('SELECT revision FROM profiles ORDER BY id').pluck().all() as number[];
    expect(new Set(revisions).size).toBe(40);
    expect(Math.min(...revisions.slice(20))).toBe(before + 1);
    expect(currentRevision(db)).toBe(before + 20);
  });

  it('stores the sync text of every verified profile at its revision (docs/decisions/014)', () => {
    const db = fresh();
    seedDemo(db);
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count(`SELECT count(*) FROM profiles p WHERE p.verification_status = 'verified'
      AND NOT EXISTS (SELECT 1 FROM sync_texts t WHERE t.id = p.id AND t.revision = p.revision)`)).toBe(0);
    expect(count('SELECT count(*) FROM sync_texts')).toBe(DEFAULT_SEED_PROFILES);
  });

  it('writes a staff member\'s verify and approve events in the month before seeding, so the Atom feed of a fresh demo has entries', async () => {
    const db = fresh();
    const now = Date.UTC(2026, 10, 25, 12);
    seedDemo(db, { now });
    const events = all(db, 'SELECT id, at, actor, action, target_kind, target_id FROM audit_log ORDER BY id');
    const verifies = events.filter((e) => e.action === 'developer.verify' || e.action === 'project.verify');
    expect(verifies).toHaveLength(DEMO_MODERATED_PROFILES);
    expect(events.filter((e) => e.action === 'incident.approve').length).toBeGreaterThanOrEqual(DEMO_MODERATED_PROFILES);
    const times = events.map((e) => Date.parse(e.at as string));
    // in the past, within a month, and in the order of their ids (the feed's order)
    for (const t of times) expect(now - t).toBeGreaterThan(0);
    for (const t of times) expect(now - t).toBeLessThan(31 * 86_400_000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const e of events) expect(e.actor).toBe(DEMO_STAFF_ACTOR);
    // each names a verified profile, or an approved incident of one
    for (const e of verifies) {
      expect(db.prepare('SELECT verification_status FROM profiles WHERE id = ? AND kind = ?').pluck().get(e.target_id, e.target_kind)).toBe('verified');
    }

    const feed = await atomFeed(engineOver(db).db, 'https://bustr.example');
    expect(feed.match(/<entry>/g)).toHaveLength(FEED_ENTRIES);
    expect(feed).toMatch(/(Scammer|Project) verified: /);
    expect(feed).toMatch(/Incident approved: /);
  });

  it('keeps the demo\'s moderation events through the start\'s pruning of the audit log (a year)', async () => {
    const db = fresh();
    seedDemo(db);
    await new Promise<void>((resolve, reject) => pruneOnce(db, { auditRetentionDays: 365 }, (_, error) => (error ? reject(error) : resolve())));
    expect((await atomFeed(engineOver(db).db, 'https://bustr.example')).match(/<entry>/g)).toHaveLength(FEED_ENTRIES);
  });

  it('seeds 10,000 profiles', () => {
    const db = fresh();
    const result = seedDemo(db, { profiles: 10_000 });
    expect(result.profiles).toBeGreaterThanOrEqual(10_000);
    expect(result.incidents).toBeGreaterThanOrEqual(10_000);
    expect(db.prepare("SELECT count(*) FROM profiles WHERE verification_status = 'verified'").pluck().get()).toBe(10_000);
  }, 60_000);
});
