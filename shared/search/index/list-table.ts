// Many lists of integers (a token's slots, a trigram's tokens) in two flat arrays, CSR style:
// list i is data[offsets[i], offsets[i + 1]). Lists grown after the table was laid out keep
// their new values in a small array each. At 100k profiles the index holds ~350k lists: one
// typed-array view each was ~40 MB of heap for the garbage collector to walk (issue 6).

export class ListTable {
  /** lists appended to since the table was laid out: their later values, by list */
  private tails = new Map<number, number[]>();

  private constructor(
    private offsets: Int32Array,
    private data: Int32Array,
    /** lists in offsets/data; those above were added later (all in tails, when not empty) */
    private laidOut: number,
    private lists: number,
  ) {}

  static empty(): ListTable {
    return new ListTable(new Int32Array(1), new Int32Array(0), 0, 0);
  }

  /**
   * Lists from a stream of markers, -(key + 1), each followed by list ids: each list gets, in
   * stream order, the keys its id follows.
   */
  static fromStream(stream: readonly number[], used: number, lists: number): ListTable {
    const offsets = new Int32Array(lists + 1);
    for (let i = 0; i < used; i++) {
      const v = stream[i]!;
      if (v >= 0) offsets[v + 1]!++;
    }
    for (let id = 0; id < lists; id++) offsets[id + 1]! += offsets[id]!;
    const data = new Int32Array(offsets[lists]!);
    const fill = offsets.slice(0, lists);
    let key = 0;
    for (let i = 0; i < used; i++) {
      const v = stream[i]!;
      if (v < 0) key = -v - 1;
      else data[fill[v]!++] = key;
    }
    return new ListTable(offsets, data, lists, lists);
  }

  /**
   * The inverse of lists of ids by key (key k's ids in data[starts[k], ends[k])): per id, the keys
   * whose lists hold it, each once, in key order.
   */
  static invert(starts: ArrayLike<number>, ends: ArrayLike<number>, data: ArrayLike<number>, keys: number, lists: number): ListTable {
    const last = new Int32Array(lists).fill(-1);
    const offsets = new Int32Array(lists + 1);
    for (let k = 0; k < keys; k++) {
      for (let i = starts[k]!, end = ends[k]!; i < end; i++) {
        const id = data[i]!;
        if (last[id] === k) continue;
        last[id] = k;
        offsets[id + 1]!++;
      }
    }
    for (let id = 0; id < lists; id++) offsets[id + 1]! += offsets[id]!;
    const out = new Int32Array(offsets[lists]!);
    const fill = offsets.slice(0, lists);
    last.fill(-1);
    for (let k = 0; k < keys; k++) {
      for (let i = starts[k]!, end = ends[k]!; i < end; i++) {
        const id = data[i]!;
        if (last[id] === k) continue;
        last[id] = k;
        out[fill[id]!++] = k;
      }
    }
    return new ListTable(offsets, out, lists, lists);
  }

  /** The table as laid out by pack(). */
  static unpack(offsetsBuffer: ArrayBuffer, dataBuffer: ArrayBuffer): ListTable {
    const offsets = new Int32Array(offsetsBuffer);
    return new ListTable(offsets, new Int32Array(dataBuffer), offsets.length - 1, offsets.length - 1);
  }

  /** From offsets (list count + 1) and data, taken as they are. */
  static of(offsets: Int32Array, data: Int32Array): ListTable {
    return new ListTable(offsets, data, offsets.length - 1, offsets.length - 1);
  }

  get count(): number {
    return this.lists;
  }

  /** Adds an empty list; returns its id. */
  add(): number {
    return this.lists++;
  }

  push(list: number, value: number): void {
    const tail = this.tails.get(list);
    if (tail) tail.push(value);
    else this.tails.set(list, [value]);
  }

  size(list: number): number {
    const laid = list < this.laidOut ? this.offsets[list + 1]! - this.offsets[list]! : 0;
    return laid + (this.tails.get(list)?.length ?? 0);
  }

  /** The last value of the list, or -1 when it is empty. */
  last(list: number): number {
    const tail = this.tails.get(list);
    if (tail) return tail[tail.length - 1]!;
    if (list >= this.laidOut) return -1;
    const end = this.offsets[list + 1]!;
    return end > this.offsets[list]! ? this.data[end - 1]! : -1;
  }

