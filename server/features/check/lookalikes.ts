// The listed domains, Telegram handles and names that GET /api/check compares a text with for
// lookalikes (shared/identifiers lookalike(): the same TR39 skeleton, the same registrable label
// under another suffix, or a label a character or two away). Comparing a text with every listed
// value costs ~0.1 s at 100k profiles; this index answers from maps instead, and follows the
// registry by revision as the other cached public reads do: built once from the database, then
// brought forward by the profiles changed and removed since (their revisions, their tombstones).
//
// Edit distance without a scan: a listed label of n characters that allows k edits is cut into
// k + 1 pieces. A text at most k edits away keeps at least one piece whole (each edit touches one),
// within k characters of where the piece starts in the label. So the index keys each piece by
// (kind, n, k, its place, its text) and a lookup tries, for every n and k a match could have,
// every piece place at every shift up to k: ~100 map reads. What they find is then compared by
// compareLookalike itself, so the index decides nothing; it only narrows.
//
// Memory, at 100k profiles: the comparison forms of ~240k domains and handles (~40 MB), piece
// keys as 32-bit hashes (a collision only adds a candidate that compareLookalike turns down), and
// names as skeletons only. What an answer shows (the field, the value, the profile's name) is read
// from the database for the few values found.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import { nextTurn, runInSteps, type BackgroundOptions } from '../../http/quiet-time';
import {
  compareLookalike, LOOKALIKE_EDITS, lookalikeForm, type Lookalike, type LookalikeForm,
} from '../../../shared/identifiers';

type ValueKind = 'domain' | 'telegram';

/** A listed domain or handle made ready for comparisons. */
export interface Listed {
  profileId: number;
  kind: ValueKind;
  /** its canonical form as profile_identifiers holds it (with the profile id, the row's key) */
  canonical: string;
  form: LookalikeForm;
}

/** What a lookup found: a listed domain or handle, or a profile whose name the text looks like. */
export type Found =
  | { compared: ValueKind; profileId: number; canonical: string; lookalike: Lookalike }
  | { compared: 'name'; profileId: number; lookalike: Lookalike };

/** Edits compareLookalike allows against a listed label (LOOKALIKE_EDITS, by characters). */
function editsFor(label: string): number {
  const length = [...label].length;
  return LOOKALIKE_EDITS.find((rule) => length >= rule.minLength)?.edits ?? 0;
}

const MAX_EDITS = Math.max(...LOOKALIKE_EDITS.map((rule) => rule.edits));

