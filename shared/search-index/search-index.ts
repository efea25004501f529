// The registry search at scale (issue 6): the same listing, order and scores as the reference
// shared/domain/search.ts (searchRegistry), found through an index instead of a scan.
//
// How it stays identical to the reference: the index only proposes CANDIDATES, and every rule
// is decided either by an exact structure or by the reference predicate itself.
//   - slots: every indexed profile version has a slot; an upsert marks the old slot dead and
//     appends a new one, a removal clears the slot's 'alive' bit. Postings only ever grow, and
//     every answer is ANDed with 'alive', so a stale posting can never list a profile. When dead
//     slots outnumber live ones, compact() renumbers the live ones.
//   - plain terms (spec §5 "token equal to or starting with the term, or containing it from 3
//     characters"): a token dictionary (every token of every registry search value, via the
//     reference tokens()) sorted by code unit, so the tokens starting with a term are one range;
//     trigram postings over the dictionary give the tokens containing a 3+ character term, each
//     checked with String.includes. The union of those tokens' postings is the exact answer.
//   - substring terms ('bustr-…', IPv4, '@', '.', '0x'): the alphanumeric runs of the term must
//     be whole tokens (inside), token prefixes (at the end) or token parts (at the start) of the
//     value holding it; the cheapest of those gives candidates, and each candidate is checked
//     with the reference rule (lower-cased value includes the term) on its stored values.
//     A term with no usable run ('@', '.', '0x', 'a.') scans the kind.
//   - filters: postings per category and facetValues() value (the reference classification),
//     turned into one bitset per selected value at query time; listing ORs them, the score
//     counts them by bit tests.
//   - order: every live slot has a rank by (name with the reference collator, then id),
//     recomputed per build and delta; a page is cut from score buckets walked in rank order.
import type { Profile } from '../contract/profile';
import type { ProfileKind } from '../contract/common';
import { FILTER_CATEGORIES, SCORING_CATEGORIES, facetValues, fixedOptions, type FilterCategory } from '../domain/facets';
import { isSubstringTerm, registrySearchValues, searchTerms, tokenMatches, tokens, type ActiveFilters } from '../domain/search';
import { CONTAINS_MATCH_MIN_CHARS } from '../constants';
import { andInto, clearBit, grow, hasBit, newBitset, orInto, popcount, setBit, slotsOf, type Bitset } from './bitset';

export type IndexedProfile = Profile & { kind: ProfileKind };

export interface SearchQuery {
  kind: ProfileKind;
  query: string;
  filters: ActiveFilters;
  offset?: number;
  limit?: number;
}

export interface SearchResult {
  /** how many profiles the search lists in all */
  total: number;
  /** the requested page, in the reference order */
  items: { id: number; score: number }[];
}

export interface FacetOption {
  value: string;
  /** how many live profiles of the kind have it */
  count: number;
}

export interface SerializedIndex {
  meta: SerializedMeta;
  buffers: ArrayBuffer[];
}

export interface SerializedMeta {
  format: typeof FORMAT;
  slots: number;
  /** number of string tables, then of list tables, in buffer order */
  parts: string[];
}

const FORMAT = 2;
const KINDS: readonly ProfileKind[] = ['developer', 'project'];
const KIND_CODE: Record<ProfileKind, number> = { developer: 0, project: 1 };
/** value separator of the stored search text: white space never occurs inside a term */
const SEP = '\n';
/** extra (unsorted) dictionary tokens kept before the sorted dictionary is rebuilt */
const MAX_EXTRA_TOKENS = 4096;
/** a candidate set smaller than slots / this is sorted by rank instead of walking the order */
const SORT_FEW_DIVISOR = 16;

// the same collator as the reference's compareNames
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type List = number[] | Int32Array;

interface BuildState {
  /** per slot: -(slot + 1), then the ids of the slot's distinct tokens */
  stream: Int32Array;
  used: number;
  /** postings per token id */
  counts: number[];
  /** the last slot that had the token (so a slot counts a token once) */
  lastSlot: number[];
  /** open-addressing token table (id + 1 by hash), so a repeated token is found without a string */
  table: Int32Array;
  hashes: number[];
}

