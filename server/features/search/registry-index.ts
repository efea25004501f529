// The registry's search index on the server (issue 17): the same index the search worker keeps
// over a device's replica (shared/search/index), here over the verified profiles, so the search
// call answers exactly what the device will once its replica is complete. It follows the registry
// by revision as the lookalike index does (features/check/lookalikes.ts): built once, then
// brought forward by the profiles changed and removed since (their revisions, their tombstones);
// past REBUILD_SHARE of the registry changed, built anew.
//
// The server builds it before it listens (buildSearchIndexNow, ~5-10 s at 100k profiles), then
// reads its identifier values ahead on its quiet time. A rebuild later (too much changed at once)
// happens inside a search only on a small registry (BUILD_IN_REQUEST_MAX): on a large one the
// search answers 503 (the device then searches what it has downloaded so far) while the build goes
// on between requests (buildSearchIndexLater), since a build inside a request holds every other
// request, sync pages included, for seconds (a 100k first sync took 22 s instead of 7 with one).
//
// On the data layer (issue 21, docs/decisions/035): on SQLite the index is read with the prepared
// statements below in the caller's transaction, as before (the search call's budget, decision 034);
// on PostgreSQL (the `On` functions) with Kysely, a batch an await, the same profiles and the same
// bringing forward, kept per engine (`engine.sqlite ?? engine.db`).
import type { Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevision, currentRevisionOn } from '../../db/revision';
import { AppError } from '../../errors';
import { nextTurn, runInSteps, type BackgroundOptions, type StepScheduler } from '../../http/quiet-time';
import { approvedIncidentsByProfile, approvedIncidentsByProfileOn } from '../../read-model/queries';
import { toProfile, type ProfileRow } from '../../read-model/rows';
import type { Incident } from '../../../shared/contract/incident';
import type { SyncProfile } from '../../../shared/contract/sync';
import { SearchIndex, type IndexedProfile } from '../../../shared/search/index/search-index';

/** Up to this many verified profiles, a search that finds no index builds it (well under a second). */
export const BUILD_IN_REQUEST_MAX = 10_000;
/** What a search answers while a large registry's index is being built. */
export const SEARCH_STARTING_MESSAGE = 'The online search is starting. Try again in a few seconds.';
const SEARCH_STARTING_RETRY_SECONDS = 5;

/** Profiles read per step when the server builds the index between requests (~100 ms a step). */
export const SEARCH_BUILD_BATCH = 500;
/** Profiles read per step while the index is built. */
export const BUILD_BATCH = 2_000;
/** Past this share of the registry changed since the index's revision, it is built anew rather than brought forward. */
const REBUILD_SHARE = 0.25;

const PROFILES = "SELECT * FROM profiles WHERE verification_status = 'verified' AND id > ? ORDER BY id LIMIT ?";
const CHANGED = "SELECT * FROM profiles WHERE verification_status = 'verified' AND revision > ?";
const GONE = 'SELECT id FROM tombstones WHERE revision > ?';
const BY_IDS = "SELECT * FROM profiles WHERE verification_status = 'verified' AND id IN (SELECT value FROM json_each(?))";
const COUNT = "SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified'";

const statements = new WeakMap<Db, {
  profiles: Statement<[number, number]>; changed: Statement<[number]>; gone: Statement<[number], number>; byIds: Statement<[string]>;
  count: Statement<[], number>;
}>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      profiles: db.prepare<[number, number]>(PROFILES),
      changed: db.prepare<[number]>(CHANGED),
      gone: db.prepare<[number], number>(GONE).pluck(),
      byIds: db.prepare<[string]>(BY_IDS),
      count: db.prepare<[], number>(COUNT).pluck(),
    };
    statements.set(db, s);
  }
  return s;
}

/** Verified profiles as the replica holds them (kind, revision, approved incidents), in the rows' order: both engines' rows become them here. */
function asSyncProfiles(rows: readonly ProfileRow[], incidents: ReadonlyMap<number, Incident[]>): SyncProfile[] {
  return rows.map((row) => {
    const own = incidents.get(row.id) ?? [];
    return { ...toProfile(row, own), kind: row.kind, revision: row.revision, incidents: own };
  });
}

function syncProfiles(db: Db, rows: readonly ProfileRow[]): SyncProfile[] {
  return asSyncProfiles(rows, approvedIncidentsByProfile(db, rows.map((r) => r.id)));
}

