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
// Memory, at 100k profiles: the comparison forms of ~240k domains and handles, as strings in
// columns by slot (LookalikeIndex: laid out for the collector, decision 037), piece keys as 30-bit
// hashes (a collision only adds a candidate that compareLookalike turns down), and names as
// skeletons only. What an answer shows (the field, the value, the profile's name) is read from
// the database for the few values found.
//
// On the data layer (issue 21, docs/decisions/035): the rows are read through Kysely on SQLite and
// PostgreSQL alike, and the index is held per SQLite connection or per PostgreSQL engine (an
// instance's own, brought forward by the revision its lookups read).
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import { engineOver, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevisionOn } from '../../db/revision';
import { nextTurn, type BackgroundOptions, type StepScheduler } from '../../http/quiet-time';
import { readOneMoment } from './one-moment';
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

/** FNV-1a, cut to 30 bits: a small integer (a Smi) as a map key, never a number boxed on the heap. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h & 0x3fffffff;
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

const KIND_CODES: Record<ValueKind, number> = { domain: 0, telegram: 1 };
const KIND_OF_CODE: readonly ValueKind[] = ['domain', 'telegram'];
/** a free slot's kind code, and the end of a profile's list of slots */
const NONE = -1;

/** An Int32Array of at least `size` (doubled as it grows), its values kept. */
function grown(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const next = new Int32Array(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}

/**
 * The index, laid out for the main thread's collector (decision 037). At 100k profiles it was
 * ~90 MB of the main thread's ~120 MB heap, mostly small objects (a Listed and its form per value,
 * a map and an array per label, an array per profile, hash keys boxed as numbers above 2^30) that
 * every full collection marked one by one while no answer went out. Now a listed value is a slot
 * in parallel columns (numbers in typed arrays, outside the heap; its strings, which the
 * collector marks without looking inside), a profile's slots a list through `nextSlot`, and every
 * key a string or a small integer: ~63 MB, and a full collection of a process holding it took
 * 72–96 ms rather than 159–179.
 */
export class LookalikeIndex {
  private slots = 0;
  private readonly free: number[] = [];
  // per slot: its profile, kind (NONE when free), the next slot of its profile (NONE: the last)
  private profileOf = new Int32Array(0);
  private kindOf = new Int32Array(0);
  private nextSlot = new Int32Array(0);
  // per slot: its canonical form as profile_identifiers holds it, and its comparison form's strings
  private readonly canonicalOf: string[] = [];
  private readonly formCanonicalOf: string[] = [];
  private readonly ownerOf: string[] = [];
  private readonly skeletonOf: string[] = [];
  private readonly labelOf: string[] = [];
  /** each profile's first slot */
  private readonly firstSlotOf = new Map<number, number>();
  private readonly skeletons = { domain: new Buckets<string>(), telegram: new Buckets<string>() };
  /** domains by registrable label (a lookup skips its own registrable domain's hosts) */
  private readonly labels = new Buckets<string>();
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
    let previous = NONE;
    for (const listed of values) {
      const slot = this.take();
      this.profileOf[slot] = profileId;
      this.kindOf[slot] = KIND_CODES[listed.kind];
      this.nextSlot[slot] = NONE;
      this.canonicalOf[slot] = listed.canonical;
      this.formCanonicalOf[slot] = listed.form.canonical;
      this.ownerOf[slot] = listed.form.owner;
      this.skeletonOf[slot] = listed.form.skeleton;
      this.labelOf[slot] = listed.form.label;
      if (previous === NONE) this.firstSlotOf.set(profileId, slot);
      else this.nextSlot[previous] = slot;
      previous = slot;
      this.keys(slot, true);
    }
  }

  remove(profileId: number): void {
    const skeleton = this.nameOf.get(profileId);
    if (skeleton === undefined) return;
    this.nameOf.delete(profileId);
    this.names.remove(skeleton, profileId);
    for (let slot = this.firstSlotOf.get(profileId) ?? NONE; slot !== NONE;) {
      const next = this.nextSlot[slot]!;
      this.keys(slot, false);
      this.kindOf[slot] = NONE;
      this.canonicalOf[slot] = this.formCanonicalOf[slot] = this.ownerOf[slot] = this.skeletonOf[slot] = this.labelOf[slot] = '';
      this.free.push(slot);
      slot = next;
    }
    this.firstSlotOf.delete(profileId);
  }

  /** A free slot, or a new one. */
  private take(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const slot = this.slots++;
    this.profileOf = grown(this.profileOf, this.slots);
    this.kindOf = grown(this.kindOf, this.slots);
    this.nextSlot = grown(this.nextSlot, this.slots);
    return slot;
  }

  private keys(slot: number, add: boolean): void {
    const kind = KIND_OF_CODE[this.kindOf[slot]!]!;
    const skeleton = this.skeletonOf[slot]!;
    const label = this.labelOf[slot]!;
    if (add) this.skeletons[kind].add(skeleton, slot);
    else this.skeletons[kind].remove(skeleton, slot);
    if (kind === 'domain') {
      if (add) this.labels.add(label, slot);
      else this.labels.remove(label, slot);
    }
    const k = editsFor(label);
    if (k === 0) return;
    pieces(label.length, k).forEach(([start, length], place) => {
      const key = pieceKey(kind, label.length, k, place, label.slice(start, start + length));
      if (add) this.piecesOf.add(key, slot);
      else this.piecesOf.remove(key, slot);
    });
  }

  /** The comparison form of a held slot. */
  private formAt(slot: number, kind: ValueKind): LookalikeForm {
    return { kind, canonical: this.formCanonicalOf[slot]!, owner: this.ownerOf[slot]!, skeleton: this.skeletonOf[slot]!, label: this.labelOf[slot]! };
  }

  /** The listed domains or handles `candidate` passes for, each with compareLookalike's verdict. */
  findValues(candidate: LookalikeForm & { kind: ValueKind }): Found[] {
    const { kind, skeleton, label, owner } = candidate;
    const slots = new Set<number>();
    const consider = (slot: number) => slots.add(slot);
    this.skeletons[kind].each(skeleton, consider);
    if (kind === 'domain') this.labels.each(label, (slot) => {
      if (this.ownerOf[slot] !== owner) consider(slot);
    });
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
      if (this.kindOf[slot] !== KIND_CODES[kind]) continue; // a hash collision
      const verdict = compareLookalike(candidate, this.formAt(slot, kind));
      if (verdict) found.push({ compared: kind, profileId: this.profileOf[slot]!, canonical: this.canonicalOf[slot]!, lookalike: verdict });
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

/** Profiles read per step while the index is built (and per statement while it is brought forward). */
const BUILD_BATCH = 500;
/** Past this share of the registry changed since the index's revision, it is built anew rather than brought forward. */
const REBUILD_SHARE = 0.2;
/**
 * The read transactions a lookup may take before it builds the index anew at the revision it
 * reads (lookalikeIndexAt's `rebuildWhenAhead`, for PostgreSQL: see there).
 */
export const MOMENT_ATTEMPTS = 3;

type ProfileRow = { id: number; name: string };

/** Comparison forms by kind and value, kept through a build: a site or handle listed on many profiles is read once. */
type Forms = Map<string, LookalikeForm | null>;

/** The domains and handles of these public profiles, made ready for comparisons, as `trx` sees them. */
async function listedOf(trx: Kysely<Database>, ids: readonly number[], forms: Forms, into = new Map<number, Listed[]>()): Promise<Map<number, Listed[]>> {
  // (`IN ()` is no SQL on either engine: an empty list asks nothing)
  for (let start = 0; start < ids.length; start += BUILD_BATCH) {
    const rows = await trx.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'canonical', 'value'])
      .where('profile_id', 'in', ids.slice(start, start + BUILD_BATCH)).where('kind', 'in', ['domain', 'telegram'])
      // the table's key order on both engines: a profile's values take the same slots on each
      .orderBy('profile_id').orderBy('kind').orderBy('canonical')
      .execute();
    for (const row of rows) {
      const kind = row.kind as ValueKind;
      const key = `${kind}|${row.value}`;
      let form = forms.get(key);
      if (form === undefined) forms.set(key, form = lookalikeForm(kind, row.value));
      if (!form) continue;
      const listed: Listed = { profileId: row.profile_id, kind, canonical: row.canonical, form };
      const group = into.get(row.profile_id);
      if (group) group.push(listed);
      else into.set(row.profile_id, [listed]);
    }
  }
  return into;
}

