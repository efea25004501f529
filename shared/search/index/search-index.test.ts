import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../test-support';
import { searchRegistry } from '../reference';
import { SearchIndex, type IndexedProfile } from './search-index';
import { andInto, fromSlots, hasBit, popcount, slotsOf } from './bitset';

const blank = (id: number, overrides: Partial<IndexedProfile> = {}): IndexedProfile => ({
  ...sampleProfile({
    id, name: `Person ${id}`, nickname: '', company: [], companyAddress: [], scam_type: [], industry: [], email: [], phone: [],
    telegram: [], website: [], walletAddresses: [], bankAccounts: [], ipAddresses: [], knownPartners: [], companiesUsed: [],
    currencies: [], bank: [], languages: [], bio: '', location: '', nationality: '', accent: '', geolocation: '',
  }),
  kind: 'developer',
  ...overrides,
});

const ids = (index: SearchIndex, query: string, filters = {}, kind: 'developer' | 'project' = 'developer') =>
  index.query({ kind, query, filters }).items.map((i) => i.id);

describe('bitsets', () => {
  it('when slots are set, then they are counted, listed and tested', () => {
    const bits = fromSlots(100, [0, 31, 32, 99]);
    expect(popcount(bits)).toBe(4);
    expect(slotsOf(bits)).toEqual([0, 31, 32, 99]);
    expect(hasBit(bits, 32)).toBe(true);
    expect(hasBit(bits, 33)).toBe(false);
  });

  it('when two sets are intersected, then only common slots remain', () => {
    const a = fromSlots(64, [1, 2, 40]);
    andInto(a, fromSlots(64, [2, 40, 41]));
    expect(slotsOf(a)).toEqual([2, 40]);
  });
});

describe('the token dictionary', () => {
  const index = SearchIndex.build([blank(1, { name: 'Jane Roe' }), blank(2, { name: 'Janet Moon' }), blank(3, { name: 'Bojan Ro' })]);

  it('when a short term is typed, then the tokens starting with it match (a prefix range)', () => {
    expect(ids(index, 'jan')).toEqual([3, 1, 2]); // 3 characters: inside 'bojan' too (Bojan sorts first)
    expect(ids(index, 'ja')).toEqual([1, 2]);
    expect(ids(index, 'ro')).toEqual([3, 1]); // 'Bojan Ro' sorts before 'Jane Roe'
  });

  it('when a short term is inside a token but not at its start, then it does not match', () => {
    expect(ids(index, 'an')).toEqual([]);
  });

  it('when a term of 3 or more characters is inside a token, then the trigram postings find it', () => {
    expect(ids(index, 'net')).toEqual([2]);
    expect(ids(index, 'oja')).toEqual([3]);
    expect(ids(index, 'xyz')).toEqual([]);
  });
});

describe('terms remembered between queries', () => {
  it('when a profile is added, changed, removed or the slots compacted after a search or a filter, then the same one again follows it', () => {
    const index = SearchIndex.build([blank(1, { name: 'Jane Roe' }), blank(2, { name: 'Janet Moon' })]);
    expect(ids(index, 'jan')).toEqual([1, 2]);
    expect(ids(index, 'jan', {}, 'project')).toEqual([]);

    index.upsert([blank(3, { name: 'Bojan Ro' }), blank(4, { name: 'Janus Vale', kind: 'project' })]);
    expect(ids(index, 'jan')).toEqual([3, 1, 2]);
    expect(ids(index, 'jan', {}, 'project')).toEqual([4]);

    const rugs = { 'Scam Type': ['Rug Pull'] };
    expect(ids(index, '', rugs)).toEqual([]);
    index.upsert([blank(1, { name: 'Mary Roe', scam_type: ['Rug Pull'] })]);
    index.remove([2]);
    expect(ids(index, 'jan')).toEqual([3]);
    expect(ids(index, '', rugs)).toEqual([1]);
    index.compact();
    expect(ids(index, 'jan')).toEqual([3]);
    expect(ids(index, 'roe')).toEqual([1]);
  });
});

