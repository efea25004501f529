// The replica's profiles, stored in chunks (client/local/db.ts explains why). Writes append
// chunks: a page of the sync becomes chunks of up to REPLICA_CHUNK_SIZE profiles plus the ids
// it removes. The newest chunk that names an id holds its current version; a removal in a newer
// chunk than every copy ends it. The directory (id → chunk, revision) is built from the small
// chunkKeys rows and kept in memory per database, catching up on newer chunks when asked.
// compactReplica rewrites chunks that hold mostly superseded copies, so the store stays near
// the registry's own size however many small delta syncs came in.
import type { ProfileKind } from '../../shared/contract/common';
import type { SyncProfile } from '../../shared/contract/sync';
import { localDb, readSyncMeta, type LocalIncident, type LocalProfile, type RegistryDb, type ReplicaChunkKeys } from './db';
import { onlineProfile } from './online-profiles';

/** Profiles per chunk: small enough that reading a card's profile parses ~300 KB, large enough to write fast. */
export const REPLICA_CHUNK_SIZE = 100;
/** Compaction starts once this many chunks hold fewer than half a chunk of live profiles. */
const COMPACT_AFTER_SPARSE_CHUNKS = 8;
/** Parsed chunks kept for reads (a page of cards touches up to 20). */
const PARSED_CHUNKS_KEPT = 32;

interface Location {
  chunk: number;
  revision: number;
}

/** Where each live profile is, as of the newest chunk read. */
class Directory {
  epoch = -1;
  lastChunk = 0;
  readonly where = new Map<number, Location>();
  /** how many live profiles each chunk holds */
  readonly live = new Map<number, number>();
  /** every chunk's keys, for compaction (small: ids and revisions only) */
  readonly keys = new Map<number, ReplicaChunkKeys>();
  readonly parsed = new Map<number, Map<number, SyncProfile>>();

  reset(epoch: number): void {
    this.epoch = epoch;
    this.lastChunk = 0;
    this.where.clear();
    this.live.clear();
    this.keys.clear();
    this.parsed.clear();
  }

  apply(keys: ReplicaChunkKeys): void {
    this.keys.set(keys.id, keys);
    this.lastChunk = Math.max(this.lastChunk, keys.id);
    let live = 0;
    keys.ids.forEach((id, i) => {
      const before = this.where.get(id);
      if (before) this.live.set(before.chunk, (this.live.get(before.chunk) ?? 1) - 1);
      this.where.set(id, { chunk: keys.id, revision: keys.revisions[i]! });
      live++;
    });
    this.live.set(keys.id, (this.live.get(keys.id) ?? 0) + live);
    for (const id of keys.removed) {
      const before = this.where.get(id);
      if (!before) continue;
      this.live.set(before.chunk, (this.live.get(before.chunk) ?? 1) - 1);
      this.where.delete(id);
    }
  }

  forget(chunk: number): void {
    this.keys.delete(chunk);
    this.live.delete(chunk);
    this.parsed.delete(chunk);
  }
}

const directories = new WeakMap<RegistryDb, Directory>();

function directoryOf(db: RegistryDb): Directory {
  let directory = directories.get(db);
  if (!directory) {
    directory = new Directory();
    directories.set(db, directory);
  }
  return directory;
}

/**
 * The directory, caught up with the chunks written since it last looked (by this tab or
 * another). Two small reads when nothing changed. Inside a transaction it reads that
 * transaction's view.
 */
async function currentDirectory(db: RegistryDb): Promise<Directory> {
  const directory = directoryOf(db);
  const epoch = (await readSyncMeta(db)).epoch ?? 0;
  if (epoch !== directory.epoch) directory.reset(epoch);
  const newer = await db.chunkKeys.where('id').above(directory.lastChunk).toArray();
  for (const keys of newer) directory.apply(keys);
  // a compaction (here or in another tab) deleted chunks and moved their profiles to newer
  // ones: forget the deleted ones, whose profiles the newer chunks re-pointed
  for (const keys of newer) for (const gone of keys.replaces ?? []) directory.forget(gone);
  return directory;
}

/** The chunk's profiles by id, parsed once while it stays among the recently read. */
async function chunkProfiles(db: RegistryDb, directory: Directory, chunk: number): Promise<Map<number, SyncProfile> | undefined> {
  const cached = directory.parsed.get(chunk);
  if (cached) {
    directory.parsed.delete(chunk); // most recently used last
    directory.parsed.set(chunk, cached);
    return cached;
  }
  const row = await db.chunks.get(chunk);
  if (!row) return undefined;
  const profiles = new Map((JSON.parse(row.json) as SyncProfile[]).map((p) => [p.id, p]));
  directory.parsed.set(chunk, profiles);
  while (directory.parsed.size > PARSED_CHUNKS_KEPT) directory.parsed.delete(directory.parsed.keys().next().value!);
  return profiles;
}

