// Sorting the token dictionary by UTF-16 code units (the order of < and of the default
// Array#sort), without a JavaScript comparator: a most-significant-digit radix sort whose
// digits are a few code units at a time, packed with the position into one float and sorted by
// the engine's native Float64Array sort. Strings sharing those units go round again on the next
// ones. At 100k profiles (~300k tokens) this takes a fraction of the default sort's time.

/** ranges this small are sorted by comparing the strings */
const SMALL = 32;
/** float64 holds integers exactly up to 2^53 */
const EXACT_BITS = 53;
/** a digit is one code unit plus one (0 marks the end of the string), so units up to 254 */
const UNIT_BITS = 8;
const MAX_UNIT = (1 << UNIT_BITS) - 2;

/** The indexes of the (distinct) strings in code-unit order. */
export function codeUnitOrder(list: readonly string[]): Int32Array {
  const ids = new Int32Array(list.length);
  for (let i = 0; i < ids.length; i++) ids[i] = i;
  const keys = new Float64Array(list.length);
  const moved = new Int32Array(list.length);
  sortRange(list, ids, keys, moved, 0, ids.length, 0);
  return ids;
}

function compareStrings(list: readonly string[]): (a: number, b: number) => number {
  return (a, b) => {
    const x = list[a]!;
    const y = list[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function insertionSort(list: readonly string[], ids: Int32Array, lo: number, hi: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const id = ids[i]!;
    const s = list[id]!;
    let j = i - 1;
    while (j >= lo && list[ids[j]!]! > s) {
      ids[j + 1] = ids[j]!;
      j--;
    }
    ids[j + 1] = id;
  }
}

/** Sorts ids[lo, hi), whose strings all share their first `depth` units. */
function sortRange(list: readonly string[], ids: Int32Array, keys: Float64Array, moved: Int32Array, lo: number, hi: number, depth: number): void {
  const m = hi - lo;
  if (m < 2) return;
  if (m <= SMALL) {
    insertionSort(list, ids, lo, hi);
    return;
  }
  const positionBits = 32 - Math.clz32(m - 1);
  const digits = Math.max(1, Math.floor((EXACT_BITS - positionBits) / UNIT_BITS));
  const positions = 2 ** positionBits;
  for (let k = 0; k < m; k++) {
    const s = list[ids[lo + k]!]!;
    let key = 0;
    for (let d = depth; d < depth + digits; d++) {
      const unit = d < s.length ? s.charCodeAt(d) : -1;
      if (unit > MAX_UNIT) {
        // a unit too wide for a digit: compare these strings whole (they share the first depth units)
        ids.set(Int32Array.from(ids.subarray(lo, hi)).sort(compareStrings(list)), lo);
        return;
      }
      key = key * (1 << UNIT_BITS) + unit + 1;
    }
    keys[lo + k] = key * positions + k;
  }
  const sorted = keys.subarray(lo, hi).sort();
  for (let k = 0; k < m; k++) moved[lo + k] = ids[lo + (sorted[k]! % positions)]!;
  ids.set(moved.subarray(lo, hi), lo);
  // runs with the same digits: distinct strings, so none of them ended inside the digits
  let start = 0;
  let startKey = Math.floor(sorted[0]! / positions);
  for (let k = 1; k <= m; k++) {
    const key = k < m ? Math.floor(sorted[k]! / positions) : -1;
    if (key === startKey) continue;
    if (k - start > 1) sortRange(list, ids, keys, moved, lo + start, lo + k, depth + digits);
    start = k;
    startKey = key;
  }
}
