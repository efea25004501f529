// Issue 6: the index must give the reference's answer (shared/search/reference.ts searchRegistry)
// result for result: the same ids, in the same order, with the same scores, on every page, also
// after deltas and a save/load round trip, and built with a helper worker tokenising its texts.
// fast-check generates small registries from small vocabularies (so values collide) and queries
// mixing every kind of term with every category.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProfileKind } from '../../contract/common';
import { FILTER_CATEGORIES, IP_OPTIONS, TELEGRAM_OPTIONS, WALLET_KINDS, type FilterCategory } from '../facets';
import { identifierKey, matchedIdentifier, matchesSearch, registrySearchValues, searchRegistry, type ActiveFilters } from '../reference';
import { sampleProfile } from '../../test-support';
import { SearchIndex, type IndexedProfile } from './search-index';
import * as stored from './test-identifiers';
import { channelTokenHelper } from './test-token-helper';

// (with units beyond Latin-1 first, second and later: a token's first two units group it)
const WORDS = ['Ada', 'ada', 'Jane', 'Roe', 'Zed', 'moon', 'Moonvault', 'ivan', 'Émile', 'zoë', 'ann', 'Anna', 'bo', 'x', 'DeFi', 'defi', 'Rug Pull', 'rug',
  'Київ', 'aЖur', 'anЖ'];
const NAMES = ['Ada Example', 'ada example', 'Jane Roe', 'Zed', 'Émile Zola', 'emile zola', 'Anna 2', 'Anna 10', 'bo', ''];
const PLACES = ['Paris', 'paris', 'Lagos', '', ' ', ' Remote', 'remote', 'Kyiv'];
const WALLETS = ['0xAbCdEf0123', '0xabcdef0123', '0x00FF', 'bc1qxyz', '1BoatSLR', '3Jxy', 'ltc1qq', 'LTCabc', 'Mxy', 'zzz', '',
  '0xAbCdEf0123456789aBcDeF', 'bc1qabcdef0123456789xyz', 'ltc1qÉabcdef0123456'];
/** tokens long enough to list their trigrams at even places only (LONG_TOKEN) */
const LONG = ['0xabcdef0123456789abcdef', 'bc1qabcdef0123456789xyz', 'ltc1qéabcdef0123456', 'abcdef0123456789', 'verylongusername2024'];
const IPS = ['192.168.0.1', '192.168.1.20', '203.0.113.7', '203.0.113.77', '104.1.2.3', '10.0.0.1', '172.16.0.9', '8.8.8.8'];
const PHONES = ['+1 555 0100', '+1-555-0100', '(555) 010-0199', '+44 20 7946 0958', '5550100'];
const TELEGRAMS = ['@moon_boy', 'moon_boy', '@Ada_Example', 'jane.roe', '@x'];
const EMAILS = ['ada@example.test', 'Ada@Example.TEST', 'jane.roe@mail.ex', 'zed@domain.ex', 'x@y.z', 'abcdef0123456789@long.test', 'VeryLongUsername2024@mail.ex'];
const SITES = ['https://moonvault.example', 'domain.ex', 'http://Domain.EX/path', 'www.ada.test'];
const BANKS = ['Example Bank', 'example bank', 'First Bank', 'Harbor Bank', ''];
const SHORT = ['English', 'english', 'French', 'Rug Pull', 'rug pull', 'Ponzi', 'DeFi', 'defi', 'NFT', 'Acme', 'acme', 'Examplian'];

const pick = <T>(list: readonly T[]) => fc.constantFrom(...list);
const some = <T>(list: readonly T[], max = 3) => fc.array(pick(list), { maxLength: max });

