// Profiles into slots: a whole build (SearchIndex.build, buildWith), and a delta's profiles
// (deltas.ts) one at a time.
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
//     unit beyond Latin-1 sends the slot to the reference functions themselves (tokenise.ts);
//   - streams token, facet and trigram ids into plain arrays, laid out as postings once at the
//     end, and keeps texts as strings: typed arrays only for what the index keeps, about 60 MB;
//   - hands each new token to token-structures.ts, which groups the dictionary by its tokens'
//     first two units and streams their trigrams, as the tokens are made;
//   - or, in buildWith (decision 016), reads only the values and facets here and hands every
//     text it would tokenise to a helper worker on the other core (token-helper.ts), which
//     tokenises them with the same code (readTokens), in the same order, and sends back the
//     dictionary, the postings, the shared values' tokens and the token structures;
//   - sorts the name order by counting, asking the collator once per distinct name (order.ts);
//   - keeps the values of the identifier fields as stored, with their slots, for
//     identifier-postings.ts, which reads them as identifiers when a lookup first needs them.
import { FILTER_CATEGORIES } from '../facets';
import { registrySearchValues } from '../reference';
import { setBit } from './bitset';
import { TokenDictionary } from './dictionary';
import type { List } from './facet-postings';
import { ListTable } from './list-table';
import { nameOrder } from './order';
import { IndexParts, KIND_CODE } from './parts';
import { FACET_FIELD, NAME_FIELD, SEARCH_FIELDS, facetFieldCount, facetOfFieldValue, facetValuesInto, searchValuesInto } from './profile-values';
import { RecentValues } from './recent-values';
import { IdTable, valueHash } from './tables';
import { Tokeniser } from './tokenise';
import type { IndexedProfile, TokenParts, TokenReaderSink } from './types';

/** value separator of the stored search text: white space never occurs inside a term */
const SEP = '\n';
/** a field's values are no longer shared once it has been looked up this often... */
const CACHE_TRIAL = 1024;
/** ...with fewer than one hit in this many lookups (e-mails, wallets, case ids: unique values) */
const CACHE_MIN_HIT_RATIO = 8;
/** the full text size is estimated from this many profiles, with this margin */
const TEXT_SAMPLE = 256;
const TEXT_MARGIN = 1.0625;
/** the facet stream's first length (it grows past it): facet values per slot (19 at 100k seeded profiles) */
const FACETS_PER_SLOT = 20;
/** initial size of the shared-value hash table (a power of two; doubled at 1/2 load) */
const SHARED_TABLE_START = 1 << 10;
const SHARED_LOAD: [number, number] = [1, 2];
const MAX_DENSE_ID = 2 ** 30;
/** identifier values per slot, for the first length of their streams (8.1 at 100k seeded profiles; they grow past it) */
const IDENTIFIER_VALUES_PER_SLOT = 9;

/** What reading a profile reuses from one profile to the next: its values, their fields, its own values. */
export interface Scratch {
  values: string[];
  fields: number[];
  own: string[];
}

export const newScratch = (): Scratch => ({ values: [], fields: [], own: [] });

