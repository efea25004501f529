import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeUnitOrder } from './code-unit-sort';

describe('the dictionary order', () => {
  it('when distinct strings are sorted, then the order is the default sort (by UTF-16 code units)', () => {
    // few units, so strings share long prefixes; some beyond the 8-bit digits; lists past the small-range cut-off
    const unit = fc.constantFrom('a', 'b', 'z', '0', '9', 'é', 'ÿ', 'Ā', 'Ω', '\uD83D', '\uDE00', '\u0000');
    const word = fc.array(unit, { minLength: 1, maxLength: 12 }).map((u) => u.join(''));
    fc.assert(fc.property(fc.uniqueArray(word, { maxLength: 300 }), (list) => {
      expect(Array.from(codeUnitOrder(list), (i) => list[i])).toEqual(list.slice().sort());
    }), { numRuns: 300 });
  });

  it('when many strings share a prefix, then they are ordered by the units after it', () => {
    const list = Array.from({ length: 5000 }, (_, i) => `bc1q${(i * 7919).toString(36)}`).concat(['bc1', 'bc1q', 'b']);
    expect(Array.from(codeUnitOrder(list), (i) => list[i])).toEqual(list.slice().sort());
  });
});