  /** The list's values, in order (a view when it has no later values, else a copy). */
  get(list: number): ArrayLike<number> {
    const laid = list < this.laidOut ? this.data.subarray(this.offsets[list]!, this.offsets[list + 1]!) : new Int32Array(0);
    const tail = this.tails.get(list);
    return tail ? [...laid, ...tail] : laid;
  }

  /** Sets the bit of every value of the list; returns how many values it has (the work done). */
  setBits(list: number, bits: Uint32Array): number {
    let count = 0;
    if (list < this.laidOut) {
      const data = this.data;
      const start = this.offsets[list]!;
      const end = this.offsets[list + 1]!;
      for (let i = start; i < end; i++) {
        const v = data[i]!;
        bits[v >>> 5] = bits[v >>> 5]! | (1 << (v & 31));
      }
      count = end - start;
    }
    const tail = this.tails.get(list);
    if (tail) {
      for (const v of tail) bits[v >>> 5] = bits[v >>> 5]! | (1 << (v & 31));
      count += tail.length;
    }
    return count;
  }

  /** A table with every value v replaced by remap[v], and dropped where that is negative. */
  remap(remap: Int32Array): ListTable {
    return this.flatten(remap);
  }

  /** Offsets (Uint32, list count + 1) and data (Int32), copies: the later values folded in. */
  pack(): [ArrayBuffer, ArrayBuffer] {
    const table = this.tails.size === 0 && this.laidOut === this.lists ? this : this.flatten(null);
    const end = table.offsets[table.lists]!;
    return [Uint32Array.from(table.offsets).buffer, table.data.slice(0, end).buffer];
  }

  private flatten(remap: Int32Array | null): ListTable {
    let total = this.offsets[this.laidOut]!;
    for (const tail of this.tails.values()) total += tail.length;
    const offsets = new Int32Array(this.lists + 1);
    const data = new Int32Array(total);
    let at = 0;
    for (let list = 0; list < this.lists; list++) {
      const values = this.get(list);
      for (let i = 0; i < values.length; i++) {
        const v = remap ? remap[values[i]!]! : values[i]!;
        if (v >= 0) data[at++] = v;
      }
      offsets[list + 1] = at;
    }
    return ListTable.of(offsets, at < total ? data.slice(0, at) : data);
  }
}

/**
 * Lists of ascending ids (a trigram's tokens) stored as their gaps in variable-length bytes (7 bits
 * a byte, the high bit saying more follow): about a byte or two an id where ListTable takes four.
 * Lists grown after the table was laid out keep their new values in a small array each.
 */
/**
 * entries per list of fromSizedStream()'s sizes: its last id and the bytes of its gaps (two
 * entries, so the build's sizes of ~47k trigrams fit in a core's L2 cache with the dense table)
 */
export const GAP_SIZES_STRIDE = 2;

export class GapListTable {
  private tails = new Map<number, number[]>();

  private constructor(
    /** per list: where its bytes start (list count + 1), how many ids it has, its last id (-1: none) */
    private offsets: Int32Array,
    private counts: Int32Array,
    private lasts: Int32Array,
    private bytes: Uint8Array,
    private laidOut: number,
    private lists: number,
  ) {}

  static empty(): GapListTable {
    return new GapListTable(new Int32Array(1), new Int32Array(0), new Int32Array(0), new Uint8Array(0), 0, 0);
  }

  /**
   * The lists of `lists` ids given as a stream: for id k in ascending order, its lists are
   * stream[ends[k - 1], ends[k]) (each list at most once an id).
   */
  static fromStream(stream: readonly number[], ends: readonly number[], lists: number): GapListTable {
    const sizes = new Int32Array(GAP_SIZES_STRIDE * lists);
    for (let list = 0; list < lists; list++) sizes[GAP_SIZES_STRIDE * list] = -1;
    for (let id = 0, k = 0; id < ends.length; id++) {
      for (const end = ends[id]!; k < end; k++) {
        const at = GAP_SIZES_STRIDE * stream[k]!;
        sizes[at + 1]! += gapBytes(id - sizes[at]!);
        sizes[at] = id;
      }
    }
    return GapListTable.fromSizedStream(stream, ends, lists, sizes);
  }