/** A sync profile as the index reads it (as shared/search/index/from-replica.ts does on the device). */
function indexed({ incidents: _incidents, revision: _revision, ...profile }: SyncProfile): IndexedProfile {
  return profile;
}

/** The verified profiles of these ids, as the replica holds them (absent: not public). */
export function publicProfiles(db: Db, ids: readonly number[]): Map<number, SyncProfile> {
  if (ids.length === 0) return new Map();
  const rows = prepared(db).byIds.all(JSON.stringify(ids)) as ProfileRow[];
  return new Map(syncProfiles(db, rows).map((p) => [p.id, p]));
}

interface Held { index: SearchIndex; revision: number }
/** A build under way: the profiles read so far, the last id read, at which revision it began. */
interface Building { profiles: IndexedProfile[]; after: number; revision: number; batch: number }

const indexes = new WeakMap<Db, Held>();
const building = new WeakMap<Db, Building>();
/** how the server runs background steps (given to buildSearchIndexLater), for a build a search starts */
const schedulers = new WeakMap<Db, StepScheduler>();

/** A batch read into a build (both engines); true when it was the last. */
function took(build: Building, rows: readonly ProfileRow[], profiles: readonly SyncProfile[]): boolean {
  for (const profile of profiles) build.profiles.push(indexed(profile));
  if (rows.length > 0) build.after = rows[rows.length - 1]!.id;
  return rows.length < build.batch;
}

/** One step of a build: the next batch of public profiles by id; true when none were left. */
function readStep(db: Db, build: Building): boolean {
  const rows = prepared(db).profiles.all(build.after, build.batch) as ProfileRow[];
  return took(build, rows, syncProfiles(db, rows));
}

/** True when this much changed since the index's revision that building it anew is quicker. */
const tooMuchChanged = (held: Held, changed: number, gone: number) => changed + gone > Math.max(200, held.index.size * REBUILD_SHARE);

/** What changed and went since the index's revision, applied: the index is at `revision` now. */
function apply(held: Held, changed: readonly SyncProfile[], gone: readonly number[], revision: number): void {
  if (gone.length) held.index.remove(gone);
  if (changed.length) held.index.upsert(changed.map(indexed));
  held.revision = revision;
}

/** Brings the index forward to `revision`; false when too much changed (build anew instead). */
function bringForward(db: Db, held: Held, revision: number): boolean {
  const s = prepared(db);
  const changed = s.changed.all(held.revision) as ProfileRow[];
  const gone = s.gone.all(held.revision);
  if (tooMuchChanged(held, changed.length, gone.length)) return false;
  apply(held, syncProfiles(db, changed), gone, revision);
  return true;
}

/**
 * Terms and filter values whose slots the server's index keeps (~6 MB at 100k profiles): people's
 * searches share their words (first names, surnames, a scam type), and a kept term is not looked up
 * again — 18% more distinct queries a second at 100k than the device's 16 (decision 032). A
 * quarter more are kept for the dear terms (a one-letter term: ~2 ms at 100k; decision 039).
 */
const SERVER_KEPT_TERMS = 512;

/** The index of a finished read, at the revision the read began (both engines). */
function built(build: Building): Held {
  const index = SearchIndex.build(build.profiles);
  index.keepTerms(SERVER_KEPT_TERMS);
  return { index, revision: build.revision };
}

/** The index of a finished read: built, then brought to the database's revision. */
function finish(db: Db, build: Building): Held | null {
  const held = built(build);
  const revision = currentRevision(db);
  return held.revision === revision || bringForward(db, held, revision) ? held : null;
}

/**
 * The index at the database's current revision. Call it in the read transaction of the answer
 * it serves, so that the index and the answer see the same registry.
 */
