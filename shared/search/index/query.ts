// The reference listing of searchRegistry, asked of the index: the same profiles, scores and
// order (shared/search/reference.ts). The index only proposes CANDIDATES, and every rule is
// decided either by an exact structure or by the reference predicate itself.
//   - plain terms (product.md#validation ("token equal to or starting with the term, or containing it from 3
//     characters")): the dictionary gives the tokens starting with a 1- or 2-unit term (its prefix
//     groups) or containing a 3+ character term (its trigram lists, each candidate checked with
//     String.includes; dictionary.ts). The union of those tokens' postings is the exact answer.
//   - substring terms ('bustr-…', IPv4, '@', '.', '0x'): the alphanumeric runs of the term must
//     be whole tokens (inside), token prefixes (at the end) or token parts (at the start) of the
//     value holding it; the cheapest of those gives candidates, and each candidate is checked
//     with the reference rule (lower-cased value includes the term) on its stored values.
//     A term with no usable run ('@', '.', '0x', 'a.') scans the kind.
//   - a plain term with punctuation (issue 16) is taken as its words: the AND of their plain
//     lookups (none: every slot); in a query that is a pasted identifier, it matches nothing.
//   - identifiers (issue 16): the whole query and each term are read as identifiers (the
//     reference's readQuery); a reading's key is looked up in identifier-postings.ts (a case id
//     by its id), exactly. A term's slots are its own OR its readings'; the listing is the AND of
//     the terms OR the whole query's readings'.
//   - filters: postings per category and facetValues() value (the reference classification),
//     turned into one bitset per selected value at query time; listing ORs them, the score
//     counts them by bit tests.
//   - order: a page is the listing read in the slots' name order (the order walked, or the listed
//     slots put in it by their ranks: order.ts), cut from score buckets where scores differ.
import type { ProfileKind } from '../../contract/common';
import { CONTAINS_MATCH_MIN_CHARS } from '../../constants';
import { FILTER_CATEGORIES, SCORING_CATEGORIES, type FilterCategory } from '../facets';
import { caseId } from '../../domain/case-id';
import type { Identifier } from '../../identifiers';
import { identifierKey, isSubstringTerm, readQuery, tokens } from '../reference';
import { andInto, bitsetWords, hasBit, newBitset, orInto, popcount, popcountAnd, setBit, slotsOf, type Bitset, type BitsetArena } from './bitset';
import { listedInOrder } from './order';
import { KIND_CODE, type IndexParts } from './parts';
import { hashString } from './profile-values';
import type { FacetOption, SearchQuery, SearchResult } from './types';

/**
 * Listing a bitset's slots in order (listedInOrder) against walking the order (a place read and
 * its bit tested: one step, ~3-4 ns at 100k): a word of the bitset read in its two passes, and a
 * listed slot (its rank read and set, its place read back), each taken as this many steps.
 */
const LIST_WORD_STEPS = 1;
const LIST_SLOT_STEPS = 2;

/** ~12 KB each at 100k slots: a page's query and its other kind's count, pages of the same search */
const TERM_MEMO_SIZE = 16;

/**
 * The work (postings read, a token counted as DEAR_TOKEN_WORK of them) above which a term's slots
 * are kept with the dear terms: at 100k profiles a one- or two-letter term (15,000–33,000 tokens,
 * 150,000–540,000 postings) or a common three-letter one ('the': 92,000 postings), not a name
 * (~5,000–17,000).
 */
const DEAR_TERM_WORK = 50_000;
const DEAR_TOKEN_WORK = 8;
/** Work done by unionPostings since the module loaded: remembered() reads what one term's slots took. */
let unionWork = 0;

/**
 * Plain terms' and filter values' slots kept by an index (SearchIndex), the last used last, at
 * most `capacity`; emptied whenever its slots change. A device keeps a few; the server, which
 * answers many people's searches, more (their words repeat: decision 032).
 */
