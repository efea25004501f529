// The index as plain buffers and back: what the search worker transfers and keeps in IndexedDB
// (client/local/search/engine.ts). The parts are listed in meta (name:buffer count) in the order
// below; a change to that order or to any part's layout is a new FORMAT, and an index saved in
// another format is built again from the replica.
import { FILTER_CATEGORIES } from '../facets';
import { hasBit, newBitset, setBit } from './bitset';
import { TokenDictionary } from './dictionary';
import { FacetPostings, type List } from './facet-postings';
import { IdentifierPostings } from './identifier-postings';
import { GapListTable, ListTable } from './list-table';
import { IndexParts, KINDS } from './parts';
import { TokenPrefixes } from './token-prefixes';

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
 * tokens' trigrams apart; 5: prefix groups instead of a sorted dictionary, ASCII trigrams as ids;
 * 6: the identifier fields' values with their slots and fields (issue 16)
 */
const FORMAT = 6;

/** The index as plain buffers (transferable, storable in IndexedDB), mostly copies of its arrays. */
export function serialize(ix: IndexParts): SerializedIndex {
  const n = ix.slotCount;
  const dictionary = ix.dictionary;
  const wideSlots = [...ix.wideTexts.keys()].sort((a, b) => a - b);
  const parts: [string, ArrayBuffer[]][] = [
    ['ids', [Float64Array.from(ix.ids.slice(0, n)).buffer]],
    ['kinds', [Uint8Array.from(ix.kinds.slice(0, n)).buffer]],
    ['alive', [Uint32Array.from(ix.alive).buffer]],
    ['texts', packStrings(ix.texts.slice(0, n))],
    ['valueTexts', packStrings(ix.valueTexts)],
    ['valueRefs', [Int32Array.from(ix.valueRefs).buffer]],
    ['refStart', [Uint32Array.from(ix.refStart.slice(0, n)).buffer]],
    ['refEnd', [Uint32Array.from(ix.refEnd.slice(0, n)).buffer]],
    ['wideSlots', [Int32Array.from(wideSlots).buffer]],
    ['wideTexts', packStrings(wideSlots.map((slot) => ix.wideTexts.get(slot)!))],
    ['names', packStrings(ix.names.slice(0, n))],
    ['tokens', packStrings(dictionary.tokens)],
    ['prefixes', dictionary.prefixes.pack()],
    ['extra', [Int32Array.from(dictionary.extra).buffer]],
    ['order', [Int32Array.from(ix.order).buffer]],
    ['sparseGrams', [Float64Array.from(dictionary.sparseGrams.keys).buffer]],
    ['postings', ix.postings.pack()],
    ['tokenValues', ix.tokenValues.pack()],
    ['valueSlots', ix.valueSlots.pack()],
    ['trigramTokens', dictionary.trigramTokens.pack()],
    ['longTrigramTokens', dictionary.longTrigramTokens.pack()],
    ...ix.facets.values.map((list, c): [string, ArrayBuffer[]] => [`facet${c}`, packStrings(list)]),
    ...ix.facets.lists.map((lists, c): [string, ArrayBuffer[]] => [`facetPostings${c}`, packLists(lists)]),
    ...((): [string, ArrayBuffer[]][] => {
      const { buffers, values } = ix.identifiers.pack();
      return [['identifiers', buffers], ['identifierValues', packStrings(values)]];
    })(),
  ];
  return {
    meta: { format: FORMAT, slots: n, parts: parts.map(([name, b]) => `${name}:${b.length}`) },
    buffers: parts.flatMap(([, b]) => b),
  };
}

export function deserialize({ meta, buffers }: SerializedIndex): IndexParts {
  if (meta.format !== FORMAT) throw new Error(`Unknown search index format ${String(meta.format)}`);
  const ix = new IndexParts();
  let at = 0;
  const next = () => buffers[at++]!;
  const strings = () => unpackStrings(next(), next());
  const lists = () => unpackLists(next(), next());
  const n = meta.slots;
  ix.slotCount = n;
  ix.ids = Array.from(new Float64Array(next()));
  ix.kinds = Array.from(new Uint8Array(next()));
  ix.alive = new Uint32Array(next().slice(0));
  ix.texts = strings();
  ix.valueTexts = strings();
  ix.valueCount = ix.valueTexts.length;
  ix.valueRefs = new Int32Array(next());
  ix.refStart = Array.from(new Uint32Array(next()));
  ix.refEnd = Array.from(new Uint32Array(next()));
  const wideSlots = new Int32Array(next());
  const wideTexts = strings();
  wideSlots.forEach((slot, i) => ix.wideTexts.set(slot, wideTexts[i]!));
  ix.names = strings();
  const tokens = strings();
  const prefixes = TokenPrefixes.unpack(next(), next());
  const extra = Array.from(new Int32Array(next()));
  const order = Array.from(new Int32Array(next()));
  const sparseGramKeys = Array.from(new Float64Array(next()));
  ix.postings = ListTable.unpack(next(), next());
  ix.tokenValues = ListTable.unpack(next(), next());
  ix.valueSlots = ListTable.unpack(next(), next());
  const trigramTokens = GapListTable.unpack(next(), next(), next(), next());
  const longTrigramTokens = GapListTable.unpack(next(), next(), next(), next());
  const facetValues = FILTER_CATEGORIES.map(() => strings());
  const facetLists = FILTER_CATEGORIES.map(() => lists());
  const identifierBuffers = [next(), next()] as const;
  const identifierValues = strings();

  ix.kindBits = KINDS.map(() => newBitset(n));
  ix.slotById.reserve(n);
  for (let slot = 0; slot < n; slot++) {
    if (!hasBit(ix.alive, slot)) continue;
    setBit(ix.kindBits[ix.kinds[slot]!]!, slot);
    ix.slotById.set(ix.ids[slot]!, slot);
  }
  ix.dictionary = TokenDictionary.loaded(tokens, { prefixes, sparseGramKeys, trigramTokens, longTrigramTokens }, extra);
  ix.facets = FacetPostings.loaded(facetValues, facetLists);
  ix.identifiers = IdentifierPostings.unpack(...identifierBuffers, identifierValues);
  ix.setOrder(order);
  return ix;
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