export function registryIndex(db: Db): SearchIndex {
  const revision = currentRevision(db);
  const held = indexes.get(db);
  if (held?.revision === revision) return held.index;
  if (held && revision > held.revision && bringForward(db, held, revision)) return held.index;
  // none yet (or one being built between requests), far behind, or from before the database was
  // replaced (a revision that went back): a large registry's build goes on between requests
  if (prepared(db).count.get()! > BUILD_IN_REQUEST_MAX) {
    if (held) indexes.delete(db);
    if (!building.has(db)) {
      buildSearchIndexLater(db, (error) => {
        if (error) console.error('Building the search index stopped; the next search starts it again.', error);
      }, { schedule: schedulers.get(db) ?? nextTurn, batch: SEARCH_BUILD_BATCH });
    }
    throw new AppError(503, SEARCH_STARTING_MESSAGE, undefined, { 'Retry-After': String(SEARCH_STARTING_RETRY_SECONDS) });
  }
  let build = building.get(db);
  if (!build || build.revision > revision) build = startBuild(revision);
  building.delete(db);
  while (!readStep(db, build));
  let done = finish(db, build);
  if (!done) {
    // too much changed since the steps read the registry: read it again at this revision
    const fresh = startBuild(revision);
    while (!readStep(db, fresh));
    done = finish(db, fresh)!;
  }
  indexes.set(db, done);
  // (the identifier values and lookalikes of the new index are read ahead, between turns)
  prepareLater(done.index, schedulers.get(db) ?? nextTurn, (error) => {
    if (error) console.error('Reading the search index ahead stopped; the searches that need it read it.', error);
  });
  return done.index;
}

const startBuild = (revision: number, batch = BUILD_BATCH): Building => ({ profiles: [], after: 0, revision, batch });

/**
 * Reads the index's identifier values and makes its lookalikes, a field (or the lookalikes) a
 * step, as the search worker does when idle: otherwise the first searches that need them pay
 * for it (seconds at 100k profiles).
 */
function prepareLater(index: SearchIndex, schedule: StepScheduler, done: (error?: unknown) => void): void {
  runInSteps(schedule, () => index.prepareStep(), done);
}

/**
 * Builds the index at once, whatever the registry's size (the server does it before it listens:
 * ~5-10 s at 100k profiles, so that its search answers from the first request); its identifier
 * values and lookalikes are then read ahead with `schedule`, which later builds use too.
 */
export function buildSearchIndexNow(db: Db, schedule: StepScheduler = nextTurn, done: (error?: unknown) => void = () => {}): void {
  schedulers.set(db, schedule);
  if (indexes.has(db)) {
    done();
    return;
  }
  const held = db.transaction(() => {
    const build = startBuild(currentRevision(db));
    while (!readStep(db, build));
    return finish(db, build)!;
  })();
  building.delete(db);
  indexes.set(db, held);
  prepareLater(held.index, schedule, done);
}

/**
 * Builds the index between requests (`schedule`: by default a turn of the event loop; the
 * server's waits for a quiet moment): the profiles a batch a step, then the build, then its
 * identifier values and lookalikes a step at a time. A search that comes first finishes the
 * build itself on a small registry (registryIndex). `done` hears when it is complete, or why it stopped.
 */
export function buildSearchIndexLater(
  db: Db,
  done: (error?: unknown) => void = () => {},
  { batch = BUILD_BATCH, schedule = nextTurn }: BackgroundOptions = {},
): void {
  schedulers.set(db, schedule);
  if (indexes.has(db) || building.has(db)) {
    done();
    return;
  }
  const build = startBuild(currentRevision(db), batch);
  building.set(db, build);
  let held: Held | null = null;
  let reading = true;
  runInSteps(schedule, () => {
    // a search took the build over, or the database closed
    if (building.get(db) !== build || !db.open) return true;
    // the profiles a batch a step, then the build itself in one more step, at a quiet moment too
    if (reading) {
      reading = !db.transaction(() => readStep(db, build))();
      return false;
    }
    building.delete(db);
    held = db.transaction(() => finish(db, build))();
    if (held) indexes.set(db, held);
    return true;
  }, (error) => {
    if (error !== undefined) {
      if (building.get(db) === build) building.delete(db);
      done(error);
    } else if (held) prepareLater(held.index, schedule, done);
    else done();
  });
}

// --- On the data layer: the same index on either engine (SQLite: the functions above; PostgreSQL: Kysely) ---

/** What the indexes on the data layer are kept by: the SQLite connection (shared with the functions above), or the PostgreSQL engine's Kysely. */
const keyOf = (engine: Pick<Engine, 'db' | 'sqlite'>): object => engine.sqlite ?? engine.db;

const verifiedOn = (db: Kysely<Database>) => db.selectFrom('profiles').selectAll().where('verification_status', '=', 'verified');

/** Ids a read of incidents names at most: a bringing forward may name a quarter of the registry, PostgreSQL takes 65,535 parameters a statement. */
const INCIDENTS_READ_IDS = 2_000;