/** Where the k + 1 pieces of a label of n code units start, and how long each is. */
function pieces(n: number, k: number): [start: number, length: number][] {
  const count = k + 1;
  const base = Math.floor(n / count);
  const longer = n % count;
  const out: [number, number][] = [];
  for (let i = 0, start = 0; i < count; i++) {
    const length = base + (i < longer ? 1 : 0);
    out.push([start, length]);
    start += length;
  }
  return out;
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const pieceKey = (kind: ValueKind, n: number, k: number, place: number, piece: string) => hash(`${kind}|${n}|${k}|${place}|${piece}`);

/** A multimap whose buckets hold one number as itself (most do) and more as an array. */
class Buckets<K> {
  private readonly map = new Map<K, number | number[]>();

  add(key: K, value: number): void {
    const held = this.map.get(key);
    if (held === undefined) this.map.set(key, value);
    else if (typeof held === 'number') this.map.set(key, [held, value]);
    else held.push(value);
  }

  remove(key: K, value: number): void {
    const held = this.map.get(key);
    if (held === value) this.map.delete(key);
    else if (Array.isArray(held)) {
      const at = held.indexOf(value);
      if (at >= 0) held.splice(at, 1);
      if (held.length === 1) this.map.set(key, held[0]!);
    }
  }

  each(key: K, visit: (value: number) => void): void {
    const held = this.map.get(key);
    if (held === undefined) return;
    if (typeof held === 'number') visit(held);
    else for (const value of held) visit(value);
  }
}

export class LookalikeIndex {
  /** listed values by slot; a freed slot is undefined until reused */
  private readonly listed: (Listed | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly slotsOf = new Map<number, number[]>();
  private readonly skeletons = { domain: new Buckets<string>(), telegram: new Buckets<string>() };
  /** domains by registrable label, then by owner (registrable domain): the owner's own hosts are skipped whole */
  private readonly labels = new Map<string, Map<string, number[]>>();
  private readonly piecesOf = new Buckets<number>();
  /** public profiles by the folded skeleton of their name */
  private readonly names = new Buckets<string>();
  private readonly nameOf = new Map<number, string>();

  constructor(public revision: number) {}

  /** Public profiles held. */
  get size(): number {
    return this.nameOf.size;
  }

  /** A public profile: its name's skeleton and its domains and handles (replacing what the index held of it). */
  set(profileId: number, nameSkeleton: string, values: readonly Listed[]): void {
    this.remove(profileId);
    this.nameOf.set(profileId, nameSkeleton);
    this.names.add(nameSkeleton, profileId);
    const slots: number[] = [];
    for (const listed of values) {
      const slot = this.free.pop() ?? this.listed.length;
      this.listed[slot] = listed;
      slots.push(slot);
      this.keys(listed, slot, true);
    }
    if (slots.length > 0) this.slotsOf.set(profileId, slots);
  }

  remove(profileId: number): void {
    const skeleton = this.nameOf.get(profileId);
    if (skeleton === undefined) return;
    this.nameOf.delete(profileId);
    this.names.remove(skeleton, profileId);
    for (const slot of this.slotsOf.get(profileId) ?? []) {
      this.keys(this.listed[slot]!, slot, false);
      this.listed[slot] = undefined;
      this.free.push(slot);
    }
    this.slotsOf.delete(profileId);
  }

  private keys(listed: Listed, slot: number, add: boolean): void {
    const { kind, form } = listed;
    const { skeleton, label, owner } = form;
    if (add) this.skeletons[kind].add(skeleton, slot);
    else this.skeletons[kind].remove(skeleton, slot);
    if (kind === 'domain') {
      let owners = this.labels.get(label);
      if (!owners) this.labels.set(label, owners = new Map());
      let slots = owners.get(owner);
      if (!slots) owners.set(owner, slots = []);
      if (add) slots.push(slot);
      else {
        const at = slots.indexOf(slot);
        if (at >= 0) slots.splice(at, 1);
        if (slots.length === 0) owners.delete(owner);
        if (owners.size === 0) this.labels.delete(label);
      }
    }
    const k = editsFor(label);
    if (k === 0) return;
    pieces(label.length, k).forEach(([start, length], place) => {
      const key = pieceKey(kind, label.length, k, place, label.slice(start, start + length));
      if (add) this.piecesOf.add(key, slot);
      else this.piecesOf.remove(key, slot);
    });
  }

  /** The listed domains or handles `candidate` passes for, each with compareLookalike's verdict. */
  findValues(candidate: LookalikeForm & { kind: ValueKind }): Found[] {
    const { kind, skeleton, label, owner } = candidate;
    const slots = new Set<number>();
    const consider = (slot: number) => slots.add(slot);
    this.skeletons[kind].each(skeleton, consider);
    if (kind === 'domain') {
      for (const [listedOwner, held] of this.labels.get(label) ?? []) if (listedOwner !== owner) held.forEach(consider);
    }
    const m = label.length;
    for (let k = 1; k <= MAX_EDITS; k++) {
      for (let n = Math.max(1, m - k); n <= m + k; n++) {
        pieces(n, k).forEach(([start, length], place) => {
          for (let shift = -k; shift <= k; shift++) {
            const at = start + shift;
            if (at >= 0 && at + length <= m) this.piecesOf.each(pieceKey(kind, n, k, place, label.slice(at, at + length)), consider);
          }
        });
      }
    }
    const found: Found[] = [];
    for (const slot of slots) {
      const listed = this.listed[slot]!;
      if (listed.kind !== kind) continue; // a hash collision
      const verdict = compareLookalike(candidate, listed.form);
      if (verdict) found.push({ compared: kind, profileId: listed.profileId, canonical: listed.canonical, lookalike: verdict });
    }
    return found;
  }

  /** The public profiles whose name has the skeleton of `candidate`'s (compareLookalike decides, given their names). */
  nameCandidates(candidate: LookalikeForm & { kind: 'name' }): number[] {
    const ids: number[] = [];
    this.names.each(candidate.skeleton, (id) => ids.push(id));
    return ids;
  }
}

// ---------------------------------------------------------------------------------------------
// Following the registry

const PROFILES = "SELECT id, name FROM profiles WHERE verification_status = 'verified' AND id > ? ORDER BY id LIMIT ?";
const CHANGED = "SELECT id, name FROM profiles WHERE verification_status = 'verified' AND revision > ?";
const GONE = 'SELECT id FROM tombstones WHERE revision > ?';
const VALUES_OF = `SELECT profile_id, kind, canonical, value FROM profile_identifiers
  WHERE profile_id IN (SELECT value FROM json_each(?)) AND kind IN ('domain', 'telegram')`;

/** Profiles read per step while the index is built. */
const BUILD_BATCH = 500;
/** Past this share of the registry changed since the index's revision, it is built anew rather than brought forward. */
const REBUILD_SHARE = 0.2;

const statements = new WeakMap<Db, {
  profiles: Statement<[number, number]>; changed: Statement<[number]>; gone: Statement<[number], number>; valuesOf: Statement<[string]>;
}>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      profiles: db.prepare<[number, number]>(PROFILES).raw(true),
      changed: db.prepare<[number]>(CHANGED).raw(true),
      gone: db.prepare<[number], number>(GONE).pluck(),
      valuesOf: db.prepare<[string]>(VALUES_OF).raw(true),
    };
    statements.set(db, s);
  }
  return s;
}

type ProfileRow = [id: number, name: string];
type ValueRow = [profileId: number, kind: ValueKind, canonical: string, value: string];

