import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSlots, newBitset } from './bitset';
import { listedInOrder, ranksOf } from './order';

// an order of `size` slots (a permutation, some slots left out: not alive) and a listing of some of its slots
const orderAndListing = fc.integer({ min: 1, max: 300 }).chain((size) => fc.record({
  size: fc.constant(size),
  order: fc.shuffledSubarray(Array.from({ length: size }, (_, i) => i)),
  picks: fc.array(fc.nat({ max: size - 1 }), { maxLength: size }),
  count: fc.nat({ max: size + 5 }),
}));

describe('a listing in order', () => {
  it('is the listed slots as a walk of the order meets them, the first `count` of them', () => {
    fc.assert(fc.property(orderAndListing, ({ size, order, picks, count }) => {
      const listed = fromSlots(size, picks);
      const walked = order.filter((slot) => picks.includes(slot)).slice(0, count);
      const out = new Int32Array(size + 5).fill(-7);
      const n = listedInOrder(listed, ranksOf(order, size), order, newBitset(size), out, count);
      expect(n).toBe(walked.length);
      expect(Array.from(out.subarray(0, n))).toEqual(walked);
    }));
  });
});
