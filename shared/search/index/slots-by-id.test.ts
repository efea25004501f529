import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotsById } from './slots-by-id';

// ids near each other, far beyond them, and not integers at all
const id = fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(-1, 1.5, 2 ** 53));
const op = fc.oneof(
  fc.tuple(fc.constant('set' as const), id, fc.nat(1000)),
  fc.tuple(fc.constant('delete' as const), id, fc.constant(0)),
);

describe('slots by profile id', () => {
  it('answer as a Map would, whatever the ids', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 300 }), fc.array(id, { maxLength: 20 }), (ops, probes) => {
      const slots = new SlotsById();
      const map = new Map<number, number>();
      for (const [kind, key, slot] of ops) {
        if (kind === 'set') {
          slots.set(key, slot);
          map.set(key, slot);
        } else {
          expect(slots.delete(key)).toBe(map.delete(key));
        }
      }
      expect(slots.size).toBe(map.size);
      for (const key of [...probes, ...map.keys()]) {
        expect(slots.get(key)).toBe(map.get(key));
        expect(slots.has(key)).toBe(map.has(key));
      }
      expect(slots.ids().sort((a, b) => a - b)).toEqual([...map.keys()].sort((a, b) => a - b));
      expect(slots.slots().sort((a, b) => a - b)).toEqual([...map.values()].sort((a, b) => a - b));
    }), { numRuns: 500 });
  });

  it('keep in the array the ids of as many profiles as were announced, whatever comes first', () => {
    const slots = new SlotsById();
    slots.reserve(100_000);
    slots.set(90_000, 0);
    slots.set(1, 1);
    slots.set(50_000, 2);
    expect(slots.ids()).toEqual([1, 50_000, 90_000]); // (in id order: all in the array)
    expect(slots.get(90_000)).toBe(0);
  });

  it('hand out the slots of small ids in id order', () => {
    const slots = new SlotsById();
    [[30, 0], [2, 1], [17, 2], [5, 3]].forEach(([key, slot]) => slots.set(key!, slot!));
    expect(slots.ids()).toEqual([2, 5, 17, 30]);
    expect(slots.slots()).toEqual([1, 3, 2, 0]);
  });
});
