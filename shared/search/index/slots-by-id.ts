// Profile id -> slot, for the index's live profiles. Ids are the registry's row ids, small and
// nearly dense integers: an array by id (slot + 1; 0: none) spares a Map's hashing, growth and
// garbage at every profile of a build (~30 ms at 100k), and hands the slots out in id order. An id
// that is not such an integer, or far beyond the ids held (so the array would be mostly empty),
// goes to a Map.

/** the array holds ids below this many places per id held (plus a floor) */
const PLACES_PER_ID = 4;
const MIN_PLACES = 1024;

export class SlotsById {
  private byId = new Int32Array(0);
  private others = new Map<number, number>();
  private held = 0;
  /** how many ids the caller said it will hold (the array's reach counts them already) */
  private expected = 0;

  /** Says that about this many ids will be held: their array is then sized for them from the first. */
  reserve(count: number): void {
    this.expected = Math.max(this.expected, count);
  }

  get size(): number {
    return this.held + this.others.size;
  }

  get(id: number): number | undefined {
    const at = this.placeOf(id);
    if (at >= 0) return this.byId[at]! - 1;
    return this.others.size > 0 ? this.others.get(id) : undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, slot: number): void {
    // (an id keeps the place it was first given: the array's reach grows with the ids held)
    if (this.others.size > 0 && this.others.has(id)) {
      this.others.set(id, slot);
      return;
    }
    if (!(Number.isInteger(id) && id >= 0 && (id < this.byId.length || id < PLACES_PER_ID * Math.max(this.size, this.expected) + MIN_PLACES))) {
      this.others.set(id, slot);
      return;
    }
    if (id >= this.byId.length) {
      const grown = new Int32Array(Math.max(id + 1, 2 * this.byId.length, MIN_PLACES));
      grown.set(this.byId);
      this.byId = grown;
    }
    if (this.byId[id] === 0) this.held++;
    this.byId[id] = slot + 1;
  }

  delete(id: number): boolean {
    const at = this.placeOf(id);
    if (at < 0) return this.others.delete(id);
    this.byId[at] = 0;
    this.held--;
    return true;
  }

  /** The slots, those of the array in id order first. */
  slots(): number[] {
    const out: number[] = [];
    const byId = this.byId;
    for (let id = 0; id < byId.length; id++) if (byId[id] !== 0) out.push(byId[id]! - 1);
    for (const slot of this.others.values()) out.push(slot);
    return out;
  }

  ids(): number[] {
    const out: number[] = [];
    const byId = this.byId;
    for (let id = 0; id < byId.length; id++) if (byId[id] !== 0) out.push(id);
    for (const id of this.others.keys()) out.push(id);
    return out;
  }

  /** The id's place in the array, when it is there; else -1. */
  private placeOf(id: number): number {
    return Number.isInteger(id) && id >= 0 && id < this.byId.length && this.byId[id] !== 0 ? id : -1;
  }
}