const FNV_START = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashString(s: string): number {
  let h = FNV_START;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/** 128^3 ASCII trigrams */
const GRAM_DENSE_SIZE = 1 << 21;
const gramKey = (a: number, b: number, c: number) => a * 4294967296 + b * 65536 + c;
const NEWLINE = SEP.charCodeAt(0);

function push(lists: List[], at: number, value: number): void {
  let list = lists[at];
  if (list === undefined) {
    lists[at] = [value];
    return;
  }
  if (!Array.isArray(list)) {
    list = Array.from(list);
    lists[at] = list;
  }
  list.push(value);
}

function hasSurrogate(text: string): boolean {
  return /[\uD800-\uDFFF]/.test(text);
}

const ALNUM = /[\p{L}\p{N}]/u;

/** The term's letter/digit runs, each with whether a separator precedes and follows it. */
function runsOf(term: string): { run: string; before: boolean; after: boolean }[] {
  const chars = Array.from(term);
  const out: { run: string; before: boolean; after: boolean }[] = [];
  let i = 0;
  while (i < chars.length) {
    if (!ALNUM.test(chars[i]!)) { i++; continue; }
    let j = i;
    while (j < chars.length && ALNUM.test(chars[j]!)) j++;
    out.push({ run: chars.slice(i, j).join(''), before: i > 0, after: j < chars.length });
    i = j;
  }
  return out;
}

function growInt32(list: Int32Array, size: number): Int32Array {
  const out = new Int32Array(Math.max(size, list.length * 2));
  out.set(list);
  return out;
}

function growBytes(list: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(Math.max(size, list.length * 2));
  out.set(list);
  return out;
}

interface Needle { bytes: Uint8Array; anchor: number }

/** The term's code units as bytes (null when one is above 255), with the unit to scan for. */
function latin1Bytes(term: string): Needle | null {
  const bytes = new Uint8Array(term.length);
  let anchor = -1;
  for (let i = 0; i < term.length; i++) {
    const ch = term.charCodeAt(i);
    if (ch > 255) return null;
    bytes[i] = ch;
    // a separator-like unit ('@', '.', '-') is rarer than a letter or digit: scan for it
    if (anchor < 0 && !((ch >= 97 && ch <= 122) || (ch >= 48 && ch <= 57))) anchor = i;
  }
  return { bytes, anchor: Math.max(anchor, 0) };
}

/** Does bytes[start, end) contain the needle? */
function bytesInclude(bytes: Uint8Array, start: number, end: number, needle: Needle): boolean {
  const m = needle.bytes.length;
  if (end - start < m) return false;
  const want = needle.bytes;
  const k = needle.anchor;
  // the anchor unit's possible positions
  const hay = bytes.subarray(start + k, end - m + k + 1);
  for (let i = hay.indexOf(want[k]!); i >= 0; i = hay.indexOf(want[k]!, i + 1)) {
    let j = 0;
    while (j < m && bytes[start + i + j] === want[j]) j++;
    if (j === m) return true;
  }
  return false;
}

export class SearchIndex {
  // slots
  private slotCount = 0;
  private ids: number[] = [];
  private kinds: number[] = [];
  private names: string[] = [];
  /**
   * The lower-cased registry search values joined by SEP (the substring rule's haystack), one
   * byte a code unit when every unit is below 256 (Latin-1), in textBytes[textStart, textEnd);
   * a slot with a wider unit keeps its text as a string in wideTexts instead.
   */
  private textBytes: Uint8Array = new Uint8Array(0);
  private textUsed = 0;
  private textStart: number[] = [];
  private textEnd: number[] = [];
  private wideTexts = new Map<number, string>();
  private alive: Bitset = newBitset(0);
  private kindBits: Bitset[] = [newBitset(0), newBitset(0)];
  private slotById = new Map<number, number>();
  // order
  private order: number[] = [];
  private rank: Int32Array = new Int32Array(0);
  // token dictionary
  private tokenList: string[] = [];
  private tokenId = new Map<string, number>();
  private postings: List[] = [];
  private sorted: Int32Array = new Int32Array(0);
  private extra: number[] = [];
  /** trigram -> id + 1: a dense table for ASCII trigrams, a map (by gramKey) for the others */
  private gramDense: Int32Array = new Int32Array(GRAM_DENSE_SIZE);
  private gramSparse = new Map<number, number>();
  private trigramKeys: number[] = [];
  private trigramTokens: List[] = [];
  // build pass: token ids per slot in one stream, counted, then laid out as postings at the end
  private building: BuildState | null = null;
  // facets: per category, raw facet value -> slots; lower-cased value -> raw value ids
  private facetValueList: string[][] = FILTER_CATEGORIES.map(() => []);
  private facetValueId: Map<string, number>[] = FILTER_CATEGORIES.map(() => new Map());
  private facetPostings: List[][] = FILTER_CATEGORIES.map(() => []);
  private facetByLower: Map<string, number[]>[] = FILTER_CATEGORIES.map(() => new Map());

  private constructor() {}

  static build(profiles: readonly IndexedProfile[]): SearchIndex {
    const index = new SearchIndex();
    const latest = new Map<number, IndexedProfile>();
    for (const p of profiles) latest.set(p.id, p);
    const list = [...latest.values()].sort((a, b) => a.id - b.id);
    index.reserve(list.length);
    index.textBytes = new Uint8Array(Math.max(1024, list.length * 768));
    index.building = {
      stream: new Int32Array(Math.max(1024, list.length * 96)), used: 0, counts: [], lastSlot: [],
      table: new Int32Array(1 << 16), hashes: [],
    };
    for (const p of list) index.addSlot(p);
    index.finishBuild();
    index.textBytes = index.textBytes.slice(0, index.textUsed);
    index.sortDictionary();
    index.rebuildOrder();
    return index;
  }

  /** Lays the streamed token ids out as postings (count, then fill) and indexes every token's trigrams. */
  private finishBuild(): void {
    const state = this.building!;
    this.building = null;
    const tokenCount = this.tokenList.length;
    const offsets = new Int32Array(tokenCount + 1);
    for (let id = 0; id < tokenCount; id++) offsets[id + 1] = offsets[id]! + state.counts[id]!;
    const data = new Int32Array(offsets[tokenCount]!);
    const fill = offsets.slice(0, tokenCount);
    const stream = state.stream;
    // the stream holds, per slot in order, -(slot + 1) then the slot's token ids
    let slot = 0;
    for (let i = 0; i < state.used; i++) {
      const v = stream[i]!;
      if (v < 0) slot = -v - 1;
      else data[fill[v]!++] = slot;
    }
    const postings: List[] = new Array<List>(tokenCount);
    for (let id = 0; id < tokenCount; id++) postings[id] = data.subarray(offsets[id]!, offsets[id + 1]!);
    this.postings = postings;

    // trigrams: each token's distinct grams, counted, then filled
    const tokens = this.tokenList;
    let gramTotal = 0;
    for (const token of tokens) if (token.length >= CONTAINS_MATCH_MIN_CHARS) gramTotal += token.length - CONTAINS_MATCH_MIN_CHARS + 1;
    const grams = new Int32Array(gramTotal);
    const gramStart = new Int32Array(tokenCount + 1);
    const lastToken: number[] = [];
    const gramCounts: number[] = [];
    let at = 0;
    for (let id = 0; id < tokenCount; id++) {
      const token = tokens[id]!;
      for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= token.length; i++) {
        const g = this.internGram(token, i);
        if (g >= lastToken.length) { lastToken.push(-1); gramCounts.push(0); }
        if (lastToken[g] === id) continue;
        lastToken[g] = id;
        gramCounts[g]!++;
        grams[at++] = g;
      }
      gramStart[id + 1] = at;
    }
    const gramCount = this.trigramKeys.length;
    const gramOffsets = new Int32Array(gramCount + 1);
    for (let g = 0; g < gramCount; g++) gramOffsets[g + 1] = gramOffsets[g]! + gramCounts[g]!;
    const gramData = new Int32Array(gramOffsets[gramCount]!);
    const gramFill = gramOffsets.slice(0, gramCount);
    for (let id = 0; id < tokenCount; id++) {
      for (let i = gramStart[id]!; i < gramStart[id + 1]!; i++) gramData[gramFill[grams[i]!]!++] = id;
    }
    const trigramTokens: List[] = new Array<List>(gramCount);
    for (let g = 0; g < gramCount; g++) trigramTokens[g] = gramData.subarray(gramOffsets[g]!, gramOffsets[g + 1]!);
    this.trigramTokens = trigramTokens;
  }

  /** The id of the trigram of s at i, or -1 when the index has none. */
  private gramId(s: string, i: number): number {
    const a = s.charCodeAt(i);
    const b = s.charCodeAt(i + 1);
    const c = s.charCodeAt(i + 2);
    if ((a | b | c) < 128) return this.gramDense[(a << 14) | (b << 7) | c]! - 1;
    return (this.gramSparse.get(gramKey(a, b, c)) ?? 0) - 1;
  }

  /** The trigram's id, made when new (with an empty token list). */
  private internGram(s: string, i: number): number {
    const g = this.gramId(s, i);
    if (g >= 0) return g;
    const a = s.charCodeAt(i);
    const b = s.charCodeAt(i + 1);
    const c = s.charCodeAt(i + 2);
    const id = this.trigramKeys.length;
    this.trigramKeys.push(gramKey(a, b, c));
    this.trigramTokens.push([]);
    this.setGram(a, b, c, id);
    return id;
  }

  private setGram(a: number, b: number, c: number, id: number): void {
    if ((a | b | c) < 128) this.gramDense[(a << 14) | (b << 7) | c] = id + 1;
    else this.gramSparse.set(gramKey(a, b, c), id + 1);
  }

  /** How many live profiles the index holds. */
  get size(): number {
    return this.slotById.size;
  }

  has(id: number): boolean {
    return this.slotById.has(id);
  }

  /** Adds or replaces profiles (by id). */
  upsert(profiles: readonly IndexedProfile[]): void {
    if (profiles.length === 0) return;
    const latest = new Map<number, IndexedProfile>();
    for (const p of profiles) latest.set(p.id, p);
    this.reserve(this.slotCount + latest.size);
    const added: number[] = [];
    for (const p of latest.values()) {
      this.killSlot(p.id);
      added.push(this.slotCount);
      this.addSlot(p);
    }
    this.afterChange(added);
  }

  /** Removes profiles (tombstones): their slots' alive bits are cleared. */
  remove(ids: readonly number[]): void {
    let changed = false;
    for (const id of ids) changed = this.killSlot(id) || changed;
    if (changed) this.afterChange();
  }

  private afterChange(added: readonly number[] = []): void {
    if (this.extra.length > MAX_EXTRA_TOKENS) this.sortDictionary();
    const dead = this.slotCount - this.slotById.size;
    if (dead > 1024 && dead > this.slotById.size) this.compact();
    else this.updateOrder(added);
  }

  /** The name order after a delta: dead slots leave it, new ones are placed by binary search. */
  private updateOrder(added: readonly number[]): void {
    const names = this.names;
    const ids = this.ids;
    const cmp = (a: number, b: number) => collator.compare(names[a]!, names[b]!) || ids[a]! - ids[b]!;
    const order = this.order.filter((slot) => hasBit(this.alive, slot));
    for (const slot of [...added].sort(cmp)) {
      if (!hasBit(this.alive, slot)) continue;
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cmp(order[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      order.splice(lo, 0, slot);
    }
    this.order = order;
    const rank = new Int32Array(this.slotCount).fill(-1);
    for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
    this.rank = rank;
  }

  private reserve(slots: number): void {
    this.alive = grow(this.alive, slots);
    this.kindBits = this.kindBits.map((b) => grow(b, slots));
  }

  private killSlot(id: number): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    clearBit(this.alive, slot);
    clearBit(this.kindBits[this.kinds[slot]!]!, slot);
    this.slotById.delete(id);
    this.textEnd[slot] = this.textStart[slot]!;
    this.wideTexts.delete(slot);
    return true;
  }

  private addSlot(p: IndexedProfile): void {
    const slot = this.slotCount++;
    this.ids[slot] = p.id;
    this.kinds[slot] = KIND_CODE[p.kind];
    this.names[slot] = p.name;
    setBit(this.alive, slot);
    setBit(this.kindBits[KIND_CODE[p.kind]!]!, slot);
    this.slotById.set(p.id, slot);
    const state = this.building;
    if (state) {
      if (state.used + 1 > state.stream.length) state.stream = growInt32(state.stream, state.used + 1);
      state.stream[state.used++] = -(slot + 1);
    }

    // the text, and the tokens as the reference tokens() makes them: an ASCII value (once
    // lower-cased) takes a fast path, where letters and digits are exactly [a-z0-9]
    const values = registrySearchValues(p);
    const start = this.textUsed;
    let at = start;
    let wide = false;
    for (let v = 0; v < values.length; v++) {
      const lower = values[v]!.toLowerCase();
      const n = lower.length;
      if (at + n + 1 > this.textBytes.length) this.textBytes = growBytes(this.textBytes, at + n + 1);
      const bytes = this.textBytes;
      if (v > 0) bytes[at++] = NEWLINE;
      let ascii = true;
      let from = -1;
      let h = FNV_START;
      for (let i = 0; i < n; i++) {
        const ch = lower.charCodeAt(i);
        bytes[at++] = ch;
        if (ch >= 128) {
          ascii = false;
          if (ch > 255) wide = true;
        } else if (ascii) {
          if ((ch >= 97 && ch <= 122) || (ch >= 48 && ch <= 57)) {
            if (from < 0) { from = i; h = FNV_START; }
            h = Math.imul(h ^ ch, FNV_PRIME);
          } else if (from >= 0) {
            this.addToken(lower, from, i, h >>> 0, slot);
            from = -1;
          }
        }
      }
      // (tokens already added from an ASCII start are tokens of the value too: added once)
      if (!ascii) for (const token of tokens(values[v]!)) this.addToken(token, 0, token.length, hashString(token), slot);
      else if (from >= 0) this.addToken(lower, from, n, h >>> 0, slot);
    }
    this.textStart[slot] = start;
    if (wide) {
      at = start;
      this.wideTexts.set(slot, values.map((v) => v.toLowerCase()).join(SEP));
    }
    this.textEnd[slot] = at;
    this.textUsed = at;

    for (let c = 0; c < FILTER_CATEGORIES.length; c++) {
      const lists = this.facetPostings[c]!;
      for (const raw of facetValues(p, FILTER_CATEGORIES[c]!)) {
        const id = this.internFacet(c, raw);
        const list = lists[id]!;
        if (list.length > 0 && list[list.length - 1] === slot) continue; // a value listed twice
        push(lists, id, slot);
      }
    }
  }

  /** Adds the token s[from, to) (whose hashString is hash) to the slot. */
  private addToken(s: string, from: number, to: number, hash: number, slot: number): void {
    const state = this.building;
    const id = state ? this.findToken(state, s, from, to, hash) : this.internToken(s.slice(from, to));
    if (state) {
      if (state.lastSlot[id] === slot) return;
      state.lastSlot[id] = slot;
      state.counts[id]!++;
      if (state.used + 1 > state.stream.length) state.stream = growInt32(state.stream, state.used + 1);
      state.stream[state.used++] = id;
      return;
    }
    const list = this.postings[id]!;
    if (list.length > 0 && list[list.length - 1] === slot) return;
    push(this.postings, id, slot);
  }

  private findToken(state: BuildState, s: string, from: number, to: number, hash: number): number {
    const table = state.table;
    const mask = table.length - 1;
    const list = this.tokenList;
    const length = to - from;
    let i = hash & mask;
    for (let e = table[i]!; e !== 0; i = (i + 1) & mask, e = table[i]!) {
      const token = list[e - 1]!;
      if (token.length !== length) continue;
      let j = 0;
      while (j < length && token.charCodeAt(j) === s.charCodeAt(from + j)) j++;
      if (j === length) return e - 1;
    }
    const id = this.internToken(from === 0 && to === s.length ? s : s.slice(from, to));
    state.hashes.push(hash);
    table[i] = id + 1;
    if (list.length * 2 > table.length) {
      // rehash into a table twice the size
      const bigger = new Int32Array(table.length * 2);
      const biggerMask = bigger.length - 1;
      for (let t = 0; t < list.length; t++) {
        let k = state.hashes[t]! & biggerMask;
        while (bigger[k] !== 0) k = (k + 1) & biggerMask;
        bigger[k] = t + 1;
      }
      state.table = bigger;
    }
    return id;
  }

  private internToken(token: string): number {
    let id = this.tokenId.get(token);
    if (id !== undefined) return id;
    id = this.tokenList.length;
    this.tokenList.push(token);
    this.tokenId.set(token, id);
    const state = this.building;
    if (state) {
      // postings and trigrams are laid out at the end of the build
      state.counts.push(0);
      state.lastSlot.push(-1);
      return id;
    }
    this.postings.push([]);
    this.extra.push(id);
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= token.length; i++) {
      const g = this.internGram(token, i);
      const list = this.trigramTokens[g]!;
      if (list.length > 0 && list[list.length - 1] === id) continue;
      push(this.trigramTokens, g, id);
    }
    return id;
  }

  private internFacet(c: number, raw: string): number {
    let id = this.facetValueId[c]!.get(raw);
    if (id !== undefined) return id;
    id = this.facetValueList[c]!.length;
    this.facetValueList[c]!.push(raw);
    this.facetValueId[c]!.set(raw, id);
    this.facetPostings[c]!.push([]);
    const lower = raw.toLowerCase();
    const same = this.facetByLower[c]!.get(lower);
    if (same) same.push(id);
    else this.facetByLower[c]!.set(lower, [id]);
    return id;
  }

  /** Folds the extra tokens into the dictionary sorted by code unit (so a prefix is one range). */
  private sortDictionary(): void {
    // the default sort compares strings by UTF-16 code units, as < does
    const words = this.tokenList.slice().sort();
    const sorted = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) sorted[i] = this.tokenId.get(words[i]!)!;
    this.sorted = sorted;
    this.extra = [];
  }

  private rebuildOrder(): void {
    const names = this.names;
    const ids = this.ids;
    const live = [...this.slotById.values()];
    // the collator is asked once per distinct name: names it calls equal share a rank
    const distinct = [...new Set(live.map((slot) => names[slot]!))].sort(collator.compare);
    const nameRank = new Map<string, number>();
    let r = 0;
    for (let i = 0; i < distinct.length; i++) {
      if (i > 0 && collator.compare(distinct[i - 1]!, distinct[i]!) !== 0) r = i;
      nameRank.set(distinct[i]!, r);
    }
    const key = new Int32Array(this.slotCount);
    for (const slot of live) key[slot] = nameRank.get(names[slot]!)!;
    live.sort((a, b) => key[a]! - key[b]! || ids[a]! - ids[b]!);
    this.setOrder(live);
  }

  private setOrder(order: number[]): void {
    this.order = order;
    const rank = new Int32Array(this.slotCount).fill(-1);
    for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
    this.rank = rank;
  }

  /** Renumbers the live slots from 0, dropping dead ones from every posting. */
  compact(): void {
    const remap = new Int32Array(this.slotCount).fill(-1);
    const live = [...this.slotById.values()].sort((a, b) => a - b);
    live.forEach((slot, i) => { remap[slot] = i; });
    const mapList = (list: List | undefined): number[] => {
      const out: number[] = [];
      if (list) for (const slot of list) if (remap[slot]! >= 0) out.push(remap[slot]!);
      return out;
    };
    const pick = <T>(arr: T[]) => live.map((slot) => arr[slot]!);
    this.ids = pick(this.ids);
    this.kinds = pick(this.kinds);
    this.names = pick(this.names);
    // the live texts, moved to the front
    const bytes = new Uint8Array(live.reduce((n, slot) => n + this.textEnd[slot]! - this.textStart[slot]!, 0));
    const starts: number[] = [];
    const ends: number[] = [];
    const wide = new Map<number, string>();
    let at = 0;
    live.forEach((slot, i) => {
      starts.push(at);
      bytes.set(this.textBytes.subarray(this.textStart[slot]!, this.textEnd[slot]!), at);
      at += this.textEnd[slot]! - this.textStart[slot]!;
      ends.push(at);
      const text = this.wideTexts.get(slot);
      if (text !== undefined) wide.set(i, text);
    });
    this.textBytes = bytes;
    this.textUsed = at;
    this.textStart = starts;
    this.textEnd = ends;
    this.wideTexts = wide;
    this.slotCount = live.length;
    this.alive = newBitset(this.slotCount);
    this.kindBits = KINDS.map(() => newBitset(this.slotCount));
    this.slotById = new Map();
    for (let slot = 0; slot < this.slotCount; slot++) {
      setBit(this.alive, slot);
      setBit(this.kindBits[this.kinds[slot]!]!, slot);
      this.slotById.set(this.ids[slot]!, slot);
    }
    this.postings = this.postings.map(mapList);
    this.facetPostings = this.facetPostings.map((lists) => lists.map(mapList));
    this.rebuildOrder();
  }

  // ----- term lookup -----

  /** Token ids starting with the prefix (sorted dictionary range plus the extra tokens). */
  private tokensWithPrefix(prefix: string): number[] {
    const list = this.tokenList;
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[sorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < sorted.length && list[sorted[i]!]!.startsWith(prefix); i++) out.push(sorted[i]!);
    for (const id of this.extra) if (list[id]!.startsWith(prefix)) out.push(id);
    return out;
  }

  /** Token ids containing the part (3+ code units), through the rarest of its trigrams. */
  private tokensContaining(part: string): number[] {
    let best: List | null = null;
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= part.length; i++) {
      const g = this.gramId(part, i);
      if (g < 0) return [];
      const list = this.trigramTokens[g]!;
      if (best === null || list.length < best.length) best = list;
    }
    const out: number[] = [];
    if (best) for (const id of best) if (this.tokenList[id]!.includes(part)) out.push(id);
    return out;
  }

  private postingsSize(tokenIds: readonly number[]): number {
    let n = 0;
    for (const id of tokenIds) n += this.postings[id]!.length;
    return n;
  }

  private unionPostings(tokenIds: readonly number[]): Bitset {
    const bits = newBitset(this.slotCount);
    for (const id of tokenIds) for (const slot of this.postings[id]!) setBit(bits, slot);
    return bits;
  }

  /** The slots (alive or not) whose values match one lower-cased term by the spec §5 rules. */
  private termSlots(term: string, kindBits: Bitset): Bitset {
    if (!isSubstringTerm(term)) {
      if (hasSurrogate(term)) {
        // a lone surrogate can be a code-unit prefix of a token: ask the reference rule per token
        const ids: number[] = [];
        this.tokenList.forEach((token, id) => { if (tokenMatches(token, term)) ids.push(id); });
        return this.unionPostings(ids);
      }
      const ids = term.length >= CONTAINS_MATCH_MIN_CHARS ? this.tokensContaining(term) : this.tokensWithPrefix(term);
      return this.unionPostings(ids);
    }
    // substring rule: candidates from the term's runs, then the reference check on each
    let candidates: Bitset | null = null;
    if (!hasSurrogate(term)) {
      let bestIds: number[] | null = null;
      let bestSize = Infinity;
      for (const { run, before, after } of runsOf(term)) {
        let ids: number[] | null;
        if (before && after) {
          const id = this.tokenId.get(run);
          ids = id === undefined ? [] : [id];
        } else if (before) ids = this.tokensWithPrefix(run);
        else if (run.length >= CONTAINS_MATCH_MIN_CHARS) ids = this.tokensContaining(run);
        else ids = null; // a short part inside a token: no usable lookup
        if (ids === null) continue;
        const size = this.postingsSize(ids);
        if (size < bestSize) { bestIds = ids; bestSize = size; }
      }
      if (bestIds) candidates = this.unionPostings(bestIds);
    }
    const out = newBitset(this.slotCount);
    if (candidates) andInto(candidates, kindBits);
    const slots = slotsOf(candidates ?? kindBits);
    // the reference check (a lower-cased value includes the term) on each candidate's text
    const wide = this.wideTexts;
    const needle = latin1Bytes(term); // null: a unit above 255 is in no Latin-1 text
    const bytes = this.textBytes;
    const starts = this.textStart;
    const ends = this.textEnd;
    const anyWide = wide.size > 0;
    for (const slot of slots) {
      const text = anyWide ? wide.get(slot) : undefined;
      if (text !== undefined ? text.includes(term) : needle !== null && bytesInclude(bytes, starts[slot]!, ends[slot]!, needle)) setBit(out, slot);
    }
    return out;
  }

  /** Slots having the selected value (compared without case) in the category. */
  private facetSlots(c: number, selected: string): Bitset {
    const bits = newBitset(this.slotCount);
    for (const id of this.facetByLower[c]!.get(selected.toLowerCase()) ?? []) {
      for (const slot of this.facetPostings[c]![id]!) setBit(bits, slot);
    }
    return bits;
  }

  // ----- queries -----

  /** The reference listing of searchRegistry for one kind, one page of it. */
  query({ kind, query, filters, offset = 0, limit = Infinity }: SearchQuery): SearchResult {
    const base = Uint32Array.from(this.kindBits[KIND_CODE[kind]!]!);
    andInto(base, this.alive);
    const terms = [...new Set(searchTerms(query))];
    const listed = base;
    for (const term of terms) andInto(listed, this.termSlots(term, base));

    // one bitset per distinct selected value per category
    const valueBits = new Map<string, Bitset>();
    const bitsFor = (c: number, value: string) => {
      const key = `${c}\u0000${value.toLowerCase()}`;
      let bits = valueBits.get(key);
      if (!bits) {
        bits = this.facetSlots(c, value);
        valueBits.set(key, bits);
      }
      return bits;
    };
    let any: Bitset | null = null;
    FILTER_CATEGORIES.forEach((category, c) => {
      for (const value of filters[category] ?? []) {
        any ??= newBitset(this.slotCount);
        orInto(any, bitsFor(c, value));
      }
    });
    if (any) andInto(listed, any);

    // the score's criteria: each selected value of the scoring categories (duplicates too), and the search
    const scoring: Bitset[] = [];
    for (const category of SCORING_CATEGORIES) {
      const c = FILTER_CATEGORIES.indexOf(category);
      for (const value of filters[category] ?? []) scoring.push(bitsFor(c, value));
    }
    const searching = terms.length > 0;
    const criteria = scoring.length + (searching ? 1 : 0);
    const scoreOf = (slot: number) => {
      if (criteria === 0) return 100;
      let matched = searching ? 1 : 0; // every listed profile matches the search
      for (const bits of scoring) if (hasBit(bits, slot)) matched++;
      return Math.round((matched / criteria) * 100);
    };

    const total = popcount(listed);
    const end = Math.min(total, offset + limit);
    if (offset >= end) return { total, items: [] };

    // candidates in rank order, without sorting all of them when they are many
    let ranked: ArrayLike<number>;
    if (total * SORT_FEW_DIVISOR < this.order.length) {
      const slots = slotsOf(listed);
      const rank = this.rank;
      slots.sort((a, b) => rank[a]! - rank[b]!);
      ranked = slots;
    } else {
      ranked = this.order;
    }
    if (criteria === 0) {
      const items: { id: number; score: number }[] = [];
      let seen = 0;
      for (let i = 0; i < ranked.length && seen < end; i++) {
        const slot = ranked[i]!;
        if (!hasBit(listed, slot)) continue;
        if (seen >= offset) items.push({ id: this.ids[slot]!, score: 100 });
        seen++;
      }
      return { total, items };
    }
    // count per score, then collect only the page's part of each bucket
    const counts = new Int32Array(101);
    const scores = new Int8Array(this.slotCount);
    for (let i = 0; i < ranked.length; i++) {
      const slot = ranked[i]!;
      if (!hasBit(listed, slot)) continue;
      const score = scoreOf(slot);
      scores[slot] = score;
      counts[score] = counts[score]! + 1;
    }
    const items: { id: number; score: number }[] = [];
    let before = 0; // listed items in higher buckets
    for (let score = 100; score >= 0 && before < end; score--) {
      const n = counts[score]!;
      if (n === 0) continue;
      if (before + n > offset) {
        let seen = before;
        for (let i = 0; i < ranked.length && seen < end; i++) {
          const slot = ranked[i]!;
          if (!hasBit(listed, slot) || scores[slot]! !== score) continue;
          if (seen >= offset) items.push({ id: this.ids[slot]!, score });
          seen++;
        }
      }
      before += n;
    }
    return { total, items };
  }

  /**
   * A category's filter options over the live profiles of a kind, as
   * client/features/registry/filter-options.ts computes them from the profiles: fixed lists for
   * the classified categories, else the distinct trimmed values (without case), each with how
   * many profiles have it, sorted by value.
   */
  facetOptions(kind: ProfileKind, category: FilterCategory): FacetOption[] {
    const c = FILTER_CATEGORIES.indexOf(category);
    const base = Uint32Array.from(this.kindBits[KIND_CODE[kind]!]!);
    andInto(base, this.alive);
    const groups = new Map<string, { value: string; firstId: number; slots: Set<number> }>();
    this.facetValueList[c]!.forEach((raw, id) => {
      const value = raw.trim();
      if (value === '') return;
      const key = value.toLowerCase();
      let firstId = Infinity;
      const slots: number[] = [];
      for (const slot of this.facetPostings[c]![id]!) {
        if (!hasBit(base, slot)) continue;
        slots.push(slot);
        if (this.ids[slot]! < firstId) firstId = this.ids[slot]!;
      }
      if (slots.length === 0) return;
      const group = groups.get(key);
      if (!group) groups.set(key, { value, firstId, slots: new Set(slots) });
      else {
        for (const slot of slots) group.slots.add(slot);
        if (firstId < group.firstId) { group.firstId = firstId; group.value = value; }
      }
    });
    const fixed = fixedOptions(category);
    if (fixed) return fixed.map((value) => ({ value, count: groups.get(value.toLowerCase())?.slots.size ?? 0 }));
    const byValue = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    return [...groups.values()].map((g) => ({ value: g.value, count: g.slots.size })).sort((a, b) => byValue.compare(a.value, b.value));
  }

  // ----- persistence -----

  /** The index as plain buffers (transferable, storable in IndexedDB), mostly copies of its arrays. */
  serialize(): SerializedIndex {
    const n = this.slotCount;
    const wideSlots = [...this.wideTexts.keys()].sort((a, b) => a - b);
    const parts: [string, ArrayBuffer[]][] = [
      ['ids', [Float64Array.from(this.ids.slice(0, n)).buffer]],
      ['kinds', [Uint8Array.from(this.kinds.slice(0, n)).buffer]],
      ['alive', [Uint32Array.from(this.alive).buffer]],
      ['textBytes', [this.textBytes.slice(0, this.textUsed).buffer]],
      ['textStart', [Uint32Array.from(this.textStart.slice(0, n)).buffer]],
      ['textEnd', [Uint32Array.from(this.textEnd.slice(0, n)).buffer]],
      ['wideSlots', [Int32Array.from(wideSlots).buffer]],
      ['wideTexts', packStrings(wideSlots.map((slot) => this.wideTexts.get(slot)!))],
      ['names', packStrings(this.names.slice(0, n))],
      ['tokens', packStrings(this.tokenList)],
      ['sorted', [this.sorted.slice().buffer]],
      ['extra', [Int32Array.from(this.extra).buffer]],
      ['order', [Int32Array.from(this.order).buffer]],
      ['trigrams', [Float64Array.from(this.trigramKeys).buffer]],
      ['postings', packLists(this.postings)],
      ['trigramTokens', packLists(this.trigramTokens)],
      ...this.facetValueList.map((list, c): [string, ArrayBuffer[]] => [`facet${c}`, packStrings(list)]),
      ...this.facetPostings.map((lists, c): [string, ArrayBuffer[]] => [`facetPostings${c}`, packLists(lists)]),
    ];
    return {
      meta: { format: FORMAT, slots: n, parts: parts.map(([name, b]) => `${name}:${b.length}`) },
      buffers: parts.flatMap(([, b]) => b),
    };
  }

  static deserialize({ meta, buffers }: SerializedIndex): SearchIndex {
    if (meta.format !== FORMAT) throw new Error(`Unknown search index format ${String(meta.format)}`);
    const index = new SearchIndex();
    let at = 0;
    const next = () => buffers[at++]!;
    const n = meta.slots;
    index.slotCount = n;
    index.ids = Array.from(new Float64Array(next()));
    index.kinds = Array.from(new Uint8Array(next()));
    index.alive = new Uint32Array(next().slice(0));
    index.textBytes = new Uint8Array(next());
    index.textUsed = index.textBytes.length;
    index.textStart = Array.from(new Uint32Array(next()));
    index.textEnd = Array.from(new Uint32Array(next()));
    const wideSlots = new Int32Array(next());
    const wideTexts = unpackStrings(next(), next());
    wideSlots.forEach((slot, i) => index.wideTexts.set(slot, wideTexts[i]!));
    const strings = () => unpackStrings(next(), next());
    const lists = () => unpackLists(next(), next());
    index.names = strings();
    index.tokenList = strings();
    index.sorted = new Int32Array(next());
    index.extra = Array.from(new Int32Array(next()));
    const order = Array.from(new Int32Array(next()));
    index.trigramKeys = Array.from(new Float64Array(next()));
    index.postings = lists();
    index.trigramTokens = lists();
    index.facetValueList = FILTER_CATEGORIES.map(() => strings());
    index.facetPostings = FILTER_CATEGORIES.map(() => lists());

    index.kindBits = KINDS.map(() => newBitset(n));
    for (let slot = 0; slot < n; slot++) {
      if (!hasBit(index.alive, slot)) continue;
      setBit(index.kindBits[index.kinds[slot]!]!, slot);
      index.slotById.set(index.ids[slot]!, slot);
    }
    const tokenId = index.tokenId;
    const tokens = index.tokenList;
    for (let id = 0; id < tokens.length; id++) tokenId.set(tokens[id]!, id);
    index.trigramKeys.forEach((key, id) => {
      const a = Math.floor(key / 4294967296);
      const b = Math.floor(key / 65536) % 65536;
      index.setGram(a, b, key % 65536, id);
    });
    index.facetValueList.forEach((list, c) => list.forEach((raw, id) => {
      index.facetValueId[c]!.set(raw, id);
      const lower = raw.toLowerCase();
      const same = index.facetByLower[c]!.get(lower);
      if (same) same.push(id);
      else index.facetByLower[c]!.set(lower, [id]);
    }));
    index.setOrder(order);
    return index;
  }
}

