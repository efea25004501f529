// Texts into tokens, exactly as the reference tokens() makes them, into a dictionary
// (dictionary.ts): a slot's distinct token ids, and a shared value's. A build's own texts are read
// here in the build's thread, or in a helper worker on the other core (readTokens, behind
// token-helper.ts), in the same order, so both make the same dictionary, ids and postings; a
// delta's texts are read into the index's dictionary.
import { tokens } from '../terms';
import { TOKEN_TABLE_START, TokenDictionary } from './dictionary';
import { ListTable } from './list-table';
import { FNV_PRIME, FNV_START, LATIN1_WORD, hashString } from './profile-values';
import type { TokenParts, TokenReader } from './types';

/**
 * The stream's first length (it grows past it): full-text units per streamed token id (only a
 * slot's own tokens are streamed: 30 at 100k seeded profiles)
 */
const TEXT_PER_TOKEN = 24;
/** V8's SlicedString::kMinLength: a slice this long or longer is a view of its string */
const SLICED_MIN = 13;
/** a longer token stays a slice (a copy goes through Function#apply, which takes so many arguments) */
const MAX_COPIED = 4096;

/** What a build's reading streams (plain arrays: cheap to drop, see build.ts). */
interface Streams {
  /** per slot: -(slot + 1), then the ids of the slot's distinct tokens (made at an estimated length) */
  tokenStream: number[];
  tokenUsed: number;
  /** the shared values' token ids, and per shared value where its ids end */
  sharedTokens: number[];
  sharedTokenEnds: number[];
}

export class Tokeniser {
  /**
   * One tokeniser (with its dictionary and table) kept for the life of the thread. V8 gives a
   * class's instances their hidden class as the constructor sets their fields, and drops it once
   * no instance is left, throwing away the code optimised for it. A build's tokeniser, dictionary
   * and tables are gone after it, so after a garbage collection between two builds (the bench's, a
   * helper's next build) the next one's hot functions would start over unoptimised: about a fifth
   * of a 10k build. (A static field, so no bundler drops it as unused.)
   */
  private static readonly kept = Tokeniser.into(TokenDictionary.empty());

  readonly dictionary: TokenDictionary;
  /** the slot being read: its distinct token ids (marked with its mark, so each counts once) */
  slotTokens: Int32Array = new Int32Array(256);
  slotTokenCount = 0;
  private tokenMarks: Int32Array;
  private mark = 0;
  private unitScratch: number[] = [];
  /** a build's streams; null when reading a delta */
  private readonly streams: Streams | null;

  private constructor(dictionary: TokenDictionary, streams: Streams | null) {
    this.dictionary = dictionary;
    this.streams = streams;
    this.tokenMarks = new Int32Array(Math.max(TOKEN_TABLE_START, dictionary.size + 1));
  }

  /** A build's tokeniser, for about textSize units of text: a new dictionary, and the streams of the slots' and shared values' tokens. */
  static building(textSize: number): Tokeniser {
    const streams = { tokenStream: new Array<number>(Math.ceil(textSize / TEXT_PER_TOKEN)), tokenUsed: 0, sharedTokens: [], sharedTokenEnds: [] };
    return new Tokeniser(TokenDictionary.building(textSize), streams);
  }

  /** A delta's tokeniser: into the index's dictionary (the caller lists the slot's tokens). */
  static into(dictionary: TokenDictionary): Tokeniser {
    return new Tokeniser(dictionary, null);
  }

  /** A slot's tokens start: none yet (tokenMarks tell the ones it has). */
  beginSlot(): void {
    if (++this.mark === 0x7fffffff) {
      this.tokenMarks.fill(0);
      this.mark = 1;
    }
    this.slotTokenCount = 0;
  }

  /** Reads a slot's own text (lower-cased); false at a unit beyond Latin-1 (its tokens before it are read: go on with wide()). */
  own(text: string): boolean {
    return this.readText(text, false);
  }

  /**
   * Reads a new shared value's text (lower-cased): true with its tokens recorded, false (and none
   * recorded for it) at a unit beyond Latin-1 (the tokens before it stay in the dictionary, as
   * the build's own reading leaves them).
   */
  shared(text: string): boolean {
    const streams = this.streams!;
    const from = streams.sharedTokens.length;
    if (this.readText(text, true)) {
      streams.sharedTokenEnds.push(streams.sharedTokens.length);
      return true;
    }
    streams.sharedTokens.length = from;
    return false;
  }

  /**
   * The tokens of a slot's own values when a unit is beyond Latin-1: the reference tokens(), value
   * by value. `text` (their lower-cased join), when given, is read first, as a build reads it
   * before it meets the wide unit (the tokens before it are the slot's too).
   */
  wide(text: string | null, values: readonly string[]): void {
    if (text !== null) this.readText(text, false);
    const dictionary = this.dictionary;
    for (const value of values) {
      for (const token of tokens(value)) {
        const hash = hashString(token);
        const id = dictionary.idOf(token, hash);
        this.addSlotToken(id >= 0 ? id : this.addToken(token, hash));
      }
    }
  }

