// Fixed-size bitsets over index slots: one bit per slot, 32 slots per word.

export type Bitset = Uint32Array;

export function bitsetWords(size: number): number {
  return (size + 31) >>> 5;
}

export function newBitset(size: number): Bitset {
  return new Uint32Array(bitsetWords(size));
}

export function setBit(bits: Bitset, slot: number): void {
  bits[slot >>> 5] = bits[slot >>> 5]! | (1 << (slot & 31));
}

export function clearBit(bits: Bitset, slot: number): void {
  bits[slot >>> 5] = bits[slot >>> 5]! & ~(1 << (slot & 31));
}

export function hasBit(bits: Bitset, slot: number): boolean {
  return (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

/** A copy at least `size` bits long (a grown set keeps its bits). */
export function grow(bits: Bitset, size: number): Bitset {
  const words = bitsetWords(size);
  if (bits.length >= words) return bits;
  const out = new Uint32Array(Math.max(words, bits.length * 2));
  out.set(bits);
  return out;
}

/** target &= other, in place. */
export function andInto(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! & (other[i] ?? 0);
}

/** target |= other, in place. */
export function orInto(target: Bitset, other: Bitset): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i] = target[i]! | other[i]!;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function popcount(bits: Bitset): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i]! !== 0) n += popcount32(bits[i]!);
  return n;
}

/** How many slots both hold (popcount of their AND, neither changed). */
export function popcountAnd(a: Bitset, b: Bitset): number {
  const n = Math.min(a.length, b.length);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const both = a[i]! & b[i]!;
    if (both !== 0) count += popcount32(both);
  }
  return count;
}

/** The set slots, ascending. */
export function slotsOf(bits: Bitset): number[] {
  const out: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      out.push((w << 5) + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
  return out;
}

/** A bitset with the given slots set. */
export function fromSlots(size: number, slots: Iterable<number>): Bitset {
  const bits = newBitset(size);
  for (const slot of slots) setBit(bits, slot);
  return bits;
}

/**
 * Bitsets of one size lent to one query and all taken back at its end, and two byte arrays for
 * its marks. A query makes several bitsets of ~12 KB at 100k slots: new typed arrays that size
 * live outside the JS heap, and their churn made V8 collect every ~150 ms on the server (an
 * "external memory pressure" scavenge of the whole index's heap each time; decision 034).
 */
export class BitsetArena {
  private readonly free: Bitset[] = [];
  private readonly lent: Bitset[] = [];
  private readonly marks: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];
  private scores = new Int8Array(0);
  private list = new Int32Array(0);

  constructor(readonly words: number) {}

  /** A cleared bitset of the arena's size, the caller's until release(). */
  take(): Bitset {
    const reused = this.free.pop();
    const bits = reused ?? new Uint32Array(this.words);
    if (reused) bits.fill(0);
    this.lent.push(bits);
    return bits;
  }

  /** A bitset holding `source`'s first words (the arena's size), the caller's until release(). */
  copyOf(source: Bitset): Bitset {
    const bits = this.free.pop() ?? new Uint32Array(this.words);
    bits.set(source.length > this.words ? source.subarray(0, this.words) : source);
    if (source.length < this.words) bits.fill(0, source.length);
    this.lent.push(bits);
    return bits;
  }

  /** `which` of the two mark arrays, its first `length` bytes cleared (valid until the next call for the same one). */
  clearedMarks(which: 0 | 1, length: number): Uint8Array {
    let marks = this.marks[which];
    if (marks.length < length) marks = this.marks[which] = new Uint8Array(length);
    else marks.fill(0, 0, length);
    return marks;
  }

  /** A score per slot, not cleared: the caller writes a slot's before it reads it. */
  slotScores(length: number): Int8Array {
    if (this.scores.length < length) this.scores = new Int8Array(length);
    return this.scores;
  }

  /** A list of slots, not cleared: the caller reads only what it wrote (valid until the next call). */
  slotList(length: number): Int32Array {
    if (this.list.length < length) this.list = new Int32Array(length);
    return this.list;
  }

  /** Every lent bitset back. */
  release(): void {
    for (const bits of this.lent) this.free.push(bits);
    this.lent.length = 0;
  }
}
