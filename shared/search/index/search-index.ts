// The registry search at scale (issue 6): the same listing, order and scores as the reference
// shared/search/reference.ts (searchRegistry), found through an index instead of a scan.
//
// How it stays identical to the reference: the index only proposes CANDIDATES, and every rule
// is decided either by an exact structure or by the reference predicate itself.
//   - slots: every indexed profile version has a slot; an upsert marks the old slot dead and
//     appends a new one, a removal clears the slot's 'alive' bit. Postings only ever grow, and
//     every answer is ANDed with 'alive', so a stale posting can never list a profile. When dead
//     slots outnumber live ones, compact() renumbers the live ones.
//   - plain terms (spec §5 "token equal to or starting with the term, or containing it from 3
//     characters"): a token dictionary (every token of every registry search value, as the
//     reference tokens() makes them) grouped by their first two code units, so the tokens starting
//     with a 1- or 2-unit term are a few groups (token-prefixes.ts); trigram postings over the
//     dictionary give the tokens containing a 3+ character term (or starting with it), each
//     checked with String.includes (a long token lists only its trigrams at even places, so a
//     term's candidates come from both alignments: see tokensContaining). The union of those
//     tokens' postings is the exact answer.
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
//
// How the build stays fast (issue 6: 100k profiles, "index build ≤ 2 s"). Two things set its
// pace: reading the profiles, which lie all over the heap (most of the time is cache misses), and
// V8's full garbage collections, which mark those 100k profiles every time and which every 64 MB
// of array buffers allocated brings on. So the build
//   - reads each profile once, in the order given (mostly the order they lie in memory), and
//     makes almost nothing per profile: its values go into reused arrays (profile-values.ts);
//   - shares values: a field whose values repeat (an industry, a company, a bio, a name) has each
//     distinct value read and tokenised once; a slot refers to it (valueRefs) and the value's
//     tokens list it (tokenValues, valueSlots). A field whose values rarely repeat (e-mails,
//     wallets, case ids) stops being looked up after a trial;
//   - lower-cases a slot's other values at once (joined) and tells letters and digits of Latin-1
//     units by table, which is exactly what toLowerCase() and the reference tokens() do there; a
//     unit beyond Latin-1 sends the slot to the reference functions themselves;
//   - streams token, facet and trigram ids into plain arrays, laid out as postings once at the
//     end, and keeps texts as strings: typed arrays only for what the index keeps, about 60 MB;
//   - hands each new token to token-structures.ts, which groups the dictionary by its tokens'
//     first two units and streams their trigrams, as the tokens are made;
//   - or, in buildWith (decision 016), reads only the values and facets here and hands every
//     text it would tokenise to a helper worker on the other core (token-helper.ts), which
//     tokenises them with this same class (readTokens), in the same order, and sends back the
//     dictionary, the postings, the shared values' tokens and the token structures;
//   - sorts the name order by counting, asking the collator once per distinct name.
import type { Profile } from '../../contract/profile';
import type { ProfileKind } from '../../contract/common';
import { FILTER_CATEGORIES, SCORING_CATEGORIES, fixedOptions, type FilterCategory } from '../facets';
import { isSubstringTerm, registrySearchValues, searchTerms, tokenMatches, tokens, type ActiveFilters } from '../reference';
import { CONTAINS_MATCH_MIN_CHARS } from '../../constants';
import { andInto, clearBit, grow, hasBit, newBitset, orInto, popcount, setBit, slotsOf, type Bitset } from './bitset';
import { SparseGrams, unitCode } from './gram-ids';
import { GapListTable, ListTable } from './list-table';
import { RecentValues } from './recent-values';
import { SlotsById } from './slots-by-id';
import { OTHER_PREFIX, PREFIX_KEYS, TokenPrefixes, prefixKey, prefixKeys } from './token-prefixes';
import { LONG_TOKEN, TokenStructuresBuilder, type TokenStructures } from './token-structures';
import { FACET_FIELD, FNV_PRIME, FNV_START, LATIN1_WORD, NAME_FIELD, SEARCH_FIELDS, facetFieldCount, facetOfFieldValue, facetValuesInto, hashString, searchValuesInto } from './profile-values';

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

/**
 * Where buildWith sends every text it would tokenise itself, in the order it reads them (a helper
 * worker's end: TokenHelper.reader); finish() gives back what readTokens() made of them.
 */
export interface TokenReaderSink {
  /** a new shared value's lower-cased text (sent also when it has a unit beyond Latin-1: see refer) */
  shared(text: string): void;
  /** the next slot's own text, lower-cased, all Latin-1 */
  own(text: string): void;
  /** the next slot's own text with a unit beyond Latin-1, and its own values */
  wide(text: string, values: string[]): void;
  finish(): Promise<TokenParts>;
}

/** The reading end: SearchIndex.readTokens. */
export interface TokenReader extends Omit<TokenReaderSink, 'finish'> {
  finish(): TokenParts;
}

