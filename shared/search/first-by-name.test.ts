import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProfileKind } from '../contract/common';
import { searchRegistry } from './reference';
import { sampleProfile } from '../test-support';
import { FIRST_BY_NAME_MAX, firstByName } from './first-by-name';
import type { IndexedProfile } from './index/search-index';

// names the collator orders in awkward ways: case, accents, numbers, empty, the same name twice
const NAMES = ['Ada Example', 'ada example', 'Émile Zola', 'emile zola', 'Anna 2', 'Anna 10', 'anna 9', 'Zed', 'bo', '', 'Ådne', 'zoë', '0x12', '10 Coins'];

const registryArb = fc
  .array(fc.record({ name: fc.constantFrom(...NAMES), kind: fc.constantFrom<ProfileKind>('developer', 'project', 'developer') }), { maxLength: 120 })
  .chain((rows) => fc.shuffledSubarray(Array.from({ length: 400 }, (_, i) => i + 1), { minLength: rows.length, maxLength: rows.length })
    .map((ids) => rows.map(({ name, kind }, i): IndexedProfile => ({ ...sampleProfile({ id: ids[i]!, name }), kind }))));

describe('the first page by name (nothing narrows the listing)', () => {
  it('when nothing narrows the listing, then the page is the reference page: the same ids, order, scores and total', () => {
    fc.assert(
      fc.property(registryArb, fc.constantFrom<ProfileKind>('developer', 'project'), fc.nat(60), fc.integer({ min: 0, max: 40 }), (profiles, kind, offset, limit) => {
        const reference = searchRegistry(profiles.filter((p) => p.kind === kind), '', {});
        const page = firstByName(profiles, { kind, query: '  ', filters: { Industry: [] }, offset, limit });
        expect(page).toEqual({
          total: reference.length,
          items: reference.slice(offset, offset + limit).map((r) => ({ id: r.profile.id, score: r.score })),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('when a term or a filter narrows the listing, or the page lies beyond the first places, then it gives no answer (the index does)', () => {
    const profiles = [{ ...sampleProfile({ id: 1, name: 'Ada' }), kind: 'developer' as const }];

    expect(firstByName(profiles, { kind: 'developer', query: 'ada', filters: {} })).toBeNull();
    expect(firstByName(profiles, { kind: 'developer', query: '', filters: { Industry: ['DeFi'] } })).toBeNull();
    expect(firstByName(profiles, { kind: 'developer', query: '', filters: {}, offset: FIRST_BY_NAME_MAX, limit: 20 })).toBeNull();
    expect(firstByName(profiles, { kind: 'developer', query: '', filters: {}, offset: 0, limit: 20 })).toEqual({ total: 1, items: [{ id: 1, score: 100 }] });
  });
});
