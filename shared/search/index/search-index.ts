// The registry search at scale (issue 6): the same listing, order and scores as the reference
// shared/search/reference.ts (searchRegistry), found through an index instead of a scan. This is
// the index as its callers see it; its parts and the modules that make, change, ask and save them:
//   parts.ts    what an index holds: slots, shared values, the token dictionary's postings, facets, order
//   build.ts    profiles into slots (a build, in this thread or with a token helper; a delta's profiles)
//   deltas.ts   upserts, removals, compaction
//   query.ts    a page of the listing, and a filter's options
//   persist.ts  the index as buffers and back (its format)
// and below them dictionary.ts, tokenise.ts, tables.ts, facet-postings.ts, order.ts and the
// structures they use (shared/search/README.md).
import type { ProfileKind } from '../../contract/common';
import { lookalikeForm } from '../../identifiers';
import type { FilterCategory } from '../facets';
import { buildHere, buildWithReader } from './build';
import { compact, remove, upsert } from './deltas';
import { KINDS, type IndexParts } from './parts';
import { deserialize, serialize, type SerializedIndex } from './persist';
import { heldAt, lookalikesOf, lookup, type HeldIdentifier, type IndexLookup } from './lookup';
import { TermSlotsMemo, facetOptions, query } from './query';
import type { FacetOption, IndexedProfile, SearchQuery, SearchResult, TokenReaderSink } from './types';

export type { IndexedProfile, SearchQuery, SearchResult, FacetOption } from './types';
export type { SerializedIndex, SerializedMeta } from './persist';
export type { HeldIdentifier, IndexLookup } from './lookup';

export class SearchIndex {
  /** plain terms' slots of the last queries (query.ts); emptied by anything that changes the slots */
  private readonly terms = new TermSlotsMemo();

  private constructor(private readonly parts: IndexParts) {}

  /** The index of the profiles (the last version of each id), built in this thread. */
  static build(profiles: readonly IndexedProfile[]): SearchIndex {
    return new SearchIndex(buildHere(profiles));
  }

  /**
   * The same index, with its texts tokenised elsewhere as the build reads them: by a helper worker
   * (token-helper.ts) on the machine's other core, which runs readTokens() (tokenise.ts) on them
   * in the same order, while this thread reads the values and facets and lays them out.
   */
  static async buildWith(profiles: readonly IndexedProfile[], tokenReader: (textSize: number) => TokenReaderSink): Promise<SearchIndex> {
    return new SearchIndex(await buildWithReader(profiles, tokenReader));
  }

  static deserialize(saved: SerializedIndex): SearchIndex {
    return new SearchIndex(deserialize(saved));
  }

  /**
   * Keeps up to `capacity` terms' and filter values' slots for the next queries (~12 KB each at 100k
   * profiles), and a quarter more of the terms whose slots took `dearWork` or more to find (query.ts).
   */
  keepTerms(capacity: number, dearWork?: number): void {
    this.terms.capacity = capacity;
    if (dearWork !== undefined) this.terms.dearWork = dearWork;
  }

  /** The memo keys of the terms and filter values kept now, the last used last: the dear terms apart (tests). */
  keptTerms(): { recent: string[]; dear: string[] } {
    return { recent: [...this.terms.keys()], dear: [...this.terms.dear.keys()] };
  }

  /** How many live profiles the index holds. */
  get size(): number {
    return this.parts.slotById.size;
  }

  has(id: number): boolean {
    return this.parts.slotById.has(id);
  }

  /** The ids of the live profiles (in no particular order). */
  aliveIds(): number[] {
    return this.parts.slotById.ids();
  }

  /** Adds or replaces profiles (by id). */
  upsert(profiles: readonly IndexedProfile[]): void {
    this.terms.clear();
    upsert(this.parts, profiles);
  }

  /** Removes profiles (tombstones). */
  remove(ids: readonly number[]): void {
    this.terms.clear();
    remove(this.parts, ids);
  }

