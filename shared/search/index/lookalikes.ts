// Lookalikes at registry scale (issue 16, step 3): the listed domains, Telegram handles and names
// a pasted value passes for without being one of them (shared/identifiers lookalike()), found
// without comparing it with every listed value. Each listed value is made ready once
// (lookalikeForm) and filed by
//   - its skeleton (a confusable: pаypal.com, aldric_web3O2, CoinHаven),
//   - its label (a domain's registrable label under another suffix: paypal.co), and
//   - for edits, the τ + 1 segments of its label, τ being the edits its length allows (pass-join:
//     a label within τ edits of another holds one of its segments, at most τ places from where
//     that segment starts in the other), so a lookup asks at most a few hundred segments;
// every candidate so found is then compared with compareLookalike(), which decides, so the answer
// is lookalike()'s over all listed values (lookalikes.test.ts holds it to that). Made when a
// lookup first needs it (or when the search worker is idle), from the index's identifier values
// and names; deltas file their new values; compaction drops it (made again when asked).
import {
  LOOKALIKE_EDITS, compareLookalike, lookalikeForm, type Lookalike, type LookalikeForm, type LookalikeKind,
} from '../../identifiers';
import { distance } from 'fastest-levenshtein';
import { hasBit, type Bitset } from './bitset';
import { HashLists, hashOf } from './hash-lists';
import type { IndexParts } from './parts';

const KIND_CODE: Readonly<Record<LookalikeKind, number>> = { domain: 1, telegram: 2, name: 3 };
const MAX_EDITS = Math.max(...LOOKALIKE_EDITS.map((rule) => rule.edits));

export interface LookalikeHit extends Lookalike {
  slot: number;
  kind: LookalikeKind;
  /** the listed value's canonical form (a host, a handle) or, for a name, the name as listed */
  listed: string;
}

/** The edits a label allows (LOOKALIKE_EDITS, by its length in code points). */
function editsFor(label: string): number {
  const length = [...label].length;
  return LOOKALIKE_EDITS.find((rule) => length >= rule.minLength)?.edits ?? 0;
}

/** Where the τ + 1 segments of a label of `m` units start, and how long each is (the later ones one longer when they do not divide evenly). */
function segments(m: number, tau: number): { start: number; length: number }[] {
  const count = tau + 1;
  const base = Math.floor(m / count);
  const longer = m % count;
  const out: { start: number; length: number }[] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const length = base + (i >= count - longer ? 1 : 0);
    out.push({ start, length });
    start += length;
  }
  return out;
}

/** What compareLookalike() asks of the skeletons and labels: the same skeleton, or (not for names) label, or a label few enough edits away. */
function mayPass(form: LookalikeForm, listed: Listed): boolean {
  if (form.skeleton === listed.skeleton) return true;
  if (form.kind === 'name') return false;
  if (form.label === listed.label) return true;
  const allowed = editsFor(listed.label);
  return allowed > 0 && Math.abs(form.label.length - listed.label.length) <= allowed && distance(form.label, listed.label) <= allowed;
}

const segmentKey = (m: number, tau: number, i: number, segment: string) => `${m}|${tau}|${i}|${segment}`;

/**
 * A listed value: its kind and text (a host, a handle, a name, as the index has it), the skeleton
 * and label of its form, and its slots (one, most often: a number; else a list). The rest of its
 * form (owner, canonical) is made again for the candidates whose skeleton or label pass.
 */
interface Listed {
  kind: LookalikeKind;
  text: string;
  skeleton: string;
  label: string;
  slots: number | number[];
}

const slotsOf = (listed: Listed): readonly number[] => (typeof listed.slots === 'number' ? [listed.slots] : listed.slots);

export class Lookalikes {
  private readonly listed: Listed[] = [];
  private readonly bySkeleton = new HashLists();
  private readonly byLabel = new HashLists();
  private readonly bySegment = new HashLists();
  /** names by their owner (lower case), to tell a name that is listed */
  private readonly byOwner = new HashLists();
  /** during a build: listed values by kind and text, so that each is made ready once */
  private building: Map<string, number> | null = new Map();

  /** The lookalikes of an index's listed values (every stored domain and handle, every live slot's name). */
  static of(parts: IndexParts): Lookalikes {
    return Lookalikes.filed((add) => {
      parts.identifiers.forEachOfKind('domain', (host, slot) => add('domain', host, slot));
      parts.identifiers.forEachOfKind('telegram', (handle, slot) => add('telegram', handle, slot));
      for (let slot = 0; slot < parts.slotCount; slot++) if (hasBit(parts.alive, slot)) add('name', parts.names[slot]!, slot);
    });
  }