async function readSyncProfiles(ids: readonly number[], db: RegistryDb): Promise<(SyncProfile | undefined)[]> {
  for (let attempt = 0; ; attempt++) {
    const directory = await currentDirectory(db);
    const out: (SyncProfile | undefined)[] = [];
    let missing = false;
    for (const id of ids) {
      const at = directory.where.get(id);
      if (!at) {
        out.push(undefined);
        continue;
      }
      const profile = (await chunkProfiles(db, directory, at.chunk))?.get(id);
      // the chunk was compacted away since the directory looked: look again
      if (!profile) missing = true;
      out.push(profile);
    }
    if (!missing || attempt > 0) return out;
  }
}

/** The replica's own copy of a profile, incidents and all (undefined when it holds none). */
export async function getSyncProfile(id: number, db: RegistryDb = localDb): Promise<SyncProfile | undefined> {
  return (await readSyncProfiles([id], db))[0];
}

function withoutIncidents({ incidents: _incidents, ...profile }: SyncProfile): LocalProfile {
  return profile;
}

/** The replica's profiles by id, in the order asked (undefined where there is none). */
export async function getProfiles(ids: readonly number[], db: RegistryDb = localDb): Promise<(LocalProfile | undefined)[]> {
  return (await readSyncProfiles(ids, db)).map((p, i) => {
    // one the replica does not hold yet may have come with an online search (issue 17)
    const found = p ?? onlineProfile(db, ids[i]!);
    return found ? withoutIncidents(found) : undefined;
  });
}

export async function getProfile(id: number, db: RegistryDb = localDb): Promise<LocalProfile | undefined> {
  return (await getProfiles([id], db))[0];
}

/** A profile's approved incidents, newest first. */
export async function getIncidents(profileId: number, db: RegistryDb = localDb): Promise<LocalIncident[]> {
  const [profile = onlineProfile(db, profileId)] = await readSyncProfiles([profileId], db);
  const rows = (profile?.incidents ?? []).map((incident) => ({ ...incident, profileId }));
  return rows.sort((a, b) => (b.occurred ?? b.reported ?? '').localeCompare(a.occurred ?? a.reported ?? '') || b.id - a.id);
}

/** How many profiles the replica holds (of a kind, or in all). */
export async function replicaCount(db: RegistryDb = localDb, kind?: ProfileKind): Promise<number> {
  const directory = await currentDirectory(db);
  if (!kind) return directory.where.size;
  // kinds are in the chunks, not the keys: count by reading them (tests and tools only)
  return (await readReplica(db)).filter((p) => p.kind === kind).length;
}

/** The revision this replica holds of each id (absent: none). Call inside the writing transaction. */
export async function heldRevisions(ids: readonly number[], db: RegistryDb): Promise<Map<number, number>> {
  const directory = await currentDirectory(db);
  const held = new Map<number, number>();
  for (const id of ids) {
    const at = directory.where.get(id);
    if (at) held.set(id, at.revision);
  }
  return held;
}

export interface ReplicaRemoval {
  id: number;
  revision: number;
}

/** What one sync page wrote: chunks first..last of the replica's epoch, their profiles in order, then the ids it removed. */
export interface WrittenChunks {
  epoch: number;
  first: number;
  last: number;
  profiles: SyncProfile[];
  removed: number[];
}

/**
 * Appends profiles (new versions) and removals as chunks. Call inside a 'rw' transaction on
 * chunks, chunkKeys and meta, so they land with the sync cursor or not at all.
 */