  /** Renumbers the live slots from 0, dropping dead ones from every posting. */
  compact(): void {
    this.terms.clear();
    compact(this.parts);
  }

  /** The reference listing of searchRegistry for one kind, one page of it. */
  query(q: SearchQuery): SearchResult {
    return query(this.parts, q, this.terms);
  }

  /**
   * A pasted value looked up (issue 16): the live profiles, of either kind, holding an identifier
   * it reads as, and those it passes for when it reads as a domain, handle or name none holds.
   */
  lookup(text: string): IndexLookup {
    const { readings, matches, lookalikes } = lookup(this.parts, text);
    const { ids, kinds, names } = this.parts;
    const profile = (slot: number) => ({ id: ids[slot]!, profileKind: KINDS[kinds[slot]!]!, name: names[slot]! });
    return {
      readings,
      matches: matches.flatMap(({ slot, key }) => {
        const held = heldAt(this.parts, slot, key);
        return held ? [{ ...profile(slot), ...held }] : [];
      }),
      lookalikes: lookalikes.map(({ slot, kind: as, listed, reason, distance }) => {
        const held = as === 'name' ? null : this.parts.identifiers.heldBy(slot, as, listed);
        return { ...profile(slot), as, field: held?.field ?? 'name', value: held?.value ?? names[slot]!, reason, distance };
      }),
    };
  }

  /**
   * The live profiles, of either kind, listed with this name: compared as search compares text,
   * without case, and with the spaces around and between words aside (lookalikeForm's owner), in
   * the name order (the report wizard's "A profile named … is already listed", issue 16).
   */
  findName(name: string): { id: number; profileKind: ProfileKind; name: string }[] {
    const form = lookalikeForm('name', name);
    if (form === null) return [];
    const { ids, kinds, names, rank } = this.parts;
    return lookalikesOf(this.parts).named(form, this.parts.alive)
      .sort((a, b) => rank[a]! - rank[b]!)
      .map((slot) => ({ id: ids[slot]!, profileKind: KINDS[kinds[slot]!]!, name: names[slot]! }));
  }

  /** An identifier (its key, 'kind:canonical', as query() names it) as the profile holds it; null when it does not. */
  heldIdentifier(id: number, key: string): HeldIdentifier | null {
    const slot = this.parts.slotById.get(id);
    return slot === undefined ? null : heldAt(this.parts, slot, key);
  }

  /**
   * Reads the identifier values and makes the lookalikes now, which lookups otherwise do when
   * they first need them (the search worker calls it when it has nothing else to do).
   */
  prepare(): void {
    this.parts.identifiers.prepare();
    lookalikesOf(this.parts);
  }

  /** One step of prepare() (a field's values, or the lookalikes); true when there was nothing left to do. */
  prepareStep(): boolean {
    if (this.parts.identifiers.prepareOne()) return false;
    if (this.parts.lookalikes !== null) return true;
    lookalikesOf(this.parts);
    return false;
  }

  /** Whether prepare() has nothing left to do. */
  get prepared(): boolean {
    return this.parts.identifiers.prepared && this.parts.lookalikes !== null;
  }

  /**
   * A category's filter options over the live profiles of a kind, as
   * client/features/registry/filter-options.ts computes them from the profiles: fixed lists for
   * the classified categories, else the distinct trimmed values (without case), each with how
   * many profiles have it, sorted by value.
   */
  facetOptions(kind: ProfileKind, category: FilterCategory): FacetOption[] {
    return facetOptions(this.parts, kind, category);
  }

  /** The index as plain buffers (transferable, storable in IndexedDB), mostly copies of its arrays. */
  serialize(): SerializedIndex {
    return serialize(this.parts);
  }

  /** The dictionary's tokens containing the part (3+ units): the trigram lists, as tests look at them. */
  private tokensContaining(part: string): number[] {
    return this.parts.dictionary.containing(part);
  }
}
