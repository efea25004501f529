import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../test-support';
import {
  isSubstringTerm, matchColour, matchScore, matchedIdentifier, matchesAnyFilter, matchesSearch, readQuery, searchRegistry, searchTerms,
  termMatches,
} from './reference';
import { facetValues, ipOptions, walletKinds } from './facets';

const blank = (overrides = {}) => sampleProfile({
  name: 'Zed Nobody', nickname: '', company: [], companyAddress: [], scam_type: [], industry: [], email: [], phone: [],
  telegram: [], website: [], walletAddresses: [], bankAccounts: [], ipAddresses: [], knownPartners: [], companiesUsed: [],
  currencies: [], bank: [], languages: [], bio: '', location: '', nationality: '', accent: '', geolocation: '',
  ...overrides,
});

describe('search terms (product.md#validation)', () => {
  it('when the term starts with bustr-, then it matches the case id by substring', () => {
    const p = blank({ id: 42 });
    expect(matchesSearch(p, 'BUSTR-2025-0042')).toBe(true);
    expect(matchesSearch(p, 'bustr-2025-004')).toBe(true);
    expect(matchesSearch(p, 'bustr-2025-0043')).toBe(false);
  });

  it('when the term is an IPv4 address, then it matches by substring', () => {
    const p = blank({ ipAddresses: ['203.0.113.77'] });
    expect(isSubstringTerm('203.0.113.7')).toBe(true);
    expect(matchesSearch(p, '203.0.113.7')).toBe(true);
    expect(matchesSearch(p, '203.0.113.8')).toBe(false);
  });

  it("when the term holds '@', '.' or '0x', then it matches by substring inside a value", () => {
    const p = blank({ telegram: ['@moon_boy'], website: ['https://moonvault.example'], walletAddresses: ['0xAbCdEf0123'] });
    expect(matchesSearch(p, 'n_bo@')).toBe(false);
    expect(matchesSearch(p, '@moon')).toBe(true);
    expect(matchesSearch(p, 'vault.exa')).toBe(true);
    expect(matchesSearch(p, '0xabcdef')).toBe(true);
    expect(matchesSearch(p, 'cdef0x')).toBe(false);
  });

  it('when the term is a plain word, then a token equal to it matches', () => {
    expect(termMatches('roe', ['Jane Roe'])).toBe(true);
  });

  it('when the term is a plain word, then a token starting with it matches, even under 3 characters', () => {
    expect(termMatches('ja', ['Jane Roe'])).toBe(true);
    expect(termMatches('j', ['Jane Roe'])).toBe(true);
  });

  it('when a short term (under 3 characters) is inside a token but not at its start, then it does not match', () => {
    expect(termMatches('an', ['Jane Roe'])).toBe(false);
  });

  it('when a term of 3 or more characters is inside a token, then it matches', () => {
    expect(termMatches('ane', ['Jane Roe'])).toBe(true);
  });

  it('when the case differs, then the term still matches', () => {
    expect(matchesSearch(blank({ name: 'Jane Roe' }), 'JANE')).toBe(true);
  });

  it('when the query has several words, then every word must match', () => {
    const p = blank({ name: 'Jane Roe', location: 'Lisbon' });
    expect(searchTerms('  Jane   lisbon ')).toEqual(['jane', 'lisbon']);
    expect(matchesSearch(p, 'jane lisbon')).toBe(true);
    expect(matchesSearch(p, 'jane porto')).toBe(false);
  });

  it('when the query is blank, then everything matches', () => {
    expect(matchesSearch(blank(), '   ')).toBe(true);
  });
});

describe('card-level and registry-level fields (product.md#validation)', () => {
  it('when the term is in a card field, then both levels find it', () => {
    for (const overrides of [
      { name: 'Quill' }, { nickname: 'Quill' }, { company: ['Quill Ltd'] }, { bio: 'quill' }, { location: 'Quill' },
      { email: ['quill@x.example'] }, { industry: ['Quill'] }, { scam_type: ['Quill'] }, { nationality: 'Quill' },
      { languages: ['Quill'] }, { phone: ['555 7845'] }, { telegram: ['@quill'] }, { website: ['quill.example'] },
    ]) {
      const term = 'phone' in overrides ? '7845' : 'quill';
      expect(matchesSearch(blank(overrides), term, 'card')).toBe(true);
      expect(matchesSearch(blank(overrides), term, 'registry')).toBe(true);
    }
  });

  it('when the term is only in a registry field, then the registry finds it and the card does not', () => {
    for (const [overrides, term] of [
      [{ currencies: ['USDT'] }, 'usdt'], [{ accent: 'Glaswegian' }, 'glaswegian'], [{ geolocation: 'Quillmere' }, 'quillmere'],
      [{ walletAddresses: ['0xfeed'] }, '0xfeed'], [{ bankAccounts: [{ bank_name: 'Quillbank', account: '778899' }] }, '778899'],
      [{ knownPartners: ['Quentin Partner'] }, 'quentin'], [{ companyAddress: ['9 Quill Street'] }, 'street'],
      [{ ipAddresses: ['10.1.2.3'] }, '10.1.2.3'], [{ id: 77 }, 'bustr-2025-0077'],
    ] as const) {
      expect(matchesSearch(blank(overrides), term, 'registry')).toBe(true);
      expect(matchesSearch(blank(overrides), term, 'card')).toBe(false);
    }
  });
});

