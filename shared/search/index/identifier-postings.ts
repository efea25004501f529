// The identifiers' side of the index (issue 16): the profiles holding an identifier (its kind and
// canonical form, identifier-keys.ts), found exactly, without a scan (query.ts). A case id is not
// kept here: its profile is found by its id.
//   - A build (and a delta) only keeps every value of the identifier fields as stored, with its
//     slot and field: ~800k values at 100k profiles, read in ~30 ms. Reading them as identifiers
//     takes ~0.3 µs a value even on identifier-keys.ts' fast paths (a quarter of a build), so it
//     is done per field when a lookup first needs that field (a phone number: the phones; a
//     Telegram handle: the handles and the websites, where t.me links are), or before, when the
//     search worker has nothing else to do (prepare()).
//   - A field's postings are its entries by the hash of their kind and canonical form, in hash
//     order: a lookup is a binary search, then each entry of that hash is read again and kept
//     when it is the identifier looked up, so the answer is exact. No canonical form is kept: the
//     stored values are the profiles' own strings, and ~800k new ones kept would be copied and
//     marked by the garbage collector.
//   - Deltas append entries (and to the postings already made); compaction drops the dead slots'
//     entries and the postings, made again when next asked.
import { HashLists, Ints, hashOf } from './hash-lists';
import { KEYED_FIELDS, KIND_CODES, UNSURE_PHONE, phoneCanonical, readValue, type KeyedField } from './identifier-keys';
import type { IndexedProfile } from './types';
import type { IdentifierKind } from '../../identifiers';

const FIELD = Object.fromEntries(KEYED_FIELDS.map((field, i) => [field, i])) as Record<(typeof KEYED_FIELDS)[number], number>;
const PHONE = KIND_CODES.phone;

/** The fields (by code) whose values can be an identifier of each kind. */
const FIELDS_OF: Readonly<Record<Exclude<IdentifierKind, 'case_id'>, readonly number[]>> = {
  evm: [FIELD.walletAddresses], btc: [FIELD.walletAddresses], ltc: [FIELD.walletAddresses], tron: [FIELD.walletAddresses],
  solana: [FIELD.walletAddresses], phone: [FIELD.phone], email: [FIELD.email], domain: [FIELD.website],
  telegram: [FIELD.telegram, FIELD.website], ipv4: [FIELD.ipAddresses], iban: [FIELD.bankAccounts], bank_account: [FIELD.bankAccounts],
};

/** The hash of an identifier (kind code, canonical form), unsigned. */
export function identifierHash(kind: number, canonical: string): number {
  return hashOf(kind, canonical);
}

function grown(list: Ints, size: number): Int32Array {
  const data = new Int32Array(size);
  data.set(list.view());
  return data;
}

/** An entry read again (readValue's out). */
const read = { kind: -1, canonical: '', alt: '' };

export class IdentifierPostings {
  /** every stored value of the identifier fields: its slot, its field's code (KEYED_FIELDS), the value */
  private slots = new Ints();
  private fields = new Ints();
  private values: string[] = [];
  /** per field, its postings once made */
  private byField: (HashLists | null)[] = KEYED_FIELDS.map(() => null);

  /** Room for about this many more stored values (a build's estimate). */
  reserve(values: number): void {
    const size = this.values.length + Math.ceil(values);
    if (this.slots.data.length < size) {
      this.slots = new Ints(grown(this.slots, size), this.slots.length);
      this.fields = new Ints(grown(this.fields, size), this.fields.length);
    }
  }

  /** How many stored values it holds (dead slots' too). */
  get size(): number {
    return this.values.length;
  }

  /** Keeps a profile's identifier values (in a slot). */
  addProfile(slot: number, p: IndexedProfile): void {
    this.addValues(slot, FIELD.walletAddresses, p.walletAddresses);
    this.addValues(slot, FIELD.phone, p.phone);
    this.addValues(slot, FIELD.email, p.email);
    this.addValues(slot, FIELD.website, p.website);
    this.addValues(slot, FIELD.telegram, p.telegram);
    this.addValues(slot, FIELD.ipAddresses, p.ipAddresses);
    const accounts = p.bankAccounts;
    for (let i = 0; i < accounts.length; i++) this.addValue(slot, FIELD.bankAccounts, accounts[i]!.account);
  }

  private addValues(slot: number, field: number, values: readonly string[]): void {
    for (let i = 0; i < values.length; i++) this.addValue(slot, field, values[i]!);
  }

  private addValue(slot: number, field: number, value: string): void {
    if (value === '') return;
    const entry = this.values.length;
    this.slots.push(slot);
    this.fields.push(field);
    this.values.push(value);
    const postings = this.byField[field];
    if (postings) this.enter(postings, entry);
  }

  /** Reads an entry as an identifier into its field's postings (an unsure phone number under both its forms). */
  private enter(postings: HashLists, entry: number): void {
    if (!readValue(this.fields.data[entry]!, this.values[entry]!, read)) return;
    if (read.kind === UNSURE_PHONE) {
      postings.add(identifierHash(PHONE, read.alt), entry);
      postings.add(identifierHash(PHONE, read.canonical), entry);
    } else {
      postings.add(identifierHash(read.kind, read.canonical), entry);
    }
  }