  /** The slot's distinct tokens into the build's stream: -(slot + 1), then their ids. */
  streamSlot(slot: number): void {
    // (written in place; past an estimate that was short, the array grows)
    const streams = this.streams!;
    const stream = streams.tokenStream;
    const slotTokens = this.slotTokens;
    let at = streams.tokenUsed;
    stream[at++] = -(slot + 1);
    for (let i = 0, n = this.slotTokenCount; i < n; i++) stream[at++] = slotTokens[i]!;
    streams.tokenUsed = at;
  }

  /** What a build's reading made: the dictionary and the postings of `slots` slots and the shared values. */
  finish(slots: number): TokenParts {
    const streams = this.streams!;
    const dictionary = this.dictionary;
    const tokenCount = dictionary.size;
    const ends = streams.sharedTokenEnds;
    const starts = ends.map((_, v) => (v > 0 ? ends[v - 1]! : 0));
    return {
      slots,
      values: ends.length,
      tokens: dictionary.tokens,
      tokenTable: dictionary.tableBuffer,
      postings: ListTable.fromStream(streams.tokenStream, streams.tokenUsed, tokenCount),
      tokenValues: ListTable.invert(starts, ends, streams.sharedTokens, ends.length, tokenCount),
      structures: dictionary.finishBuild(),
    };
  }

  /**
   * Reads the tokens of a lower-cased text whose units are all Latin-1 into the slot's tokens (or,
   * when asked, a new shared value's): its letters and digits told by table, which is what the
   * reference tokens() does to such a text. False at a unit beyond Latin-1.
   */
  private readText(text: string, shared: boolean): boolean {
    const n = text.length;
    let from = -1;
    let h = FNV_START;
    for (let i = 0; i < n; i++) {
      const unit = text.charCodeAt(i);
      if (unit > 255) return false;
      if (LATIN1_WORD[unit] === 1) {
        if (from < 0) { from = i; h = FNV_START; }
        h = Math.imul(h ^ unit, FNV_PRIME);
      } else if (from >= 0) {
        this.addReadToken(text, from, i, h, shared);
        from = -1;
      }
    }
    if (from >= 0) this.addReadToken(text, from, n, h, shared);
    return true;
  }

  /** A token just read: text[from, to), whose hash is given. */
  private addReadToken(text: string, from: number, to: number, hash: number, shared: boolean): void {
    let id = this.dictionary.idOfSlice(text, from, to, hash);
    if (id < 0) id = this.addToken(to - from < SLICED_MIN || to - from > MAX_COPIED ? text.slice(from, to) : this.copyOf(text, from, to), hash);
    if (shared) this.streams!.sharedTokens.push(id); // a shared value's: the slot refers to it
    else this.addSlotToken(id);
  }

  /** Adds a token the dictionary just missed. */
  private addToken(token: string, hash: number): number {
    const id = this.dictionary.add(token, hash);
    if (id === this.tokenMarks.length) this.tokenMarks = growInt32(this.tokenMarks, id + 1);
    return id;
  }

  /**
   * text[from, to) as a string of its own: V8 makes a longer slice a view of the whole text, which
   * the dictionary would keep alive and read through (a wallet address is a token).
   */
  private copyOf(text: string, from: number, to: number): string {
    const units = this.unitScratch;
    units.length = to - from;
    for (let i = from; i < to; i++) units[i - from] = text.charCodeAt(i);
    return String.fromCharCode.apply(null, units);
  }

  private addSlotToken(id: number): void {
    if (this.tokenMarks[id] === this.mark) return;
    this.tokenMarks[id] = this.mark;
    if (this.slotTokenCount === this.slotTokens.length) this.slotTokens = growInt32(this.slotTokens, this.slotTokenCount + 1);
    this.slotTokens[this.slotTokenCount++] = id;
  }
}

function growInt32(list: Int32Array, size: number): Int32Array {
  const out = new Int32Array(Math.max(size, list.length * 2));
  out.set(list);
  return out;
}

/**
 * The helper's side of SearchIndex.buildWith: tokenises the texts of a build in the order that
 * build reads them, exactly as the build itself would (the same class), and hands over what it made.
 */
export function readTokens(textSize: number): TokenReader {
  const tokeniser = Tokeniser.building(textSize);
  let slots = 0;
  return {
    shared: (text) => { tokeniser.shared(text); },
    own: (text) => {
      const slot = slots++;
      tokeniser.beginSlot();
      if (!tokeniser.own(text)) throw new Error('readTokens: an own text beyond Latin-1 goes to wide()');
      tokeniser.streamSlot(slot);
    },
    wide: (text, values) => {
      const slot = slots++;
      tokeniser.beginSlot();
      tokeniser.wide(text, values);
      tokeniser.streamSlot(slot);
    },
    finish: () => tokeniser.finish(slots),
  };
}