describe('parts of long tokens (their trigrams listed at even places only)', () => {
  const wallet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7k';
  const built = SearchIndex.build([blank(1, { walletAddresses: [wallet] }), blank(2, { bio: 'Ω zz' }), blank(3, { nickname: 'qéabcdefghijklm' })]);
  const delta = SearchIndex.build([blank(2, { bio: 'Ω zz' })]);
  delta.upsert([blank(1, { walletAddresses: [wallet] }), blank(3, { nickname: 'qéabcdefghijklm' })]);
  const loaded = SearchIndex.deserialize(structuredClone(built.serialize()));

  it('when any part of 3 to 8 units is searched, at an odd or even place, then the profile is found; other parts find nothing', () => {
    for (const [name, index] of [['built', built], ['after a delta', delta], ['loaded', loaded]] as const) {
      for (let n = 3; n <= 8; n++) {
        for (let at = 0; at + n <= wallet.length; at++) {
          expect([name, wallet.slice(at, at + n), ids(index, wallet.slice(at, at + n))]).toEqual([name, wallet.slice(at, at + n), [1]]);
        }
      }
      // a part beyond ASCII, at an odd place (its trigram before it is not one of ASCII letters and digits)
      expect(ids(index, 'abc')).toEqual([3]);
      expect(ids(index, 'éab')).toEqual([3]);
      expect(ids(index, 'bcd')).toEqual([3]);
      expect(ids(index, 'jkl')).toEqual([3]);
      expect(ids(index, 'w509')).toEqual([]);
      expect(ids(index, 'xw8')).toEqual([]);
    }
  });
});

describe('tokens containing a part', () => {
  it('when a long token holds the part at an even and at an odd place, then it is listed once', () => {
    // 'abab' at 0 (its 'aba' at an even place) and at 5 (its 'bab' at the even place 6)
    const index = SearchIndex.build([blank(1, { nickname: 'ababxababzzz' })]);
    const containing = (part: string) => (index as unknown as { tokensContaining(part: string): number[] }).tokensContaining(part);
    expect(containing('abab')).toHaveLength(1);
    expect(containing('abx')).toHaveLength(1);
    expect(ids(index, 'abab')).toEqual([1]);
  });
});

describe('substring terms', () => {
  const index = SearchIndex.build([
    blank(1, { telegram: ['@moon_boy'], walletAddresses: ['0xAbCdEf0123'], ipAddresses: ['203.0.113.77'] }),
    blank(2, { email: ['jane.roe@domain.ex'], phone: ['+1 555 0100'] }),
    blank(42),
  ]);

  it('when the term holds @, . or 0x, then it matches inside a value, without case', () => {
    expect(ids(index, '@MOON')).toEqual([1]);
    expect(ids(index, 'n_bo@')).toEqual([]);
    expect(ids(index, '0xABCDEF')).toEqual([1]);
    expect(ids(index, 'domain.ex')).toEqual([2]);
    expect(ids(index, 'e.roe@dom')).toEqual([2]);
  });

  it('when the term is an IPv4 address or a case id, then it matches by substring', () => {
    expect(ids(index, '203.0.113.7')).toEqual([1]);
    expect(ids(index, 'bustr-2025-004')).toEqual([42]);
    expect(ids(index, 'BUSTR-2025-000')).toEqual([1, 2]);
  });

  it('when the term has no letters or digits, then every value is scanned', () => {
    expect(ids(index, '@')).toEqual([1, 2]);
    expect(ids(index, '.')).toEqual([1, 2]);
  });
});