async function syncProfilesOn(db: Kysely<Database>, rows: readonly ProfileRow[]): Promise<SyncProfile[]> {
  const incidents = new Map<number, Incident[]>();
  for (let at = 0; at < rows.length; at += INCIDENTS_READ_IDS) {
    const read = await approvedIncidentsByProfileOn(db, rows.slice(at, at + INCIDENTS_READ_IDS).map((r) => r.id));
    for (const [id, own] of read) incidents.set(id, own);
  }
  return asSyncProfiles(rows, incidents);
}

/** publicProfiles on the data layer: the verified profiles of these ids, as the replica holds them (absent: not public). */
export async function publicProfilesOn(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, SyncProfile>> {
  if (ids.length === 0) return new Map();
  const rows: ProfileRow[] = await verifiedOn(db).where('id', 'in', ids).execute();
  return new Map((await syncProfilesOn(db, rows)).map((p) => [p.id, p]));
}

async function readStepOn(db: Kysely<Database>, build: Building): Promise<boolean> {
  const rows: ProfileRow[] = await verifiedOn(db).where('id', '>', build.after).orderBy('id').limit(build.batch).execute();
  return took(build, rows, await syncProfilesOn(db, rows));
}

/**
 * bringForward on PostgreSQL, to the revision it reads: the revision, the profiles changed and the
 * tombstones since the index's, read in one REPEATABLE READ transaction (one moment of the
 * registry), so that the index is exactly the registry at the revision it says. False when too
 * much changed (build anew instead).
 */
async function bringForwardOn(db: Kysely<Database>, held: Held): Promise<boolean> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
    const revision = await currentRevisionOn(trx);
    if (revision <= held.revision) return true;
    const changed: ProfileRow[] = await verifiedOn(trx).where('revision', '>', held.revision).execute();
    const gone = (await trx.selectFrom('tombstones').select('id').where('revision', '>', held.revision).execute()).map((row) => row.id);
    if (tooMuchChanged(held, changed.length, gone.length)) return false;
    apply(held, await syncProfilesOn(trx, changed), gone, revision);
    return true;
  });
}

/**
 * The whole registry read a batch an await from the revision it began at, then brought forward to
 * the revision at its end (what changed while it read: revisions commit in order, the counter's
 * row being locked by each change until it commits); read again when too much changed meanwhile.
 */
async function buildOn(db: Kysely<Database>, batch = BUILD_BATCH): Promise<Held> {
  for (;;) {
    const build = startBuild(await currentRevisionOn(db), batch);
    while (!(await readStepOn(db, build)));
    const held = built(build);
    if (await bringForwardOn(db, held)) return held;
  }
}

async function verifiedCountOn(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).where('verification_status', '=', 'verified').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A PostgreSQL engine's index, as this process holds it. */
interface OnState {
  held: Held | null;
  /** the index being built or brought forward for the searches (one at a time): those behind it wait for it */
  working: Promise<void> | null;
  /** the build between requests (buildSearchIndexLaterOn), until it ends or a search takes it over */
  building: Building | null;
  /** how its background steps run (buildSearchIndexNowOn, buildSearchIndexLaterOn) */
  schedule: StepScheduler;
}
const onStates = new WeakMap<object, OnState>();

function stateOf(engine: Engine): OnState {
  const key = keyOf(engine);
  let state = onStates.get(key);
  if (!state) {
    state = { held: null, working: null, building: null, schedule: nextTurn };
    onStates.set(key, state);
  }
  return state;
}

const logPrepareError = (error?: unknown) => {
  if (error) console.error('Reading the search index ahead stopped; the searches that need it read it.', error);
};

/** `work` on this engine's index, once none is under way: the searches behind it wait for it. */
async function alone(state: OnState, work: () => Promise<void>): Promise<void> {
  while (state.working) await state.working.catch(() => undefined);
  state.working = work().finally(() => {
    state.working = null;
  });
  return state.working;
}

/**
 * The index brought forward or built on PostgreSQL for a search: a large registry's index is built
 * between requests and the search answers 503 meanwhile, as on SQLite.
 */