const profileArb = (id: number): fc.Arbitrary<IndexedProfile> =>
  fc.record({
    kind: pick<ProfileKind>(['developer', 'project', 'developer']),
    name: fc.oneof(pick(NAMES), fc.array(pick(WORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join(' '))),
    nickname: fc.oneof(pick(WORDS), fc.constant('')),
    bio: fc.array(pick([...WORDS, ...TELEGRAMS, ...EMAILS, ...LONG]), { maxLength: 4 }).map((w) => w.join(' ')),
    location: pick(PLACES),
    nationality: fc.oneof(pick(SHORT), fc.constant('')),
    accent: fc.oneof(pick(SHORT), fc.constant('')),
    geolocation: fc.oneof(pick(['48.85,2.35', '0,0', '']), fc.constant('')),
    languages: some(SHORT),
    company: some(SHORT, 2),
    companiesUsed: some(SHORT, 2),
    companyAddress: some(['1 Example Road', '2 Moon St.', ''], 1),
    scam_type: some(SHORT, 2),
    industry: some(SHORT, 2),
    email: some(EMAILS, 2),
    phone: some(PHONES, 2),
    telegram: some(TELEGRAMS, 2),
    website: some(SITES, 2),
    walletAddresses: some(WALLETS, 3),
    ipAddresses: some(IPS, 3),
    knownPartners: some(WORDS, 2),
    currencies: some(['USD', 'usdt', 'BTC', 'eth'], 2),
    bank: some(BANKS, 2),
    bankAccounts: fc.array(fc.record({ bank_name: pick(BANKS), account: pick(['0001', 'GB29 NWBK', '12-34-56', '']) }), { maxLength: 2 }),
  }).map((fields) => ({ ...sampleProfile({ id }), ...fields, id }));

const registryArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 1200 }), { minLength: 1, maxLength: 60 })
  .chain((ids) => fc.tuple(...ids.map(profileArb)));

const mixCase = (term: string) =>
  fc.constantFrom(term, term.toUpperCase(), term.charAt(0).toUpperCase() + term.slice(1));

const termArb: fc.Arbitrary<string> = fc.oneof(
  // special (substring) terms
  pick(['bustr-00', 'BUSTR-2025-0', 'bustr-2025-1', 'bustr-', '203.0.113.7', '192.168.0.1', '10.0.0.1', '0.113', '@moon', '@', '.', '0x',
    '0xab', '0xAB', '0x00', 'domain.ex', 'mail.ex', '.ex', 'a.', 'example.test', '@ada_example', '_boy', 'y.z', '555.0']).chain(mixCase),
  // plain terms of 1 to 5 characters, from the vocabulary and random
  fc.constantFrom(...WORDS, ...SHORT, '555', '0100', '010', 'oon', 'mil', 'ann', 'nn', 'oe', 'a', 'e', 'é', '2025', '0001', '44', 'usd', 'bank', 'к', 'ки', 'aж')
    .map((w) => w.slice(0, 5)).chain(mixCase),
  fc.string({ unit: fc.constantFrom('a', 'n', 'o', 'e', 'x', '0', '1', '5', '.', '@', '-', '_', 'A', 'É'), minLength: 1, maxLength: 5 }),
  // parts of long tokens, at every place
  fc.tuple(pick(LONG), fc.nat(), fc.integer({ min: 3, max: 8 })).map(([token, at, n]) => token.slice(at % token.length, (at % token.length) + n)).chain(mixCase),
  // and their ends (a long token's last trigram is listed whatever its place)
  fc.tuple(pick(LONG), fc.integer({ min: 3, max: 5 })).map(([token, n]) => token.slice(-n)).chain(mixCase),
);

const queryArb = fc.oneof(
  fc.constant(''),
  termArb,
  fc.array(termArb, { minLength: 2, maxLength: 3 }).map((t) => t.join(' ')),
  fc.array(termArb, { minLength: 1, maxLength: 2 }).map((t) => `  ${t.join('   ')} `),
);

const OPTIONS: Record<FilterCategory, readonly string[]> = {
  Industry: SHORT, 'Scam Type': SHORT, Location: [...PLACES, 'Remote', 'REMOTE', 'paris'], Nationality: SHORT, Languages: SHORT,
  Company: SHORT, 'Companies Used': SHORT, Accents: SHORT, 'Crypto Wallets': [...WALLET_KINDS, 'ethereum'],
  Banks: [...BANKS, 'FIRST BANK'], 'IP Addresses': [...IP_OPTIONS, 'multiple ips'], 'Telegram Handles': [...TELEGRAM_OPTIONS, 'personal'],
};

