// The listing's order among equal scores, the reference's compareNames: by name with its collator,
// then by id. Every live slot has a rank in it, made per build (a counting sort, the collator asked
// once per distinct name) and kept through deltas (new slots placed by binary search); a page is
// cut from score buckets walked in this order (query.ts).
import { nameCollator } from '../reference';
import { hasBit, type Bitset } from './bitset';

/** an id and a slot packed in one float64: id * SLOT_FACTOR + slot, exact while below 2^53 */
const SLOT_FACTOR = 2 ** 21;
const MAX_PACKED_ID = 2 ** 32;

/** The names a build read as shared values: per slot the shared value id of its name (-1: not shared), and their strings. */
export interface SharedNames {
  ofSlot: readonly number[];
  raw: readonly string[];
}

/**
 * The live slots in name order. sharedNames: the build's shared value ids of the slots' names,
 * so a name read as a shared value is not looked up again by string.
 */
export function nameOrder(names: readonly string[], ids: readonly number[], live: number[], slotCount: number, sharedNames?: SharedNames): number[] {
  // the collator is asked once per distinct name (a name twice in `distinct` ties with itself)
  const distinct: string[] = [];
  const nameAt = new Map<string, number>();
  const sharedAt = new Int32Array(sharedNames ? sharedNames.raw.length : 0).fill(-1);
  const slotName = new Int32Array(slotCount);
  for (const slot of live) {
    const shared = sharedNames ? sharedNames.ofSlot[slot]! : -1;
    let at = shared >= 0 ? sharedAt[shared]! : (nameAt.get(names[slot]!) ?? -1);
    if (at < 0) {
      at = distinct.length;
      if (shared >= 0) {
        distinct.push(sharedNames!.raw[shared]!);
        sharedAt[shared] = at;
      } else {
        distinct.push(names[slot]!);
        nameAt.set(names[slot]!, at);
      }
    }
    slotName[slot] = at;
  }
  const byName = distinct.map((_, at) => at).sort((a, b) => nameCollator.compare(distinct[a]!, distinct[b]!));
  // names the collator calls equal share a rank
  const nameRank = new Int32Array(distinct.length);
  let r = 0;
  for (let i = 0; i < byName.length; i++) {
    if (i > 0 && nameCollator.compare(distinct[byName[i - 1]!]!, distinct[byName[i]!]!) !== 0) r = i;
    nameRank[byName[i]!] = r;
  }
  const key = new Int32Array(slotCount);
  for (const slot of live) key[slot] = nameRank[slotName[slot]!]!;
  // the slots in id order, then a stable counting sort by rank: (rank, id) order
  const byId = inIdOrder(live, ids, slotCount);
  const starts = new Int32Array(distinct.length + 1);
  for (const slot of byId) starts[key[slot]! + 1]!++;
  for (let k = 0; k < distinct.length; k++) starts[k + 1]! += starts[k]!;
  const order = new Array<number>(byId.length);
  for (const slot of byId) order[starts[key[slot]!]!++] = slot;
  return order;
}

/** The slots sorted by their profiles' ids (a native sort of id and slot packed in one number when they fit). */
function inIdOrder(slots: number[], ids: readonly number[], slotCount: number): number[] | Int32Array {
  let sorted = true;
  let packable = slotCount <= SLOT_FACTOR;
  for (let i = 0; i < slots.length; i++) {
    const id = ids[slots[i]!]!;
    if (i > 0 && ids[slots[i - 1]!]! > id) sorted = false;
    if (!(Number.isInteger(id) && id >= 0 && id < MAX_PACKED_ID)) packable = false;
  }
  if (sorted) return slots;
  if (!packable) return slots.sort((a, b) => ids[a]! - ids[b]!);
  const keys = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) keys[i] = ids[slots[i]!]! * SLOT_FACTOR + slots[i]!;
  keys.sort();
  const out = new Int32Array(slots.length);
  for (let i = 0; i < keys.length; i++) out[i] = keys[i]! % SLOT_FACTOR;
  return out;
}

/** The name order after a delta: dead slots leave it, new ones are placed by binary search. */
export function orderAfterDelta(order: readonly number[], alive: Bitset, added: readonly number[], names: readonly string[], ids: readonly number[]): number[] {
  const cmp = (a: number, b: number) => nameCollator.compare(names[a]!, names[b]!) || ids[a]! - ids[b]!;
  const out = order.filter((slot) => hasBit(alive, slot));
  for (const slot of [...added].sort(cmp)) {
    if (!hasBit(alive, slot)) continue;
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(out[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, slot);
  }
  return out;
}

/**
 * The first `count` slots of `listed` in the order, written to `out` (how many written: fewer when
 * `listed` holds fewer). Each listed slot's rank is set in `byRank` (cleared, one bit per place in
 * the order), which is then read from its start: ~2 passes over the bitset's words and a few steps
 * a listed slot, where a sort by rank compares each slot log2(n) times (a listing of 5,000 at
 * 100k: ~1.3 ms with a comparator, ~36 µs here) and a walk of the order tests every place
 * up to the page's end.
 */
export function listedInOrder(listed: Bitset, rank: Int32Array, order: ArrayLike<number>, byRank: Bitset, out: Int32Array, count: number): number {
  for (let w = 0; w < listed.length; w++) {
    let word = listed[w]!;
    while (word !== 0) {
      const low = word & -word;
      const r = rank[(w << 5) + (31 - Math.clz32(low))]!;
      if (r >= 0) byRank[r >>> 5] = byRank[r >>> 5]! | (1 << (r & 31));
      word ^= low;
    }
  }
  let n = 0;
  for (let w = 0; w < byRank.length && n < count; w++) {
    let word = byRank[w]!;
    while (word !== 0 && n < count) {
      const low = word & -word;
      out[n++] = order[(w << 5) + (31 - Math.clz32(low))]!;
      word ^= low;
    }
  }
  return n;
}

/** Per slot, its place in the order (-1: not in it). */
export function ranksOf(order: readonly number[], slotCount: number): Int32Array {
  const rank = new Int32Array(slotCount).fill(-1);
  for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
  return rank;
}