/** Comparison forms by kind and value, kept through a build: a site or handle listed on many profiles is read once. */
type Forms = Map<string, LookalikeForm | null>;

/** Puts these public profiles, with their domains and handles, into the index. */
function put(db: Db, index: LookalikeIndex, profiles: readonly ProfileRow[], forms: Forms = new Map()): void {
  if (profiles.length === 0) return;
  const valuesOf = new Map<number, Listed[]>();
  for (const [profileId, kind, canonical, value] of prepared(db).valuesOf.all(JSON.stringify(profiles.map(([id]) => id))) as ValueRow[]) {
    const key = `${kind}|${value}`;
    let form = forms.get(key);
    if (form === undefined) forms.set(key, form = lookalikeForm(kind, value));
    if (!form) continue;
    const listed: Listed = { profileId, kind, canonical, form };
    const group = valuesOf.get(profileId);
    if (group) group.push(listed);
    else valuesOf.set(profileId, [listed]);
  }
  for (const [id, name] of profiles) {
    index.set(id, lookalikeForm('name', name)?.skeleton ?? '', valuesOf.get(id) ?? []);
  }
}

/**
 * Brings the index from its revision to the database's, given every profile changed and removed
 * since; false when that is too much of the registry (build anew instead).
 */
function bringForward(db: Db, index: LookalikeIndex, revision: number): boolean {
  const s = prepared(db);
  const changed = s.changed.all(index.revision) as ProfileRow[];
  const gone = s.gone.all(index.revision);
  if (changed.length + gone.length > Math.max(100, index.size * REBUILD_SHARE)) return false;
  for (const id of gone) index.remove(id);
  for (const [id] of changed) index.remove(id);
  for (let i = 0; i < changed.length; i += BUILD_BATCH) put(db, index, changed.slice(i, i + BUILD_BATCH));
  index.revision = revision;
  return true;
}

/** A build under way: the index so far, the last profile id put into it, the forms read, profiles a step. */
interface Building {
  index: LookalikeIndex;
  after: number;
  forms: Forms;
  batch: number;
}

const indexes = new WeakMap<Db, LookalikeIndex>();
const building = new WeakMap<Db, Building>();

/** One step of a build: the next BUILD_BATCH public profiles by id; true when none were left. */
function buildStep(db: Db, build: Building): boolean {
  const rows = prepared(db).profiles.all(build.after, build.batch) as ProfileRow[];
  put(db, build.index, rows, build.forms);
  if (rows.length > 0) build.after = rows[rows.length - 1]![0];
  return rows.length < build.batch;
}

/**
 * The index at the database's current revision. Call it in the read transaction of the answer
 * it serves, so that the index and the answer see the same registry.
 */
export function lookalikeIndex(db: Db): LookalikeIndex {
  const revision = currentRevision(db);
  const index = indexes.get(db);
  if (index?.revision === revision) return index;
  if (index && revision > index.revision && bringForward(db, index, revision)) return index;
  // none yet (or one being built between requests: finished here), far behind, or from before
  // the database was replaced (a revision that went back)
  let build = building.get(db);
  if (!build || build.index.revision > revision) build = { index: new LookalikeIndex(revision), after: 0, forms: new Map(), batch: BUILD_BATCH };
  building.delete(db);
  while (!buildStep(db, build));
  // the steps made between requests read the registry as it was then: what changed since the
  // build began is put again, as a build at the revision it began at would be brought forward
  if (build.index.revision !== revision && !bringForward(db, build.index, revision)) {
    return lookalikeIndex(db);
  }
  indexes.set(db, build.index);
  return build.index;
}

/**
 * Builds the index between requests, a step at a time (`schedule`: by default a turn of the event
 * loop; the server's waits for a quiet moment; ~10–20 ms each at 500 profiles, so the public reads' p99 holds while it runs), so the first lookup after a start does not wait for a whole build (~2 s at 100k).
 * A lookup that comes first finishes the build itself. `done` hears when it is complete, or why it stopped.
 */
export function buildLookalikesLater(
  db: Db,
  done: (error?: unknown) => void = () => {},
  { batch = BUILD_BATCH, schedule = nextTurn }: BackgroundOptions = {},
): void {
  if (indexes.has(db) || building.has(db)) {
    done();
    return;
  }
  const build: Building = { index: new LookalikeIndex(currentRevision(db)), after: 0, forms: new Map(), batch };
  building.set(db, build);
  runInSteps(schedule, () => {
    // a lookup took the build over, or the database closed
    if (building.get(db) !== build || !db.open) return true;
    if (!db.transaction(() => buildStep(db, build))()) return false;
    building.delete(db);
    db.transaction(() => {
      const revision = currentRevision(db);
      if (build.index.revision === revision || bringForward(db, build.index, revision)) indexes.set(db, build.index);
    })();
    return true;
  }, (error) => {
    if (error !== undefined && building.get(db) === build) building.delete(db);
    done(error);
  });
}
