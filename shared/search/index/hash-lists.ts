// Integers by a 32-bit hash, for the identifier postings and the lookalikes (issue 16): pairs
// (hash, value) laid out in hash order (a lookup is a binary search), then pairs added since,
// unsorted (a lookup reads them through), sorted in once there are many. A hash is not a key: the
// caller checks each value it is given, so collisions cost time, never answers.
import { FNV_PRIME, FNV_START } from './profile-values';

const RADIX = 1 << 16;
/** added pairs beyond this many are sorted in */
const TAIL_MAX = 4096;

/** FNV-1a over a seed and a string's units, unsigned. */
export function hashOf(seed: number, text: string): number {
  let h = Math.imul(FNV_START ^ seed, FNV_PRIME);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A growable list of 32-bit integers. */
export class Ints {
  constructor(public data: Int32Array = new Int32Array(64), public length = 0) {}

  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(Math.max(64, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }

  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

export class HashLists {
  private hashes = new Uint32Array(0);
  private values = new Int32Array(0);
  private tailHashes = new Ints();
  private tailValues = new Ints();

  add(hash: number, value: number): void {
    this.tailHashes.push(hash | 0);
    this.tailValues.push(value);
  }

  /** Sorts the added pairs in (a whole build's, once; a delta's when they are many). */
  layOut(): void {
    const t = this.tailValues.length;
    if (t === 0) return;
    const n = this.values.length;
    const hashes = new Int32Array(n + t);
    const values = new Int32Array(n + t);
    hashes.set(this.hashes);
    hashes.set(this.tailHashes.view(), n);
    values.set(this.values);
    values.set(this.tailValues.view(), n);
    const order = hashOrder(hashes);
    this.hashes = Uint32Array.from(order, (i) => hashes[i]! >>> 0);
    this.values = Int32Array.from(order, (i) => values[i]!);
    this.tailHashes = new Ints();
    this.tailValues = new Ints();
  }

  settle(): void {
    if (this.tailValues.length > TAIL_MAX) this.layOut();
  }

  /** Calls back with each value added under the hash (unsigned). */
  each(hash: number, visit: (value: number) => void): void {
    const hashes = this.hashes;
    let lo = 0;
    let hi = hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (hashes[mid]! < hash) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < hashes.length && hashes[i] === hash; i++) visit(this.values[i]!);
    const tail = this.tailHashes.data;
    for (let i = 0, n = this.tailValues.length, h = hash | 0; i < n; i++) if (tail[i] === h) visit(this.tailValues.data[i]!);
  }
}

/** Indexes in the order of their (unsigned) hashes, stable: a radix sort by 16 bits twice. */
function hashOrder(hashes: Int32Array): Int32Array {
  const n = hashes.length;
  const count = new Int32Array(RADIX + 1);
  const low = new Int32Array(n);
  for (let i = 0; i < n; i++) count[(hashes[i]! & 0xffff) + 1]!++;
  for (let r = 0; r < RADIX; r++) count[r + 1]! += count[r]!;
  for (let i = 0; i < n; i++) low[count[hashes[i]! & 0xffff]!++] = i;
  count.fill(0);
  for (let i = 0; i < n; i++) count[(hashes[i]! >>> 16) + 1]!++;
  for (let r = 0; r < RADIX; r++) count[r + 1]! += count[r]!;
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = low[k]!;
    order[count[hashes[i]! >>> 16]!++] = i;
  }
  return order;
}