/** The build's scratch: what it streams per slot, and the values it has read already. */
interface BuildState extends Scratch {
  // (plain arrays: they live on the JavaScript heap, where they are cheap to drop, whereas every
  // 64 MB of array buffers allocated makes V8 collect the whole heap, 100k profiles included)
  /** where the texts are tokenised: here, or by a helper (buildWith) */
  tokeniser: Tokeniser | null;
  reader: TokenReaderSink | null;
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
   * it first (so the values can be numbered in the order a walk by id meets them, see FacetPostings.renumber)
   */
  facetMinId: number[][];
  facetMinAt: number[][];
  /** per category with a FACET_FIELD: shared value id -> the id of its facet value there (once asked) */
  sharedFacet: number[][];
  /** shared values by content (the table keeps the strings), and per shared value the profile's own string */
  shared: IdTable;
  sharedRaw: string[];
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

/** The index of the profiles (the last version of each id), built in this thread. */
export function buildHere(profiles: readonly IndexedProfile[]): IndexParts {
  const { parts, state } = readProfiles(profiles, null);
  const tokens = state.tokeniser!.finish(parts.slotCount);
  state.tokeniser = null; // (its streams are laid out: dropped before the rest is)
  layOutBuild(parts, state);
  return takeTokenParts(parts, tokens);
}

/**
 * The same index, with its texts tokenised elsewhere as the build reads them: by a helper worker
 * (token-helper.ts) on the machine's other core, which runs readTokens() on them in the same
 * order, while this thread reads the values and facets and lays them out.
 */
export async function buildWithReader(profiles: readonly IndexedProfile[], tokenReader: (textSize: number) => TokenReaderSink): Promise<IndexParts> {
  const { parts, state } = readProfiles(profiles, tokenReader);
  const tokens = state.reader!.finish(); // (asked before the layout, so they are made meanwhile)
  layOutBuild(parts, state);
  return takeTokenParts(parts, await tokens);
}

/** A build's first part: every profile read into the build's streams (its texts tokenised here, or by the reader). */
function readProfiles(profiles: readonly IndexedProfile[], tokenReader: ((textSize: number) => TokenReaderSink) | null): { parts: IndexParts; state: BuildState } {
  const parts = new IndexParts();
  // the last version of each id, read in the order given: that is mostly the order they were made
  // in, so the order they lie in memory (read in id order instead, 100k profiles loaded from the
  // database took a third longer); nothing in the answers depends on the slots' order
  const list = lastVersions(profiles);

  parts.reserve(list.length);
  // the size of the text, estimated from the first profiles, sizes the build's streams
  const scratch = newScratch();
  const sample = Math.min(list.length, TEXT_SAMPLE);
  let sampled = 0;
  let sampledValues = 0;
  for (let i = 0; i < sample; i++) {
    const n = searchValuesInto(list[i]!, scratch.values, scratch.fields);
    sampledValues += n;
    for (let v = 0; v < n; v++) sampled += scratch.values[v]!.length + 1;
  }
  const textSize = sample === 0 ? 0 : Math.ceil((sampled / sample) * list.length * TEXT_MARGIN);
  const valueCount = sample === 0 ? 0 : (sampledValues / sample) * list.length;
  const state = startBuild(list.length, textSize, valueCount, tokenReader ? tokenReader(textSize) : null, scratch);
  parts.identifiers.reserve(list.length * IDENTIFIER_VALUES_PER_SLOT);
  for (let i = 0; i < list.length; i++) addSlot(parts, list[i]!, state, state, state.tokeniser);
  return { parts, state };
}

/** The build's state, its streams made at the estimated sizes. */
function startBuild(slots: number, textSize: number, valueCount: number, reader: TokenReaderSink | null, scratch: Scratch): BuildState {
  return {
    values: scratch.values, fields: scratch.fields, own: scratch.own,
    tokeniser: reader ? null : Tokeniser.building(textSize), reader,
    facetStream: new Array<number>(slots * FACETS_PER_SLOT), facetUsed: 0,
    facetCategory: [], facetLocal: [], facetSlot: [], facetBuildId: FILTER_CATEGORIES.map(() => []),
    facetMinId: FILTER_CATEGORIES.map(() => []), facetMinAt: FILTER_CATEGORIES.map(() => []), sharedFacet: FILTER_CATEGORIES.map(() => []),
    shared: IdTable.empty(SHARED_TABLE_START, SHARED_LOAD, true), sharedRaw: [],
    refs: new Array<number>(Math.ceil(valueCount * TEXT_MARGIN)), refsUsed: 0,
    recent: Array.from({ length: SEARCH_FIELDS }, () => new RecentValues()),
    fieldLookups: new Int32Array(SEARCH_FIELDS), fieldHits: new Int32Array(SEARCH_FIELDS),
    fieldRefCount: new Int32Array(SEARCH_FIELDS), fieldRefFrom: new Int32Array(SEARCH_FIELDS), nameShared: [],
  };
}

/** A build's second part: the shared values' references, the facet ids laid out as postings, the order. */
function layOutBuild(parts: IndexParts, state: BuildState): void {
  // (two bytes a reference while there are few enough shared values: buffers are costly, see BuildState)
  const refs = parts.valueCount <= 0x10000 ? new Uint16Array(state.refsUsed) : new Int32Array(state.refsUsed);
  for (let i = 0; i < refs.length; i++) refs[i] = state.refs[i]!;
  parts.valueRefs = refs;
  parts.valueSlots = ListTable.invert(parts.refStart, parts.refEnd, parts.valueRefs, parts.slotCount, parts.valueCount);
  const facetLists = layOut(state.facetStream, state.facetUsed, state.facetCategory.length);
  const renumbered = parts.facets.renumber(state.facetMinId, state.facetMinAt);
  for (let id = 0; id < facetLists.length; id++) {
    const c = state.facetCategory[id]!;
    parts.facets.lists[c]![renumbered[c]![state.facetLocal[id]!]!] = facetLists[id]!;
  }
  parts.setOrder(nameOrder(parts.names, parts.ids, parts.slotById.slots(), parts.slotCount, { ofSlot: state.nameShared, raw: state.sharedRaw }));
}

/** A build's last part: the dictionary its reading made, and all that hangs on the tokens' ids. */
function takeTokenParts(parts: IndexParts, tokens: TokenParts): IndexParts {
  if (tokens.slots !== parts.slotCount || tokens.values !== parts.valueCount) {
    throw new Error(`The token reader read ${tokens.slots} slots and ${tokens.values} shared values of ${parts.slotCount} and ${parts.valueCount}`);
  }
  parts.dictionary = TokenDictionary.of(tokens.tokens, tokens.tokenTable, tokens.structures);
  parts.postings = tokens.postings;
  parts.tokenValues = tokens.tokenValues;
  return parts;
}

/**
 * Reads a profile into a new slot: during a build (state) into its streams, with its texts
 * tokenised by the build's tokeniser or its reader; in a delta (state null) straight into the
 * postings, its texts tokenised by `tokeniser`.
 */
export function addSlot(parts: IndexParts, p: IndexedProfile, state: BuildState | null, scratch: Scratch, tokeniser: Tokeniser | null): void {
  const slot = parts.slotCount++;
  parts.ids[slot] = p.id;
  parts.kinds[slot] = KIND_CODE[p.kind];
  parts.names[slot] = p.name;
  setBit(parts.alive, slot);
  setBit(parts.kindBits[KIND_CODE[p.kind]!]!, slot);
  parts.slotById.set(p.id, slot);
  tokeniser?.beginSlot();

  // the values: a shared one is referred to; the others make the slot's own text
  const values = scratch.values;
  const n = searchValuesInto(p, values, scratch.fields);
  const own = scratch.own;
  own.length = 0;
  const refsFrom = state ? state.refsUsed : parts.valueRefs.length;
  if (state) state.fieldRefCount.fill(0);
  for (let v = 0; v < n; v++) {
    const value = values[v]!;
    const field = scratch.fields[v]!;
    if (state && state.fieldLookups[field]! >= 0 && refer(parts, state, value, field)) {
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
  const latin1 = reader ? isLatin1(text) : tokeniser!.own(text);
  if (latin1) {
    parts.texts[slot] = text;
    reader?.own(text);
  } else {
    // a unit beyond Latin-1: the reference's lower-casing and tokens(), value by value
    parts.texts[slot] = '';
    parts.wideTexts.set(slot, registrySearchValues(p).map((v) => v.toLowerCase()).join(SEP));
    if (reader) reader.wide(text, own.slice());
    else tokeniser!.wide(null, own);
  }
  parts.refStart[slot] = refsFrom;
  parts.refEnd[slot] = state ? state.refsUsed : refsFrom;

  // the slot's distinct tokens: streamed while building (by the reader, if any), else appended to their postings
  if (state) {
    if (!reader) tokeniser!.streamSlot(slot);
  } else {
    const postings = parts.postings;
    while (postings.count < parts.dictionary.size) postings.add(); // (the new tokens' lists)
    const slotTokens = tokeniser!.slotTokens;
    for (let i = 0, count = tokeniser!.slotTokenCount; i < count; i++) postings.push(slotTokens[i]!, slot);
  }
  addFacets(parts, p, slot, state, values);
  parts.identifiers.addProfile(slot, p);
}

/**
 * Whether the value is (now) a shared value the slot refers to: one read before, else a new one
 * while its field's values repeat enough.
 */
function refer(parts: IndexParts, state: BuildState, value: string, field: number): boolean {
  const recent = state.recent[field]!;
  let shared = recent.get(value);
  let hash = 0;
  if (shared < 0) {
    hash = valueHash(value);
    shared = state.shared.findKey(value, hash);
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
  } else if (!state.tokeniser!.shared(text)) {
    return false;
  }
  // a new shared value, just read: the slot refers to it
  const id = parts.valueCount++;
  parts.valueTexts.push(text);
  state.sharedRaw.push(value);
  recent.set(value, id);
  state.refs[state.refsUsed++] = id;
  state.shared.add(hash, value);
  return true;
}

/** The slot's facet values, per category as facetValues() gives them. */
function addFacets(parts: IndexParts, p: IndexedProfile, slot: number, state: BuildState | null, values: string[]): void {
  const facets = parts.facets;
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
          id = facets.intern(c, facetOfFieldValue(c, state.sharedRaw[shared]!));
          known[shared] = id;
        }
        streamFacet(state, slot, c, id, v, p.id);
      }
      continue;
    }
    const n = facetValuesInto(p, c, values);
    for (let v = 0; v < n; v++) {
      const id = facets.intern(c, values[v]!);
      if (state) streamFacet(state, slot, c, id, v, p.id);
      else facets.addSlot(c, id, slot);
    }
  }
}

/** Streams the slot's facet value (id in category c, at v in the profile's list of them, whose id is given). */
function streamFacet(state: BuildState, slot: number, c: number, id: number, v: number, profileId: number): void {
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

/** Whether every unit of the text is Latin-1 (what the tokeniser reads; it stops at the first unit beyond). */
function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 255) return false;
  return true;
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
