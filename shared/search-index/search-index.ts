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

const FORMAT = 1;
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

/**
 * The distinct tokens of a profile's values, as the reference tokens() makes them. An ASCII text
 * (the lower-cased values joined by SEP) takes a fast path: within ASCII, letters and digits are
 * exactly [a-z0-9] once lower-cased, and SEP is a separator.
 */
function slotTokens(values: readonly string[], text: string): Set<string> {
  const out = new Set<string>();
  // eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL on purpose
  if (/^[\x00-\x7f]*$/.test(text)) {
    for (const token of text.split(/[^a-z0-9]+/)) if (token !== '') out.add(token);
  } else {
    for (const value of values) for (const token of tokens(value)) out.add(token);
  }
  return out;
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

export class SearchIndex {
  // slots
  private slotCount = 0;
  private ids: number[] = [];
  private kinds: number[] = [];
  private names: string[] = [];
  /** lower-cased registry search values joined by SEP (the substring rule's haystack) */
  private texts: string[] = [];
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
  private trigramId = new Map<string, number>();
  private trigramKeys: string[] = [];
  private trigramTokens: List[] = [];
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
    for (const p of list) index.addSlot(p);
    index.sortDictionary();
    index.rebuildOrder();
    return index;
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
    this.texts[slot] = '';
    return true;
  }

  private addSlot(p: IndexedProfile): void {
    const slot = this.slotCount++;
    this.ids[slot] = p.id;
    this.kinds[slot] = KIND_CODE[p.kind];
    this.names[slot] = p.name;
    const values = registrySearchValues(p);
    this.texts[slot] = values.map((v) => v.toLowerCase()).join(SEP);
    setBit(this.alive, slot);
    setBit(this.kindBits[KIND_CODE[p.kind]!]!, slot);
    this.slotById.set(p.id, slot);

    for (const token of slotTokens(values, this.texts[slot])) push(this.postings, this.internToken(token), slot);

    FILTER_CATEGORIES.forEach((category, c) => {
      for (const raw of new Set(facetValues(p, category))) push(this.facetPostings[c]!, this.internFacet(c, raw), slot);
    });
  }

  private internToken(token: string): number {
    let id = this.tokenId.get(token);
    if (id !== undefined) return id;
    id = this.tokenList.length;
    this.tokenList.push(token);
    this.tokenId.set(token, id);
    this.postings.push([]);
    this.extra.push(id);
    const grams = new Set<string>();
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= token.length; i++) grams.add(token.slice(i, i + CONTAINS_MATCH_MIN_CHARS));
    for (const gram of grams) {
      let g = this.trigramId.get(gram);
      if (g === undefined) {
        g = this.trigramKeys.length;
        this.trigramKeys.push(gram);
        this.trigramId.set(gram, g);
        this.trigramTokens.push([]);
      }
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
    const ids = Array.from({ length: this.tokenList.length }, (_, i) => i);
    const list = this.tokenList;
    ids.sort((a, b) => (list[a]! < list[b]! ? -1 : list[a]! > list[b]! ? 1 : 0));
    this.sorted = Int32Array.from(ids);
    this.extra = [];
  }

  private rebuildOrder(): void {
    const names = this.names;
    const ids = this.ids;
    const live = [...this.slotById.values()];
    live.sort((a, b) => collator.compare(names[a]!, names[b]!) || ids[a]! - ids[b]!);
    this.order = live;
    const rank = new Int32Array(this.slotCount).fill(-1);
    for (let i = 0; i < live.length; i++) rank[live[i]!] = i;
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
    this.texts = pick(this.texts);
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
      const g = this.trigramId.get(part.slice(i, i + CONTAINS_MATCH_MIN_CHARS));
      if (g === undefined) return [];
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
    const texts = this.texts;
    const check = (slot: number) => { if (texts[slot]!.includes(term)) setBit(out, slot); };
    if (candidates) {
      andInto(candidates, kindBits);
      for (const slot of slotsOf(candidates)) check(slot);
    } else {
      for (const slot of slotsOf(kindBits)) check(slot);
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

  /** The index as plain buffers (transferable, storable in IndexedDB). */
  serialize(): SerializedIndex {
    const strings: [string, readonly string[]][] = [
      ['names', this.names], ['texts', this.texts], ['tokens', this.tokenList], ['trigrams', this.trigramKeys],
      ...this.facetValueList.map((list, c): [string, readonly string[]] => [`facet${c}`, list]),
    ];
    const lists: [string, readonly List[]][] = [
      ['postings', this.postings], ['trigramTokens', this.trigramTokens],
      ...this.facetPostings.map((l, c): [string, readonly List[]] => [`facetPostings${c}`, l]),
    ];
    const buffers: ArrayBuffer[] = [
      Float64Array.from(this.ids.slice(0, this.slotCount)).buffer,
      Uint8Array.from(this.kinds.slice(0, this.slotCount)).buffer,
      Uint32Array.from(this.alive).buffer,
    ];
    for (const [, list] of strings) buffers.push(...packStrings(list));
    for (const [, list] of lists) buffers.push(...packLists(list));
    return {
      meta: { format: FORMAT, slots: this.slotCount, parts: [...strings.map(([n]) => n), ...lists.map(([n]) => n)] },
      buffers,
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
    const strings = () => unpackStrings(next(), next());
    const lists = () => unpackLists(next(), next());
    index.names = strings();
    index.texts = strings();
    index.tokenList = strings();
    index.trigramKeys = strings();
    index.facetValueList = FILTER_CATEGORIES.map(() => strings());
    index.postings = lists();
    index.trigramTokens = lists();
    index.facetPostings = FILTER_CATEGORIES.map(() => lists());

    index.kindBits = KINDS.map(() => newBitset(n));
    for (let slot = 0; slot < n; slot++) {
      if (!hasBit(index.alive, slot)) continue;
      setBit(index.kindBits[index.kinds[slot]!]!, slot);
      index.slotById.set(index.ids[slot]!, slot);
    }
    index.tokenList.forEach((token, id) => index.tokenId.set(token, id));
    index.trigramKeys.forEach((gram, id) => index.trigramId.set(gram, id));
    index.facetValueList.forEach((list, c) => list.forEach((raw, id) => {
      index.facetValueId[c]!.set(raw, id);
      const lower = raw.toLowerCase();
      const same = index.facetByLower[c]!.get(lower);
      if (same) same.push(id);
      else index.facetByLower[c]!.set(lower, [id]);
    }));
    index.sortDictionary();
    index.rebuildOrder();
    return index;
  }
}

/** Strings as their lengths and their UTF-16 code units (exact, lone surrogates too). */
function packStrings(list: readonly string[]): [ArrayBuffer, ArrayBuffer] {
  const lengths = new Uint32Array(list.length);
  let total = 0;
  list.forEach((s, i) => { lengths[i] = s.length; total += s.length; });
  const units = new Uint16Array(total);
  let at = 0;
  for (const s of list) for (let i = 0; i < s.length; i++) units[at++] = s.charCodeAt(i);
  return [lengths.buffer, units.buffer];
}

function unpackStrings(lengthsBuffer: ArrayBuffer, unitsBuffer: ArrayBuffer): string[] {
  const lengths = new Uint32Array(lengthsBuffer);
  const units = new Uint16Array(unitsBuffer);
  const out: string[] = new Array<string>(lengths.length);
  const CHUNK = 8192;
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
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