/** Puts these public profiles, with their domains and handles (read by listedOf), into the index. */
function put(index: LookalikeIndex, profiles: readonly ProfileRow[], valuesOf: ReadonlyMap<number, Listed[]>): void {
  for (const { id, name } of profiles) index.set(id, lookalikeForm('name', name)?.skeleton ?? '', valuesOf.get(id) ?? []);
}

/**
 * A change to the index, read from the registry first and then made in one go: no await comes
 * between its edits, so a lookup (on PostgreSQL, several at once) never meets half of one.
 */
type Change<T = void> = () => T;

/**
 * What brings the index from its revision to `revision` (the registry's as `trx` sees it): every
 * profile changed and removed since. Null when that is too much of the registry (build anew instead).
 */
async function forwardOf(trx: Kysely<Database>, index: LookalikeIndex, revision: number): Promise<Change | null> {
  const from = index.revision;
  const changed = await trx.selectFrom('profiles').select(['id', 'name'])
    .where('verification_status', '=', 'verified').where('revision', '>', from).orderBy('id').execute();
  const gone = await trx.selectFrom('tombstones').select('id').where('revision', '>', from).orderBy('id').execute();
  if (changed.length + gone.length > Math.max(100, index.size * REBUILD_SHARE)) return null;
  const valuesOf = await listedOf(trx, changed.map(({ id }) => id), new Map());
  return () => {
    if (index.revision !== from) throw new Error('The lookalike index changed while it was being brought forward.');
    for (const { id } of gone) index.remove(id);
    for (const { id } of changed) index.remove(id);
    put(index, changed, valuesOf);
    index.revision = revision;
  };
}

