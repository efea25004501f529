import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OTHER_PREFIX, PREFIX_KEYS, TokenPrefixes, prefixKey, prefixKeys } from './token-prefixes';

const unit = fc.constantFrom('a', 'b', 'z', '0', '9', 'é', 'ÿ', 'ж', 'Σ', '\uD83D', '\uDE00');
const token = fc.string({ unit, minLength: 1, maxLength: 4 });

/** What a prefix search reads: its groups, and the tokens of the other group that start with it. */
function startingWith(prefixes: TokenPrefixes, tokens: readonly string[], prefix: string): number[] {
  const keys = prefixKeys(prefix);
  const ids = keys ? Array.from(prefixes.range(keys[0], keys[1])) : [];
  for (const id of prefixes.range(OTHER_PREFIX, PREFIX_KEYS)) if (tokens[id]!.startsWith(prefix)) ids.push(id);
  return ids.sort((a, b) => a - b);
}

describe('token prefix groups', () => {
  it('give exactly the tokens starting with a 1- or 2-unit prefix', () => {
    fc.assert(fc.property(fc.uniqueArray(token, { maxLength: 40 }), fc.string({ unit, minLength: 1, maxLength: 2 }), (tokens, prefix) => {
      const prefixes = TokenPrefixes.group(tokens.map(prefixKey), tokens.length);
      const expected = tokens.flatMap((t, id) => (t.startsWith(prefix) ? [id] : []));
      expect(startingWith(prefixes, tokens, prefix)).toEqual(expected);
    }), { numRuns: 500 });
  });

  it('group every token once, in id order within a group, and survive packing', () => {
    const tokens = ['ab', 'a', 'жa', 'aж', 'b', 'ab0', 'a9'];
    const prefixes = TokenPrefixes.unpack(...TokenPrefixes.group(tokens.map(prefixKey), tokens.length).pack());
    expect(prefixes.size).toBe(tokens.length);
    expect(Array.from(prefixes.range(...prefixKeys('a')!))).toEqual([1, 6, 0, 5]);
    expect(Array.from(prefixes.range(...prefixKeys('ab')!))).toEqual([0, 5]);
    expect(Array.from(prefixes.range(OTHER_PREFIX, PREFIX_KEYS))).toEqual([2, 3]);
    expect(prefixKeys('ж')).toBeNull();
  });
});
