// Trigram ids, shared by the index and the builder of its token structures (token-structures.ts,
// which may run in a helper worker's copy of the index: both must number the trigrams alike). A trigram of ASCII
// letters and digits (nearly all) is its own id, its place among the 36³ of them, whether any token
// has it or not, so streaming one reads no table; any other is DENSE_GRAMS + k, k its place in
// the order the trigrams beyond those were first met (SparseGrams).

/** a code per ASCII digit and lower-case letter (0-35), -1 for the other units below 128 */
const ALNUM_CODE = new Int8Array(128).fill(-1);
for (let u = 48; u <= 57; u++) ALNUM_CODE[u] = u - 48;
for (let u = 97; u <= 122; u++) ALNUM_CODE[u] = u - 87;
export const DENSE_GRAMS = 36 ** 3;

/** The code of an ASCII digit or lower-case letter, else -1. */
export function unitCode(unit: number): number {
  return unit < 128 ? ALNUM_CODE[unit]! : -1;
}

/** The place of a trigram of ASCII digits and lower-case letters among all of them, or -1. */
export function densePlace(a: number, b: number, c: number): number {
  if ((a | b | c) >= 128) return -1;
  const x = ALNUM_CODE[a]!;
  const y = ALNUM_CODE[b]!;
  const z = ALNUM_CODE[c]!;
  return (x | y | z) < 0 ? -1 : (x * 36 + y) * 36 + z;
}

/** a trigram's three code units as one number, and a hash of them */
const gramKey = (a: number, b: number, c: number) => a * 4294967296 + b * 65536 + c;
function gramHash(a: number, b: number, c: number): number {
  const h = Math.imul(((a << 16) | b) ^ Math.imul(c, 0x9e3779b1), 0x85ebca6b);
  return h ^ (h >>> 15);
}
/** initial size of the hash table (a power of two; doubled at half load) */
const TABLE_START = 1 << 6;

/** The trigrams beyond the dense ones: their keys in id order, found by hash (open addressing, k + 1; 0: free). */
export class SparseGrams {
  readonly keys: number[] = [];
  private table = new Int32Array(TABLE_START);

  static from(keys: readonly number[]): SparseGrams {
    const grams = new SparseGrams();
    for (const key of keys) grams.place(grams.keys.push(key) - 1);
    return grams;
  }

  get size(): number {
    return this.keys.length;
  }

  /** The id of the trigram of s at i, or -1 when there is none yet. */
  idOf(s: string, i: number): number {
    const a = s.charCodeAt(i);
    const b = s.charCodeAt(i + 1);
    const c = s.charCodeAt(i + 2);
    const dense = densePlace(a, b, c);
    if (dense >= 0) return dense;
    const key = gramKey(a, b, c);
    const table = this.table;
    const mask = table.length - 1;
    const keys = this.keys;
    let p = gramHash(a, b, c) & mask;
    for (let e = table[p]!; e !== 0; p = (p + 1) & mask, e = table[p]!) if (keys[e - 1] === key) return DENSE_GRAMS + e - 1;
    return -1;
  }

  /** The id of a trigram idOf() just missed, made now. */
  add(s: string, i: number): number {
    const k = this.keys.push(gramKey(s.charCodeAt(i), s.charCodeAt(i + 1), s.charCodeAt(i + 2))) - 1;
    this.place(k);
    return DENSE_GRAMS + k;
  }

  /** The ids of the sparse trigrams whose last two units are b and c. */
  endingWith(b: number, c: number, out: number[]): void {
    this.keys.forEach((key, k) => {
      if (Math.floor(key / 65536) % 65536 === b && key % 65536 === c) out.push(DENSE_GRAMS + k);
    });
  }

  /** Enters trigram k in the hash table (grown at half load). */
  private place(k: number): void {
    if ((k + 1) * 2 > this.table.length) {
      const old = this.table;
      this.table = new Int32Array(old.length * 2);
      for (const e of old) if (e !== 0) this.hash(e - 1);
    }
    this.hash(k);
  }

  private hash(k: number): void {
    const key = this.keys[k]!;
    const table = this.table;
    const mask = table.length - 1;
    let p = gramHash(Math.floor(key / 4294967296), Math.floor(key / 65536) % 65536, key % 65536) & mask;
    while (table[p] !== 0) p = (p + 1) & mask;
    table[p] = k + 1;
  }
}