/** The revision of a build's index until its first step has read it (the registry's as that step sees it). */
const UNREAD = -1;

/** A build under way: the index so far, the last profile id put into it, the forms read, profiles a step. */
interface Building {
  index: LookalikeIndex;
  after: number;
  forms: Forms;
  batch: number;
}

const newBuilding = (revision: number, batch = BUILD_BATCH): Building => ({ index: new LookalikeIndex(revision), after: 0, forms: new Map(), batch });

/** One step of a build: reads the next `batch` public profiles by id; its change puts them in and says whether none were left. */
async function stepOf(trx: Kysely<Database>, build: Building): Promise<Change<boolean>> {
  const rows = await trx.selectFrom('profiles').select(['id', 'name'])
    .where('verification_status', '=', 'verified').where('id', '>', build.after)
    .orderBy('id').limit(build.batch).execute();
  const valuesOf = await listedOf(trx, rows.map(({ id }) => id), build.forms);
  return () => {
    put(build.index, rows, valuesOf);
    if (rows.length > 0) build.after = rows[rows.length - 1]!.id;
    return rows.length < build.batch;
  };
}

/** An engine's index, the build between requests under way, and the change of the index under way. */
interface Held {
  index?: LookalikeIndex;
  building?: Building;
  changing?: Promise<unknown>;
}

/** By what an engine's answers are read through: its SQLite connection (every engineOver of it), or its Kysely on PostgreSQL. */
const held = new WeakMap<object, Held>();

function heldBy(engine: Pick<Engine, 'db' | 'sqlite'>): Held {
  const key = engine.sqlite ?? engine.db;
  let state = held.get(key);
  if (!state) held.set(key, state = {});
  return state;
}

async function settled(state: Held): Promise<void> {
  while (state.changing) await state.changing.then(() => {}, () => {});
}

/**
 * Runs `work` (which reads, then changes the held index) when no other change is under way. On
 * PostgreSQL lookups run at once, each in its own transaction; on SQLite nothing is ever under way
 * here, as a lookup's transaction and a build's step each run within one turn of the event loop
 * (and waiting here inside a transaction on the one connection would never end).
 */
async function exclusively<T>(state: Held, work: () => Promise<T>): Promise<T> {
  // queued behind the change under way in this same turn: two lookups that waited for one change
  // and then each began its own once it ended both brought the index forward from one revision
  const before = state.changing;
  const run = before ? before.then(work, work) : work();
  state.changing = run;
  try {
    return await run;
  } finally {
    if (state.changing === run) state.changing = undefined;
  }
}

/**
 * The index at `revision`, the registry's revision as `trx` sees it: call it in the read
 * transaction of the answer it serves (one-moment.ts), so that the index and the answer see the
 * same registry, and use it before the next await (on PostgreSQL another lookup may bring it forward then).
 *
 * Null when the index is at a later revision already: on PostgreSQL a lookup in a newer moment
 * brought it forward meanwhile, and the answer is read again in a new transaction. With
 * `rebuildWhenAhead` it is built anew at `revision` instead: on SQLite (the default there) a
 * revision behind the index's is a database replaced, which went back; on PostgreSQL a lookup's
 * last try (MOMENT_ATTEMPTS) takes it so.
 */