describe('filters and scores', () => {
  const index = SearchIndex.build([
    blank(1, { industry: ['DeFi'], scam_type: ['Rug Pull'], telegram: ['@a'] }),
    blank(2, { industry: ['defi'], scam_type: ['Ponzi'] }),
    blank(3, { industry: ['NFT'], location: ' ' }),
    blank(4, { kind: 'project', industry: ['DeFi'] }),
  ]);

  it('when a value is selected, then profiles having it without case are listed, of the asked kind only', () => {
    expect(ids(index, '', { Industry: ['DEFI'] })).toEqual([1, 2]);
    expect(ids(index, '', { Industry: ['DeFi'] }, 'project')).toEqual([4]);
  });

  it('when values of several categories are selected, then a profile matching any is listed and scored by the share matched', () => {
    const result = index.query({ kind: 'developer', query: '', filters: { Industry: ['DeFi'], 'Scam Type': ['Rug Pull'] } });
    expect(result.items).toEqual([{ id: 1, score: 100 }, { id: 2, score: 50 }]);
    expect(result.total).toBe(2);
  });

  it("when Location is 'Remote', then a blank location matches it; Telegram kinds match any handle", () => {
    expect(ids(index, '', { Location: ['remote'] })).toEqual([1, 2, 3]);
    expect(ids(index, '', { 'Telegram Handles': ['Business'] })).toEqual([1]);
  });

  it('when a page is asked for, then only that slice comes back with the total', () => {
    const page = index.query({ kind: 'developer', query: '', filters: {}, offset: 1, limit: 1 });
    expect(page).toEqual({ total: 3, items: [{ id: 2, score: 100 }] });
  });

  it('when a profile lists two spellings of a value, then the option shows the first of the lowest id, whatever order the profiles come in', () => {
    const nine = blank(9, { industry: ['Acme'] });
    const five = blank(5, { industry: ['acme', 'Acme'] });
    for (const order of [[nine, five], [five, nine]]) {
      expect(SearchIndex.build(order).facetOptions('developer', 'Industry')).toEqual([{ value: 'acme', count: 2 }]);
    }
  });

  it('when facet options are asked for, then each value of the kind comes with its count', () => {
    expect(index.facetOptions('developer', 'Industry')).toEqual([{ value: 'DeFi', count: 2 }, { value: 'NFT', count: 1 }]);
    expect(index.facetOptions('developer', 'Telegram Handles')).toEqual([{ value: 'Personal', count: 1 }, { value: 'Business', count: 1 }]);
  });
});

describe('deltas', () => {
  it('when a profile is removed (tombstone), then its alive bit is cleared and no query lists it', () => {
    const index = SearchIndex.build([blank(1, { name: 'Jane' }), blank(2, { name: 'Jane Two' })]);
    index.remove([1]);
    expect(ids(index, 'jane')).toEqual([2]);
    expect(ids(index, '')).toEqual([2]);
    expect(index.has(1)).toBe(false);
    expect(index.size).toBe(1);
  });

  it('when an upsert changes a value, then the old value no longer matches and the new one does', () => {
    const index = SearchIndex.build([blank(1, { name: 'Jane', industry: ['DeFi'] })]);
    index.upsert([blank(1, { name: 'Zora', industry: ['NFT'] })]);
    expect(ids(index, 'jane')).toEqual([]);
    expect(ids(index, 'zor')).toEqual([1]);
    expect(ids(index, '', { Industry: ['DeFi'] })).toEqual([]);
    expect(ids(index, '', { Industry: ['NFT'] })).toEqual([1]);
    expect(index.facetOptions('developer', 'Industry')).toEqual([{ value: 'NFT', count: 1 }]);
  });

  it('when a renamed profile moves in the name order, then the listing follows', () => {
    const index = SearchIndex.build([blank(1, { name: 'Alpha' }), blank(2, { name: 'Beta' })]);
    index.upsert([blank(1, { name: 'Gamma' })]);
    expect(ids(index, '')).toEqual([2, 1]);
  });

  it('when most slots are dead, then compaction keeps the same answers', () => {
    const index = SearchIndex.build([blank(1, { name: 'Jane' }), blank(2, { name: 'Joe' }), blank(3, { name: 'Jim' })]);
    index.remove([2]);
    index.compact();
    expect(ids(index, 'j')).toEqual([1, 3]);
    index.upsert([blank(4, { name: 'Jo' })]);
    expect(ids(index, 'jo')).toEqual([4]);
  });
});