// a string with a lone surrogate cannot go through UTF-8 unchanged
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Strings as their lengths (in UTF-16 code units) and their text: UTF-8 when no string holds a
 * lone surrogate (the last length is then 1), else the exact UTF-16 code units (last length 0).
 */
function packStrings(list: readonly string[]): [ArrayBuffer, ArrayBuffer] {
  const lengths = new Uint32Array(list.length + 1);
  let total = 0;
  let wellFormed = true;
  list.forEach((s, i) => {
    lengths[i] = s.length;
    total += s.length;
    if (wellFormed && LONE_SURROGATE.test(s)) wellFormed = false;
  });
  if (wellFormed) {
    lengths[list.length] = 1;
    const bytes = new TextEncoder().encode(list.join(''));
    return [lengths.buffer, (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()).buffer as ArrayBuffer];
  }
  const units = new Uint16Array(total);
  let at = 0;
  for (const s of list) for (let i = 0; i < s.length; i++) units[at++] = s.charCodeAt(i);
  return [lengths.buffer, units.buffer];
}

function unpackStrings(lengthsBuffer: ArrayBuffer, textBuffer: ArrayBuffer): string[] {
  const lengths = new Uint32Array(lengthsBuffer);
  const count = lengths.length - 1;
  const out: string[] = new Array<string>(count);
  if (lengths[count] === 1) {
    const all = new TextDecoder('utf-8', { ignoreBOM: true }).decode(textBuffer); // a leading U+FEFF is text
    let at = 0;
    for (let i = 0; i < count; i++) {
      out[i] = all.slice(at, at + lengths[i]!);
      at += lengths[i]!;
    }
    return out;
  }
  const units = new Uint16Array(textBuffer);
  const CHUNK = 8192;
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = at + lengths[i]!;
    let s = '';
    for (let from = at; from < end; from += CHUNK) {
      s += String.fromCharCode.apply(null, units.subarray(from, Math.min(end, from + CHUNK)) as unknown as number[]);
    }
    out[i] = s;
    at = end;
  }
  return out;
}

/** Lists of slots as offsets and one data array (CSR). */
function packLists(lists: readonly List[]): [ArrayBuffer, ArrayBuffer] {
  const offsets = new Uint32Array(lists.length + 1);
  let total = 0;
  lists.forEach((l, i) => { total += l.length; offsets[i + 1] = total; });
  const data = new Int32Array(total);
  lists.forEach((l, i) => data.set(l, offsets[i]));
  return [offsets.buffer, data.buffer];
}

function unpackLists(offsetsBuffer: ArrayBuffer, dataBuffer: ArrayBuffer): List[] {
  const offsets = new Uint32Array(offsetsBuffer);
  const data = new Int32Array(dataBuffer);
  const out: List[] = new Array<List>(offsets.length - 1);
  for (let i = 0; i + 1 < offsets.length; i++) out[i] = data.subarray(offsets[i], offsets[i + 1]);
  return out;
}
