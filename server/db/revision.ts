// docs/design.md#sync: one monotonically increasing counter orders every change to
// publicly visible data. Call these inside the transaction that makes the change, so the
// revision and the change commit together.
import type { Statement } from 'better-sqlite3';
import type { Db } from './connection';
import { dropProfileIdentifiers, refreshProfileIdentifiers } from './profile-identifiers';

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