  /**
   * fromStream() with the lists' sizes known: per list, GAP_SIZES_STRIDE entries, its last id and
   * how many bytes its gaps take (the build counts them as it streams); the ids are counted here.
   */
  static fromSizedStream(stream: readonly number[], ends: readonly number[], lists: number, sizes: Int32Array): GapListTable {
    const offsets = new Int32Array(lists + 1);
    const counts = new Int32Array(lists);
    for (let list = 0; list < lists; list++) offsets[list + 1] = offsets[list]! + sizes[GAP_SIZES_STRIDE * list + 1]!;
    const bytes = new Uint8Array(offsets[lists]!);
    const at = offsets.slice(0, lists);
    const lasts = new Int32Array(lists).fill(-1);
    for (let id = 0, k = 0; id < ends.length; id++) {
      for (const end = ends[id]!; k < end; k++) {
        const list = stream[k]!;
        let gap = id - lasts[list]!;
        lasts[list] = id;
        counts[list]!++;
        let i = at[list]!;
        while (gap >= 0x80) {
          bytes[i++] = (gap & 0x7f) | 0x80;
          gap >>>= 7;
        }
        bytes[i++] = gap;
        at[list] = i;
      }
    }
    return new GapListTable(offsets, counts, lasts, bytes, lists, lists);
  }

  /** The table as laid out by pack(). */
  static unpack(offsets: ArrayBuffer, counts: ArrayBuffer, lasts: ArrayBuffer, bytes: ArrayBuffer): GapListTable {
    const o = new Int32Array(offsets);
    return new GapListTable(o, new Int32Array(counts), new Int32Array(lasts), new Uint8Array(bytes), o.length - 1, o.length - 1);
  }

  get count(): number {
    return this.lists;
  }

  /** Adds an empty list; returns its id. */
  add(): number {
    return this.lists++;
  }

  /** Appends an id above the list's last. */
  push(list: number, value: number): void {
    const tail = this.tails.get(list);
    if (tail) tail.push(value);
    else this.tails.set(list, [value]);
  }

  size(list: number): number {
    return (list < this.laidOut ? this.counts[list]! : 0) + (this.tails.get(list)?.length ?? 0);
  }

  /** The last id of the list, or -1 when it is empty. */
  last(list: number): number {
    const tail = this.tails.get(list);
    if (tail) return tail[tail.length - 1]!;
    return list < this.laidOut ? this.lasts[list]! : -1;
  }

  /** The list's ids, in order. */
  get(list: number): number[] {
    const out: number[] = [];
    if (list < this.laidOut) {
      const bytes = this.bytes;
      let id = -1;
      for (let i = this.offsets[list]!, end = this.offsets[list + 1]!; i < end;) {
        let gap = 0;
        let shift = 0;
        let b: number;
        do {
          b = bytes[i++]!;
          gap += (b & 0x7f) * 2 ** shift;
          shift += 7;
        } while (b >= 0x80);
        id += gap;
        out.push(id);
      }
    }
    const tail = this.tails.get(list);
    if (tail) for (const v of tail) out.push(v);
    return out;
  }

  /** Offsets, counts, last ids and bytes (copies): the later ids folded in. */
  pack(): [ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer] {
    const table = this.tails.size > 0 || this.laidOut < this.lists ? this.relaid() : this;
    return [table.offsets.slice().buffer, table.counts.slice().buffer, table.lasts.slice().buffer, table.bytes.slice().buffer];
  }

  /** Every list laid out again (the later ids folded in), from a stream by id. */
  private relaid(): GapListTable {
    const byId: number[][] = [];
    for (let list = 0; list < this.lists; list++) for (const id of this.get(list)) (byId[id] ??= []).push(list);
    const stream: number[] = [];
    const ends: number[] = [];
    for (let id = 0; id < byId.length; id++) {
      for (const list of byId[id] ?? []) stream.push(list);
      ends.push(stream.length);
    }
    return GapListTable.fromStream(stream, ends, this.lists);
  }
}

/** How many bytes the gap (a positive int32) takes: 7 bits a byte. */
export function gapBytes(gap: number): number {
  return gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5;
}
