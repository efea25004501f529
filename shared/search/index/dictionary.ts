// The index's token dictionary: every distinct token of every registry search value, as the
// reference tokens() makes them, numbered in the order they were first read, and what depends on
// the tokens alone: their prefix groups (token-prefixes.ts) and the trigram lists of the
// "containing it from 3 characters" rule (token-structures.ts). A build makes the structures as
// it makes the tokens (TokenStructuresBuilder); a delta's new tokens join them one by one. The
// lookups here turn a plain term into the ids of the tokens it matches (docs/product.md#validation).
import { CONTAINS_MATCH_MIN_CHARS } from '../../constants';
import { tokenMatches } from '../terms';
import { SparseGrams, unitCode } from './gram-ids';
import { GapListTable } from './list-table';
import { hashString } from './profile-values';
import { IdTable, sameSlice } from './tables';
import { OTHER_PREFIX, PREFIX_KEYS, TokenPrefixes, prefixKey, prefixKeys } from './token-prefixes';
import { LONG_TOKEN, TokenStructuresBuilder, type TokenStructures } from './token-structures';

/** initial size of the token table (a power of two), doubled at 3/4 load */
export const TOKEN_TABLE_START = 1 << 12;
const TOKEN_LOAD: [number, number] = [3, 4];
const RECENT_TOKEN_MASK = (1 << 12) - 1;
/** full-text units per token table place to start a build with (~210 units a token at 100k seeded profiles; load up to 3/4) */
const TEXT_PER_PLACE = 128;
/** extra (ungrouped) dictionary tokens kept before the dictionary's prefix groups are made again */
const MAX_EXTRA_TOKENS = 4096;

export class TokenDictionary {
  /** the tokens, by id */
  readonly tokens: string[];
  private readonly table: IdTable;
  /** pairs of token id + 1 and hash, by the hash's low bits: the tokens looked up last */
  private readonly recent = new Int32Array(2 * (RECENT_TOKEN_MASK + 1));
  /** while a build makes the dictionary: where its new tokens go, for their prefix groups and trigram lists */
  private builder: TokenStructuresBuilder | null = null;
  // (read by persist.ts)
  prefixes = TokenPrefixes.empty();
  /** tokens added since the prefix groups were made (a delta's), looked at one by one */
  extra: number[] = [];
  /** the trigrams beyond ASCII letters and digits, which have ids of their own (gram-ids.ts) */
  sparseGrams = new SparseGrams();
  /**
   * per trigram id, the ids of the short tokens holding it, and of the long ones holding it at an
   * even place (0, 2, 4...: half the entries; at 100k profiles nearly all are wallet addresses')
   */
  trigramTokens = GapListTable.empty();
  longTrigramTokens = GapListTable.empty();

  private constructor(tokens: string[], table: IdTable) {
    this.tokens = tokens;
    this.table = table;
  }

  /** An empty dictionary for a build of about textSize units of text (its table made at about the size it will need). */
  static building(textSize: number): TokenDictionary {
    let places = TOKEN_TABLE_START;
    while (places * TEXT_PER_PLACE < textSize) places *= 2;
    const dictionary = new TokenDictionary([], IdTable.empty(places, TOKEN_LOAD));
    dictionary.builder = new TokenStructuresBuilder(textSize);
    return dictionary;
  }

  /** The dictionary a build made (here or in a helper worker): its tokens, their table, their structures. */
  static of(tokens: string[], table: Int32Array, structures: TokenStructures): TokenDictionary {
    if (structures.prefixes.size !== tokens.length) {
      throw new Error(`The token structures cover ${structures.prefixes.size} tokens of ${tokens.length}`);
    }
    const dictionary = new TokenDictionary(tokens, IdTable.of(table, tokens.length, TOKEN_LOAD));
    dictionary.takeStructures(structures);
    return dictionary;
  }

  /** A loaded dictionary (persist.ts): its tokens hashed again, its structures as they were saved. */
  static loaded(tokens: string[], structures: TokenStructures, extra: number[]): TokenDictionary {
    const table = IdTable.filled(tokens.length, (id) => hashString(tokens[id]!), TOKEN_TABLE_START, TOKEN_LOAD);
    const dictionary = new TokenDictionary(tokens, table);
    dictionary.takeStructures(structures);
    dictionary.extra = extra;
    return dictionary;
  }

  /** An empty dictionary, until a build or a load gives the index its own. */
  static empty(): TokenDictionary {
    return new TokenDictionary([], IdTable.empty(TOKEN_TABLE_START, TOKEN_LOAD));
  }

  private takeStructures(structures: TokenStructures): void {
    this.prefixes = structures.prefixes;
    this.sparseGrams = SparseGrams.from(structures.sparseGramKeys);
    this.trigramTokens = structures.trigramTokens;
    this.longTrigramTokens = structures.longTrigramTokens;
  }

  get size(): number {
    return this.tokens.length;
  }

  /** The table's pairs (a build's, sent from a helper worker). */
  get tableBuffer(): Int32Array {
    return this.table.buffer;
  }

  /** The structures a build made of its tokens (the dictionary is then a build's no longer). */
  finishBuild(): TokenStructures {
    const structures = this.builder!.finish();
    this.builder = null;
    return structures;
  }