/** What a reader made of a build's texts: its dictionary and all that hangs on the tokens' ids. */
export interface TokenParts {
  /** how many slots and shared values it read (the build checks they are its own counts) */
  slots: number;
  values: number;
  /** the dictionary, in id order, and its hash table */
  tokens: string[];
  tokenTable: Int32Array;
  /** per token, its slots; per token, the shared values holding it */
  postings: ListTable;
  tokenValues: ListTable;
  structures: TokenStructures;
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

/**
 * 3: texts as strings, shared values (valueTexts, valueRefs, valueSlots, tokenValues); 4: long
 * tokens' trigrams apart; 5: prefix groups instead of a sorted dictionary, ASCII trigrams as ids
 */
const FORMAT = 5;
const KINDS: readonly ProfileKind[] = ['developer', 'project'];
const KIND_CODE: Record<ProfileKind, number> = { developer: 0, project: 1 };
/** value separator of the stored search text: white space never occurs inside a term */
const SEP = '\n';
/** extra (ungrouped) dictionary tokens kept before the dictionary's prefix groups are made again */
const MAX_EXTRA_TOKENS = 4096;
/** a candidate set smaller than slots / this is sorted by rank instead of walking the order */
const SORT_FEW_DIVISOR = 16;
/** a field's values are no longer shared once it has been looked up this often... */
const CACHE_TRIAL = 1024;
/** ...with fewer than one hit in this many lookups (e-mails, wallets, case ids: unique values) */
const CACHE_MIN_HIT_RATIO = 8;
/** the full text size is estimated from this many profiles, with this margin */
const TEXT_SAMPLE = 256;
const TEXT_MARGIN = 1.0625;
/**
 * The streams' first lengths (they grow past them): full-text units per streamed token id (only
 * a slot's own tokens are streamed: 30 at 100k seeded profiles) and facet values per slot (19).
 */
const TEXT_PER_TOKEN = 24;
const FACETS_PER_SLOT = 20;
/** initial size of the token and shared-value hash tables (powers of two; doubled at 3/4 and 1/2 load) */
const TOKEN_TABLE_START = 1 << 12;
const RECENT_TOKEN_MASK = (1 << 12) - 1;
/** an id and a slot packed in one float64: id * SLOT_FACTOR + slot, exact while below 2^53 */
const SLOT_FACTOR = 2 ** 21;
const MAX_PACKED_ID = 2 ** 32;
/** V8's SlicedString::kMinLength: a slice this long or longer is a view of its string */
const SLICED_MIN = 13;
/** a longer token stays a slice (a copy goes through Function#apply, which takes so many arguments) */
const MAX_COPIED = 4096;
/** places of each category's recent facet values */
const FACET_RECENT = 64;
/** full-text units per token table place to start a build with (~210 units a token at 100k seeded profiles; load up to 3/4) */
const TEXT_PER_PLACE = 128;
const SHARED_TABLE_START = 1 << 10;

// the same collator as the reference's compareNames
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type List = number[] | Int32Array;

/** The build's scratch: what it streams per slot, and the values it has read already. */
interface BuildState {
  // (plain arrays: they live on the JavaScript heap, where they are cheap to drop, whereas every
  // 64 MB of array buffers allocated makes V8 collect the whole heap, 100k profiles included)
  /** per slot: -(slot + 1), then the ids of the slot's distinct tokens (made at an estimated length) */
  tokenStream: number[];
  tokenUsed: number;
  /** per slot: -(slot + 1), then the build ids of the slot's distinct facet values (made at an estimated length) */
  facetStream: number[];
  facetUsed: number;
  /** per build facet id: its category and its id there; per category: id there -> build id */
  facetCategory: number[];
  facetLocal: number[];
  /** per build facet id: the last slot streamed with it */
  facetSlot: number[];
  facetBuildId: number[][];
  /**
   * per category and value id there: the least profile id having it, and where that profile lists
   * it first (so the values can be numbered in the order a walk by id meets them, see renumberFacets)
   */
  facetMinId: number[][];
  facetMinAt: number[][];
  /** per category with a FACET_FIELD: shared value id -> the id of its facet value there (once asked) */
  sharedFacet: number[][];
  /** where the new tokens go, for their prefix groups and trigram lists (token-structures.ts); null while a reader tokenises */
  tokens: TokenStructuresBuilder | null;
  /** the helper that tokenises this build's texts (buildWith), or null: they are tokenised here */
  reader: TokenReaderSink | null;
  /**
   * shared values by content: open addressing, pairs of shared value id + 1 (0: free) and
   * valueHash, and per place the value's string (compared there, one memory read fewer)
   */
  sharedTable: Int32Array;
  sharedKeys: string[];
  sharedProbe: number;
  sharedHash: number;
  /** per shared value: the profile's own string, and where its token ids end in sharedTokens */
  sharedRaw: string[];
  sharedTokenEnds: number[];
  sharedTokens: number[];
  /** per slot in order, the shared values it has (laid out as valueRefs at the end; made at an estimated length) */
  refs: number[];
  refsUsed: number;
  /** per field: the shared values it had last (found without hashing) */
  recent: RecentValues[];
  /** per field (searchValuesInto's numbering): shared-value lookups (-1: no longer looked up) and hits */
  fieldLookups: Int32Array;
  fieldHits: Int32Array;
  /** per field, the current slot's shared values of it: how many, and where the first is in refs (they follow each other) */
  fieldRefCount: Int32Array;
  fieldRefFrom: Int32Array;
  /** per slot: the shared value its name is, or -1 */
  nameShared: number[];
}

/**
 * A hash of the value: of all its units up to VALUE_HASH_UNITS, else of its length, its first and
 * last units and some between (a bio need not be read whole to be told from the others; a lookup
 * compares the strings anyway).
 */
function valueHash(value: string): number {
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
const VALUE_HASH_UNITS = 32;

/** Postings from a stream of -(slot + 1) markers, each followed by ids: per id, its slots in stream order. */
function layOut(stream: readonly number[], used: number, idCount: number): List[] {
  const offsets = new Int32Array(idCount + 1);
  for (let i = 0; i < used; i++) {
    const v = stream[i]!;
    if (v >= 0) offsets[v + 1]!++;
  }
  for (let id = 0; id < idCount; id++) offsets[id + 1]! += offsets[id]!;
  const data = new Int32Array(offsets[idCount]!);
  const fill = offsets.slice(0, idCount);
  let slot = 0;
  for (let i = 0; i < used; i++) {
    const v = stream[i]!;
    if (v < 0) slot = -v - 1;
    else data[fill[v]!++] = slot;
  }
  const lists = new Array<List>(idCount);
  for (let id = 0; id < idCount; id++) lists[id] = data.subarray(offsets[id]!, offsets[id + 1]!);
  return lists;
}

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

/** Whether every unit of the text is Latin-1 (what readText() reads; it returns false at the first unit beyond). */
function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 255) return false;
  return true;
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

/** The profiles less any a later one of the same id replaces (the list itself when there is none). */
function lastVersions(profiles: readonly IndexedProfile[]): readonly IndexedProfile[] {
  // ids are the registry's row ids, small integers: a typed array by id finds the repeats without
  // a map's hashing (any other ids take the map)
  let max = -1;
  for (let i = 0; i < profiles.length; i++) {
    const id = profiles[i]!.id;
    if (!(Number.isInteger(id) && id >= 0 && id < MAX_DENSE_ID)) {
      max = Infinity;
      break;
    }
    if (id > max) max = id;
  }
  if (max < 4 * profiles.length + 1024) {
    const at = new Int32Array(max + 1).fill(-1);
    let repeated = false;
    for (let i = 0; i < profiles.length; i++) {
      const id = profiles[i]!.id;
      if (at[id]! >= 0) repeated = true;
      at[id] = i;
    }
    return repeated ? profiles.filter((p, i) => at[p.id] === i) : profiles;
  }
  const last = new Map<number, number>();
  for (let i = 0; i < profiles.length; i++) last.set(profiles[i]!.id, i);
  return last.size === profiles.length ? profiles : profiles.filter((p, i) => last.get(p.id) === i);
}
const MAX_DENSE_ID = 2 ** 30;

export class SearchIndex {
  // slots
  private slotCount = 0;
  private ids: number[] = [];
  private kinds: number[] = [];
  private names: string[] = [];
  /**
   * The substring rule's haystack: per slot, its lower-cased registry search values joined by SEP
   * (strings, not one big buffer: see BuildState), less the shared values below; a slot with a
   * unit beyond Latin-1 keeps all of its values in wideTexts instead.
   */
  private texts: string[] = [];
  private wideTexts = new Map<number, string>();
  /**
   * Values many profiles share (an industry, a company, a bio), found by the build: their
   * lower-cased text once. A slot's text leaves them out: it lists them in valueRefs[refStart,
   * refEnd) instead.
   */
  private valueTexts: string[] = [];
  private valueCount = 0;
  private valueRefs: Int32Array | Uint16Array = new Int32Array(0);
  private refStart: number[] = [];
  private refEnd: number[] = [];
  private alive: Bitset = newBitset(0);
  private kindBits: Bitset[] = [newBitset(0), newBitset(0)];
  private slotById = new SlotsById();
  // order
  private order: number[] = [];
  private rank: Int32Array = new Int32Array(0);
  // token dictionary
  private tokenList: string[] = [];
  /** open addressing, pairs: token id + 1 (0: free) and the token's hash, at its hash's place */
  private tokenTable: Int32Array = new Int32Array(2 * TOKEN_TABLE_START);
  /** pairs of token id + 1 and hash, by the hash's low bits: the tokens looked up last */
  private recentTokens: Int32Array = new Int32Array(2 * (RECENT_TOKEN_MASK + 1));
  /** where the last missed lookup ended (a free place of tokenTable) */
  private tokenProbe = 0;
  /**
   * per token id, the slots whose own text has it; the slots whose shared values have it are
   * those of its tokenValues, in valueSlots
   */
  private postings = ListTable.empty();
  /** per token id, the shared values holding it; per shared value, the slots referring to it */
  private tokenValues = ListTable.empty();
  private valueSlots = ListTable.empty();
  private prefixes = TokenPrefixes.empty();
  private extra: number[] = [];
  /** the trigrams beyond ASCII letters and digits, which have ids of their own (gram-ids.ts) */
  private sparseGrams = new SparseGrams();
  /**
   * per trigram id, the ids of the short tokens holding it, and of the long ones holding it at an
   * even place (0, 2, 4...: half the entries; at 100k profiles nearly all are wallet addresses')
   */
  private trigramTokens = GapListTable.empty();
  private longTrigramTokens = GapListTable.empty();
  // the slot being added: its distinct token ids (marked with its mark, so each counts once)
  private slotTokens: Int32Array = new Int32Array(256);
  private slotTokenCount = 0;
  private tokenMarks: Int32Array = new Int32Array(TOKEN_TABLE_START);
  private mark = 0;
  /** registry search values (and their fields) and facet values of the slot being added (reused) */
  private valueScratch: string[] = [];
  private fieldScratch: number[] = [];
  private ownScratch: string[] = [];
  private unitScratch: number[] = [];
  // build pass: token and facet ids per slot streamed, then laid out as postings at the end
  private building: BuildState | null = null;
  // facets: per category, raw facet value -> slots; lower-cased value -> raw value ids
  private facetValueList: string[][] = FILTER_CATEGORIES.map(() => []);
  private facetValueId: Map<string, number>[] = FILTER_CATEGORIES.map(() => new Map());
  private facetPostings: List[][] = FILTER_CATEGORIES.map(() => []);
  private facetByLower: Map<string, number[]>[] = FILTER_CATEGORIES.map(() => new Map());
  private facetRecent: RecentValues[] = FILTER_CATEGORIES.map(() => new RecentValues(FACET_RECENT));

