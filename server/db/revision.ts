// docs/design.md#sync: one monotonically increasing counter orders every change to
// publicly visible data. Call these inside the transaction that makes the change, so the
// revision and the change commit together.
// Each function has an async twin on the data layer (named with `On`: issue 21,
// docs/decisions/035), the same SQL on SQLite and PostgreSQL, for the modules that have moved;
// the synchronous ones stay for those that have not.
import type { Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Db } from './connection';
import type { Database } from './engine/schema';
import type { Engine } from './engine/engine';
import {
  dropProfileIdentifiers, dropProfileIdentifiersOn, refreshProfileIdentifiers, refreshProfileIdentifiersOn,
} from './profile-identifiers';

/** Takes the next revision. */
export function nextRevision(db: Db): number {
  return reserveRevisions(db, 1);
}

/** Takes `count` consecutive revisions and returns the first (bulk writers: the seed). */
export function reserveRevisions(db: Db, count: number): number {
  const row = db
    .prepare('UPDATE revision_counter SET value = value + ? WHERE id = 1 RETURNING value')
    .get(count) as { value: number };
  return row.value - count + 1;
}

/** Its statement, prepared once per database: every cached public read asks for it first. */
const readRevision = new WeakMap<Db, Statement<[], number>>();

export function currentRevision(db: Db): number {
  let statement = readRevision.get(db);
  if (!statement) {
    statement = db.prepare<[], number>('SELECT value FROM revision_counter WHERE id = 1').pluck();
    readRevision.set(db, statement);
  }
  return statement.get()!;
}

/** The profile changed in public view (it or one of its approved incidents): replicas re-fetch it. */
export function touchProfile(db: Db, profileId: number): number {
  const revision = nextRevision(db);
  db.prepare('UPDATE profiles SET revision = ? WHERE id = ?').run(revision, profileId);
  // a profile back in public view is no longer gone; one still hidden keeps its tombstone
  db.prepare("DELETE FROM tombstones WHERE id = ? AND EXISTS (SELECT 1 FROM profiles WHERE id = ? AND verification_status = 'verified')")
    .run(profileId, profileId);
  // its identifiers as the registry now shows them (migrations/006), in the same transaction
  refreshProfileIdentifiers(db, profileId);
  return revision;
}

/** The profile left public view (rejected, unverified again or removed): replicas drop it. */
export function tombstoneProfile(db: Db, kind: 'developer' | 'project', profileId: number): number {
  const revision = nextRevision(db);
  db.prepare('INSERT INTO tombstones (kind, id, revision) VALUES (?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET revision = excluded.revision')
    .run(kind, profileId, revision);
  // its sync text (migrations/003) is served no more: a profile back in public view gets a new revision
  db.prepare('DELETE FROM sync_texts WHERE id = ?').run(profileId);
  // a lookup finds only public profiles (migrations/006)
  dropProfileIdentifiers(db, profileId);
  return revision;
}

/** nextRevision on the data layer: call it with the change's transaction. */
export async function nextRevisionOn(trx: Kysely<Database>): Promise<number> {
  return reserveRevisionsOn(trx, 1);
}

/** reserveRevisions on the data layer: UPDATE … RETURNING, which both engines have. */
export async function reserveRevisionsOn(trx: Kysely<Database>, count: number): Promise<number> {
  const row = await trx.updateTable('revision_counter')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('id', '=', 1)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value - count + 1;
}

/** currentRevision on the data layer (on PostgreSQL, the per-request read that keeps every instance's caches honest). */
export async function currentRevisionOn(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('revision_counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Reads of a value that every caller must see at least as new as when it asked, shared: a caller
 * that asks while no read is running starts one; a caller that asks while one runs (it began
 * before this caller asked, so it may miss a commit just before) waits for the next, which begins
 * when that one ends and serves everyone who asked meanwhile. At most two reads are outstanding,
 * however many ask, and no caller is given a value read before it asked.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const started: Promise<T> = read().finally(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(() => undefined, () => undefined).then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

/** Each PostgreSQL engine's shared revision reads. */
const revisionReads = new WeakMap<Engine, () => Promise<number>>();

/**
 * The revision now, on either engine: SQLite's prepared statement (every cached public read asks
 * for it first), or on PostgreSQL a read made after the request asked, which is what keeps each
 * instance's caches honest when another instance changed the registry (docs/decisions/033). The
 * requests that ask at once share one read (sharedReads): under load, a round trip for many
 * requests rather than one each, queued for the pool's connections.
 */
export async function revisionNow(engine: Engine): Promise<number> {
  if (engine.sqlite) return currentRevision(engine.sqlite);
  let read = revisionReads.get(engine);
  if (!read) {
    read = sharedReads(() => currentRevisionOn(engine.db));
    revisionReads.set(engine, read);
  }
  return read();
}

/** touchProfile on the data layer: call it with the change's transaction. */
export async function touchProfileOn(trx: Kysely<Database>, profileId: number): Promise<number> {
  const revision = await nextRevisionOn(trx);
  await trx.updateTable('profiles').set({ revision }).where('id', '=', profileId).execute();
  // a profile back in public view is no longer gone; one still hidden keeps its tombstone
  await trx.deleteFrom('tombstones')
    .where('id', '=', profileId)
    .where(({ exists, selectFrom }) => exists(selectFrom('profiles').select('id')
      .where('id', '=', profileId).where('verification_status', '=', 'verified')))
    .execute();
  // its identifiers as the registry now shows them (migrations/006), in the same transaction
  await refreshProfileIdentifiersOn(trx, profileId);
  return revision;
}

/** tombstoneProfile on the data layer: call it with the change's transaction. */
export async function tombstoneProfileOn(trx: Kysely<Database>, kind: 'developer' | 'project', profileId: number): Promise<number> {
  const revision = await nextRevisionOn(trx);
  await trx.insertInto('tombstones')
    .values({ kind, id: profileId, revision })
    .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ revision: eb.ref('excluded.revision') })))
    .execute();
  // its sync text (migrations/003) is served no more: a profile back in public view gets a new revision
  await trx.deleteFrom('sync_texts').where('id', '=', profileId).execute();
  // a lookup finds only public profiles (migrations/006)
  await dropProfileIdentifiersOn(trx, profileId);
  return revision;
}