export class TermSlotsMemo extends Map<string, Bitset> {
  /**
   * Terms whose slots took `dearWork` or more to find, kept apart, the last used last, at most a
   * quarter of `capacity` more: a one-letter term is the union of tens of thousands of
   * tokens' postings (~2 ms at 100k), and in one list with the others a stream of cheap new terms
   * (every pasted wallet is one) pushed it out before it was asked again (decision 039).
   */
  readonly dear = new Map<string, Bitset>();

  constructor(public capacity = TERM_MEMO_SIZE, public dearWork = DEAR_TERM_WORK) {
    super();
  }

  get dearCapacity(): number {
    return this.capacity > 0 ? Math.max(1, Math.floor(this.capacity / 4)) : 0;
  }

  override clear(): void {
    super.clear();
    this.dear.clear();
  }
}

/**
 * The reference listing of searchRegistry for one kind, one page of it. `memo`: plain terms' and
 * filter values' slots from the index's last queries (the same search asked for the other kind or another page
 * repeats them: ~a third of an answer's time at 100k).
 */
export function query(parts: IndexParts, q: SearchQuery, memo?: TermSlotsMemo): SearchResult {
  const arena = parts.arena();
  try {
    return queryIn(arena, parts, q, memo);
  } finally {
    arena.release();
  }
}

