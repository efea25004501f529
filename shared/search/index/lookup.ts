// A pasted value looked up in the index (issue 16): the profiles of either kind holding an
// identifier it reads as, and, when it reads as a domain, a Telegram handle or a name that no
// listed profile holds, the listed profiles it passes for (lookalikes.ts). What the registry page
// shows beside a search, and what the report forms ask before a value is reported.
import type { ProfileKind } from '../../contract/common';
import { caseId } from '../../domain/case-id';
import {
  lookalikeForm, type Identifier, type IdentifierField, type IdentifierKind, type LookalikeForm, type LookalikeKind, type LookalikeReason,
} from '../../identifiers';
import { identifierKey, readQuery } from '../reference';
import { andInto, hasBit, slotsOf, type Bitset, type BitsetArena } from './bitset';
import { Lookalikes, type LookalikeHit } from './lookalikes';
import type { IndexParts } from './parts';
import { identifierSlots } from './query';

/** What lookup() finds, by slot. */
export interface SlotLookup {
  /** what the text reads as (identify(), most likely first) */
  readings: readonly Identifier[];
  /** the live slots holding one of the readings, each with the first such reading's key */
  matches: { slot: number; key: string }[];
  /** the live slots the text passes for without holding it, strongest first (a slot once) */
  lookalikes: LookalikeHit[];
}

/** An identifier as a profile holds it: its kind, the field holding it and the value as stored there. */
export interface HeldIdentifier {
  kind: IdentifierKind;
  field: IdentifierField;
  value: string;
}

/** What a lookup finds, by profile (SearchIndex.lookup). */
export interface IndexLookup {
  readings: readonly Identifier[];
  /** the profiles holding one of the readings (name order), with the first such reading as the profile holds it */
  matches: ({ id: number; profileKind: ProfileKind; name: string } & HeldIdentifier)[];
  /**
   * the profiles the text passes for, strongest first: as what (a domain, handle or name), the
   * listed value as the profile holds it (its field: 'name' for a name), why
   */
  lookalikes: { id: number; profileKind: ProfileKind; name: string; as: LookalikeKind; field: IdentifierField | 'name'; value: string; reason: LookalikeReason; distance: number }[];
}

/** The identifier of a key ('kind:canonical') as the slot's profile holds it, or null when it does not. */
export function heldAt(parts: IndexParts, slot: number, key: string): HeldIdentifier | null {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon) as IdentifierKind;
  const canonical = key.slice(colon + 1);
  if (kind === 'case_id') return caseId(parts.ids[slot]!) === canonical ? { kind, field: 'id', value: canonical } : null;
  const held = parts.identifiers.heldBy(slot, kind, canonical);
  return held ? { kind, ...held } : null;
}

// a handle as people write one, in any script: '@h', 't.me/h', or a bare word with a digit or '_'
const HANDLE_FORM = /^(?:@|(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/)/i;
const HANDLE_HINT = /[\d_]/;
const LETTER = /\p{L}/u;
const REASON_ORDER = { confusable: 0, same_name: 1, edit_distance: 2 } as const;

/** The lookalikes of the index, made when first asked. */
export function lookalikesOf(parts: IndexParts): Lookalikes {
  return (parts.lookalikes ??= Lookalikes.of(parts));
}

/** The text looked up: its readings' profiles, and its lookalikes when it reads as nothing listed. */
export function lookup(parts: IndexParts, text: string): SlotLookup {
  // (the readings' bitsets are borrowed: nothing returned holds one)
  const arena = parts.arena();
  try {
    return lookupIn(arena, parts, text);
  } finally {
    arena.release();
  }
}

function lookupIn(arena: BitsetArena, parts: IndexParts, text: string): SlotLookup {
  const trimmed = text.trim();
  // (readQuery's whole reading: the same identify(trimmed), read once for the search it comes with)
  const readings = trimmed === '' ? [] : readQuery(text).whole;
  const found: { key: string; bits: Bitset }[] = [];
  const held = identifierSlots(parts, readings, found, arena);
  const matches: { slot: number; key: string }[] = [];
  if (held) {
    andInto(held, parts.alive);
    const slots = slotsOf(held);
    slots.sort((a, b) => parts.rank[a]! - parts.rank[b]!);
    for (const slot of slots) matches.push({ slot, key: found.find((f) => hasBit(f.bits, slot))!.key });
  }
  const holds = (reading: Identifier) => {
    const key = identifierKey(reading.kind, reading.canonical);
    return found.some((f) => f.key === key && slotsOf(f.bits).some((slot) => hasBit(parts.alive, slot)));
  };

  // what the text passes for: as a domain, a handle, a name, each unless a listed profile holds it
  const forms: LookalikeForm[] = [];
  const domain = readings.find((r) => r.kind === 'domain');
  if (domain && !holds(domain)) {
    const form = lookalikeForm('domain', trimmed);
    if (form) forms.push(form);
  }
  const handle = readings.find((r) => r.kind === 'telegram');
  if (HANDLE_FORM.test(trimmed) || (handle && HANDLE_HINT.test(trimmed))) {
    const form = lookalikeForm('telegram', trimmed);
    if (form && !(handle && holds(handle))) forms.push(form);
  }
  const asName = LETTER.test(trimmed) && !domain && !HANDLE_FORM.test(trimmed);
  const lookalikes = forms.length > 0 || asName ? lookalikesOf(parts) : null;
  if (lookalikes && asName) {
    const form = lookalikeForm('name', trimmed);
    if (form && !lookalikes.hasName(form, parts.alive)) forms.push(form);
  }
  const matched = new Set(matches.map((m) => m.slot));
  const best = new Map<number, LookalikeHit>();
  for (const form of forms) {
    for (const hit of lookalikes!.find(form, parts.alive)) {
      if (matched.has(hit.slot)) continue;
      const before = best.get(hit.slot);
      if (!before || stronger(hit, before)) best.set(hit.slot, hit);
    }
  }
  const order = parts.rank;
  const hits = [...best.values()].sort((a, b) => (stronger(a, b) ? -1 : stronger(b, a) ? 1 : order[a.slot]! - order[b.slot]!));
  return { readings, matches, lookalikes: hits };
}

function stronger(a: LookalikeHit, b: LookalikeHit): boolean {
  return REASON_ORDER[a.reason] - REASON_ORDER[b.reason] < 0 || (a.reason === b.reason && a.distance < b.distance);
}