  private constructor() {}

  /** The index of the profiles (the last version of each id), built in this thread. */
  static build(profiles: readonly IndexedProfile[]): SearchIndex {
    const index = SearchIndex.readProfiles(profiles, null);
    const structures = index.building!.tokens!.finish();
    index.layOutBuild();
    return index.takeTokenStructures(structures);
  }

  /**
   * The same index, with its texts tokenised elsewhere as the build reads them: by a helper worker
   * (token-helper.ts) on the machine's other core, which runs readTokens() on them in the same
   * order, while this thread reads the values and facets and lays them out.
   */
  static async buildWith(profiles: readonly IndexedProfile[], tokenReader: (textSize: number) => TokenReaderSink): Promise<SearchIndex> {
    const index = SearchIndex.readProfiles(profiles, tokenReader);
    const tokens = index.building!.reader!.finish(); // (asked before the layout, so they are made meanwhile)
    index.layOutBuild();
    return index.takeTokenParts(await tokens);
  }

  /**
   * The helper's side of buildWith: tokenises the texts of a build in the order that build reads
   * them, exactly as the build itself would (the same methods), and hands over what it made.
   */
  static readTokens(textSize: number): TokenReader {
    const index = new SearchIndex();
    const state = index.startBuild(0, textSize, 0, null);
    state.tokens = new TokenStructuresBuilder(textSize);
    return {
      shared: (text) => {
        const from = state.sharedTokens.length;
        if (index.readText(text, true)) state.sharedTokenEnds.push(state.sharedTokens.length);
        else state.sharedTokens.length = from; // (its tokens before the wide unit stay in the dictionary, as in a build)
      },
      own: (text) => {
        const slot = index.slotCount++;
        index.beginSlotTokens();
        if (!index.readText(text, false)) throw new Error('readTokens: an own text beyond Latin-1 goes to wide()');
        index.streamSlotTokens(state, slot);
      },
      wide: (text, values) => {
        const slot = index.slotCount++;
        index.beginSlotTokens();
        index.readWideText(text, values);
        index.streamSlotTokens(state, slot);
      },
      finish: () => {
        index.building = null;
        const tokenCount = index.tokenList.length;
        const ends = state.sharedTokenEnds;
        const starts = ends.map((_, v) => (v > 0 ? ends[v - 1]! : 0));
        return {
          slots: index.slotCount,
          values: ends.length,
          tokens: index.tokenList,
          tokenTable: index.tokenTable,
          postings: ListTable.fromStream(state.tokenStream, state.tokenUsed, tokenCount),
          tokenValues: ListTable.invert(starts, ends, state.sharedTokens, ends.length, tokenCount),
          structures: state.tokens!.finish(),
        };
      },
    };
  }

  /** A build's first part: every profile read into the build's streams (its texts tokenised here, or by the reader). */
  private static readProfiles(profiles: readonly IndexedProfile[], tokenReader: ((textSize: number) => TokenReaderSink) | null): SearchIndex {
    const index = new SearchIndex();
    // the last version of each id, read in the order given: that is mostly the order the profiles
    // were made in, so the order they lie in memory (read in id order instead, 100k profiles loaded
    // from the database took a third longer); nothing in the answers depends on the slots' order
    const list = lastVersions(profiles);

    index.reserve(list.length);
    // the size of the text, estimated from the first profiles, sizes the build's streams
    const values = index.valueScratch;
    const sample = Math.min(list.length, TEXT_SAMPLE);
    let sampled = 0;
    let sampledValues = 0;
    for (let i = 0; i < sample; i++) {
      const n = searchValuesInto(list[i]!, values, index.fieldScratch);
      sampledValues += n;
      for (let v = 0; v < n; v++) sampled += values[v]!.length + 1;
    }
    const textSize = sample === 0 ? 0 : Math.ceil((sampled / sample) * list.length * TEXT_MARGIN);
    const valueCount = sample === 0 ? 0 : (sampledValues / sample) * list.length;
    const state = index.startBuild(list.length, textSize, valueCount, tokenReader ? tokenReader(textSize) : null);
    if (!state.reader) state.tokens = new TokenStructuresBuilder(textSize);
    for (let i = 0; i < list.length; i++) index.addSlot(list[i]!);
    return index;
  }

