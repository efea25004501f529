import { describe, expect, it } from 'vitest';
import { BitsetArena, fromSlots, popcount, setBit, slotsOf } from './bitset';

describe('BitsetArena', () => {
  it('lends distinct cleared bitsets, and a released one comes back cleared', () => {
    const arena = new BitsetArena(4);
    const a = arena.take();
    const b = arena.take();
    expect(a).not.toBe(b);
    setBit(a, 3);
    setBit(b, 100);
    arena.release();
    const again = [arena.take(), arena.take()];
    expect(again).toContain(a);
    expect(again).toContain(b);
    expect(again.map(popcount)).toEqual([0, 0]);
    expect(arena.take()).not.toBe(a); // a third: a new one, none is lent twice
  });

  it('copies a longer source to its size and clears what a shorter one does not reach', () => {
    const arena = new BitsetArena(2);
    const dirty = arena.take();
    dirty.fill(0xffffffff);
    arena.release();
    expect(slotsOf(arena.copyOf(fromSlots(128, [1, 40, 90])))).toEqual([1, 40]);
    expect(slotsOf(arena.copyOf(fromSlots(32, [5])))).toEqual([5]);
  });

  it('clears the asked part of a mark array each time it is asked for', () => {
    const arena = new BitsetArena(1);
    const marks = arena.clearedMarks(0, 8);
    marks.fill(2);
    expect([...arena.clearedMarks(0, 8)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(arena.clearedMarks(1, 16)).toHaveLength(16);
    expect(arena.clearedMarks(0, 4)).toBe(marks);
  });
});
