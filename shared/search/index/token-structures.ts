// What a build makes of its dictionary's tokens alone: the prefix groups (token-prefixes.ts) and
// the trigram lists of the "containing it from 3 characters" rule. They depend on nothing but the
// tokens, in the order the build makes them, so they are made as the tokens are, in whichever
// thread tokenises the build's texts (the build's own, or a helper worker's: token-helper.ts).
// At 100k profiles this work is ~300 ms of a ~1.5 s build.
import { CONTAINS_MATCH_MIN_CHARS } from '../../constants';
import { DENSE_GRAMS, SparseGrams, unitCode } from './gram-ids';
import { GAP_SIZES_STRIDE, GapListTable, gapBytes } from './list-table';
import { TokenPrefixes, prefixKey } from './token-prefixes';

/**
 * A token this long lists its trigrams at even places only (see TokenDictionary.containing):
 * half the build's trigram work, nearly all of it wallet addresses' (26 to 62 units)
 */
export const LONG_TOKEN = 12;
/** full-text units per distinct trigram of a distinct short token (~200 at 100k seeded profiles) and long token (~23): the streams' first lengths */
const TEXT_PER_SHORT_GRAM = 160;
const TEXT_PER_LONG_GRAM = 20;
/** room for this many sparse trigrams in the streams' sizes before they grow */
const SPARSE_START = 64;

export interface TokenStructures {
  prefixes: TokenPrefixes;
  /** the keys of the trigrams beyond the dense ones, in id order (see gram-ids.ts) */
  sparseGramKeys: number[];
  /** per trigram id, the ids of the short tokens holding it, and of the long ones holding it at an even place */
  trigramTokens: GapListTable;
  longTrigramTokens: GapListTable;
}

/** A build's stream of the distinct trigram ids of each new token, to be laid out as a GapListTable. */
interface GramStream {
  /** the ids (made at an estimated length), and per token id where its ids end */
  stream: number[];
  used: number;
  ends: number[];
  /**
   * per trigram id, GAP_SIZES_STRIDE entries: the last token streamed with it, and the bytes its
   * list's gaps take so far (side by side, 8 bytes a trigram: at 100k profiles separate arrays, or
   * 16 bytes a trigram, no longer fitted in the core's cache, and the trigrams streamed waited on it)
   */
  sizes: Int32Array;
}

function gramStream(length: number): GramStream {
  const sizes = new Int32Array(GAP_SIZES_STRIDE * (DENSE_GRAMS + SPARSE_START));
  for (let g = 0; g < DENSE_GRAMS + SPARSE_START; g++) sizes[GAP_SIZES_STRIDE * g] = -1; // (no token yet)
  return { stream: new Array<number>(length), used: 0, ends: [], sizes };
}

function growSizes(sizes: Int32Array, grams: number): Int32Array {
  const out = new Int32Array(Math.max(GAP_SIZES_STRIDE * grams, sizes.length * 2));
  out.set(sizes);
  for (let at = sizes.length; at < out.length; at += GAP_SIZES_STRIDE) out[at] = -1;
  return out;
}

/**
 * Streams each new token's distinct trigrams while it is at hand (read again at the end, the 300k
 * tokens of 100k profiles were as many cache misses): all of a short token's, a long one's at its
 * even places; and its prefix group.
 */
export class TokenStructuresBuilder {
  private count = 0;
  private readonly prefixKeys: number[] = [];
  private readonly sparse = new SparseGrams();
  private readonly grams: GramStream;
  private readonly longGrams: GramStream;

  /** textSize: the full text's estimated length in units, which sizes the streams */
  constructor(textSize: number) {
    this.grams = gramStream(Math.ceil(textSize / TEXT_PER_SHORT_GRAM));
    this.longGrams = gramStream(Math.ceil(textSize / TEXT_PER_LONG_GRAM));
  }

  add(token: string): void {
    const id = this.count++;
    this.prefixKeys.push(prefixKey(token));
    const long = token.length >= LONG_TOKEN;
    const step = long ? 2 : 1;
    const grams = long ? this.longGrams : this.grams;
    const stream = grams.stream;
    let used = grams.used;
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= token.length; i += step) {
      const x = unitCode(token.charCodeAt(i));
      const y = unitCode(token.charCodeAt(i + 1));
      const z = unitCode(token.charCodeAt(i + 2));
      // (a trigram of ASCII letters and digits is its own id)
      const g = (x | y | z) < 0 ? this.sparseId(token, i) : (x * 36 + y) * 36 + z;
      const sizes = grams.sizes; // (sparseId may grow it)
      const at = GAP_SIZES_STRIDE * g;
      const last = sizes[at]!;
      if (last === id) continue; // a gram twice in the token
      sizes[at] = id;
      stream[used++] = g;
      // (the list's size in bytes, counted here while the gram is at hand, spares the layout a pass)
      sizes[at + 1]! += gapBytes(id - last);
    }
    grams.used = used;
    this.grams.ends.push(this.grams.used);
    this.longGrams.ends.push(this.longGrams.used);
  }

  finish(): TokenStructures {
    const grams = DENSE_GRAMS + this.sparse.size;
    return {
      prefixes: TokenPrefixes.group(this.prefixKeys, this.count),
      sparseGramKeys: this.sparse.keys,
      trigramTokens: GapListTable.fromSizedStream(this.grams.stream, this.grams.ends, grams, this.grams.sizes),
      longTrigramTokens: GapListTable.fromSizedStream(this.longGrams.stream, this.longGrams.ends, grams, this.longGrams.sizes),
    };
  }

  private sparseId(token: string, i: number): number {
    const found = this.sparse.idOf(token, i);
    if (found >= 0) return found;
    const id = this.sparse.add(token, i);
    for (const grams of [this.grams, this.longGrams]) {
      if (GAP_SIZES_STRIDE * (id + 1) > grams.sizes.length) grams.sizes = growSizes(grams.sizes, id + 1);
    }
    return id;
  }
}

/** The structures as array buffers (to send them between threads), and back. */
export function packTokenStructures(s: TokenStructures): ArrayBuffer[] {
  return [...s.prefixes.pack(), Float64Array.from(s.sparseGramKeys).buffer, ...s.trigramTokens.pack(), ...s.longTrigramTokens.pack()];
}

export function unpackTokenStructures(buffers: readonly ArrayBuffer[]): TokenStructures {
  const [starts, ids, sparse, ...tables] = buffers as [ArrayBuffer, ArrayBuffer, ArrayBuffer, ...ArrayBuffer[]];
  const [o1, c1, l1, b1, o2, c2, l2, b2] = tables as [ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer];
  return {
    prefixes: TokenPrefixes.unpack(starts, ids),
    sparseGramKeys: Array.from(new Float64Array(sparse)),
    trigramTokens: GapListTable.unpack(o1, c1, l1, b1),
    longTrigramTokens: GapListTable.unpack(o2, c2, l2, b2),
  };
}