  /** The id of the token text[from, to), whose hash is given, or -1 (add() then puts it where it goes). */
  idOfSlice(text: string, from: number, to: number, hash: number): number {
    // a frequent token ('com', '192', 'acct') is likely among the recent ones, a small table
    const recent = this.recent;
    const r = 2 * (hash & RECENT_TOKEN_MASK);
    if (recent[r + 1] === hash && recent[r]! > 0 && sameSlice(this.tokens[recent[r]! - 1]!, text, from, to - from)) return recent[r]! - 1;
    const id = this.table.findSlice(text, from, to, hash, this.tokens);
    if (id >= 0) {
      recent[r] = id + 1;
      recent[r + 1] = hash;
    }
    return id;
  }

  /** The id of the token, or -1 (add() then puts it where it goes). */
  idOf(token: string, hash: number): number {
    return this.table.find(token, hash, this.tokens);
  }

  /** Adds a token that idOf() or idOfSlice() just missed; returns its id. */
  add(token: string, hash: number): number {
    this.tokens.push(token);
    const id = this.table.add(hash);
    if (this.builder) {
      // a build makes the prefix groups and trigram lists from its new tokens (token-structures.ts)
      this.builder.add(token);
      return id;
    }
    this.extra.push(id);
    const long = token.length >= LONG_TOKEN;
    const table = long ? this.longTrigramTokens : this.trigramTokens;
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= token.length; i += long ? 2 : 1) {
      const g = this.internGram(token, i);
      if (table.last(g) !== id) table.push(g, id);
    }
    return id;
  }

  /** The trigram's id, made when new (with an empty token list). */
  private internGram(s: string, i: number): number {
    const g = this.sparseGrams.idOf(s, i);
    if (g >= 0) return g;
    this.trigramTokens.add();
    this.longTrigramTokens.add();
    return this.sparseGrams.add(s, i);
  }

  /** Folds the extra tokens into the prefix groups once they are many. */
  groupWhenMany(): void {
    if (this.extra.length <= MAX_EXTRA_TOKENS) return;
    this.prefixes = TokenPrefixes.group(this.tokens.map(prefixKey), this.tokens.length);
    this.extra = [];
  }

  // ----- term lookup -----

  /** The ids of the tokens the term matches by the reference rule, asked of each token (a term with a lone surrogate). */
  matching(term: string): number[] {
    const ids: number[] = [];
    this.tokens.forEach((token, id) => { if (tokenMatches(token, term)) ids.push(id); });
    return ids;
  }

  /**
   * Token ids starting with the prefix: from 3 units, those of the tokens containing it that start
   * with it; shorter, its prefix groups, the tokens of the group of the rest that start with it (a
   * unit beyond Latin-1 among their first two) and the extra tokens that do.
   */
  withPrefix(prefix: string): number[] {
    const list = this.tokens;
    if (prefix.length >= CONTAINS_MATCH_MIN_CHARS) return this.containing(prefix).filter((id) => list[id]!.startsWith(prefix));
    const keys = prefixKeys(prefix);
    const out = keys ? Array.from(this.prefixes.range(keys[0], keys[1])) : [];
    for (const id of this.prefixes.range(OTHER_PREFIX, PREFIX_KEYS)) if (list[id]!.startsWith(prefix)) out.push(id);
    for (const id of this.extra) if (list[id]!.startsWith(prefix)) out.push(id);
    return out;
  }

  /**
   * Token ids containing the part (3+ code units): candidates from trigram lists, each checked.
   * A short token lists all its trigrams: the rarest of the part's gives them all. A long token
   * lists those at its even places: where the part starts at an even place, its trigrams at even
   * offsets are listed, at an odd place those at odd offsets; a part of 3 units at an odd place has
   * none of its own, but the trigram before it (at an even place) ends with its first two units.
   */
  containing(part: string): number[] {
    const grams: number[] = [];
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= part.length; i++) grams.push(this.sparseGrams.idOf(part, i));
    const candidates: ArrayLike<number>[] = [];
    const add = (ids: ArrayLike<number> | null) => { if (ids) candidates.push(ids); };
    add(rarestList(this.trigramTokens, grams, 0, 1));
    add(rarestList(this.longTrigramTokens, grams, 0, 2));
    if (grams.length > 1) add(rarestList(this.longTrigramTokens, grams, 1, 2));
    else for (const g of this.gramsEndingWith(part.charCodeAt(0), part.charCodeAt(1))) add(this.longTrigramTokens.get(g));
    const out: number[] = [];
    const seen = candidates.length > 1 ? new Set<number>() : null; // (a long token can be in two lists)
    for (const ids of candidates) {
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        if (seen?.has(id) || !this.tokens[id]!.includes(part)) continue;
        seen?.add(id);
        out.push(id);
      }
    }
    return out;
  }

  /** The ids of the trigrams whose last two units are b and c. */
  private gramsEndingWith(b: number, c: number): number[] {
    const out: number[] = [];
    const y = unitCode(b);
    const z = unitCode(c);
    if (y >= 0 && z >= 0) {
      for (let x = 0; x < 36; x++) out.push((x * 36 + y) * 36 + z);
    }
    this.sparseGrams.endingWith(b, c, out);
    return out;
  }
}

/** The smallest of the table's lists of grams[from], grams[from + step]...; null when one is empty. */
function rarestList(table: GapListTable, grams: readonly number[], from: number, step: number): number[] | null {
  let best = -1;
  for (let k = from; k < grams.length; k += step) {
    const g = grams[k]!;
    if (g < 0 || table.size(g) === 0) return null; // no token of the table has it (so placed)
    if (best < 0 || table.size(g) < table.size(best)) best = g;
  }
  return best < 0 ? null : table.get(best);
}