describe('live ids', () => {
  it('when profiles are built, replaced and removed, then aliveIds lists each live id once', () => {
    const index = SearchIndex.build([blank(3), blank(1), blank(2), blank(1, { name: 'Again' })]);
    expect(index.aliveIds().sort((a, b) => a - b)).toEqual([1, 2, 3]);
    index.upsert([blank(2, { name: 'Two' }), blank(9)]);
    index.remove([3, 42]);
    expect(index.aliveIds().sort((a, b) => a - b)).toEqual([1, 2, 9]);
    index.compact();
    expect(index.aliveIds().sort((a, b) => a - b)).toEqual([1, 2, 9]);
    expect(SearchIndex.deserialize(structuredClone(index.serialize())).aliveIds().sort((a, b) => a - b)).toEqual([1, 2, 9]);
    expect(SearchIndex.build([]).aliveIds()).toEqual([]);
  });

  it('when a build is given two versions of an id, then the later one is indexed, whatever the ids', () => {
    // small ids take a table by id, others (huge, negative, fractional) a map: both keep the last version
    for (const given of [[1, 2, 3], [5_000_000_000, -4, 2.5]]) {
      const [a, b, c] = given as [number, number, number];
      const index = SearchIndex.build([blank(a, { name: 'Old Name' }), blank(b), blank(a, { name: 'New Name' }), blank(c, { name: 'Other' }), blank(b, { name: 'Again' })]);
      const found = (query: string) => {
        const { total, items } = index.query({ kind: 'developer', query, filters: {} });
        return { total, ids: items.map((item) => item.id) };
      };
      expect(found('old')).toEqual({ total: 0, ids: [] });
      expect(found('new')).toEqual({ total: 1, ids: [a] });
      expect(found('again')).toEqual({ total: 1, ids: [b] });
      expect(index.size).toBe(3);
      expect(index.aliveIds().sort((x, y) => x - y)).toEqual([...given].sort((x, y) => x - y));
    }
  });
});

describe('values shared by many profiles and units beyond Latin-1', () => {
  // the build reads a repeated value once and Latin-1 units by table; anything wider takes the
  // reference's toLowerCase() and tokens(): both must answer as the reference does
  const profiles = [
    blank(1, { name: 'Σίσυφος Ωmega', bio: 'ΣΊΣΥΦΟΣ went to İstanbul', industry: ['DeFi'] }),
    blank(2, { name: 'K\u212Aelvin Roe', bio: 'Straße 5', company: ['Acme Labs'], companiesUsed: ['Acme Labs'] }),
    blank(3, { name: 'Zoë 😀 Smile', bio: 'ΣΊΣΥΦΟΣ went to İstanbul', company: ['acme labs'] }),
    blank(4, { kind: 'project', name: 'Émile', bio: 'Straße 5', email: ['émile@exämple.test'] }),
    ...Array.from({ length: 40 }, (_, i) => blank(10 + i, { name: `Shared ${i % 3}`, bio: 'Straße 5', industry: ['DeFi'], company: ['Acme Labs'] })),
  ];
  const index = SearchIndex.build(profiles);
  const loaded = SearchIndex.deserialize(structuredClone(index.serialize()));
  const queries = ['σίσυφος', 'ΣΊΣ', 'ς', 'ωmega', 'mega', 'istanbul', 'i̇stanbul', 'k', 'kelvin', 'straße', 'strasse', 'aße 5', 'zoë', '😀', 'smile',
    'émile', 'exämple.test', 'ämp', 'acme', 'labs', 'cme lab', 'shared', 'defi', 'e 5'];

  it('when searched, then every answer is the reference one, also after a save and load', () => {
    for (const kind of ['developer', 'project'] as const) {
      for (const query of queries) {
        for (const filters of [{}, { 'Companies Used': ['ACME LABS'] }]) {
          const expected = searchRegistry(profiles.filter((p) => p.kind === kind), query, filters).map((r) => ({ id: r.profile.id, score: r.score }));
          expect(index.query({ kind, query, filters }).items).toEqual(expected);
          expect(loaded.query({ kind, query, filters }).items).toEqual(expected);
        }
      }
    }
  });

  it('when a profile with a shared value is replaced, then the others keep it', () => {
    const changed = SearchIndex.build(profiles);
    changed.upsert([blank(2, { name: 'Kelvin Roe', bio: 'elsewhere' })]);
    expect(ids(changed, 'straße').sort((a, b) => a - b)).toEqual(profiles.filter((p) => p.kind === 'developer' && p.bio === 'Straße 5' && p.id !== 2).map((p) => p.id));
    expect(ids(changed, 'elsewhere')).toEqual([2]);
  });
});

