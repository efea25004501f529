// The lookalikes the index finds are lookalike()'s over every listed value: the skeleton, label
// and segment files only propose candidates, compareLookalike() decides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLookalike, lookalikeForm, type LookalikeKind } from '../../identifiers';
import { sampleProfile } from '../../test-support';
import { newBitset } from './bitset';
import { Lookalikes } from './lookalikes';
import { SearchIndex, type IndexedProfile } from './search-index';

const BASES = ['coinhaven', 'paypal', 'aldric_web302', 'moonvault', 'quenby', 'ada', 'rnicrosoft', 'microsoft', 'tamsin_otc_desk', 'abcdefghij'];
const SUFFIXES = ['.example', '.test', '.com', '.co.uk', '.github.io'];
const CONFUSABLE: Record<string, string> = { o: '0', l: '1', a: '\u0430', e: '\u0435', m: 'rn', i: 'I' };

/** A base changed a little: a letter swapped for a confusable, dropped, doubled or replaced. */
const variant = (base: string) => fc.tuple(fc.nat(base.length - 1), fc.constantFrom('confusable', 'drop', 'double', 'replace', 'none'), fc.constantFrom('x', 'e', '_'))
  .map(([at, how, letter]) => {
    const c = base[at]!;
    if (how === 'confusable') return base.slice(0, at) + (CONFUSABLE[c] ?? c.toUpperCase()) + base.slice(at + 1);
    if (how === 'drop') return base.slice(0, at) + base.slice(at + 1);
    if (how === 'double') return base.slice(0, at) + c + base.slice(at);
    if (how === 'replace') return base.slice(0, at) + letter + base.slice(at + 1);
    return base;
  });
const twice = (base: string) => variant(base).chain((v) => (v.length > 0 ? variant(v) : fc.constant(v)));
const word = fc.constantFrom(...BASES).chain((b) => fc.oneof(fc.constant(b), variant(b), twice(b)));
const valueOf = (kind: LookalikeKind) => kind === 'domain'
  ? fc.tuple(word, fc.constantFrom(...SUFFIXES)).map(([w, s]) => w.replace(/_/g, '-') + s)
  : kind === 'telegram' ? word : word.map((w) => w.replace(/_/g, ' '));

const listedArb = fc.array(fc.constantFrom<LookalikeKind>('domain', 'telegram', 'name').chain((kind) => valueOf(kind).map((text) => ({ kind, text }))), { minLength: 1, maxLength: 40 });

describe('lookalikes at scale', () => {
  it('when listed values are filed, then a value finds exactly the listed values lookalike() says it passes for', () => {
    fc.assert(fc.property(listedArb, fc.constantFrom<LookalikeKind>('domain', 'telegram', 'name').chain((kind) => valueOf(kind).map((text) => ({ kind, text }))), (listed, candidate) => {
      const lookalikes = Lookalikes.filed((add) => listed.forEach(({ kind, text }, slot) => add(kind, text, slot)));
      const alive = newBitset(listed.length).fill(0xffffffff);
      const form = lookalikeForm(candidate.kind, candidate.text);
      if (form === null) return;
      const found = lookalikes.find(form, alive).map(({ slot, reason, distance }) => ({ slot, reason, distance }));
      const expected = listed.flatMap(({ kind, text }, slot) => {
        const other = lookalikeForm(kind, text);
        const hit = other && kind === candidate.kind ? compareLookalike(form, other) : null;
        return hit ? [{ slot, ...hit }] : [];
      });
      expect(found.sort((a, b) => a.slot - b.slot)).toEqual(expected);
    }), { numRuns: 2000 });
  });
});