async function advanceOn(db: Kysely<Database>, state: OnState): Promise<void> {
  if (state.held && await bringForwardOn(db, state.held)) return;
  state.held = null;
  if (state.building || await verifiedCountOn(db) > BUILD_IN_REQUEST_MAX) {
    if (!state.building) {
      laterOn(db, state, { schedule: state.schedule, batch: SEARCH_BUILD_BATCH }, (error) => {
        if (error) console.error('Building the search index stopped; the next search starts it again.', error);
      });
    }
    throw new AppError(503, SEARCH_STARTING_MESSAGE, undefined, { 'Retry-After': String(SEARCH_STARTING_RETRY_SECONDS) });
  }
  // a search on a small registry takes over a build between requests (which stops at its next step)
  state.building = null;
  const held = await buildOn(db);
  state.held = held;
  prepareLater(held.index, state.schedule, logPrepareError);
}

/**
 * `read` given the registry's index at `revision` or later, and the revision it is at: on SQLite
 * registryIndex (call it in the read transaction of the answer it serves, as registryIndex), on
 * PostgreSQL brought forward first when behind. `read` runs synchronously with the index (no other
 * request can bring it forward meanwhile): what it needs of the index, it takes there.
 */
export async function readRegistryIndexOn<T>(engine: Engine, revision: number, read: (index: SearchIndex, revision: number) => T): Promise<T> {
  if (engine.sqlite) return read(registryIndex(engine.sqlite), currentRevision(engine.sqlite));
  const state = stateOf(engine);
  // (on PostgreSQL another request may have brought it past `revision` already: that is newer, not wrong)
  while (!state.held || state.held.revision < revision) {
    // one search brings it forward; those at the same revision meanwhile wait for it, then read it
    if (state.working) await state.working;
    else await alone(state, () => advanceOn(engine.db, state));
  }
  return read(state.held.index, state.held.revision);
}

/** buildSearchIndexNow on either engine: the index built at once, whatever the registry's size, then read ahead with `schedule`. */
export async function buildSearchIndexNowOn(engine: Engine, schedule: StepScheduler = nextTurn, done: (error?: unknown) => void = () => {}): Promise<void> {
  if (engine.sqlite) {
    buildSearchIndexNow(engine.sqlite, schedule, done);
    return;
  }
  const state = stateOf(engine);
  state.schedule = schedule;
  if (state.held) {
    done();
    return;
  }
  let held: Held | null = null;
  // (a search may be bringing one forward, or failing to on a large registry: built here once it is done)
  while (!held) {
    await alone(state, async () => {
      if (!state.held) {
        state.building = null;
        state.held = await buildOn(engine.db);
      }
      held = state.held;
    });
  }
  prepareLater((held as Held).index, schedule, done);
}

/** runInSteps for steps that await (a Kysely read each). */
function runInStepsOn(schedule: StepScheduler, step: () => Promise<boolean>, done: (error?: unknown) => void): void {
  const next = (): void => {
    step().then((finished) => (finished ? done() : schedule(next)), (error: unknown) => done(error ?? new Error('A background step failed.')));
  };
  schedule(next);
}

function laterOn(db: Kysely<Database>, state: OnState, { batch = BUILD_BATCH, schedule = nextTurn }: BackgroundOptions, done: (error?: unknown) => void): void {
  if (state.held || state.building) {
    done();
    return;
  }
  // its revision is read by its first step, before its first batch
  const build = startBuild(-1, batch);
  state.building = build;
  let held: Held | null = null;
  let reading = true;
  runInStepsOn(schedule, async () => {
    // a search took the build over
    if (state.building !== build) return true;
    // the profiles a batch a step, then the build itself in one more step, at a quiet moment too
    if (reading) {
      if (build.revision < 0) build.revision = await currentRevisionOn(db);
      reading = !(await readStepOn(db, build));
      return false;
    }
    const made = built(build);
    const current = await bringForwardOn(db, made);
    // (it stays `building` until here: a search meanwhile answers 503 rather than start another build)
    if (state.building !== build) return true;
    state.building = null;
    if (current) state.held = held = made;
    return true;
  }, (error) => {
    if (error !== undefined) {
      if (state.building === build) state.building = null;
      done(error);
    } else if (held) prepareLater(held.index, schedule, done);
    else done();
  });
}

/** buildSearchIndexLater on either engine: the profiles a batch a step with `schedule`, then the build, then its identifier values a step at a time. */
export function buildSearchIndexLaterOn(engine: Engine, done: (error?: unknown) => void = () => {}, options: BackgroundOptions = {}): void {
  if (engine.sqlite) {
    buildSearchIndexLater(engine.sqlite, done, options);
    return;
  }
  const state = stateOf(engine);
  state.schedule = options.schedule ?? nextTurn;
  laterOn(engine.db, state, options, done);
}
