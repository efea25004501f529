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