describe('lookup', () => {
  const profile = (id: number, fields: Partial<IndexedProfile>): IndexedProfile => ({
    ...sampleProfile({ id }), name: 'Nobody', nickname: '', email: [], phone: [], telegram: [], website: [], walletAddresses: [], bankAccounts: [],
    ipAddresses: [], kind: 'developer', ...fields,
  });
  const registry = [
    profile(8, { kind: 'project', name: 'CoinHaven', website: ['https://coinhaven.example'], telegram: ['@coinhaven_official'], phone: ['+1 (843) 555-0117'] }),
    profile(7, { name: 'Aldric Quenby', telegram: ['@aldric_web302'], walletAddresses: ['0x42D2F4D64ac9F123a7789Eb68dB85f1ADCcc0D94'] }),
    profile(9, { name: 'Tamsin Achterberg', website: ['https://t.me/tamsin_otc_desk'] }),
  ];
  const index = SearchIndex.build(registry);

  it.each([
    ['c0inhaven.example', 'CoinHaven', 'confusable'], ['https://coinhaven.test/claim', 'CoinHaven', 'same_name'],
    ['www.coinhavn.example', 'CoinHaven', 'edit_distance'], ['@coinhaven_offical', 'CoinHaven', 'edit_distance'],
    ['t.me/aldric_web3O2', 'Aldric Quenby', 'confusable'], ['aldric_web303', 'Aldric Quenby', 'edit_distance'],
    ['CoinH\u0430ven', 'CoinHaven', 'confusable'], ['@tamsin_otc_desc', 'Tamsin Achterberg', 'edit_distance'],
  ])('when %s is looked up, then it is a lookalike of %s (%s) and no match', (text, name, reason) => {
    const found = index.lookup(text);
    expect(found.matches).toEqual([]);
    expect(found.lookalikes[0]).toMatchObject({ name, reason });
  });

  it.each([['t.me/coinhaven_official', 8], ['+18435550117', 8], ['ethereum:0x42d2f4d64ac9f123a7789eb68db85f1adccc0d94', 7], ['tamsin_otc_desk', 9], ['BUSTR-2025-0009', 9]])(
    'when %s is looked up, then it matches the profile holding it, of either kind, and has no lookalikes',
    (text, id) => {
      const found = index.lookup(text);
      expect(found.matches.map((m) => m.id)).toEqual([id]);
      expect(found.lookalikes).toEqual([]);
    },
  );

  it('when a lookup finds a profile, then it names the field and the value as the profile holds them', () => {
    expect(index.lookup('tel:+1-843-555-0117').matches).toEqual([{ id: 8, profileKind: 'project', name: 'CoinHaven', kind: 'phone', field: 'phone', value: '+1 (843) 555-0117' }]);
    expect(index.lookup('@Tamsin_OTC_Desk').matches[0]).toMatchObject({ kind: 'telegram', field: 'website', value: 'https://t.me/tamsin_otc_desk' });
    expect(index.lookup('c0inhaven.example').lookalikes[0]).toMatchObject({ as: 'domain', field: 'website', value: 'https://coinhaven.example', reason: 'confusable' });
    expect(index.lookup('CoinH\u0430ven').lookalikes[0]).toMatchObject({ as: 'name', field: 'name', value: 'CoinHaven' });
  });

  it('when a value is one digit off, then it matches nothing and is no lookalike of a phone', () => {
    expect(index.lookup('+1 (843) 555-0118')).toMatchObject({ matches: [], lookalikes: [] });
  });

  it('when a listed name is typed in another case, then it is no lookalike of itself', () => {
    expect(index.lookup('coinhaven').lookalikes).toEqual([]);
  });

  it('when a listed name is looked up in another case or spacing, then findName gives its profile, of either kind; another name gives none', () => {
    expect(index.findName('  coinhaven ')).toEqual([{ id: 8, profileKind: 'project', name: 'CoinHaven' }]);
    expect(index.findName('ALDRIC   quenby')).toEqual([{ id: 7, profileKind: 'developer', name: 'Aldric Quenby' }]);
    expect(index.findName('Aldric Quenb')).toEqual([]);
    expect(index.findName('Aldric')).toEqual([]);
    // a lookalike of the name is not the name
    expect(index.findName('CoinH\u0430ven')).toEqual([]);
    expect(index.findName('   ')).toEqual([]);
  });

  it('when two live profiles share a name, then findName gives both in name order, and a renamed or removed one no longer', () => {
    const twins = SearchIndex.build([
      profile(31, { name: 'Jane Roe' }), profile(30, { kind: 'project', name: 'jane roe' }), profile(32, { name: 'Janet Roe' }),
    ]);
    expect(twins.findName('Jane Roe').map((p) => p.id).sort()).toEqual([30, 31]);
    twins.upsert([profile(31, { name: 'Jane Doe' })]);
    expect(twins.findName('Jane Roe').map((p) => p.id)).toEqual([30]);
    expect(twins.findName('jane doe').map((p) => p.id)).toEqual([31]);
    twins.remove([30]);
    expect(twins.findName('Jane Roe')).toEqual([]);
  });

  it('when a profile holding a listed value is removed, then it is no longer named, and one upserted is', () => {
    index.remove([8]);
    expect(index.lookup('c0inhaven.example').lookalikes).toEqual([]);
    index.upsert([profile(20, { name: 'Haven Two', website: ['coinhaven.example'] })]);
    expect(index.lookup('c0inhaven.example').lookalikes[0]).toMatchObject({ id: 20, name: 'Haven Two' });
  });
});
