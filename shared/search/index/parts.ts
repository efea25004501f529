// What a search index holds, laid out for the modules that make it (build.ts), change it
// (deltas.ts), ask it (query.ts) and save it (persist.ts); callers see SearchIndex only.
//   - slots: every indexed profile version has a slot; an upsert marks the old slot dead and
//     appends a new one, a removal clears the slot's 'alive' bit. Postings only ever grow, and
//     every answer is ANDed with 'alive', so a stale posting can never list a profile. When dead
//     slots outnumber live ones, compaction renumbers the live ones.
//   - the token dictionary (dictionary.ts) and per token its slots (postings) and the shared
//     values holding it; per shared value, the slots referring to it.
//   - the facets (facet-postings.ts), the identifiers (identifier-postings.ts) and the name order
//     (order.ts).
import type { ProfileKind } from '../../contract/common';
import { BitsetArena, andInto, bitsetWords, grow, newBitset, type Bitset } from './bitset';
import { TokenDictionary } from './dictionary';
import { FacetPostings } from './facet-postings';
import { IdentifierPostings } from './identifier-postings';
import type { Lookalikes } from './lookalikes';
import { ListTable } from './list-table';
import { ranksOf } from './order';
import { SlotsById } from './slots-by-id';
import type { Tokeniser } from './tokenise';

export const KINDS: readonly ProfileKind[] = ['developer', 'project'];
export const KIND_CODE: Record<ProfileKind, number> = { developer: 0, project: 1 };

export class IndexParts {
  /** One kept for the life of the thread, with its parts' classes: see Tokeniser.kept (tokenise.ts). */
  private static readonly kept = new IndexParts();

  // slots
  slotCount = 0;
  ids: number[] = [];
  kinds: number[] = [];
  names: string[] = [];
  /**
   * The substring rule's haystack: per slot, its lower-cased registry search values joined by SEP
   * (strings, not one big buffer: see build.ts), less the shared values below; a slot with a
   * unit beyond Latin-1 keeps all of its values in wideTexts instead.
   */
  texts: string[] = [];
  wideTexts = new Map<number, string>();
  /**
   * Values many profiles share (an industry, a company, a bio), found by the build: their
   * lower-cased text once. A slot's text leaves them out: it lists them in valueRefs[refStart,
   * refEnd) instead.
   */
  valueTexts: string[] = [];
  valueCount = 0;
  valueRefs: Int32Array | Uint16Array = new Int32Array(0);
  refStart: number[] = [];
  refEnd: number[] = [];
  alive: Bitset = newBitset(0);
  kindBits: Bitset[] = [newBitset(0), newBitset(0)];
  slotById = new SlotsById();
  // order
  order: number[] = [];
  rank: Int32Array = new Int32Array(0);
  // tokens
  dictionary = TokenDictionary.empty();
  /**
   * per token id, the slots whose own text has it; the slots whose shared values have it are
   * those of its tokenValues, in valueSlots
   */
  postings = ListTable.empty();
  /** per token id, the shared values holding it; per shared value, the slots referring to it */
  tokenValues = ListTable.empty();
  valueSlots = ListTable.empty();
  /** reads a delta's texts into the dictionary (made at the first delta) */
  tokeniser: Tokeniser | null = null;
  // facets
  facets = new FacetPostings();
  // identifiers: per key ('kind:canonical'), the slots holding it (identifier-postings.ts)
  identifiers = new IdentifierPostings();
  /** the listed values' lookalike forms (lookalikes.ts), made when first asked; not saved */
  lookalikes: Lookalikes | null = null;

  /** Room for this many slots. */
  reserve(slots: number): void {
    this.slotById.reserve(slots);
    this.alive = grow(this.alive, slots);
    this.kindBits = this.kindBits.map((b) => grow(b, slots));
  }

  /** the bitsets lent to queries (query.ts), for the current slot count */
  private scratch: BitsetArena | null = null;

  /** The live slots of the kind (a new bitset). */
  liveOfKind(kind: ProfileKind): Bitset {
    const base = this.kindBits[KIND_CODE[kind]!]!.slice();
    andInto(base, this.alive);
    return base;
  }

  /** The live slots of the kind, in a bitset of the arena. */
  liveOfKindIn(arena: BitsetArena, kind: ProfileKind): Bitset {
    const base = arena.copyOf(this.kindBits[KIND_CODE[kind]!]!);
    andInto(base, this.alive);
    return base;
  }

  /** The arena a query borrows its bitsets from (one query at a time: a thread asks one after another). */
  arena(): BitsetArena {
    const words = bitsetWords(this.slotCount);
    if (this.scratch?.words !== words) this.scratch = new BitsetArena(words);
    return this.scratch;
  }

  setOrder(order: number[]): void {
    this.order = order;
    this.rank = ranksOf(order, this.slotCount);
  }
}
