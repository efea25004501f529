// A small direct-mapped cache of string -> id. Most of the values the build looks up come from
// small vocabularies (an industry, a currency, a language) and repeat all the time: such a value is
// found here by one string comparison, where a full table would hash all of it first. A miss says
// nothing; the caller then asks its full table and remembers the answer here.

export class RecentValues {
  // (all strings, an empty place '' with id -1: a comparison of two strings is quicker than one
  // that may meet undefined)
  private readonly keys: string[];
  private readonly ids: Int32Array;
  private readonly mask: number;

  /** places: a power of two */
  constructor(places = 256) {
    this.keys = new Array<string>(places).fill('');
    this.ids = new Int32Array(places).fill(-1);
    this.mask = places - 1;
  }

  /** The id remembered for the value, or -1. */
  get(value: string): number {
    const i = place(value) & this.mask;
    return this.keys[i] === value ? this.ids[i]! : -1;
  }

  set(value: string, id: number): void {
    const i = place(value) & this.mask;
    this.keys[i] = value;
    this.ids[i] = id;
  }
}

/** A cheap hash: the length and the first, middle and last units. */
function place(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  const h = Math.imul(n ^ (value.charCodeAt(0) << 7) ^ (value.charCodeAt(n >> 1) << 14) ^ (value.charCodeAt(n - 1) << 21), 0x9e3779b1);
  return h >>> 16;
}