describe('facets (product.md#constants)', () => {
  it('when wallets start with 0x, bc1/1/3 or ltc1/L/M, then they are Ethereum, Bitcoin or Litecoin', () => {
    expect(walletKinds(['0xabc'])).toEqual(['Ethereum']);
    expect(walletKinds(['bc1qxyz'])).toEqual(['Bitcoin']);
    expect(walletKinds(['1BoatSLRHtKNngkdXEeobR76b53LETtpyT'])).toEqual(['Bitcoin']);
    expect(walletKinds(['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'])).toEqual(['Bitcoin']);
    expect(walletKinds(['ltc1qabc'])).toEqual(['Litecoin']);
    expect(walletKinds(['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'])).toEqual(['Litecoin']);
    expect(walletKinds(['MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN'])).toEqual(['Litecoin']);
  });

  it('when wallets are of two chains, then the profile is also Multiple; with none it is Unknown', () => {
    expect(walletKinds(['0xabc', 'bc1q'])).toEqual(['Ethereum', 'Bitcoin', 'Multiple']);
    expect(walletKinds([])).toEqual(['Unknown']);
    expect(walletKinds(['zzz'])).toEqual(['Unknown']);
  });

  it('when IPs are given, then they fall in their ranges, several make Multiple IPs, none is Unknown IP, VPN/Proxy never', () => {
    expect(ipOptions(['192.168.1.1'])).toEqual(['192.168.x.x']);
    expect(ipOptions(['203.0.113.5', '104.16.0.1'])).toEqual(['203.x.x.x', '104.x.x.x', 'Multiple IPs']);
    expect(ipOptions(['10.0.0.1'])).toEqual(['10.x.x.x']);
    expect(ipOptions(['172.16.0.1'])).toEqual(['172.x.x.x']);
    expect(ipOptions([])).toEqual(['Unknown IP']);
    expect(ipOptions(['8.8.8.8'])).not.toContain('VPN/Proxy');
  });

  it('when a profile has any telegram handle, then it matches both Personal and Business', () => {
    expect(facetValues(blank({ telegram: ['@x'] }), 'Telegram Handles')).toEqual(['Personal', 'Business']);
    expect(facetValues(blank(), 'Telegram Handles')).toEqual([]);
  });

  it("when a profile has no location, then it is listed under 'Remote'", () => {
    expect(facetValues(blank({ location: '' }), 'Location')).toEqual(['Remote']);
    expect(facetValues(blank({ location: 'Oslo' }), 'Location')).toEqual(['Oslo']);
  });
});

describe('match score (product.md#states, product.md#constants)', () => {
  it('when no filter and no search is active, then the score is 100', () => {
    expect(matchScore(blank(), {}, '')).toBe(100);
  });

  it('when some criteria match, then the score is their share rounded to a percent', () => {
    const p = blank({ industry: ['DeFi'], scam_type: ['Rug Pull'] });
    expect(matchScore(p, { Industry: ['DeFi', 'NFT'], 'Scam Type': ['Rug Pull'] }, '')).toBe(67);
    expect(matchScore(p, { Industry: ['DeFi'] }, 'zed')).toBe(100);
    expect(matchScore(p, { Industry: ['NFT'] }, 'zed')).toBe(50);
  });

  it('when only categories outside the scoring ones are active, then they do not lower the score', () => {
    const p = blank({ walletAddresses: ['0x1'] });
    expect(matchScore(p, { 'Crypto Wallets': ['Bitcoin'] }, '')).toBe(100);
    expect(matchScore(p, { 'Crypto Wallets': ['Bitcoin'], Industry: ['DeFi'] }, '')).toBe(0);
  });

  it('when the filter value differs only in case, then it still matches', () => {
    expect(matchScore(blank({ industry: ['DeFi'] }), { Industry: ['defi'] }, '')).toBe(100);
  });

  it('when the score is 80 or more it is green, 60 or more yellow, below 60 red', () => {
    expect([matchColour(100), matchColour(80), matchColour(79), matchColour(60), matchColour(59), matchColour(0)])
      .toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });
});

describe('the registry list', () => {
  const a = blank({ id: 1, name: 'Alpha', industry: ['DeFi'], scam_type: ['Rug Pull'] });
  const b = blank({ id: 2, name: 'Bravo', industry: ['DeFi'] });
  const c = blank({ id: 3, name: 'charlie', industry: ['Gaming'] });

  it('when a filter is active, then a profile is listed if it matches at least one selected value', () => {
    const filters = { Industry: ['DeFi'], 'Scam Type': ['Rug Pull'] };
    expect(matchesAnyFilter(c, filters)).toBe(false);
    expect(searchRegistry([c, b, a], '', filters).map((r) => r.profile.name)).toEqual(['Alpha', 'Bravo']);
  });

  it('when scores tie, then names order the list without regard to case', () => {
    expect(searchRegistry([c, b, a], '', {}).map((r) => r.profile.name)).toEqual(['Alpha', 'Bravo', 'charlie']);
  });

  it('when ordered, then higher scores come first with their scores', () => {
    const result = searchRegistry([b, a], '', { Industry: ['DeFi'], 'Scam Type': ['Rug Pull'] });
    expect(result.map((r) => [r.profile.name, r.score])).toEqual([['Alpha', 100], ['Bravo', 50]]);
  });

  it('when a search is active, then profiles that do not match it are left out', () => {
    expect(searchRegistry([a, b, c], 'brav', {}).map((r) => r.profile.name)).toEqual(['Bravo']);
  });
});

