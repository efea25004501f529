// The token dictionary grouped by each token's first two code units, so the tokens starting with
// a 1- or 2-unit term are a few groups read whole (product.md#validation: "a token equal to or starting with the
// term"; from 3 units a term's tokens come from the trigram lists). Grouping is one counting pass
// over a key taken as each token is made: at 100k profiles (~300k tokens) sorting the dictionary
// by code unit instead read every token again, all over the heap, for ~100 ms of the build.

/** groups of tokens whose first units are both below 256: 256 first units × (end, or a second unit) */
const LATIN1_KEYS = 256 * 257;
/** the group of every other token (a unit beyond Latin-1 among its first two): read through */
export const OTHER_PREFIX = LATIN1_KEYS;
export const PREFIX_KEYS = LATIN1_KEYS + 1;

/** The group of a (non-empty) token. */
export function prefixKey(token: string): number {
  const a = token.charCodeAt(0);
  if (!(a < 256)) return OTHER_PREFIX;
  if (token.length === 1) return a * 257;
  const b = token.charCodeAt(1);
  return b < 256 ? a * 257 + b + 1 : OTHER_PREFIX;
}

/** The groups whose tokens start with the (1- or 2-unit) prefix, as [from, to) keys; null: none but OTHER_PREFIX's. */
export function prefixKeys(prefix: string): [number, number] | null {
  const a = prefix.charCodeAt(0);
  if (!(a < 256)) return null;
  if (prefix.length === 1) return [a * 257, a * 257 + 257];
  const b = prefix.charCodeAt(1);
  return b < 256 ? [a * 257 + b + 1, a * 257 + b + 2] : null;
}

/** Token ids grouped by key: the ids of group k are ids[starts[k], starts[k + 1]), in id order. */
export class TokenPrefixes {
  private constructor(readonly starts: Int32Array, readonly ids: Int32Array) {}

  static empty(): TokenPrefixes {
    return new TokenPrefixes(new Int32Array(PREFIX_KEYS + 1), new Int32Array(0));
  }

  /** keys[id]: the group of token id (prefixKey), for ids 0..count-1 */
  static group(keys: ArrayLike<number>, count: number): TokenPrefixes {
    const starts = new Int32Array(PREFIX_KEYS + 1);
    for (let id = 0; id < count; id++) starts[keys[id]! + 1]!++;
    for (let k = 0; k < PREFIX_KEYS; k++) starts[k + 1]! += starts[k]!;
    const at = starts.slice(0, PREFIX_KEYS);
    const ids = new Int32Array(count);
    for (let id = 0; id < count; id++) ids[at[keys[id]!]!++] = id;
    return new TokenPrefixes(starts, ids);
  }

  static unpack(starts: ArrayBuffer, ids: ArrayBuffer): TokenPrefixes {
    return new TokenPrefixes(new Int32Array(starts), new Int32Array(ids));
  }

  pack(): [ArrayBuffer, ArrayBuffer] {
    return [this.starts.slice().buffer, this.ids.slice().buffer];
  }

  /** The ids of the groups [from, to). */
  range(from: number, to: number): Int32Array {
    return this.ids.subarray(this.starts[from]!, this.starts[to]!);
  }

  /** How many tokens are grouped. */
  get size(): number {
    return this.ids.length;
  }
}