export async function lookalikeIndexAt(
  engine: Engine, trx: Kysely<Database>, revision: number, rebuildWhenAhead = engine.kind === 'sqlite',
): Promise<LookalikeIndex | null> {
  const state = heldBy(engine);
  if (state.index?.revision === revision) return state.index;
  return exclusively(state, async () => {
    const index = state.index;
    if (index?.revision === revision) return index;
    if (index && index.revision > revision && !rebuildWhenAhead) return null;
    if (index && revision > index.revision) {
      const forward = await forwardOf(trx, index, revision);
      if (forward) {
        forward();
        return index;
      }
    }
    // none yet (or one being built between requests), far behind, or from before the database was
    // replaced. A build between requests stops at its next step. On SQLite it is finished here: its
    // steps read the registry before this transaction (one connection; its steps and the lookups one
    // after another), and what changed since it began is put again as it is brought forward. On
    // PostgreSQL a step may have read the registry after this transaction's snapshot: built anew.
    const taken = state.building;
    state.building = undefined;
    let build = taken && engine.sqlite && taken.index.revision !== UNREAD && taken.index.revision <= revision ? taken : newBuilding(revision);
    for (;;) {
      while (!(await stepOf(trx, build))());
      if (build.index.revision === revision) break;
      const forward = await forwardOf(trx, build.index, revision);
      if (forward) {
        forward();
        break;
      }
      build = newBuilding(revision);
    }
    state.index = build.index;
    return build.index;
  });
}

/**
 * Resolves once no change of the index is under way: a lookup on PostgreSQL waits here before it
 * takes a pooled connection for its transaction, rather than hold one while another lookup builds
 * the index (seconds at 100k profiles). On SQLite nothing is ever under way between lookups.
 */
export function lookalikesSettled(engine: Pick<Engine, 'db' | 'sqlite'>): Promise<void> {
  return settled(heldBy(engine));
}

/** The index at the registry's revision now, read in a moment of its own (a lookup uses lookalikeIndexAt in its transaction). */
export async function lookalikeIndex(engine: Engine): Promise<LookalikeIndex> {
  for (let attempt = 1; ; attempt++) {
    const index = await readOneMoment(engine, async (trx) => {
      const revision = await currentRevisionOn(trx);
      const found = await lookalikeIndexAt(engine, trx, revision, engine.kind === 'sqlite' || attempt >= MOMENT_ATTEMPTS);
      return found?.revision === revision ? found : null;
    });
    if (index) return index;
  }
}

/** runInSteps (http/quiet-time.ts) for steps that read through Kysely: the next is scheduled once one has ended. */
function runInAsyncSteps(schedule: StepScheduler, step: () => Promise<boolean>, done: (error?: unknown) => void): void {
  const next = (): void => {
    step().then((finished) => (finished ? done() : schedule(next)), (error: unknown) => done(error));
  };
  schedule(next);
}

/**
 * Builds the index between requests, a step at a time (`schedule`: by default a turn of the event
 * loop; the server's waits for a quiet moment; ~10–20 ms each at 500 profiles, so the public reads' p99 holds while it runs), so the first lookup after a start does not wait for a whole build (~2 s at 100k).
 * A lookup that comes first finishes the build itself (on PostgreSQL, builds its own). `done` hears when it is complete, or why it stopped.
 * `target`: the app's SQLite connection (server/index.ts), or an engine.
 */
export function buildLookalikesLater(
  target: Db | Engine,
  done: (error?: unknown) => void = () => {},
  { batch = BUILD_BATCH, schedule = nextTurn }: BackgroundOptions = {},
): void {
  const engine = 'kind' in target ? target : engineOver(target);
  const state = heldBy(engine);
  if (state.index || state.building) {
    done();
    return;
  }
  // its revision is read by its first step, in the same read transaction as the first profiles
  const build = newBuilding(UNREAD, batch);
  state.building = build;
  // false once a lookup took the build over, or the database closed
  const ours = () => state.building === build && engine.sqlite?.open !== false;
  runInAsyncSteps(schedule, async () => {
    if (!ours()) return true;
    const finished = await readOneMoment(engine, async (trx) => {
      if (build.index.revision === UNREAD) build.index.revision = await currentRevisionOn(trx);
      const step = await stepOf(trx, build);
      return ours() ? step() : true;
    });
    if (!finished) return false;
    // the steps read the registry as it was then: what changed since the build began is put again
    await readOneMoment(engine, (trx) => exclusively(state, async () => {
      if (!ours()) return;
      state.building = undefined;
      const revision = await currentRevisionOn(trx);
      const forward = build.index.revision === revision ? () => {} : build.index.revision < revision ? await forwardOf(trx, build.index, revision) : null;
      if (forward && !state.index) {
        forward();
        state.index = build.index;
      }
    }));
    return true;
  }, (error) => {
    if (error !== undefined && state.building === build) state.building = undefined;
    done(error);
  });
}
