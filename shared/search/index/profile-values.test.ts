import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILTER_CATEGORIES, facetValues, ipRange, walletChain } from '../facets';
import { registrySearchValues, tokens } from '../reference';
import { sampleProfile } from '../../test-support';
import { FACET_FIELD, LATIN1_WORD, SEARCH_FIELDS, facetFieldCount, facetOfFieldValue, facetValuesInto, ipRangeOf, searchValuesInto, walletChainOf } from './profile-values';

const text = fc.constantFrom('', ' ', 'Acme', 'acme', 'ACME', 'Émile', 'zoë', 'ΣΊΣ', '0xAbC', '0x', 'bc1q', '1Boat', '3J', 'ltc1', 'LTC', 'Mx',
  'zzz', ' 0xAb ', '192.168.0.1', '203.0.113.7', '104.1.2.3', '10.0.0.1', '172.16.0.9', '8.8.8.8', ' 192.168.1.1', 'Bank', 'bank');
const list = fc.array(text, { maxLength: 4 });

const profileArb = fc.record({
  id: fc.integer({ min: 1, max: 99999 }), name: text, nickname: text, bio: text, location: text, nationality: text, accent: text,
  geolocation: text, languages: list, company: list, companiesUsed: list, companyAddress: list, scam_type: list, industry: list,
  email: list, phone: list, telegram: list, website: list, walletAddresses: list, ipAddresses: list, knownPartners: list,
  currencies: list, bank: list, bankAccounts: fc.array(fc.record({ bank_name: text, account: text }), { maxLength: 3 }),
}).map((fields) => ({ ...sampleProfile(), ...fields }));

describe('reading a profile without temporary arrays', () => {
  it('when the search values are read, then they are registrySearchValues(), in order, with their fields', () => {
    fc.assert(fc.property(profileArb, (p) => {
      const out = ['stale'];
      const fields: number[] = [];
      const n = searchValuesInto(p, out, fields);
      expect(out.slice(0, n)).toEqual(registrySearchValues(p));
      expect(fields.slice(0, n).every((f) => Number.isInteger(f) && f >= 0 && f < SEARCH_FIELDS)).toBe(true);
    }), { numRuns: 500 });
  });

  it('when the facet values are read, then they are facetValues(), in order, for every category', () => {
    fc.assert(fc.property(profileArb, (p) => {
      const out: string[] = [];
      FILTER_CATEGORIES.forEach((category, c) => {
        const n = facetValuesInto(p, c, out);
        expect(out.slice(0, n)).toEqual(facetValues(p, category));
      });
    }), { numRuns: 500 });
  });
});

describe('facet values taken from the search values', () => {
  it('when a field gave as many values as its category has facet values, then those values are the facet values', () => {
    fc.assert(fc.property(profileArb, (p) => {
      const values: string[] = [];
      const fields: number[] = [];
      const n = searchValuesInto(p, values, fields);
      const facets: string[] = [];
      let taken = 0;
      FACET_FIELD.forEach((field, c) => {
        if (field < 0) return;
        const ofField = values.slice(0, n).filter((_, v) => fields[v] === field);
        if (ofField.length !== facetFieldCount(p, c)) return;
        taken++;
        const count = facetValuesInto(p, c, facets);
        expect(ofField.map((value) => facetOfFieldValue(c, value))).toEqual(facets.slice(0, count));
      });
      expect(taken).toBeGreaterThan(0);
    }), { numRuns: 1000 });
  });
});

describe('wallet chains and IP ranges by code', () => {
  // strings built from the units the reference's prefixes are made of, its white space and a few others
  const unit = fc.constantFrom(...'0xXlLtTcCbBmM13129.68024 \t\u00a0\u2028\ufeffſKk'.split(''), '\u212a', 'é');
  const address = fc.array(unit, { maxLength: 12 }).map((units) => units.join(''));
  const prefixed = fc.tuple(fc.constantFrom('0x', '0X', 'ltc1', 'LTC1', 'lTc1', 'bc1', 'BC1', 'L', 'M', '1', '3', '192.168.', '203.', '104.', '10.', '172.', ' 10.', '\u00a010.', ''), address)
    .map(([a, b]) => a + b);

  it('when an address is classified, then the chain is walletChain()’s', () => {
    fc.assert(fc.property(fc.oneof(address, prefixed, fc.string()), (a) => { expect(walletChainOf(a)).toBe(walletChain(a)); }), { numRuns: 3000 });
  });

  it('when an IP address is classified, then the range is ipRange()’s', () => {
    fc.assert(fc.property(fc.oneof(address, prefixed, fc.string()), (a) => { expect(ipRangeOf(a)).toBe(ipRange(a)); }), { numRuns: 3000 });
  });
});

describe('Latin-1 units by table', () => {
  it('when a unit below 256 is lower-cased, then it is one unit below 256 (so a joined text lower-cases as its values do)', () => {
    for (let u = 0; u < 256; u++) {
      const lower = String.fromCharCode(u).toLowerCase();
      expect(lower.length).toBe(1);
      expect(lower.charCodeAt(0)).toBeLessThan(256);
    }
  });

  it('when a unit below 256 is classified by table, then it is a token unit exactly when tokens() keeps it', () => {
    for (let u = 0; u < 256; u++) {
      const lower = String.fromCharCode(u).toLowerCase();
      expect(LATIN1_WORD[lower.charCodeAt(0)]).toBe(tokens(`a${lower}b`).length === 1 ? 1 : 0);
    }
  });
});
