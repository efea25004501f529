// Changes taken into a built index: upserted profiles get new slots (their old ones die), removed
// ones lose their slots' alive bits; new tokens join the dictionary one by one, and the name order
// places the new slots. When dead slots outnumber live ones, compaction renumbers the live ones.
import { clearBit, newBitset, setBit } from './bitset';
import { addSlot, newScratch } from './build';
import { nameOrder, orderAfterDelta } from './order';
import { KINDS, type IndexParts } from './parts';
import { SlotsById } from './slots-by-id';
import { Tokeniser } from './tokenise';
import type { IndexedProfile } from './types';

/** dead slots beyond this many (and beyond the live ones) are compacted away */
const COMPACT_MIN_DEAD = 1024;

/** Adds or replaces profiles (by id). */
export function upsert(parts: IndexParts, profiles: readonly IndexedProfile[]): void {
  if (profiles.length === 0) return;
  const latest = new Map<number, IndexedProfile>();
  for (const p of profiles) latest.set(p.id, p);
  parts.reserve(parts.slotCount + latest.size);
  const tokeniser = (parts.tokeniser ??= Tokeniser.into(parts.dictionary));
  const scratch = newScratch();
  const added: number[] = [];
  const entriesBefore = parts.identifiers.size;
  for (const p of latest.values()) {
    killSlot(parts, p.id);
    added.push(parts.slotCount);
    addSlot(parts, p, null, scratch, tokeniser);
  }
  const lookalikes = parts.lookalikes;
  if (lookalikes) {
    // the new slots' listed values
    for (const slot of added) lookalikes.add('name', parts.names[slot]!, slot);
    parts.identifiers.forEachOfKind('domain', (host, slot) => lookalikes.add('domain', host, slot), entriesBefore);
    parts.identifiers.forEachOfKind('telegram', (handle, slot) => lookalikes.add('telegram', handle, slot), entriesBefore);
    lookalikes.settle();
  }
  afterChange(parts, added);
}

/** Removes profiles (tombstones): their slots' alive bits are cleared. */
export function remove(parts: IndexParts, ids: readonly number[]): void {
  let changed = false;
  for (const id of ids) changed = killSlot(parts, id) || changed;
  if (changed) afterChange(parts);
}

function afterChange(parts: IndexParts, added: readonly number[] = []): void {
  parts.dictionary.groupWhenMany();
  parts.identifiers.settle();
  const dead = parts.slotCount - parts.slotById.size;
  if (dead > COMPACT_MIN_DEAD && dead > parts.slotById.size) compact(parts);
  else parts.setOrder(orderAfterDelta(parts.order, parts.alive, added, parts.names, parts.ids));
}

function killSlot(parts: IndexParts, id: number): boolean {
  const slot = parts.slotById.get(id);
  if (slot === undefined) return false;
  clearBit(parts.alive, slot);
  clearBit(parts.kindBits[parts.kinds[slot]!]!, slot);
  parts.slotById.delete(id);
  parts.texts[slot] = '';
  parts.refEnd[slot] = parts.refStart[slot]!;
  parts.wideTexts.delete(slot);
  return true;
}

/** Renumbers the live slots from 0, dropping dead ones from every posting. */
export function compact(parts: IndexParts): void {
  const remap = new Int32Array(parts.slotCount).fill(-1);
  const live = parts.slotById.slots().sort((a, b) => a - b);
  live.forEach((slot, i) => { remap[slot] = i; });
  const pick = <T>(arr: T[]) => live.map((slot) => arr[slot]!);
  parts.ids = pick(parts.ids);
  parts.kinds = pick(parts.kinds);
  parts.names = pick(parts.names);
  parts.texts = pick(parts.texts);
  const wide = new Map<number, string>();
  live.forEach((slot, i) => {
    const text = parts.wideTexts.get(slot);
    if (text !== undefined) wide.set(i, text);
  });
  parts.wideTexts = wide;
  // and the live slots' shared values
  const refs = new Int32Array(live.reduce((n, slot) => n + parts.refEnd[slot]! - parts.refStart[slot]!, 0));
  // (Int32Array again: set() copies between array types)
  const refStart: number[] = [];
  const refEnd: number[] = [];
  let at = 0;
  for (const slot of live) {
    refStart.push(at);
    refs.set(parts.valueRefs.subarray(parts.refStart[slot]!, parts.refEnd[slot]!), at);
    at += parts.refEnd[slot]! - parts.refStart[slot]!;
    refEnd.push(at);
  }
  parts.valueRefs = refs;
  parts.refStart = refStart;
  parts.refEnd = refEnd;
  parts.slotCount = live.length;
  parts.alive = newBitset(parts.slotCount);
  parts.kindBits = KINDS.map(() => newBitset(parts.slotCount));
  parts.slotById = new SlotsById();
  parts.slotById.reserve(parts.slotCount);
  for (let slot = 0; slot < parts.slotCount; slot++) {
    setBit(parts.alive, slot);
    setBit(parts.kindBits[parts.kinds[slot]!]!, slot);
    parts.slotById.set(parts.ids[slot]!, slot);
  }
  parts.postings = parts.postings.remap(remap);
  parts.valueSlots = parts.valueSlots.remap(remap);
  parts.facets.remap(remap);
  parts.identifiers.remap(remap);
  parts.lookalikes = null;
  parts.setOrder(nameOrder(parts.names, parts.ids, parts.slotById.slots(), parts.slotCount));
}