const filtersArb: fc.Arbitrary<ActiveFilters> = fc
  .subarray([...FILTER_CATEGORIES], { maxLength: 4 })
  .chain((categories) => fc.tuple(...categories.map((c) => fc.array(pick(OPTIONS[c]), { maxLength: 3 }).map((values) => [c, values] as const))))
  .map((entries) => Object.fromEntries(entries) as ActiveFilters);

const searchArb = fc.record({ kind: pick<ProfileKind>(['developer', 'project']), query: queryArb, filters: filtersArb, pageSize: fc.integer({ min: 1, max: 25 }) });

type Search = { kind: ProfileKind; query: string; filters: ActiveFilters; pageSize: number };

function reference(profiles: readonly IndexedProfile[], { kind, query, filters }: Search) {
  return searchRegistry(profiles.filter((p) => p.kind === kind), query, filters).map((r) => ({ id: r.profile.id, score: r.score }));
}

/**
 * Every page of the index's answer, joined; every other page also counting the other kind
 * (countOther: the listing made over both kinds, then cut), each such count in `otherTotals`.
 */
function indexed(index: SearchIndex, { kind, query, filters, pageSize }: Search) {
  const first = index.query({ kind, query, filters, offset: 0, limit: pageSize, countOther: true });
  const items = [...first.items];
  const otherTotals = [first.otherTotal];
  for (let offset = pageSize, n = 1; offset < first.total; offset += pageSize, n++) {
    const page = index.query({ kind, query, filters, offset, limit: pageSize, countOther: n % 2 === 0 });
    expect(page.total).toBe(first.total);
    if (n % 2 === 0) otherTotals.push(page.otherTotal);
    else expect(page.otherTotal).toBeUndefined();
    items.push(...page.items);
  }
  return { total: first.total, items, otherTotals };
}

function expectSame(index: SearchIndex, profiles: readonly IndexedProfile[], search: Search) {
  const expected = reference(profiles, search);
  const actual = indexed(index, search);
  expect(actual.items).toEqual(expected);
  expect(actual.total).toBe(expected.length);
  const otherExpected = reference(profiles, { ...search, kind: search.kind === 'developer' ? 'project' : 'developer' }).length;
  expect(actual.otherTotals).toEqual(actual.otherTotals.map(() => otherExpected));
}

// Thousands of generated registries take ~5 s alone and several times that beside the other test
// files on a loaded 2-core machine: the property's thoroughness sets the time, not a default limit.
const PROPERTY_TIMEOUT_MS = 120_000;

