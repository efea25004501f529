// The index's hash tables of ids: the token dictionary's (dictionary.ts) and a build's shared
// values' (build.ts). Open addressing in one Int32Array of pairs, id + 1 (0: a free place) and the
// key's hash, at the hash's place or the first free one after it; twice the places past a load.
// The keys stay with the owner, as a list by id, or here by place (compared there: one memory
// read fewer). Ids are handed out in order, from 0. (gram-ids.ts keeps its own small table: its
// keys are numbers, cheaper to compare than to hash again.)
import { FNV_PRIME } from './profile-values';

export class IdTable {
  /** per place: id + 1 (0: free), then the key's hash */
  private pairs: Int32Array;
  /** per place, its key (null: the owner keeps the keys by id) */
  private keys: string[] | null;
  private mask: number;
  private count: number;
  /** where the last missed lookup ended: the free place add() fills */
  private probe = 0;

  /**
   * pairs: the table's pairs (a power of two places), holding `count` ids; keys: per place, when
   * the table keeps them; grown once count exceeds loadNum / loadDen of the places.
   */
  private constructor(pairs: Int32Array, count: number, keys: string[] | null, private readonly loadNum: number, private readonly loadDen: number) {
    this.pairs = pairs;
    this.keys = keys;
    this.mask = (pairs.length >> 1) - 1;
    this.count = count;
  }

  /** An empty table of `places` places (a power of two) that keeps its keys by place when asked. */
  static empty(places: number, load: [number, number], keepKeys = false): IdTable {
    return new IdTable(new Int32Array(2 * places), 0, keepKeys ? new Array<string>(places).fill('') : null, load[0], load[1]);
  }

  /** A table of pairs made elsewhere (a helper worker's dictionary), holding ids 0 to count - 1. */
  static of(pairs: Int32Array, count: number, load: [number, number]): IdTable {
    return new IdTable(pairs, count, null, load[0], load[1]);
  }

  /** A table of the keys 0 to count - 1 by their hashes, at no more than half load (from `places`, doubled). */
  static filled(count: number, hashOf: (id: number) => number, places: number, load: [number, number]): IdTable {
    while (places < count * 2) places *= 2;
    const pairs = new Int32Array(2 * places);
    const mask = places - 1;
    for (let id = 0; id < count; id++) {
      const hash = hashOf(id);
      let i = hash & mask;
      while (pairs[2 * i] !== 0) i = (i + 1) & mask;
      pairs[2 * i] = id + 1;
      pairs[2 * i + 1] = hash;
    }
    return new IdTable(pairs, count, null, load[0], load[1]);
  }

  /** The pairs (to send them to another thread). */
  get buffer(): Int32Array {
    return this.pairs;
  }

  /** The id whose key, in keysById, is the key; or -1, and add() then puts it where it would be. */
  find(key: string, hash: number, keysById: readonly string[]): number {
    const pairs = this.pairs;
    const mask = this.mask;
    let i = hash & mask;
    for (let e = pairs[2 * i]!; e !== 0; i = (i + 1) & mask, e = pairs[2 * i]!) {
      if (pairs[2 * i + 1] === hash && keysById[e - 1] === key) return e - 1;
    }
    this.probe = i;
    return -1;
  }

  /** find() for the key text[from, to), compared in place. */
  findSlice(text: string, from: number, to: number, hash: number, keysById: readonly string[]): number {
    const pairs = this.pairs;
    const mask = this.mask;
    const length = to - from;
    let i = hash & mask;
    for (let e = pairs[2 * i]!; e !== 0; i = (i + 1) & mask, e = pairs[2 * i]!) {
      if (pairs[2 * i + 1] === hash && sameSlice(keysById[e - 1]!, text, from, length)) return e - 1;
    }
    this.probe = i;
    return -1;
  }

  /** find() in a table that keeps its keys. */
  findKey(key: string, hash: number): number {
    const pairs = this.pairs;
    const keys = this.keys!;
    const mask = this.mask;
    let i = hash & mask;
    for (let e = pairs[2 * i]!; e !== 0; i = (i + 1) & mask, e = pairs[2 * i]!) {
      if (pairs[2 * i + 1] === hash && keys[i] === key) return e - 1;
    }
    this.probe = i;
    return -1;
  }

  /** Adds the key a find just missed (its hash given, and the key itself when the table keeps them); returns its id. */
  add(hash: number, key?: string): number {
    const id = this.count++;
    this.pairs[2 * this.probe] = id + 1;
    this.pairs[2 * this.probe + 1] = hash;
    if (this.keys) this.keys[this.probe] = key!;
    if (this.count * this.loadDen > (this.pairs.length >> 1) * this.loadNum) this.grow();
    return id;
  }

  /** Twice the places, every entry (and key) placed again. */
  private grow(): void {
    const old = this.pairs;
    const oldKeys = this.keys;
    const places = old.length;
    const pairs = new Int32Array(2 * places);
    const keys = oldKeys ? new Array<string>(places).fill('') : null;
    const mask = places - 1;
    for (let k = 0; k < old.length; k += 2) {
      if (old[k] === 0) continue;
      let i = old[k + 1]! & mask;
      while (pairs[2 * i] !== 0) i = (i + 1) & mask;
      pairs[2 * i] = old[k]!;
      pairs[2 * i + 1] = old[k + 1]!;
      if (keys) keys[i] = oldKeys![k >> 1]!;
    }
    this.pairs = pairs;
    this.keys = keys;
    this.mask = mask;
  }
}

/** Whether the key is text[from, from + length). */
export function sameSlice(key: string, text: string, from: number, length: number): boolean {
  if (key.length !== length) return false;
  let j = 0;
  while (j < length && key.charCodeAt(j) === text.charCodeAt(from + j)) j++;
  return j === length;
}

const VALUE_HASH_UNITS = 32;

/**
 * A hash of a value: of all its units up to VALUE_HASH_UNITS, else of its length, its first and
 * last units and some between (a bio need not be read whole to be told from the others; a lookup
 * compares the strings anyway).
 */
export function valueHash(value: string): number {
  const n = value.length;
  let h = Math.imul(n, 0x9e3779b1);
  if (n <= VALUE_HASH_UNITS) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ value.charCodeAt(i), FNV_PRIME);
  } else {
    const ends = VALUE_HASH_UNITS >> 2;
    for (let i = 0; i < ends; i++) h = Math.imul(h ^ value.charCodeAt(i) ^ (value.charCodeAt(n - 1 - i) << 16), FNV_PRIME);
    const step = (n - 2 * ends) / (VALUE_HASH_UNITS >> 1);
    for (let k = 0; k < VALUE_HASH_UNITS >> 1; k++) h = Math.imul(h ^ value.charCodeAt(ends + Math.floor(k * step)), FNV_PRIME);
  }
  return h ^ (h >>> 15);
}