  /** The build's state, its streams made at the estimated sizes. */
  private startBuild(slots: number, textSize: number, valueCount: number, reader: TokenReaderSink | null): BuildState {
    // the token table is made at about the size it will need (doubling it costs the copies)
    let places = TOKEN_TABLE_START;
    while (places * TEXT_PER_PLACE < textSize) places *= 2;
    this.tokenTable = new Int32Array(2 * places);
    this.building = {
      tokenStream: new Array<number>(Math.ceil(textSize / TEXT_PER_TOKEN)), tokenUsed: 0, tokens: null, reader,
      facetStream: new Array<number>(slots * FACETS_PER_SLOT), facetUsed: 0,
      facetCategory: [], facetLocal: [], facetSlot: [], facetBuildId: FILTER_CATEGORIES.map(() => []),
      facetMinId: FILTER_CATEGORIES.map(() => []), facetMinAt: FILTER_CATEGORIES.map(() => []), sharedFacet: FILTER_CATEGORIES.map(() => []),
      sharedTable: new Int32Array(2 * SHARED_TABLE_START), sharedKeys: new Array<string>(SHARED_TABLE_START).fill(''), sharedProbe: 0, sharedHash: 0, sharedRaw: [], sharedTokenEnds: [], sharedTokens: [],
      refs: new Array<number>(Math.ceil(valueCount * TEXT_MARGIN)), refsUsed: 0,
      recent: Array.from({ length: SEARCH_FIELDS }, () => new RecentValues()),
      fieldLookups: new Int32Array(SEARCH_FIELDS), fieldHits: new Int32Array(SEARCH_FIELDS),
      fieldRefCount: new Int32Array(SEARCH_FIELDS), fieldRefFrom: new Int32Array(SEARCH_FIELDS), nameShared: [],
    };
    return this.building;
  }

  /** A build's second part: the streamed token and facet ids laid out as postings, the shared values' references, the order. */
  private layOutBuild(): void {
    const state = this.building!;
    this.building = null;
    const tokenCount = this.tokenList.length;
    // (a reader made the postings and the shared values' tokens: see takeTokenParts)
    if (!state.reader) this.postings = ListTable.fromStream(state.tokenStream, state.tokenUsed, tokenCount);
    state.tokenStream = [];
    // (two bytes a reference while there are few enough shared values: buffers are costly, see BuildState)
    const refs = this.valueCount <= 0x10000 ? new Uint16Array(state.refsUsed) : new Int32Array(state.refsUsed);
    for (let i = 0; i < refs.length; i++) refs[i] = state.refs[i]!;
    this.valueRefs = refs;
    this.valueSlots = ListTable.invert(this.refStart, this.refEnd, this.valueRefs, this.slotCount, this.valueCount);
    if (!state.reader) {
      const tokenEnds = state.sharedTokenEnds;
      const tokenStarts = tokenEnds.map((_, v) => (v > 0 ? tokenEnds[v - 1]! : 0));
      this.tokenValues = ListTable.invert(tokenStarts, tokenEnds, state.sharedTokens, this.valueCount, tokenCount);
    }
    const facetLists = layOut(state.facetStream, state.facetUsed, state.facetCategory.length);
    const renumbered = this.renumberFacets(state);
    for (let id = 0; id < facetLists.length; id++) {
      const c = state.facetCategory[id]!;
      this.facetPostings[c]![renumbered[c]![state.facetLocal[id]!]!] = facetLists[id]!;
    }
    this.valueScratch = [];
    this.fieldScratch = [];
    this.ownScratch = [];
    this.rebuildOrder({ ofSlot: state.nameShared, raw: state.sharedRaw });
  }

  /** A build's last part when a reader tokenised its texts: the dictionary and all that hangs on its ids. */
  private takeTokenParts(parts: TokenParts): SearchIndex {
    if (parts.slots !== this.slotCount || parts.values !== this.valueCount) {
      throw new Error(`The token reader read ${parts.slots} slots and ${parts.values} shared values of ${this.slotCount} and ${this.valueCount}`);
    }
    this.tokenList = parts.tokens;
    this.tokenTable = parts.tokenTable;
    this.tokenMarks = new Int32Array(Math.max(TOKEN_TABLE_START, parts.tokens.length + 1));
    this.postings = parts.postings;
    this.tokenValues = parts.tokenValues;
    return this.takeTokenStructures(parts.structures);
  }

  /** A build's last part: the prefix groups and trigram lists of the dictionary it made. */
  private takeTokenStructures(structures: TokenStructures): SearchIndex {
    if (structures.prefixes.size !== this.tokenList.length) {
      throw new Error(`The token structures cover ${structures.prefixes.size} tokens of ${this.tokenList.length}`);
    }
    this.prefixes = structures.prefixes;
    this.sparseGrams = SparseGrams.from(structures.sparseGramKeys);
    this.trigramTokens = structures.trigramTokens;
    this.longTrigramTokens = structures.longTrigramTokens;
    return this;
  }

  /** The id of the trigram of s at i, or -1 when the index has none (one beyond ASCII letters and digits). */
  private gramId(s: string, i: number): number {
    return this.sparseGrams.idOf(s, i);
  }

  /** The trigram's id, made when new (with an empty token list). */
  private internGram(s: string, i: number): number {
    const g = this.sparseGrams.idOf(s, i);
    if (g >= 0) return g;
    this.trigramTokens.add();
    this.longTrigramTokens.add();
    return this.sparseGrams.add(s, i);
  }

  /** How many live profiles the index holds. */
  get size(): number {
    return this.slotById.size;
  }

  has(id: number): boolean {
    return this.slotById.has(id);
  }

  /** The ids of the live profiles (in no particular order). */
  aliveIds(): number[] {
    return this.slotById.ids();
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
    this.valueScratch = [];
    this.fieldScratch = [];
    this.ownScratch = [];
    this.afterChange(added);
  }

  /** Removes profiles (tombstones): their slots' alive bits are cleared. */
  remove(ids: readonly number[]): void {
    let changed = false;
    for (const id of ids) changed = this.killSlot(id) || changed;
    if (changed) this.afterChange();
  }

