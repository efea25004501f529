import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection';
import {
  canonicalize, compareLookalike, identify, isMixedScript, lookalike, lookalikeForm, profileIdentifiers,
  type IdentifierKind, type LookalikeForm, type LookalikeKind,
} from '../../shared/identifiers';
import type { BankAccountPair } from '../../shared/domain/bank-accounts';
import { DEMO_LOOKALIKES, DEMO_LOOKUPS, DEMO_MISSES } from './lookups';
import { seedDemo } from './seeding';
import { SHOWCASE_PROFILES } from './showcase';
import {
  EMAIL_DOMAINS, FIRST_NAMES, HANDLE_WORDS, LAST_NAMES, PROJECT_CORES, PROJECT_PREFIXES, PROJECT_TAILS, WEB_TLDS,
} from './vocabulary';

type Row = Record<string, string | number>;

/** A verified profile with the identifiers of its own row and of its approved incidents, as the public sees it. */
interface Listed {
  id: number;
  name: string;
  kind: string;
  website: string[];
  telegram: string[];
  /** kind + ' ' + canonical form of every identifier it holds */
  holds: Set<string>;
  /** its own row's values, by column */
  row: Row;
}

const strings = (value: unknown): string[] => JSON.parse(value as string) as string[];
const accounts = (value: unknown): BankAccountPair[] => JSON.parse(value as string) as BankAccountPair[];

function listedProfiles(db: Db): Listed[] {
  const rows = db.prepare("SELECT * FROM profiles WHERE verification_status = 'verified' ORDER BY id").all() as Row[];
  const incidents = db.prepare("SELECT * FROM incidents WHERE verification_status = 'approved'").all() as Row[];
  const byProfile = new Map<number, Row[]>();
  for (const i of incidents) byProfile.set(i.profile_id as number, [...(byProfile.get(i.profile_id as number) ?? []), i]);
  return rows.map((row) => {
    const own = byProfile.get(row.id as number) ?? [];
    const joined = (column: string, incidentColumn: string) => [...strings(row[column]), ...own.flatMap((i) => strings(i[incidentColumn]))];
    const source = {
      id: row.id as number,
      walletAddresses: joined('wallet_addresses', 'wallet_addresses'),
      phone: joined('phone', 'phones'),
      email: joined('email', 'emails'),
      website: joined('website', 'websites'),
      telegram: joined('telegram', 'telegrams'),
      ipAddresses: joined('ip_addresses', 'ip_addresses'),
      bankAccounts: [...accounts(row.bank_accounts), ...own.flatMap((i) => accounts(i.bank_accounts))],
    };
    const holds = new Set(profileIdentifiers(source).map((h) => `${h.kind} ${h.canonical}`));
    return {
      id: row.id as number, name: row.name as string, kind: row.kind as string, website: source.website,
      telegram: source.telegram, holds, row,
    };
  });
}

/** The values of a lookalike kind that a profile lists. */
function valuesOf(p: Listed, kind: LookalikeKind): string[] {
  if (kind === 'name') return [p.name];
  return kind === 'domain' ? p.website : p.telegram;
}

/** The values of the profile row's column for an identifier kind. */
function stored(row: Row, kind: IdentifierKind): string[] {
  switch (kind) {
    case 'evm': case 'btc': case 'ltc': case 'tron': case 'solana': return strings(row.wallet_addresses);
    case 'iban': case 'bank_account': return accounts(row.bank_accounts).map((b) => b.account);
    case 'domain': return strings(row.website);
    case 'ipv4': return strings(row.ip_addresses);
    case 'phone': case 'email': case 'telegram': return strings(row[kind]);
    default: return [];
  }
}

let dir: string;
let db: Db;
let listed: Listed[];
const holders = (key: string) => listed.filter((p) => p.holds.has(key)).map((p) => p.name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-demo-lookups-'));
  db = openDatabase(join(dir, 'registry.sqlite'));
  seedDemo(db); // the default options, as the demo server and the browser tests seed
  listed = listedProfiles(db);
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DEMO_LOOKUPS', () => {
  it('names verified profiles that hold each stored value, and no other profile holds it', () => {
    for (const lookup of DEMO_LOOKUPS) {
      const profiles = listed.filter((p) => p.name === lookup.profile);
      expect(profiles.map((p) => p.kind), lookup.profile).toEqual([lookup.profileKind]);
      expect(stored(profiles[0]!.row, lookup.kind), `${lookup.profile} ${lookup.kind}`).toContain(lookup.stored);
      const canonical = canonicalize(lookup.kind, lookup.stored);
      expect(canonical?.valid, lookup.stored).toBe(true);
      expect(holders(`${lookup.kind} ${canonical!.canonical}`), lookup.stored).toEqual([lookup.profile]);
    }
  });

  it('reads each pasted form, first, as the kind and canonical form of the stored value', () => {
    for (const lookup of DEMO_LOOKUPS) {
      const { kind, canonical } = canonicalize(lookup.kind, lookup.stored)!;
      expect(lookup.pasted.length).toBeGreaterThan(0);
      for (const pasted of lookup.pasted) {
        const first = identify(pasted)[0];
        expect({ kind: first?.kind, canonical: first?.canonical }, pasted).toEqual({ kind, canonical });
      }
    }
  });

  it('covers every form of the issue: t.me links, tel: and mailto: links, URLs with paths, and EIP-681, CAIP-10 and BIP-21 URIs', () => {
    const pasted = DEMO_LOOKUPS.flatMap((l) => l.pasted);
    for (const form of [/^t\.me\//, /^https:\/\/t\.me\//, /^@/, /^tel:\+/, /^www\./, /^http:\/\/.+\/.+\?/, /^mailto:/, /^ethereum:0x.+@1\?value=/, /^eip155:1:0x/, /^bitcoin:bc1.+\?amount=/]) {
      expect(pasted.some((p) => form.test(p)), String(form)).toBe(true);
    }
  });
});