  /** A field's postings, made when first asked. */
  private postingsOf(field: number): HashLists {
    let postings = this.byField[field];
    if (!postings) {
      postings = new HashLists();
      const fields = this.fields.data;
      for (let entry = 0; entry < this.values.length; entry++) if (fields[entry] === field) this.enter(postings, entry);
      postings.layOut();
      this.byField[field] = postings;
    }
    return postings;
  }

  /** Makes every field's postings now (the search worker, when it has nothing else to do). */
  prepare(): void {
    KEYED_FIELDS.forEach((_, field) => this.postingsOf(field));
  }

  /** Makes the next field's postings not made yet; false when there was none. */
  prepareOne(): boolean {
    const field = this.byField.indexOf(null);
    if (field < 0) return false;
    this.postingsOf(field);
    return true;
  }

  /** Whether every field's postings are made. */
  get prepared(): boolean {
    return this.byField.every((p) => p !== null);
  }

  /** A delta is in: long tails are sorted in. */
  settle(): void {
    for (const postings of this.byField) postings?.settle();
  }

  /** Sets the bits of the slots (alive or not) holding the identifier (not a case id); false when none does. */
  setBits(kind: Exclude<IdentifierKind, 'case_id'>, canonical: string, bits: Uint32Array): boolean {
    const code = KIND_CODES[kind];
    const hash = identifierHash(code, canonical);
    let any = false;
    for (const field of FIELDS_OF[kind]) {
      this.postingsOf(field).each(hash, (entry) => {
        if (!this.holds(entry, code, canonical)) return;
        const slot = this.slots.data[entry]!;
        bits[slot >>> 5] = bits[slot >>> 5]! | (1 << (slot & 31));
        any = true;
      });
    }
    return any;
  }

  /** The first stored value (by field, then as stored) of the slot that is the identifier: its field and the value as stored. */
  heldBy(slot: number, kind: Exclude<IdentifierKind, 'case_id'>, canonical: string): { field: KeyedField; value: string } | null {
    const code = KIND_CODES[kind];
    const hash = identifierHash(code, canonical);
    for (const field of FIELDS_OF[kind]) {
      let first = -1;
      this.postingsOf(field).each(hash, (entry) => {
        if (this.slots.data[entry] === slot && (first < 0 || entry < first) && this.holds(entry, code, canonical)) first = entry;
      });
      if (first >= 0) return { field: KEYED_FIELDS[field]!, value: this.values[first]! };
    }
    return null;
  }

  /** Whether an entry is the identifier (an unsure phone number's form decided by libphonenumber). */
  private holds(entry: number, kind: number, canonical: string): boolean {
    if (!readValue(this.fields.data[entry]!, this.values[entry]!, read)) return false;
    if (read.kind === kind) return read.canonical === canonical;
    return read.kind === UNSURE_PHONE && kind === PHONE && phoneCanonical(read.canonical) === canonical;
  }

  /** Calls back with every stored value (from the entry `from` on) read as an identifier of the kind: its canonical form and slot. */
  forEachOfKind(kind: 'domain' | 'telegram', each: (canonical: string, slot: number) => void, from = 0): void {
    const code = KIND_CODES[kind];
    const wanted = FIELDS_OF[kind];
    const fields = this.fields.data;
    for (let entry = from; entry < this.values.length; entry++) {
      if (!wanted.includes(fields[entry]!)) continue;
      if (readValue(fields[entry]!, this.values[entry]!, read) && read.kind === code) each(read.canonical, this.slots.data[entry]!);
    }
  }

  /** Every slot replaced by remap[slot], its entries dropped where that is negative (compaction); postings are made again. */
  remap(remap: Int32Array): void {
    const slots = new Ints(new Int32Array(Math.max(64, this.values.length)));
    const fields = new Ints(new Int32Array(Math.max(64, this.values.length)));
    const values: string[] = [];
    for (let entry = 0; entry < this.values.length; entry++) {
      const slot = remap[this.slots.data[entry]!]!;
      if (slot < 0) continue;
      slots.push(slot);
      fields.push(this.fields.data[entry]!);
      values.push(this.values[entry]!);
    }
    this.slots = slots;
    this.fields = fields;
    this.values = values;
    this.byField = KEYED_FIELDS.map(() => null);
  }

  /** The stored values as buffers (slots, fields) and strings (persist.ts); postings are made again when asked. */
  pack(): { buffers: [ArrayBuffer, ArrayBuffer]; values: string[] } {
    return { buffers: [this.slots.view().slice().buffer, Uint8Array.from(this.fields.view()).buffer], values: this.values };
  }

  static unpack(slots: ArrayBuffer, fields: ArrayBuffer, values: string[]): IdentifierPostings {
    const postings = new IdentifierPostings();
    postings.slots = new Ints(new Int32Array(slots), values.length);
    postings.fields = new Ints(Int32Array.from(new Uint8Array(fields)), values.length);
    postings.values = values;
    return postings;
  }
}