/** query(), its bitsets borrowed from `arena` (none of them outlives it: the memo's are its own). */
function queryIn(arena: BitsetArena, parts: IndexParts, { kind, query, filters, offset = 0, limit = Infinity, countOther = false }: SearchQuery, memo?: TermSlotsMemo): SearchResult {
  // counting the other kind too: the listing is made over both kinds, then cut to each (every
  // step below but the order is the same for either kind: terms, readings and filters hold slots)
  const base = countOther ? arena.copyOf(parts.alive) : parts.liveOfKindIn(arena, kind);
  const read = readQuery(query);
  const searching = read.terms.length > 0;
  // the identifiers the query reads as, each with its slots: the whole query's, then each term's
  const found: { key: string; bits: Bitset }[] = [];
  let listed = base;
  if (searching) {
    const whole = identifierSlots(parts, read.whole, found, arena);
    if (whole) listed = arena.copyOf(base);
    const seen = new Set<string>();
    for (const { term, lower, readings } of read.terms) {
      if (seen.has(term)) continue;
      seen.add(term);
      const bits = memo && !isSubstringTerm(lower) ? remembered(memo, arena, parts, lower, !read.lookup) : termSlots(arena, () => arena.take(), parts, lower, listed, !read.lookup);
      const held = identifierSlots(parts, readings, found, arena);
      if (held) orInto(bits, held);
      andInto(listed, bits);
    }
    if (whole) {
      andInto(whole, base);
      orInto(listed, whole);
    }
  }

  // one bitset per distinct selected value per category
  const valueBits = new Map<string, Bitset>();
  const bitsFor = (c: number, value: string) => {
    const key = `${c}\u0000${value.toLowerCase()}`;
    let bits = valueBits.get(key);
    if (!bits) {
      // (read only here: the memo's own, not a copy)
      bits = memo ? rememberedValue(memo, key, () => parts.facets.slots(c, value, parts.slotCount)) : parts.facets.slots(c, value, parts.slotCount);
      valueBits.set(key, bits);
    }
    return bits;
  };
  let any: Bitset | null = null;
  FILTER_CATEGORIES.forEach((category, c) => {
    for (const value of filters[category] ?? []) {
      any ??= arena.take();
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
  const criteria = scoring.length + (searching ? 1 : 0);

  let otherTotal: number | undefined;
  if (countOther) {
    otherTotal = popcountAnd(listed, parts.kindBits[KIND_CODE[kind === 'developer' ? 'project' : 'developer']]!);
    andInto(listed, parts.kindBits[KIND_CODE[kind]]!);
  }
  const counted = otherTotal === undefined ? {} : { otherTotal };
  const total = popcount(listed);
  const end = Math.min(total, offset + limit);
  if (offset >= end) return { total, items: [], ...counted };
  const answer = (items: { id: number; score: number }[]): SearchResult => {
    if (found.length === 0) return { total, items, ...counted };
    // which identifier found each of the page's profiles (the first reading that holds it)
    const identified: { id: number; key: string }[] = [];
    for (const item of items) {
      const slot = parts.slotById.get(item.id)!;
      const hit = found.find((f) => hasBit(f.bits, slot));
      if (hit) identified.push({ id: item.id, key: hit.key });
    }
    return { total, items, identified, ...counted };
  };

  // a criterion every listed profile meets, or none does, scores them all alike: only the others
  // tell them apart (a filter's one value is met by every profile it lists: most filtered
  // searches score every profile the same, and are cut like searches without a filter)
  let matchedByAll = searching ? 1 : 0; // every listed profile matches the search
  const varying: Bitset[] = [];
  for (const bits of scoring) {
    const n = popcountAnd(listed, bits);
    if (n === total) matchedByAll++;
    else if (n > 0) varying.push(bits);
  }
  const scoreOf = (matched: number) => (criteria === 0 ? 100 : Math.round((matched / criteria) * 100));

  const slotCount = parts.order.length;
  const ids = parts.ids;
  // one score for all: the page is the listing's own order, read only as far as the page's end,
  // either by walking the order and testing each place (~end × slots / total steps when the
  // listed profiles are spread through it: few for a large listing) or by listing the slots in
  // order (~a step a word of the bitset and two a listed slot). A listing gathered in one stretch
  // of the order (first letters of a name: its profiles sit together under its letter) walks far
  // longer than the estimate, so the walk gives up where listing would have cost as much.
  if (varying.length === 0) {
    const score = scoreOf(matchedByAll);
    const listCost = bitsetWords(slotCount) * LIST_WORD_STEPS + total * LIST_SLOT_STEPS;
    const items: { id: number; score: number }[] = [];
    if ((end * slotCount) / total < listCost) {
      const order = parts.order;
      const steps = Math.min(order.length, listCost);
      let seen = 0;
      for (let i = 0; i < steps && seen < end; i++) {
        const slot = order[i]!;
        if (!hasBit(listed, slot)) continue;
        if (seen >= offset) items.push({ id: ids[slot]!, score });
        seen++;
      }
      if (seen === end) return answer(items);
      items.length = 0;
    }
    const ranked = arena.slotList(end);
    const n = listedInOrder(listed, parts.rank, parts.order, arena.take(), ranked, end);
    for (let i = offset; i < n; i++) items.push({ id: ids[ranked[i]!]!, score });
    return answer(items);
  }
  // scores that differ: every listed slot scored, in order, counted per score; then only the
  // page's part of each bucket collected
  const ranked = arena.slotList(total);
  const listedCount = listedInOrder(listed, parts.rank, parts.order, arena.take(), ranked, total);
  const counts = new Int32Array(101);
  const scores = arena.slotScores(parts.slotCount);
  for (let i = 0; i < listedCount; i++) {
    const slot = ranked[i]!;
    let matched = matchedByAll;
    for (const bits of varying) if (hasBit(bits, slot)) matched++;
    const score = scoreOf(matched);
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
      for (let i = 0; i < listedCount && seen < end; i++) {
        const slot = ranked[i]!;
        if (scores[slot]! !== score) continue;
        if (seen >= offset) items.push({ id: ids[slot]!, score });
        seen++;
      }
    }
    before += n;
  }
  return answer(items);
}

/** A category's filter options over the live profiles of a kind (FacetPostings.options). */
export function facetOptions(parts: IndexParts, kind: ProfileKind, category: FilterCategory): FacetOption[] {
  return parts.facets.options(category, parts.liveOfKind(kind), parts.ids);
}

/** The memo's entry for a key (made when missing), now the last used. */
function rememberedValue(memo: TermSlotsMemo, key: string, make: () => Bitset): Bitset {
  let bits = memo.get(key);
  if (bits) memo.delete(key);
  else bits = make();
  memo.set(key, bits);
  if (memo.size > memo.capacity) memo.delete(memo.keys().next().value!);
  return bits;
}

/**
 * termSlots of a plain term (they depend on the term alone, not on the kind), from the memo when
 * there; a copy the caller may change. A term whose slots took the memo's `dearWork` or more is
 * kept with its dear terms.
 */
function remembered(memo: TermSlotsMemo, arena: BitsetArena, parts: IndexParts, term: string, words: boolean): Bitset {
  const key = (words ? 'w' : 'i') + term;
  const dear = memo.dear.get(key);
  if (dear) {
    memo.dear.delete(key);
    memo.dear.set(key, dear);
    return arena.copyOf(dear);
  }
  let work = 0;
  const bits = rememberedValue(memo, key, () => {
    const before = unionWork;
    const made = termSlots(arena, () => keptBitset(memo, parts.slotCount), parts, term, arena.take(), words);
    work = unionWork - before;
    return made;
  });
  if (work >= memo.dearWork) {
    memo.delete(key);
    memo.dear.set(key, bits);
    if (memo.dear.size > memo.dearCapacity) memo.dear.delete(memo.dear.keys().next().value!);
  }
  return arena.copyOf(bits);
}

/**
 * A cleared bitset for a term the memo is about to keep: a full memo's oldest term gives up its
 * own. A server's memo is full after its first few hundred searches, and each new term (every
 * pasted wallet is one) would otherwise make a ~12 KB bitset and leave one behind that had lived
 * long enough to reach the old generation: a full collection of the ~130 MB index heap every few
 * seconds under load (decision 036). Only a term's bitset is taken: the memo's filter values are
 * handed out as they are (queryIn) and may be in use.
 */
function keptBitset(memo: TermSlotsMemo, slotCount: number): Bitset {
  if (memo.size > 0 && memo.size >= memo.capacity) {
    const oldest = memo.keys().next().value!;
    const bits = memo.get(oldest)!;
    if (isTermKey(oldest) && bits.length === bitsetWords(slotCount)) {
      memo.delete(oldest);
      return bits.fill(0);
    }
  }
  return newBitset(slotCount);
}

/** A memo key of a plain term's slots (remembered), as against a filter value's. */
const isTermKey = (key: string) => key.startsWith('w') || key.startsWith('i');

/**
 * The slots (alive or not) whose values match one lower-cased term by product.md#validation
 * rules, in a bitset from `result` (the memo keeps its own); what it needs on the way is borrowed
 * from `arena`.
 */
function termSlots(arena: BitsetArena, result: () => Bitset, parts: IndexParts, term: string, kindBits: Bitset, words = true): Bitset {
  const dictionary = parts.dictionary;
  if (!isSubstringTerm(term)) {
    const split = tokens(term);
    if (split.length !== 1 || split[0] !== term) {
      // punctuation: every word must match (no word: every slot); in a pasted identifier, none does
      const out = result();
      if (!words) return out;
      out.fill(0xffffffff);
      const borrowed = () => arena.take();
      for (const word of split) andInto(out, termSlots(arena, borrowed, parts, word, kindBits));
      return out;
    }
    // (a lone surrogate can be a code-unit prefix of a token: ask the reference rule per token)
    if (hasSurrogate(term)) return unionPostings(arena, result(), parts, dictionary.matching(term));
    return unionPostings(arena, result(), parts, term.length >= CONTAINS_MATCH_MIN_CHARS ? dictionary.containing(term) : dictionary.withPrefix(term));
  }
  // substring rule: candidates from the term's runs, then the reference check on each
  let candidates: Bitset | null = null;
  if (!hasSurrogate(term)) {
    let bestIds: number[] | null = null;
    let bestSize = Infinity;
    for (const { run, before, after } of runsOf(term)) {
      let ids: number[] | null;
      if (before && after) {
        const id = dictionary.idOf(run, hashString(run));
        ids = id < 0 ? [] : [id];
      } else if (before) ids = dictionary.withPrefix(run);
      else if (run.length >= CONTAINS_MATCH_MIN_CHARS) ids = dictionary.containing(run);
      else ids = null; // a short part inside a token: no usable lookup
      if (ids === null) continue;
      const size = postingsSize(parts, ids);
      if (size < bestSize) { bestIds = ids; bestSize = size; }
    }
    if (bestIds) candidates = unionPostings(arena, arena.take(), parts, bestIds);
  }
  const out = result();
  if (candidates) andInto(candidates, kindBits);
  const slots = slotsOf(candidates ?? kindBits);
  // the reference check (a lower-cased value includes the term) on each candidate's text: its
  // own, then the shared values it refers to (each of those checked once)
  const wide = parts.wideTexts;
  const texts = parts.texts;
  const valueTexts = parts.valueTexts;
  const refs = parts.valueRefs;
  const refStart = parts.refStart;
  const refEnd = parts.refEnd;
  const known = arena.clearedMarks(1, parts.valueCount); // 1: has the term, 2: has not
  const anyWide = wide.size > 0;
  for (const slot of slots) {
    const text = anyWide ? wide.get(slot) : undefined;
    if (text !== undefined) {
      if (text.includes(term)) setBit(out, slot);
      continue;
    }
    if (texts[slot]!.includes(term)) {
      setBit(out, slot);
      continue;
    }
    for (let r = refStart[slot]!, end = refEnd[slot]!; r < end; r++) {
      const v = refs[r]!;
      if (known[v] === 0) known[v] = valueTexts[v]!.includes(term) ? 1 : 2;
      if (known[v] === 1) {
        setBit(out, slot);
        break;
      }
    }
  }
  return out;
}

/** How many slots the tokens' postings hold (a slot may count more than once). */
function postingsSize(parts: IndexParts, tokenIds: readonly number[]): number {
  let n = 0;
  for (const id of tokenIds) {
    n += parts.postings.size(id);
    const values = parts.tokenValues.get(id);
    for (let i = 0; i < values.length; i++) n += parts.valueSlots.size(values[i]!);
  }
  return n;
}

/** The slots of the tokens' postings, set in `bits` (cleared). */
function unionPostings(arena: BitsetArena, bits: Bitset, parts: IndexParts, tokenIds: readonly number[]): Bitset {
  // each shared value once, though several tokens have it
  const seen = tokenIds.length > 1 ? arena.clearedMarks(0, parts.valueCount) : null;
  let work = tokenIds.length * DEAR_TOKEN_WORK;
  for (const id of tokenIds) {
    work += parts.postings.setBits(id, bits);
    const values = parts.tokenValues.get(id);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (seen) {
        if (seen[v] === 1) continue;
        seen[v] = 1;
      }
      work += parts.valueSlots.setBits(v, bits);
    }
  }
  unionWork += work;
  return bits;
}

const CASE_ID = /^BUSTR-\d{4}-(\d+)$/;

/**
 * The slots (alive or not) holding one of the readings (null when none does), each reading found
 * added to `found` with its slots. A case id's profile is the one of its id (caseId()). The
 * bitsets are `arena`'s when given (valid until it is released), new otherwise.
 */
export function identifierSlots(parts: IndexParts, readings: readonly Identifier[], found: { key: string; bits: Bitset }[], arena?: BitsetArena): Bitset | null {
  const fresh = () => (arena ? arena.take() : newBitset(parts.slotCount));
  let all: Bitset | null = null;
  for (const reading of readings) {
    const key = identifierKey(reading.kind, reading.canonical);
    let bits = found.find((f) => f.key === key)?.bits;
    if (!bits) {
      const own = fresh();
      if (reading.kind === 'case_id') {
        const id = Number(CASE_ID.exec(reading.canonical)?.[1] ?? NaN);
        const slot = Number.isSafeInteger(id) && caseId(id) === reading.canonical ? parts.slotById.get(id) : undefined;
        if (slot === undefined) continue;
        setBit(own, slot);
      } else if (!parts.identifiers.setBits(reading.kind, reading.canonical, own)) {
        continue;
      }
      bits = own;
      found.push({ key, bits });
    }
    all ??= fresh();
    orInto(all, bits);
  }
  return all;
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