  /** The lookalikes of the values `each` files (a domain's host, a handle, a name; each with its slot). */
  static filed(each: (add: (kind: LookalikeKind, text: string, slot: number) => void) => void): Lookalikes {
    const lookalikes = new Lookalikes();
    each((kind, text, slot) => lookalikes.add(kind, text, slot));
    lookalikes.building = null;
    lookalikes.bySkeleton.layOut();
    lookalikes.byLabel.layOut();
    lookalikes.bySegment.layOut();
    lookalikes.byOwner.layOut();
    return lookalikes;
  }

  /** Files a listed value of a slot (a delta's new slots, after the build). */
  add(kind: LookalikeKind, text: string, slot: number): void {
    const key = `${kind}\u0000${text}`;
    const known = this.building?.get(key);
    if (known !== undefined) {
      const listed = this.listed[known]!;
      if (typeof listed.slots === 'number') listed.slots = [listed.slots, slot];
      else listed.slots.push(slot);
      return;
    }
    const form = lookalikeForm(kind, text);
    if (form === null) return;
    const id = this.listed.length;
    this.listed.push({ kind, text, skeleton: form.skeleton, label: form.label, slots: slot });
    this.building?.set(key, id);
    const code = KIND_CODE[kind];
    this.bySkeleton.add(hashOf(code, form.skeleton), id);
    if (kind === 'name') {
      this.byOwner.add(hashOf(code, form.owner), id);
      return;
    }
    this.byLabel.add(hashOf(code, form.label), id);
    const tau = editsFor(form.label);
    if (tau === 0) return;
    const m = form.label.length;
    segments(m, tau).forEach(({ start, length }, i) => {
      this.bySegment.add(hashOf(code, segmentKey(m, tau, i, form.label.slice(start, start + length))), id);
    });
  }

  /** A delta's values are filed: long tails are sorted in. */
  settle(): void {
    this.bySkeleton.settle();
    this.byLabel.settle();
    this.bySegment.settle();
    this.byOwner.settle();
  }

  /** Whether a live slot is listed with this name (compared as lookalikeForm does: case and spaces aside). */
  hasName(form: LookalikeForm, alive: Bitset): boolean {
    return this.named(form, alive).length > 0;
  }

  /** The live slots listed with this name (compared as lookalikeForm does: case and spaces aside), in no order. */
  named(form: LookalikeForm, alive: Bitset): number[] {
    const slots: number[] = [];
    this.byOwner.each(hashOf(KIND_CODE.name, form.owner), (id) => {
      const listed = this.listed[id]!;
      if (listed.kind !== 'name' || lookalikeForm('name', listed.text)?.owner !== form.owner) return;
      for (const slot of slotsOf(listed)) if (hasBit(alive, slot)) slots.push(slot);
    });
    return slots;
  }

  /** The live slots whose listed values the value (made ready: lookalikeForm) passes for, each with why. */
  find(form: LookalikeForm, alive: Bitset): LookalikeHit[] {
    const code = KIND_CODE[form.kind];
    const candidates = new Set<number>();
    const add = (id: number) => { candidates.add(id); };
    this.bySkeleton.each(hashOf(code, form.skeleton), add);
    if (form.kind !== 'name') {
      this.byLabel.each(hashOf(code, form.label), add);
      const label = form.label;
      const n = label.length;
      for (let m = Math.max(1, n - MAX_EDITS); m <= n + MAX_EDITS; m++) {
        for (let tau = 1; tau <= MAX_EDITS; tau++) {
          if (Math.abs(n - m) > tau || m < tau + 1) continue;
          segments(m, tau).forEach(({ start, length }, i) => {
            for (let q = Math.max(0, start - tau); q <= Math.min(n - length, start + tau); q++) {
              this.bySegment.each(hashOf(code, segmentKey(m, tau, i, label.slice(q, q + length))), add);
            }
          });
        }
      }
    }
    const hits: LookalikeHit[] = [];
    for (const id of candidates) {
      const listed = this.listed[id]!;
      if (listed.kind !== form.kind) continue;
      const slots = slotsOf(listed).filter((slot) => hasBit(alive, slot));
      if (slots.length === 0 || !mayPass(form, listed)) continue;
      const other = lookalikeForm(listed.kind, listed.text);
      const found = other && compareLookalike(form, other);
      if (!found) continue;
      for (const slot of slots) hits.push({ slot, kind: form.kind, listed: listed.text, reason: found.reason, distance: found.distance });
    }
    return hits;
  }
}