describe('the terms an index keeps', () => {
  const profiles = [
    ...Array.from({ length: 60 }, (_, i) => blank(i + 1, {
      name: `${['Jane', 'Janet', 'Bojan', 'Ada'][i % 4]} ${['Roe', 'Moon', 'Quill'][i % 3]} ${i}`,
      industry: [['DeFi', 'NFT'][i % 2]!], walletAddresses: i % 5 === 0 ? [`0xabc${i}def${i}`] : [],
    })),
  ];
  const queries = ['jane', 'roe', 'moon', 'quill', 'jan', 'ada', '0xabc10def10', 'bojan moon', 'janet', 'ja', 'oon', '0xabc20def20', 'jane roe', 'quill 7'];

  it.each([
    [2, undefined], [0, undefined], [4, 1], [8, 30],
  ])('when it keeps only %i (dear from %s) and is asked many terms, filters among them, then every answer is still the reference one (a new term takes the oldest term\'s bitset)', (capacity, dearWork) => {
    const index = SearchIndex.build(profiles);
    index.keepTerms(capacity, dearWork);
    for (let round = 0; round < 3; round++) {
      for (const query of queries) {
        for (const filters of [{}, { Industry: ['DeFi'] }, { Industry: ['NFT', 'DeFi'] }]) {
          const expected = searchRegistry(profiles, query, filters).map((r) => ({ id: r.profile.id, score: r.score }));
          expect(index.query({ kind: 'developer', query, filters }).items, `${query} ${JSON.stringify(filters)}`).toEqual(expected);
        }
      }
    }
  });
});

describe('the dear terms an index keeps', () => {
  // 'j' is the union of two tokens' postings (jane, janet: 30 profiles), each other term one token's
  const profiles = Array.from({ length: 60 }, (_, i) => blank(i + 1, { name: `${['Jane', 'Janet', 'Bojan', 'Ada'][i % 4]} ${['Roe', 'Moon', 'Quill'][i % 3]}` }));
  const ask = (index: SearchIndex, query: string) => {
    const expected = searchRegistry(profiles, query, {}).map((r) => ({ id: r.profile.id, score: r.score }));
    expect(index.query({ kind: 'developer', query, filters: {} }).items, query).toEqual(expected);
  };

  it('when a term took much work and many cheap ones follow, then it is still kept, apart from them', () => {
    const index = SearchIndex.build(profiles);
    // work: 8 a token plus its postings; 'j' 2 × 8 + 30, the others 8 + 15 or 8 + 20
    index.keepTerms(4, 40);
    ask(index, 'j');
    for (const query of ['roe', 'moon', 'quill', 'ada', 'bojan', 'janet']) ask(index, query);
    expect(index.keptTerms()).toEqual({ recent: ['wquill', 'wada', 'wbojan', 'wjanet'], dear: ['wj'] });
    // asked again: answered from the dear ones, the same answer
    ask(index, 'j');
    expect(index.keptTerms().dear).toEqual(['wj']);
  });

  it('when the profiles change, then the dear terms are dropped with the others', () => {
    const index = SearchIndex.build(profiles);
    index.keepTerms(4, 40);
    ask(index, 'j');
    index.upsert([blank(61, { name: 'Jo New' })]);
    expect(index.keptTerms()).toEqual({ recent: [], dear: [] });
    const expected = [...profiles, blank(61, { name: 'Jo New' })];
    expect(index.query({ kind: 'developer', query: 'j', filters: {} }).total).toBe(searchRegistry(expected, 'j', {}).length);
  });

  it('when it keeps no terms, then it keeps no dear ones either', () => {
    const index = SearchIndex.build(profiles);
    index.keepTerms(0, 1);
    ask(index, 'j');
    expect(index.keptTerms()).toEqual({ recent: [], dear: [] });
  });
});

describe('persistence', () => {
  it('when saved and loaded, then the loaded index gives identical answers', () => {
    const index = SearchIndex.build([
      blank(1, { name: 'Jane Roe', industry: ['DeFi'], email: ['jane@domain.ex'] }),
      blank(2, { name: 'Émile', industry: ['NFT'], telegram: ['@emile'] }),
      blank(3, { kind: 'project', name: 'Moon' }),
    ]);
    index.remove([3]);
    const { meta, buffers } = index.serialize();
    expect(buffers.every((b) => b instanceof ArrayBuffer)).toBe(true);
    const loaded = SearchIndex.deserialize(structuredClone({ meta, buffers }));
    for (const query of ['', 'j', 'émi', 'domain.ex', '@', 'moon']) {
      for (const filters of [{}, { Industry: ['defi'] }]) {
        expect(loaded.query({ kind: 'developer', query, filters })).toEqual(index.query({ kind: 'developer', query, filters }));
      }
    }
    expect(loaded.query({ kind: 'project', query: '', filters: {} }).total).toBe(0);
  });
});
