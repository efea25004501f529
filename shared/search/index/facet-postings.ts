// The filters' side of the index: per filter category, the values facetValues() gives the
// profiles (the reference classification, shared/search/facets.ts), numbered, each with its slots;
// a selected value is found without case. What a filter lists and offers is read from here.
import { FILTER_CATEGORIES, fixedOptions, type FilterCategory } from '../facets';
import { hasBit, newBitset, setBit, type Bitset } from './bitset';
import { RecentValues } from './recent-values';
import type { FacetOption } from './types';

/** a list of slots: laid out by a build (a view of one array) or grown by deltas */
export type List = number[] | Int32Array;

/** places of each category's recent facet values */
const FACET_RECENT = 64;

export class FacetPostings {
  /** per category: its values by id (as the profiles have them) and their slots */
  values: string[][] = FILTER_CATEGORIES.map(() => []);
  lists: List[][] = FILTER_CATEGORIES.map(() => []);
  /** per category: value -> id, and lower-cased value -> ids */
  private idOf: Map<string, number>[] = FILTER_CATEGORIES.map(() => new Map());
  private byLower: Map<string, number[]>[] = FILTER_CATEGORIES.map(() => new Map());
  private recent: RecentValues[] = FILTER_CATEGORIES.map(() => new RecentValues(FACET_RECENT));

  /** Saved values and lists (persist.ts). */
  static loaded(values: string[][], lists: List[][]): FacetPostings {
    const facets = new FacetPostings();
    facets.values = values;
    facets.lists = lists;
    values.forEach((list, c) => list.forEach((raw, id) => facets.indexValue(c, raw, id)));
    return facets;
  }

  /** The value's id in category c, made when new (with an empty list). */
  intern(c: number, raw: string): number {
    const recent = this.recent[c]!;
    const seen = recent.get(raw);
    if (seen >= 0) return seen;
    let id = this.idOf[c]!.get(raw);
    if (id !== undefined) {
      recent.set(raw, id);
      return id;
    }
    id = this.values[c]!.length;
    this.values[c]!.push(raw);
    this.lists[c]!.push([]);
    this.indexValue(c, raw, id);
    return id;
  }

  /** Enters a value under its id in the lookups by value and by lower-cased value. */
  private indexValue(c: number, raw: string, id: number): void {
    this.idOf[c]!.set(raw, id);
    const lower = raw.toLowerCase();
    const same = this.byLower[c]!.get(lower);
    if (same) same.push(id);
    else this.byLower[c]!.set(lower, [id]);
  }

  /** Appends the slot to the value's list (a delta's; a value the profile lists twice counts once). */
  addSlot(c: number, id: number, slot: number): void {
    const lists = this.lists[c]!;
    const list = lists[id]!;
    if (list.length > 0 && list[list.length - 1] === slot) return;
    if (!Array.isArray(list)) lists[id] = Array.from(list);
    (lists[id] as number[]).push(slot);
  }

  /**
   * Numbers each category's values in the order a walk of the profiles by id meets them (the
   * order options() breaks a tie in, as it did when builds read the profiles in id order), given
   * per category and value id the least profile id having it and where that profile lists it
   * first; returns, per category, old id -> new id.
   */
  renumber(minId: readonly number[][], minAt: readonly number[][]): number[][] {
    return FILTER_CATEGORIES.map((_, c) => {
      const raws = this.values[c]!;
      const least = minId[c]!;
      const at = minAt[c]!;
      const order = raws.map((_, id) => id).sort((a, b) => least[a]! - least[b]! || at[a]! - at[b]!);
      const renumbered = new Array<number>(raws.length);
      order.forEach((id, i) => { renumbered[id] = i; });
      this.values[c] = order.map((id) => raws[id]!);
      this.idOf[c] = new Map();
      this.byLower[c] = new Map();
      this.values[c]!.forEach((raw, id) => this.indexValue(c, raw, id));
      this.recent[c] = new RecentValues(FACET_RECENT);
      return renumbered;
    });
  }

  /** Every list with each slot s replaced by remap[s], and dropped where that is negative. */
  remap(remap: Int32Array): void {
    const mapList = (list: List | undefined): number[] => {
      const out: number[] = [];
      if (list) for (const slot of list) if (remap[slot]! >= 0) out.push(remap[slot]!);
      return out;
    };
    this.lists = this.lists.map((lists) => lists.map(mapList));
  }

  /** Slots having the selected value (compared without case) in category c. */
  slots(c: number, selected: string, slotCount: number): Bitset {
    const bits = newBitset(slotCount);
    for (const id of this.byLower[c]!.get(selected.toLowerCase()) ?? []) {
      for (const slot of this.lists[c]![id]!) setBit(bits, slot);
    }
    return bits;
  }

  /**
   * A category's filter options over the slots of `base` (ids: the slots' profile ids), as
   * client/features/registry/filter-options.ts computes them from the profiles: fixed lists for
   * the classified categories, else the distinct trimmed values (without case), each with how
   * many profiles have it, sorted by value.
   */
  options(category: FilterCategory, base: Bitset, ids: readonly number[]): FacetOption[] {
    const c = FILTER_CATEGORIES.indexOf(category);
    const groups = new Map<string, { value: string; firstId: number; slots: Set<number> }>();
    this.values[c]!.forEach((raw, id) => {
      const value = raw.trim();
      if (value === '') return;
      const key = value.toLowerCase();
      let firstId = Infinity;
      const slots: number[] = [];
      for (const slot of this.lists[c]![id]!) {
        if (!hasBit(base, slot)) continue;
        slots.push(slot);
        if (ids[slot]! < firstId) firstId = ids[slot]!;
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
}