describe('DEMO_LOOKALIKES', () => {
  it('are held by no verified profile', () => {
    for (const l of DEMO_LOOKALIKES) {
      if (l.kind === 'name') {
        expect(listed.filter((p) => p.name === l.pasted), l.pasted).toEqual([]);
        continue;
      }
      const read = identify(l.pasted)[0]!;
      expect(read.kind, l.pasted).toBe(l.kind);
      expect(holders(`${read.kind} ${read.canonical}`), l.pasted).toEqual([]);
    }
  });

  it('pass for their listed value, for the reason given, and for no value of another profile', () => {
    for (const l of DEMO_LOOKALIKES) {
      expect(lookalike(l.kind, l.pasted, l.listed)?.reason, l.pasted).toBe(l.reason);
      const candidate = lookalikeForm(l.kind, l.pasted)!;
      const passesFor = listed.filter((p) => valuesOf(p, l.kind).some((v) => {
        const form = lookalikeForm(l.kind, v);
        return form !== null && compareLookalike(candidate, form) !== null;
      }));
      expect(passesFor.map((p) => [p.name, p.kind]), l.pasted).toEqual([[l.profile, l.profileKind]]);
      expect(valuesOf(passesFor[0]!, l.kind)).toContain(l.listed);
    }
  });

  it('include a name in mixed scripts', () => {
    expect(DEMO_LOOKALIKES.some((l) => l.kind === 'name' && isMixedScript(l.pasted))).toBe(true);
    for (const reason of ['confusable', 'same_name', 'edit_distance']) expect(DEMO_LOOKALIKES.map((l) => l.reason)).toContain(reason);
  });
});

describe('DEMO_MISSES', () => {
  it('find nothing, though each is one character off a listed value', () => {
    for (const miss of DEMO_MISSES) {
      const read = identify(miss.pasted).find((i) => i.kind === miss.kind)!;
      const near = canonicalize(miss.kind, miss.near)!;
      expect(read, miss.pasted).toBeDefined();
      expect(read.canonical).not.toBe(near.canonical);
      expect(holders(`${near.kind} ${near.canonical}`), miss.near).toHaveLength(1);
      expect(holders(`${read.kind} ${read.canonical}`), miss.pasted).toEqual([]);
    }
  });
});

describe('the showcase profiles', () => {
  it('are verified profiles at their place in any seed of ten profiles or more', () => {
    const other = openDatabase(':memory:');
    try {
      seedDemo(other, { profiles: 10, seed: 99, pending: false });
      const names = other.prepare('SELECT name FROM profiles ORDER BY id').pluck().all() as string[];
      for (const s of SHOWCASE_PROFILES) expect(names[s.index], s.name).toBe(s.name);
    } finally {
      other.close();
    }
  });

  it('have identifiers that no generated value can equal or pass for', () => {
    // every host, handle and name generation.ts can make from vocabulary.ts
    const slugs = [
      ...PROJECT_PREFIXES.flatMap((prefix) => PROJECT_CORES.flatMap((core) => PROJECT_TAILS.map((tail) =>
        (tail ? `${prefix}${core}-${tail}` : `${prefix}${core}`).toLowerCase()))),
      ...FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first}${last}`.toLowerCase())),
    ];
    const hosts = [...slugs.flatMap((slug) => WEB_TLDS.map((tld) => slug + tld)), ...EMAIL_DOMAINS];
    // (the showcase's e-mail addresses are checked by the first test: no generated profile holds one)
    const handles = [
      ...PROJECT_PREFIXES.flatMap((prefix) => PROJECT_CORES.flatMap((core) =>
        ['official', 'support', 'announcements', 'chat'].map((s) => `${prefix}${core}_${s}`.toLowerCase()))),
      ...FIRST_NAMES.flatMap((first) => HANDLE_WORDS.flatMap((word) =>
        Array.from({ length: 100 }, (_, n) => `${first.toLowerCase()}_${word}${String(n).padStart(2, '0')}`))),
    ];
    const names = [
      ...PROJECT_PREFIXES.flatMap((prefix) => PROJECT_CORES.flatMap((core) => PROJECT_TAILS.map((tail) =>
        tail ? `${prefix}${core} ${tail}` : `${prefix}${core}`))),
      ...FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`)),
    ];
    const generated: Record<LookalikeKind, LookalikeForm[]> = {
      domain: hosts.map((h) => lookalikeForm('domain', h)!),
      telegram: handles.map((h) => lookalikeForm('telegram', h)!),
      name: names.map((n) => lookalikeForm('name', n)!),
    };
    const showcased: Array<[LookalikeKind, string]> = [
      ...SHOWCASE_PROFILES.flatMap((s) => [
        ['name', s.name] as [LookalikeKind, string],
        ...s.website.map((w) => ['domain', w] as [LookalikeKind, string]),
        ...s.telegram.map((t) => ['telegram', t] as [LookalikeKind, string]),
      ]),
      ...DEMO_LOOKALIKES.map((l) => [l.kind, l.pasted] as [LookalikeKind, string]),
    ];
    for (const [kind, value] of showcased) {
      const form = lookalikeForm(kind, value)!;
      const near = generated[kind].filter((g) => g.owner === form.owner || compareLookalike(g, form) !== null);
      expect(near.map((g) => g.canonical), value).toEqual([]);
    }
  });
});