  private afterChange(added: readonly number[] = []): void {
    if (this.extra.length > MAX_EXTRA_TOKENS) this.groupDictionary();
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
    this.slotById.reserve(slots);
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
    this.refEnd[slot] = this.refStart[slot]!;
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
    this.beginSlotTokens();
    const state = this.building;

    // the values: a shared one is referred to; the others make the slot's own text
    const values = this.valueScratch;
    const fields = this.fieldScratch;
    const n = searchValuesInto(p, values, fields);
    const own = this.ownScratch;
    own.length = 0;
    const refsFrom = state ? state.refsUsed : this.valueRefs.length;
    if (state) state.fieldRefCount.fill(0);
    for (let v = 0; v < n; v++) {
      const value = values[v]!;
      const field = fields[v]!;
      if (state && state.fieldLookups[field]! >= 0 && this.refer(state, value, field)) {
        if (state.fieldRefCount[field]!++ === 0) state.fieldRefFrom[field] = state.refsUsed - 1;
        continue;
      }
      own.push(value);
    }
    if (state) state.nameShared[slot] = state.fieldRefCount[NAME_FIELD] === 1 ? state.refs[state.fieldRefFrom[NAME_FIELD]!]! : -1;
    // the own text lower-cased at once: Latin-1 units lower-case alike in a value or joined
    // (only units beyond it, such as a final sigma, depend on their neighbours)
    const text = (own.length === 1 ? own[0]! : own.join(SEP)).toLowerCase();
    const reader = state?.reader;
    const latin1 = reader ? isLatin1(text) : this.readText(text, false);
    if (latin1) {
      this.texts[slot] = text;
      reader?.own(text);
    } else {
      // a unit beyond Latin-1: the reference's lower-casing and tokens(), value by value
      this.texts[slot] = '';
      this.wideTexts.set(slot, registrySearchValues(p).map((v) => v.toLowerCase()).join(SEP));
      if (reader) reader.wide(text, own.slice());
      else this.readWideText(null, own);
    }
    this.refStart[slot] = refsFrom;
    this.refEnd[slot] = state ? state.refsUsed : refsFrom;

    // the slot's distinct tokens: streamed while building (by the reader, if any), else appended to their postings
    if (state) {
      if (!reader) this.streamSlotTokens(state, slot);
    } else {
      const slotTokens = this.slotTokens;
      for (let i = 0; i < this.slotTokenCount; i++) this.postings.push(slotTokens[i]!, slot);
    }
    this.addFacets(p, slot, state);
  }

  /** A slot's tokens start: none yet (tokenMarks tell the ones it has). */
  private beginSlotTokens(): void {
    if (++this.mark === 0x7fffffff) {
      this.tokenMarks.fill(0);
      this.mark = 1;
    }
    this.slotTokenCount = 0;
  }

  /** The slot's distinct tokens into the build's stream: -(slot + 1), then their ids. */
  private streamSlotTokens(state: BuildState, slot: number): void {
    // (written in place; past an estimate that was short, the array grows)
    const stream = state.tokenStream;
    const slotTokens = this.slotTokens;
    let at = state.tokenUsed;
    stream[at++] = -(slot + 1);
    for (let i = 0, n = this.slotTokenCount; i < n; i++) stream[at++] = slotTokens[i]!;
    state.tokenUsed = at;
  }

  /**
   * The tokens of a slot's own values when a unit is beyond Latin-1: the reference tokens(), value
   * by value. `text` (their lower-cased join), when given, is read first, as a build reads it
   * before it meets the wide unit (the tokens before it are the slot's too).
   */
  private readWideText(text: string | null, values: readonly string[]): void {
    if (text !== null) this.readText(text, false);
    for (const value of values) for (const token of tokens(value)) this.addSlotToken(this.internToken(token, hashString(token)));
  }

  /**
   * Whether the value is (now) a shared value the slot refers to: one read before, else a new one
   * while its field's values repeat enough.
   */
  private refer(state: BuildState, value: string, field: number): boolean {
    const recent = state.recent[field]!;
    let shared = recent.get(value);
    if (shared < 0) {
      shared = this.sharedOf(state, value);
      if (shared >= 0) recent.set(value, shared);
    }
    const lookups = ++state.fieldLookups[field]!;
    if (shared >= 0) {
      state.fieldHits[field]!++;
      state.refs[state.refsUsed++] = shared; // (its tokens list it: see tokenValues)
      return true;
    }
    // a field whose values rarely repeat is not worth the lookups
    if (lookups >= CACHE_TRIAL && state.fieldHits[field]! * CACHE_MIN_HIT_RATIO < lookups) {
      state.fieldLookups[field] = -1;
      return false;
    }
    // the first time: a new shared value, when it is all Latin-1
    const text = value.toLowerCase();
    if (state.reader) {
      // (sent even when it is not: its tokens before the wide unit join the dictionary, as here)
      state.reader.shared(text);
      if (!isLatin1(text)) return false;
    } else {
      const tokensFrom = state.sharedTokens.length;
      if (!this.readText(text, true)) {
        state.sharedTokens.length = tokensFrom;
        return false;
      }
    }
    this.addShared(state, value, field, text);
    return true;
  }