describe('the search index gives the reference answer (property)', () => {
  it('when built from a registry, then every query lists the same ids, in the same order, with the same scores', () => {
    fc.assert(
      fc.property(registryArb, fc.array(searchArb, { minLength: 1, maxLength: 8 }), (profiles, searches) => {
        const index = SearchIndex.build(profiles);
        for (const search of searches) expectSame(index, profiles, search);
      }),
      { numRuns: 1500 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('when profiles are upserted and removed, then the answers still equal the reference on the changed registry', () => {
    const changeArb = fc.oneof(
      fc.record({ type: fc.constant('upsert' as const), profiles: fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { maxLength: 6 }).chain((ids) => fc.tuple(...ids.map(profileArb))) }),
      fc.record({ type: fc.constant('remove' as const), ids: fc.array(fc.integer({ min: 1, max: 80 }), { maxLength: 6 }) }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 40 }).chain((ids) => fc.tuple(...ids.map(profileArb))),
        fc.array(changeArb, { minLength: 1, maxLength: 6 }),
        fc.array(searchArb, { minLength: 1, maxLength: 5 }),
        (initial, changes, searches) => {
          const index = SearchIndex.build(initial);
          const current = new Map(initial.map((p) => [p.id, p]));
          for (const change of changes) {
            if (change.type === 'upsert') {
              index.upsert(change.profiles);
              for (const p of change.profiles) current.set(p.id, p);
            } else {
              index.remove(change.ids);
              for (const id of change.ids) current.delete(id);
            }
          }
          const profiles = [...current.values()].sort((a, b) => a.id - b.id);
          expect(index.size).toBe(profiles.length);
          for (const search of searches) expectSame(index, profiles, search);
          index.compact();
          for (const search of searches) expectSame(index, profiles, search);
        },
      ),
      { numRuns: 600 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('when saved and loaded, then the loaded index answers like the reference, and keeps doing so after a delta', () => {
    fc.assert(
      fc.property(registryArb, fc.array(searchArb, { minLength: 1, maxLength: 4 }), profileArb(5000), (profiles, searches, added) => {
        const built = SearchIndex.build(profiles);
        built.remove([profiles[0]!.id]);
        const loaded = SearchIndex.deserialize(structuredClone(built.serialize()));
        const rest = profiles.slice(1);
        for (const search of searches) expectSame(loaded, rest, search);
        loaded.upsert([added]);
        for (const search of searches) expectSame(loaded, [...rest, added], search);
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('when a helper tokenises the texts (buildWith), then the index is byte for byte the one a build in one thread makes', async () => {
    const { helper, close } = channelTokenHelper();
    const bytes = (index: SearchIndex) => index.serialize().buffers.map((b) => Buffer.from(b).toString('base64'));
    try {
      await fc.assert(
        fc.asyncProperty(registryArb, async (profiles) => {
          const helped = await SearchIndex.buildWith(profiles, (textSize) => helper.reader(textSize));
          expect(bytes(helped)).toEqual(bytes(SearchIndex.build(profiles)));
        }),
        { numRuns: 300 },
      );
    } finally {
      close();
    }
  }, PROPERTY_TIMEOUT_MS);
});

// ---------------------------------------------------------------- identifiers (issue 16)

/** Identifier values profiles draw from, so that several profiles share some. */
const poolArb = fc.record({
  walletAddresses: fc.array(stored.WALLETS, { minLength: 1, maxLength: 5 }),
  phone: fc.array(stored.PHONES, { minLength: 1, maxLength: 5 }),
  email: fc.array(stored.EMAILS, { minLength: 1, maxLength: 4 }),
  website: fc.array(stored.WEBSITES, { minLength: 1, maxLength: 4 }),
  telegram: fc.array(stored.HANDLES, { minLength: 1, maxLength: 4 }),
  ipAddresses: fc.array(stored.IPS, { minLength: 1, maxLength: 4 }),
  bankAccounts: fc.array(stored.ACCOUNTS, { minLength: 1, maxLength: 4 }),
});
type Pool = typeof poolArb extends fc.Arbitrary<infer T> ? T : never;
const POOL_FIELDS = ['walletAddresses', 'phone', 'email', 'website', 'telegram', 'ipAddresses', 'bankAccounts'] as const;

const holderArb = (id: number, pool: Pool): fc.Arbitrary<IndexedProfile> =>
  fc.tuple(profileArb(id), fc.record({
    walletAddresses: fc.subarray(pool.walletAddresses, { maxLength: Math.min(3, pool.walletAddresses.length) }),
    phone: fc.subarray(pool.phone, { maxLength: Math.min(2, pool.phone.length) }),
    email: fc.subarray(pool.email, { maxLength: Math.min(2, pool.email.length) }),
    website: fc.subarray(pool.website, { maxLength: Math.min(2, pool.website.length) }),
    telegram: fc.subarray(pool.telegram, { maxLength: Math.min(2, pool.telegram.length) }),
    ipAddresses: fc.subarray(pool.ipAddresses, { maxLength: Math.min(2, pool.ipAddresses.length) }),
    bankAccounts: fc.subarray(pool.bankAccounts, { maxLength: Math.min(2, pool.bankAccounts.length) }).map((accounts) => accounts.map((account) => ({ bank_name: 'Bank', account }))),
  })).map(([profile, identifiers]) => ({ ...profile, ...identifiers }));

const holdersArb = poolArb.chain((pool) => fc.tuple(
  fc.constant(pool),
  fc.uniqueArray(fc.integer({ min: 1, max: 1200 }), { minLength: 1, maxLength: 40 }).chain((ids) => fc.tuple(...ids.map((id) => holderArb(id, pool)))),
));

/** A pasted form of one of the pool's values, alone, with another term, or a case id. */
const pastedArb = (pool: Pool, profiles: readonly IndexedProfile[]) => fc.oneof(
  fc.constantFrom(...POOL_FIELDS).chain((field) => fc.constantFrom(...pool[field]).chain((value) => stored.pastedForms(field, value))),
  fc.tuple(fc.constantFrom(...POOL_FIELDS).chain((field) => fc.constantFrom(...pool[field]).chain((value) => stored.pastedForms(field, value))), termArb)
    .map(([pasted, term]) => `${pasted} ${term}`),
  fc.constantFrom(...profiles).map((p) => `#bustr-2025-${p.id}`),
  queryArb,
);

describe('identifier search: the index gives the reference answer (property)', () => {
  it('when a registry holds identifiers and the query is a pasted form of one, then the index lists what the reference lists and names the identifier that matched', () => {
    fc.assert(
      fc.property(
        holdersArb.chain(([pool, profiles]) => fc.tuple(
          fc.constant(profiles),
          fc.array(fc.record({ kind: pick<ProfileKind>(['developer', 'project']), query: pastedArb(pool, profiles), filters: filtersArb, pageSize: fc.integer({ min: 1, max: 25 }) }), { minLength: 1, maxLength: 6 }),
        )),
        ([profiles, searches]) => {
          const index = SearchIndex.build(profiles);
          for (const search of searches) {
            expectSame(index, profiles, search);
            const page = index.query({ kind: search.kind, query: search.query, filters: search.filters, offset: 0, limit: search.pageSize });
            const byId = new Map(profiles.map((p) => [p.id, p]));
            const expected = page.items.flatMap(({ id }) => {
              const found = matchedIdentifier(byId.get(id)!, search.query);
              return found ? [{ id, key: identifierKey(found.kind, found.canonical) }] : [];
            });
            expect(page.identified ?? []).toEqual(expected);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('when profiles holding identifiers are upserted, removed, compacted, saved and loaded, then the answers still equal the reference', () => {
    fc.assert(
      fc.property(
        holdersArb.chain(([pool, profiles]) => fc.tuple(
          fc.constant(profiles),
          fc.uniqueArray(fc.integer({ min: 2000, max: 2100 }), { maxLength: 5 }).chain((ids) => fc.tuple(...ids.map((id) => holderArb(id, pool)))),
          fc.subarray(profiles.map((p) => p.id)),
          fc.array(fc.record({ kind: pick<ProfileKind>(['developer', 'project']), query: pastedArb(pool, profiles), filters: filtersArb, pageSize: fc.integer({ min: 1, max: 25 }) }), { minLength: 1, maxLength: 4 }),
        )),
        ([profiles, added, removed, searches]) => {
          const index = SearchIndex.build(profiles);
          index.upsert(added);
          index.remove(removed);
          const current = [...profiles, ...added].filter((p) => !removed.includes(p.id));
          for (const search of searches) expectSame(index, current, search);
          index.compact();
          const loaded = SearchIndex.deserialize(structuredClone(index.serialize()));
          for (const search of searches) expectSame(loaded, current, search);
        },
      ),
      { numRuns: 200 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('when a value is copied from a profile exactly as it is shown, then the search finds that profile', () => {
    fc.assert(
      fc.property(holdersArb, ([, profiles]) => {
        const index = SearchIndex.build(profiles);
        for (const p of profiles) {
          for (const value of registrySearchValues(p)) {
            expect(matchesSearch(p, value)).toBe(true);
            const { items } = index.query({ kind: p.kind, query: value, filters: {} });
            expect(items.map((item) => item.id)).toContain(p.id);
          }
        }
      }),
      { numRuns: 60 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