describe('identifier search (issue 16)', () => {
  const coinhaven = blank({
    id: 169, name: 'CoinHaven', phone: ['+1 (843) 555-0117'], telegram: ['@coinhaven_official'], website: ['https://coinhaven.example'],
    email: ['support@coinhaven.example'], walletAddresses: ['0x42D2F4D64ac9F123a7789Eb68dB85f1ADCcc0D94', 'LT4KnH1rQeZbTHBLm6BeeCrcwhjsAF61Xj'],
    bankAccounts: [{ bank_name: 'Mockingbird Bank', account: 'ACCT-29938799' }],
  });

  it.each(['555-0117', '(843)', '+1', 'ACCT-29938799', '+1 (843) 555-0117'])(
    'when a term with punctuation (%s) is copied from a shown value, then its words find the profile',
    (query) => {
      expect(matchesSearch(coinhaven, query)).toBe(true);
    },
  );

  it('when a term with punctuation has a word the profile lacks, then it does not match', () => {
    expect(matchesSearch(coinhaven, '555-0118')).toBe(false);
  });

  it('when the whole query is a pasted phone number one digit off, then its terms are not taken as words scattered over other values', () => {
    const xanthe = blank({ phone: ['+61491570157'], companyAddress: ['169 Fiction Way'] });
    expect(matchesSearch(xanthe, '61 491 570 169')).toBe(true); // the spec's words, as before
    expect(matchesSearch(xanthe, '+61 491 570 169')).toBe(false);
    expect(matchesSearch(xanthe, '+61 491 570 157')).toBe(true); // the number itself
  });

  it('when a term is punctuation alone, then it does not narrow the list', () => {
    expect(termMatches('-', ['Jane Roe'])).toBe(true);
  });

  it.each([
    ['t.me/coinhaven_official', 'telegram'], ['coinhaven_official', 'telegram'], ['+18435550117', 'phone'], ['tel:+1-843-555-0117', 'phone'],
    ['www.coinhaven.example', 'domain'], ['http://coinhaven.example/login?ref=ad', 'domain'], ['mailto:SUPPORT@coinhaven.example', 'email'],
    ['ethereum:0x42d2f4d64ac9f123a7789eb68db85f1adccc0d94@1?value=1e18', 'evm'], ['litecoin:LT4KnH1rQeZbTHBLm6BeeCrcwhjsAF61Xj', 'ltc'],
    ['acct 2993 8799', 'bank_account'], ['#bustr-2025-169', 'case_id'],
  ])('when the query %s is a pasted form of a held identifier, then it finds the profile and names that identifier', (query, kind) => {
    expect(matchesSearch(coinhaven, query)).toBe(true);
    expect(matchedIdentifier(coinhaven, query)?.kind).toBe(kind);
  });

  it('when one term of several reads as a held identifier, then that term is satisfied by it', () => {
    expect(matchesSearch(coinhaven, 'coinhaven t.me/coinhaven_official')).toBe(true);
    expect(matchesSearch(coinhaven, 'nobody t.me/coinhaven_official')).toBe(false);
  });

  it('when a phone number or a wallet is one digit off, then nothing is found', () => {
    expect(matchesSearch(coinhaven, '+1 (843) 555-0118')).toBe(false);
    expect(matchesSearch(coinhaven, '0x42d2f4d64ac9f123a7789eb68db85f1adccc0d95')).toBe(false);
  });

  it('when the search is by card fields only, then identifiers are not read', () => {
    expect(matchesSearch(coinhaven, 'bustr-2025-169', 'card')).toBe(false);
  });

  it('when a query reads as a held identifier, then the match score counts the search as matched', () => {
    expect(matchScore(coinhaven, {}, 't.me/coinhaven_official')).toBe(100);
  });

  it('when a query is read, then the whole query and each term as written have their readings', () => {
    const read = readQuery(' +61 (0)491 570 159 ');
    expect(read.whole[0]).toMatchObject({ kind: 'phone', canonical: '+61491570159' });
    expect(read.terms.map((t) => t.term)).toEqual(['+61', '(0)491', '570', '159']);
    expect(readQuery('1Ba91yWADP5TqoBhWQmuqNfwK6qcPBeJQK').terms[0]!.readings[0]).toMatchObject({ kind: 'btc', canonical: '1Ba91yWADP5TqoBhWQmuqNfwK6qcPBeJQK' });
  });
});