  /**
   * Reads the tokens of a lower-cased text whose units are all Latin-1 into the slot's tokens (or,
   * when asked, a new shared value's): its letters and digits told by table, which is what the
   * reference tokens() does to such a text. False at a unit beyond Latin-1.
   */
  private readText(text: string, record: boolean): boolean {
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
        this.addReadToken(text, from, i, h, record);
        from = -1;
      }
    }
    if (from >= 0) this.addReadToken(text, from, n, h, record);
    return true;
  }

  /** A token just read: text[from, to), whose hash is given. */
  private addReadToken(text: string, from: number, to: number, hash: number, record: boolean): void {
    let id = this.tokenIn(text, from, to, hash);
    if (id < 0) id = this.addToken(to - from < SLICED_MIN || to - from > MAX_COPIED ? text.slice(from, to) : this.copyOf(text, from, to), hash);
    if (record) this.building!.sharedTokens.push(id); // a shared value's: the slot refers to it
    else this.addSlotToken(id);
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

  /** The shared value equal to the profile's value, or -1 (sharedProbe is then its place). */
  private sharedOf(state: BuildState, value: string): number {
    const table = state.sharedTable;
    const mask = (table.length >> 1) - 1;
    const keys = state.sharedKeys;
    const hash = valueHash(value);
    let i = hash & mask;
    for (let e = table[2 * i]!; e !== 0; i = (i + 1) & mask, e = table[2 * i]!) {
      if (table[2 * i + 1] === hash && keys[i] === value) return e - 1;
    }
    state.sharedProbe = i;
    state.sharedHash = hash;
    return -1;
  }

  /** A new shared value, just read (its tokens last in sharedTokens): the slot refers to it. */
  private addShared(state: BuildState, value: string, field: number, text: string): void {
    const id = this.valueCount++;
    this.valueTexts.push(text);
    state.sharedRaw.push(value);
    state.sharedTokenEnds.push(state.sharedTokens.length);
    state.recent[field]!.set(value, id);
    state.refs[state.refsUsed++] = id;
    state.sharedTable[2 * state.sharedProbe] = id + 1;
    state.sharedTable[2 * state.sharedProbe + 1] = state.sharedHash;
    state.sharedKeys[state.sharedProbe] = value;
    if (this.valueCount * 4 > state.sharedTable.length) {
      // twice the places
      const old = state.sharedTable;
      const oldKeys = state.sharedKeys;
      const table = new Int32Array(2 * old.length);
      const keys = new Array<string>(old.length).fill('');
      const mask = old.length - 1;
      for (let k = 0; k < old.length; k += 2) {
        if (old[k] === 0) continue;
        let i = old[k + 1]! & mask;
        while (table[2 * i] !== 0) i = (i + 1) & mask;
        table[2 * i] = old[k]!;
        table[2 * i + 1] = old[k + 1]!;
        keys[i] = oldKeys[k >> 1]!;
      }
      state.sharedTable = table;
      state.sharedKeys = keys;
    }
  }

  /** The slot's facet values, per category as facetValues() gives them. */
  private addFacets(p: IndexedProfile, slot: number, state: BuildState | null): void {
    const values = this.valueScratch;
    if (state) state.facetStream[state.facetUsed++] = -(slot + 1);
    for (let c = 0; c < FILTER_CATEGORIES.length; c++) {
      const field = FACET_FIELD[c]!;
      if (state && field >= 0 && state.fieldRefCount[field] === facetFieldCount(p, c)) {
        // the field's values were all found as shared values just now: their facet values are known by id
        const known = state.sharedFacet[c]!;
        for (let v = 0, from = state.fieldRefFrom[field]!, n = state.fieldRefCount[field]!; v < n; v++) {
          const shared = state.refs[from + v]!;
          let id = known[shared];
          if (id === undefined) {
            id = this.internFacet(c, facetOfFieldValue(c, state.sharedRaw[shared]!));
            known[shared] = id;
          }
          this.streamFacet(state, slot, c, id, v, p.id);
        }
        continue;
      }
      const n = facetValuesInto(p, c, values);
      for (let v = 0; v < n; v++) {
        const id = this.internFacet(c, values[v]!);
        if (state) {
          this.streamFacet(state, slot, c, id, v, p.id);
        } else {
          const list = this.facetPostings[c]![id]!;
          if (list.length > 0 && list[list.length - 1] === slot) continue; // a value listed twice
          push(this.facetPostings[c]!, id, slot);
        }
      }
    }
  }

  /** Streams the slot's facet value (id in category c, at v in the profile's list of them, whose id is given). */
  private streamFacet(state: BuildState, slot: number, c: number, id: number, v: number, profileId: number): void {
    const minId = state.facetMinId[c]!;
    if (!(minId[id]! <= profileId)) {
      minId[id] = profileId;
      state.facetMinAt[c]![id] = v;
    }
    const buildIds = state.facetBuildId[c]!;
    let b = buildIds[id];
    if (b === undefined) {
      b = state.facetCategory.length;
      buildIds[id] = b;
      state.facetCategory.push(c);
      state.facetLocal.push(id);
      state.facetSlot.push(-1);
    }
    // a value listed twice counts once: the stream holds the slot's distinct values
    if (state.facetSlot[b] === slot) return;
    state.facetSlot[b] = slot;
    state.facetStream[state.facetUsed++] = b;
  }

  /** The id of the token text[from, to), whose hash is given, or -1 (tokenProbe is then its place). */
  private tokenIn(text: string, from: number, to: number, hash: number): number {
    // a frequent token ('com', '192', 'acct') is likely among the recent ones, a small table
    const length = to - from;
    const recent = this.recentTokens;
    const r = 2 * (hash & RECENT_TOKEN_MASK);
    if (recent[r + 1] === hash && recent[r]! > 0 && this.tokenIs(recent[r]! - 1, text, from, length)) return recent[r]! - 1;
    const table = this.tokenTable;
    const mask = (table.length >> 1) - 1;
    let i = hash & mask;
    for (let e = table[2 * i]!; e !== 0; i = (i + 1) & mask, e = table[2 * i]!) {
      if (table[2 * i + 1] === hash && this.tokenIs(e - 1, text, from, length)) {
        recent[r] = e;
        recent[r + 1] = hash;
        return e - 1;
      }
    }
    this.tokenProbe = i;
    return -1;
  }

  private tokenIs(id: number, text: string, from: number, length: number): boolean {
    const token = this.tokenList[id]!;
    if (token.length !== length) return false;
    let j = 0;
    while (j < length && token.charCodeAt(j) === text.charCodeAt(from + j)) j++;
    return j === length;
  }

  /** The id of the token, or -1 (tokenProbe is then its place). */
  private tokenOf(token: string, hash: number): number {
    const table = this.tokenTable;
    const mask = (table.length >> 1) - 1;
    const list = this.tokenList;
    let i = hash & mask;
    for (let e = table[2 * i]!; e !== 0; i = (i + 1) & mask, e = table[2 * i]!) {
      if (table[2 * i + 1] === hash && list[e - 1] === token) return e - 1;
    }
    this.tokenProbe = i;
    return -1;
  }

  private internToken(token: string, hash: number): number {
    const id = this.tokenOf(token, hash);
    return id >= 0 ? id : this.addToken(token, hash);
  }

  /** Adds a token that tokenOf() or tokenIn() just missed (at tokenProbe). */
  private addToken(token: string, hash: number): number {
    const id = this.tokenList.length;
    this.tokenList.push(token);
    if (id === this.tokenMarks.length) this.tokenMarks = growInt32(this.tokenMarks, id + 1);
    this.tokenTable[2 * this.tokenProbe] = id + 1;
    this.tokenTable[2 * this.tokenProbe + 1] = hash;
    if (this.tokenList.length * 8 > this.tokenTable.length * 3) this.growTokenTable();
    if (this.building) {
      // postings are laid out at the end of the build, from streams; prefix groups and trigrams
      // are made from the new tokens (token-structures.ts)
      this.building.tokens!.add(token);
      return id;
    }
    this.postings.add();
    this.extra.push(id);
    const long = token.length >= LONG_TOKEN;
    const table = long ? this.longTrigramTokens : this.trigramTokens;
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= token.length; i += long ? 2 : 1) {
      const g = this.internGram(token, i);
      if (table.last(g) !== id) table.push(g, id);
    }
    return id;
  }

  /** The token table (and marks) of a loaded dictionary. */
  private hashTokens(): void {
    const tokens = this.tokenList;
    this.tokenMarks = new Int32Array(Math.max(TOKEN_TABLE_START, tokens.length + 1));
    let places = TOKEN_TABLE_START;
    while (places < tokens.length * 2) places *= 2;
    const table = new Int32Array(2 * places);
    const mask = places - 1;
    for (let id = 0; id < tokens.length; id++) {
      const hash = hashString(tokens[id]!);
      let i = hash & mask;
      while (table[2 * i] !== 0) i = (i + 1) & mask;
      table[2 * i] = id + 1;
      table[2 * i + 1] = hash;
    }
    this.tokenTable = table;
  }

  /** The token table with twice the places (each place is two entries). */
  private growTokenTable(): void {
    const old = this.tokenTable;
    const places = old.length;
    const table = new Int32Array(2 * places);
    const mask = places - 1;
    for (let k = 0; k < old.length; k += 2) {
      if (old[k] === 0) continue;
      let i = old[k + 1]! & mask;
      while (table[2 * i] !== 0) i = (i + 1) & mask;
      table[2 * i] = old[k]!;
      table[2 * i + 1] = old[k + 1]!;
    }
    this.tokenTable = table;
  }

  /**
   * Numbers each category's facet values in the order a walk of the profiles by id meets them (the
   * order facetOptions() breaks a tie in, as it did when builds read the profiles in id order);
   * returns, per category, old id -> new id.
   */
  private renumberFacets(state: BuildState): number[][] {
    return FILTER_CATEGORIES.map((_, c) => {
      const raws = this.facetValueList[c]!;
      const minId = state.facetMinId[c]!;
      const minAt = state.facetMinAt[c]!;
      const order = raws.map((_, id) => id).sort((a, b) => minId[a]! - minId[b]! || minAt[a]! - minAt[b]!);
      const renumbered = new Array<number>(raws.length);
      order.forEach((id, i) => { renumbered[id] = i; });
      this.facetValueList[c] = order.map((id) => raws[id]!);
      this.facetValueId[c] = new Map();
      this.facetByLower[c] = new Map();
      this.facetValueList[c]!.forEach((raw, id) => this.indexFacetValue(c, raw, id));
      this.facetRecent[c] = new RecentValues(FACET_RECENT);
      return renumbered;
    });
  }

  /** Enters a facet value under its id in the lookups by value and by lower-cased value. */
  private indexFacetValue(c: number, raw: string, id: number): void {
    this.facetValueId[c]!.set(raw, id);
    const lower = raw.toLowerCase();
    const same = this.facetByLower[c]!.get(lower);
    if (same) same.push(id);
    else this.facetByLower[c]!.set(lower, [id]);
  }

  private internFacet(c: number, raw: string): number {
    const recent = this.facetRecent[c]!;
    const seen = recent.get(raw);
    if (seen >= 0) return seen;
    let id = this.facetValueId[c]!.get(raw);
    if (id !== undefined) {
      recent.set(raw, id);
      return id;
    }
    id = this.facetValueList[c]!.length;
    this.facetValueList[c]!.push(raw);
    this.facetPostings[c]!.push([]);
    this.indexFacetValue(c, raw, id);
    return id;
  }

  /** Folds the extra tokens into the dictionary's prefix groups. */
  private groupDictionary(): void {
    this.prefixes = TokenPrefixes.group(this.tokenList.map(prefixKey), this.tokenList.length);
    this.extra = [];
  }

  /**
   * The name order of the live slots. sharedNames: the build's shared value ids of the slots'
   * names (-1: not shared) and their strings, so a name read as a shared value is not looked up
   * again by string.
   */
  private rebuildOrder(sharedNames?: { ofSlot: readonly number[]; raw: readonly string[] }): void {
    const names = this.names;
    const live = this.slotById.slots();
    // the collator is asked once per distinct name (a name twice in `distinct` ties with itself)
    const distinct: string[] = [];
    const nameAt = new Map<string, number>();
    const sharedAt = new Int32Array(sharedNames ? sharedNames.raw.length : 0).fill(-1);
    const slotName = new Int32Array(this.slotCount);
    for (const slot of live) {
      const shared = sharedNames ? sharedNames.ofSlot[slot]! : -1;
      let at = shared >= 0 ? sharedAt[shared]! : (nameAt.get(names[slot]!) ?? -1);
      if (at < 0) {
        at = distinct.length;
        if (shared >= 0) {
          distinct.push(sharedNames!.raw[shared]!);
          sharedAt[shared] = at;
        } else {
          distinct.push(names[slot]!);
          nameAt.set(names[slot]!, at);
        }
      }
      slotName[slot] = at;
    }
    const byName = distinct.map((_, at) => at).sort((a, b) => collator.compare(distinct[a]!, distinct[b]!));
    // names the collator calls equal share a rank
    const nameRank = new Int32Array(distinct.length);
    let r = 0;
    for (let i = 0; i < byName.length; i++) {
      if (i > 0 && collator.compare(distinct[byName[i - 1]!]!, distinct[byName[i]!]!) !== 0) r = i;
      nameRank[byName[i]!] = r;
    }
    const key = new Int32Array(this.slotCount);
    for (const slot of live) key[slot] = nameRank[slotName[slot]!]!;
    // the slots in id order, then a stable counting sort by rank: (rank, id) order
    const byId = this.inIdOrder(live);
    const starts = new Int32Array(distinct.length + 1);
    for (const slot of byId) starts[key[slot]! + 1]!++;
    for (let k = 0; k < distinct.length; k++) starts[k + 1]! += starts[k]!;
    const order = new Array<number>(byId.length);
    for (const slot of byId) order[starts[key[slot]!]!++] = slot;
    this.setOrder(order);
  }

  /** The slots sorted by their profiles' ids (a native sort of id and slot packed in one number when they fit). */
  private inIdOrder(slots: number[]): number[] | Int32Array {
    const ids = this.ids;
    let sorted = true;
    let packable = this.slotCount <= SLOT_FACTOR;
    for (let i = 0; i < slots.length; i++) {
      const id = ids[slots[i]!]!;
      if (i > 0 && ids[slots[i - 1]!]! > id) sorted = false;
      if (!(Number.isInteger(id) && id >= 0 && id < MAX_PACKED_ID)) packable = false;
    }
    if (sorted) return slots;
    if (!packable) return slots.sort((a, b) => ids[a]! - ids[b]!);
    const keys = new Float64Array(slots.length);
    for (let i = 0; i < slots.length; i++) keys[i] = ids[slots[i]!]! * SLOT_FACTOR + slots[i]!;
    keys.sort();
    const out = new Int32Array(slots.length);
    for (let i = 0; i < keys.length; i++) out[i] = keys[i]! % SLOT_FACTOR;
    return out;
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
    const live = this.slotById.slots().sort((a, b) => a - b);
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
    const wide = new Map<number, string>();
    live.forEach((slot, i) => {
      const text = this.wideTexts.get(slot);
      if (text !== undefined) wide.set(i, text);
    });
    this.wideTexts = wide;
    // and the live slots' shared values
    const refs = new Int32Array(live.reduce((n, slot) => n + this.refEnd[slot]! - this.refStart[slot]!, 0));
    // (Int32Array again: set() copies between array types)
    const refStart: number[] = [];
    const refEnd: number[] = [];
    let at = 0;
    for (const slot of live) {
      refStart.push(at);
      refs.set(this.valueRefs.subarray(this.refStart[slot]!, this.refEnd[slot]!), at);
      at += this.refEnd[slot]! - this.refStart[slot]!;
      refEnd.push(at);
    }
    this.valueRefs = refs;
    this.refStart = refStart;
    this.refEnd = refEnd;
    this.slotCount = live.length;
    this.alive = newBitset(this.slotCount);
    this.kindBits = KINDS.map(() => newBitset(this.slotCount));
    this.slotById = new SlotsById();
    this.slotById.reserve(this.slotCount);
    for (let slot = 0; slot < this.slotCount; slot++) {
      setBit(this.alive, slot);
      setBit(this.kindBits[this.kinds[slot]!]!, slot);
      this.slotById.set(this.ids[slot]!, slot);
    }
    this.postings = this.postings.remap(remap);
    this.valueSlots = this.valueSlots.remap(remap);
    this.facetPostings = this.facetPostings.map((lists) => lists.map(mapList));
    this.rebuildOrder();
  }

  // ----- term lookup -----

  /**
   * Token ids starting with the prefix: from 3 units, those of the tokens containing it that start
   * with it; shorter, its prefix groups, the tokens of the group of the rest that start with it (a
   * unit beyond Latin-1 among their first two) and the extra tokens that do.
   */
  private tokensWithPrefix(prefix: string): number[] {
    const list = this.tokenList;
    if (prefix.length >= CONTAINS_MATCH_MIN_CHARS) return this.tokensContaining(prefix).filter((id) => list[id]!.startsWith(prefix));
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
  private tokensContaining(part: string): number[] {
    const grams: number[] = [];
    for (let i = 0; i + CONTAINS_MATCH_MIN_CHARS <= part.length; i++) grams.push(this.gramId(part, i));
    const candidates: ArrayLike<number>[] = [];
    const add = (ids: ArrayLike<number> | null) => { if (ids) candidates.push(ids); };
    add(this.rarestList(this.trigramTokens, grams, 0, 1));
    add(this.rarestList(this.longTrigramTokens, grams, 0, 2));
    if (grams.length > 1) add(this.rarestList(this.longTrigramTokens, grams, 1, 2));
    else for (const g of this.gramsEndingWith(part.charCodeAt(0), part.charCodeAt(1))) add(this.longTrigramTokens.get(g));
    const out: number[] = [];
    const seen = candidates.length > 1 ? new Set<number>() : null; // (a long token can be in two lists)
    for (const ids of candidates) {
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        if (seen?.has(id) || !this.tokenList[id]!.includes(part)) continue;
        seen?.add(id);
        out.push(id);
      }
    }
    return out;
  }

  /** The smallest of the table's lists of grams[from], grams[from + step]...; null when one is empty. */
  private rarestList(table: GapListTable, grams: readonly number[], from: number, step: number): number[] | null {
    let best = -1;
    for (let k = from; k < grams.length; k += step) {
      const g = grams[k]!;
      if (g < 0 || table.size(g) === 0) return null; // no token of the table has it (so placed)
      if (best < 0 || table.size(g) < table.size(best)) best = g;
    }
    return best < 0 ? null : table.get(best);
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

  /** How many slots the tokens' postings hold (a slot may count more than once). */
  private postingsSize(tokenIds: readonly number[]): number {
    let n = 0;
    for (const id of tokenIds) {
      n += this.postings.size(id);
      const values = this.tokenValues.get(id);
      for (let i = 0; i < values.length; i++) n += this.valueSlots.size(values[i]!);
    }
    return n;
  }

  private unionPostings(tokenIds: readonly number[]): Bitset {
    const bits = newBitset(this.slotCount);
    // each shared value once, though several tokens have it
    const seen = tokenIds.length > 1 ? new Uint8Array(this.valueCount) : null;
    for (const id of tokenIds) {
      this.postings.setBits(id, bits);
      const values = this.tokenValues.get(id);
      for (let i = 0; i < values.length; i++) {
        const v = values[i]!;
        if (seen) {
          if (seen[v] === 1) continue;
          seen[v] = 1;
        }
        this.valueSlots.setBits(v, bits);
      }
    }
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
          const id = this.tokenOf(run, hashString(run));
          ids = id < 0 ? [] : [id];
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
    // the reference check (a lower-cased value includes the term) on each candidate's text: its
    // own, then the shared values it refers to (each of those checked once)
    const wide = this.wideTexts;
    const texts = this.texts;
    const valueTexts = this.valueTexts;
    const refs = this.valueRefs;
    const refStart = this.refStart;
    const refEnd = this.refEnd;
    const known = new Int8Array(this.valueCount); // 1: has the term, 2: has not
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
      ['texts', packStrings(this.texts.slice(0, n))],
      ['valueTexts', packStrings(this.valueTexts)],
      ['valueRefs', [Int32Array.from(this.valueRefs).buffer]],
      ['refStart', [Uint32Array.from(this.refStart.slice(0, n)).buffer]],
      ['refEnd', [Uint32Array.from(this.refEnd.slice(0, n)).buffer]],
      ['wideSlots', [Int32Array.from(wideSlots).buffer]],
      ['wideTexts', packStrings(wideSlots.map((slot) => this.wideTexts.get(slot)!))],
      ['names', packStrings(this.names.slice(0, n))],
      ['tokens', packStrings(this.tokenList)],
      ['prefixes', this.prefixes.pack()],
      ['extra', [Int32Array.from(this.extra).buffer]],
      ['order', [Int32Array.from(this.order).buffer]],
      ['sparseGrams', [Float64Array.from(this.sparseGrams.keys).buffer]],
      ['postings', this.postings.pack()],
      ['tokenValues', this.tokenValues.pack()],
      ['valueSlots', this.valueSlots.pack()],
      ['trigramTokens', this.trigramTokens.pack()],
      ['longTrigramTokens', this.longTrigramTokens.pack()],
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
    index.texts = unpackStrings(next(), next());
    index.valueTexts = unpackStrings(next(), next());
    index.valueCount = index.valueTexts.length;
    index.valueRefs = new Int32Array(next());
    index.refStart = Array.from(new Uint32Array(next()));
    index.refEnd = Array.from(new Uint32Array(next()));
    const wideSlots = new Int32Array(next());
    const wideTexts = unpackStrings(next(), next());
    wideSlots.forEach((slot, i) => index.wideTexts.set(slot, wideTexts[i]!));
    const strings = () => unpackStrings(next(), next());
    const lists = () => unpackLists(next(), next());
    index.names = strings();
    index.tokenList = strings();
    index.prefixes = TokenPrefixes.unpack(next(), next());
    index.extra = Array.from(new Int32Array(next()));
    const order = Array.from(new Int32Array(next()));
    index.sparseGrams = SparseGrams.from(Array.from(new Float64Array(next())));
    index.postings = ListTable.unpack(next(), next());
    index.tokenValues = ListTable.unpack(next(), next());
    index.valueSlots = ListTable.unpack(next(), next());
    index.trigramTokens = GapListTable.unpack(next(), next(), next(), next());
    index.longTrigramTokens = GapListTable.unpack(next(), next(), next(), next());
    index.facetValueList = FILTER_CATEGORIES.map(() => strings());
    index.facetPostings = FILTER_CATEGORIES.map(() => lists());

    index.kindBits = KINDS.map(() => newBitset(n));
    index.slotById.reserve(n);
    for (let slot = 0; slot < n; slot++) {
      if (!hasBit(index.alive, slot)) continue;
      setBit(index.kindBits[index.kinds[slot]!]!, slot);
      index.slotById.set(index.ids[slot]!, slot);
    }
    index.hashTokens();
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