export async function appendChunks(
  db: RegistryDb, profiles: readonly SyncProfile[], removals: readonly ReplicaRemoval[], replaces: readonly number[] = [],
): Promise<{ first: number; last: number } | null> {
  if (profiles.length === 0 && removals.length === 0 && replaces.length === 0) return null;
  let next = (((await db.chunkKeys.orderBy('id').lastKey()) as number | undefined) ?? 0) + 1;
  const count = Math.max(1, Math.ceil(profiles.length / REPLICA_CHUNK_SIZE));
  const chunks = [];
  const keys: ReplicaChunkKeys[] = [];
  for (let i = 0; i < count; i++) {
    const part = profiles.slice(i * REPLICA_CHUNK_SIZE, (i + 1) * REPLICA_CHUNK_SIZE);
    // removals and the chunks a compaction replaces go with the last chunk, after the profiles
    const last = i === count - 1;
    const id = next++;
    chunks.push({ id, json: JSON.stringify(part) });
    keys.push({
      id,
      ids: part.map((p) => p.id),
      revisions: part.map((p) => p.revision),
      removed: last ? removals.map((r) => r.id) : [],
      removedRevisions: last ? removals.map((r) => r.revision) : [],
      ...(last && replaces.length ? { replaces: [...replaces] } : {}),
    });
  }
  await db.chunks.bulkAdd(chunks);
  await db.chunkKeys.bulkAdd(keys);
  return { first: keys[0]!.id, last: keys[keys.length - 1]!.id };
}

/**
 * Empties the replica's chunks, and this tab's directory with them. The replicator passes the
 * next `epoch` and stores it with the cursor in the same transaction; without one (tests that
 * empty the store by hand) the directory reloads on its next look.
 */
export async function clearReplica(db: RegistryDb, epoch = -1): Promise<void> {
  await db.chunks.clear();
  await db.chunkKeys.clear();
  directoryOf(db).reset(epoch);
}

/**
 * Rewrites the chunks holding fewer than half a chunk of live profiles (small deltas, mostly
 * superseded chunks) once there are COMPACT_AFTER_SPARSE_CHUNKS of them: their live profiles move to new chunks, which name the old ones in `replaces`, and the
 * old ones are deleted, all in one transaction. A removal an old chunk carried moves along
 * while an older copy of its profile still sits in a chunk that stays.
 */
export async function compactReplica(db: RegistryDb = localDb): Promise<boolean> {
  return db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    const directory = await currentDirectory(db);
    // small delta chunks and mostly superseded ones alike hold fewer than half a chunk of live profiles
    const sparse = [...directory.keys.values()].filter((k) => (directory.live.get(k.id) ?? 0) * 2 < REPLICA_CHUNK_SIZE);
    if (sparse.length < COMPACT_AFTER_SPARSE_CHUNKS) return false;
    const sparseIds = new Set(sparse.map((k) => k.id));
    const moved: SyncProfile[] = [];
    for (const keys of sparse) {
      const profiles = await chunkProfiles(db, directory, keys.id);
      for (const id of keys.ids) {
        if (directory.where.get(id)?.chunk === keys.id) moved.push(profiles!.get(id)!);
      }
    }
    // copies that stay behind in chunks kept, which a removal must keep ending
    const stayingCopies = new Set<number>();
    for (const keys of directory.keys.values()) if (!sparseIds.has(keys.id)) for (const id of keys.ids) stayingCopies.add(id);
    const removals: ReplicaRemoval[] = [];
    for (const keys of sparse) {
      keys.removed.forEach((id, i) => {
        if (stayingCopies.has(id) && !directory.where.has(id)) removals.push({ id, revision: keys.removedRevisions[i]! });
      });
    }
    await appendChunks(db, moved, removals, [...sparseIds]);
    await db.chunks.bulkDelete([...sparseIds]);
    await db.chunkKeys.bulkDelete([...sparseIds]);
    return true;
  });
}

/** Every live profile of the replica with its incidents, in no set order (tests and tools). */
export async function readReplica(db: RegistryDb = localDb): Promise<SyncProfile[]> {
  const directory = await currentDirectory(db);
  const out: SyncProfile[] = [];
  for (const chunk of new Set([...directory.where.values()].map((at) => at.chunk))) {
    for (const [id, profile] of (await chunkProfiles(db, directory, chunk)) ?? []) {
      if (directory.where.get(id)?.chunk === chunk) out.push(profile);
    }
  }
  return out;
}

/**
 * Calls `visit` with every live profile of the replica, a chunk at a time, so a reader that only
 * sums (the statistics page, issue 20) never holds the whole registry; resolves with how many it visited.
 */
export async function visitReplica(visit: (profile: SyncProfile) => void, db: RegistryDb = localDb): Promise<number> {
  const directory = await currentDirectory(db);
  let visited = 0;
  for (const chunk of new Set([...directory.where.values()].map((at) => at.chunk))) {
    for (const [id, profile] of (await chunkProfiles(db, directory, chunk)) ?? []) {
      if (directory.where.get(id)?.chunk !== chunk) continue;
      visit(profile);
      visited += 1;
    }
  }
  return visited;
}
