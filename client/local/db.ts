// docs/style.md#s7: the one place that touches IndexedDB. What lives where, and why:
//
// Replica (a copy of the server's public registry; the server's revision decides, so it can
// always be thrown away and pulled again — docs/design.md#sync):
//   chunks     the verified profiles as GET /api/sync/ sends them (incidents included), as JSON
//              text in chunks of up to REPLICA_CHUNK_SIZE, keyed by an ascending chunk id. Why
//              not a row per profile: Chromium writes ~100k rows (and 300k incident rows) in
//              40 s, the same data as 1,000 chunk rows in ~3 s (docs/decisions/012).
//   chunkKeys  per chunk, which profile ids (and revisions) it holds and which ids it removed.
//              Small, so the directory (client/local/replica.ts) reads every chunk's keys without
//              reading the chunks; the newest chunk that names an id holds its current version.
//   meta       small key-value rows. 'sync' → { cursor, lastSyncedAt, registryVersion, epoch }:
//              cursor and chunks are written in one transaction per page, so they always agree;
//              registryVersion is bumped by every page that changed the replica, and is what
//              the UI watches (useLiveQuery on one small row, never on the big tables); epoch is
//              bumped whenever the replica starts over, so derived data (the search index) knows.
//   searchIndex the search index (shared/search/index) saved as array buffers by the search
//              worker, with the epoch and last chunk it covers, so a cold start need not rebuild it.
//
// The person's own data (exists nowhere else until it reaches the server: never cleared by a
// sync, and an upgrade must carry it over, never drop it):
//   outbox         one entry per user action waiting to be sent, or refused by the server
//                  (docs/design.md#outbox); indexes state, createdAt, nextAttemptAt.
//   drafts         half-filled forms, keyed e.g. 'scam:developer:17' or 'wizard:developer'.
//   savedSearches  searches kept on this device; serverId once stored on the server too.
//   sent           "What I sent" (issue 20): one row per receipt of an accepted submission, written in
//                  the transaction that removes its sent outbox entry (sent.ts), with the last
//                  status read from GET /api/receipts/<token>/; indexes sentAt, entryId.
//
// Schema upgrades: never edit a published version. Add `this.version(n + 1).stores({...})`
// with only the tables that change and an `.upgrade(tx => …)` that migrates user tables;
// when the replica's shape changes, the upgrade may clear the replica tables and the 'sync'
// meta row instead, and the replicator refills them from 0 (version 2 does).
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { SyncProfile } from '../../shared/contract/sync';
import type { Incident } from '../../shared/contract/incident';
import type { SerializedIndex } from '../../shared/search/index/search-index';
import type { OutboxEntry } from './outbox-types';
import type { SentReceipt } from './sent-types';

export type LocalProfile = Omit<SyncProfile, 'incidents'>;
export type LocalIncident = Incident & { profileId: number };

export interface SyncMeta {
  /** the revision to ask GET /api/sync/ from next time; 0 = from the start */
  cursor: number;
  lastSyncedAt: number | null;
  /** bumped by every applied page that changed the replica */
  registryVersion: number;
  /** bumped whenever the replica starts over from nothing (absent in rows of before: 0) */
  epoch?: number;
}

/** Up to REPLICA_CHUNK_SIZE profiles, as the sync sent them (incidents included). */
export interface ReplicaChunk {
  id: number;
  /** JSON of SyncProfile[] */
  json: string;
}

/** What a chunk holds and removes, without its profiles. */
export interface ReplicaChunkKeys {
  id: number;
  /** the profiles in the chunk, and each one's revision */
  ids: number[];
  revisions: number[];
  /** profiles this chunk removes (tombstones), and the tombstones' revisions */
  removed: number[];
  removedRevisions: number[];
  /** chunks a compaction replaced with this one (and deleted) */
  replaces?: number[];
}

/** The search worker's saved index (client/local/search). */
export interface SavedSearchIndex {
  key: 'registry';
  epoch: number;
  /** the newest chunk the index has taken in */
  lastChunk: number;
  index: SerializedIndex;
}

/** Known meta rows, each with its own value type. */
export interface MetaValues {
  sync: SyncMeta;
  lastView: LastView;
  fill: FillProgress;
  /** the replica holds profiles of the light sync form (issue 17; replicator.ts) */
  lightHeld: boolean;
}

/**
 * How far the download of the whole registry has come (issue 17), written after each page of a
 * replica that was never complete: a reload resumes from the cursor and shows it at once, and
 * offline the registry page says how much of the registry is searchable here.
 */
export interface FillProgress {
  /** changes taken in so far (profiles and removals) */
  held: number;
  /** held plus what the last page said remains */
  total: number;
}

/**
 * The registry page last shown (client/local/search/registry-search.ts): at the same registry
 * version and request it is exactly what the index would answer, so a cold start shows it at
 * once while the search worker loads the index.
 */
export interface LastView {
  registryVersion: number;
  /** kind, query, filters and page, as JSON */
  request: string;
  total: number;
  page: number;
  items: { profile: LocalProfile; score: number }[];
}
export type MetaRow = { [K in keyof MetaValues]: { key: K; value: MetaValues[K] } }[keyof MetaValues];

export interface Draft {
  key: string;
  value: unknown;
  updatedAt: number;
}

export interface SavedSearch {
  id: number;
  name: string;
  filters: unknown;
  query: string;
  savedAt: number;
  /** the id on the server, once saved there (signed-in users) */
  serverId?: number;
  /** sent as the Idempotency-Key of its POST, so a retry after a lost answer saves it once */
  clientKey?: string;
  /** deleted here while its server copy still waits to be deleted (saved-searches.ts); hidden */
  deleted?: boolean;
}

export const EMPTY_SYNC_META: SyncMeta = { cursor: 0, lastSyncedAt: null, registryVersion: 0, epoch: 0 };

export class RegistryDb extends Dexie {
  declare chunks: Table<ReplicaChunk, number>;
  declare chunkKeys: Table<ReplicaChunkKeys, number>;
  declare searchIndex: Table<SavedSearchIndex, 'registry'>;
  declare meta: Table<MetaRow, MetaRow['key']>;
  declare outbox: Table<OutboxEntry, string>;
  declare drafts: Table<Draft, string>;
  declare savedSearches: EntityTable<SavedSearch, 'id'>;
  declare sent: Table<SentReceipt, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      profiles: 'id, kind, revision, name',
      incidents: 'id, profileId',
      meta: 'key',
      outbox: 'id, state, createdAt, nextAttemptAt',
      drafts: 'key, updatedAt',
      savedSearches: '++id, savedAt, serverId',
    });
    // the replica moves from a row per profile to chunks: it is pulled again from 0
    this.version(2)
      .stores({ profiles: null, incidents: null, chunks: 'id', chunkKeys: 'id', searchIndex: 'key' })
      .upgrade((tx) => tx.table('meta').delete('sync'));
    // "What I sent" (issue 20): a new table; nothing else changes, so no upgrade function
    this.version(3).stores({ sent: 'id, sentAt, entryId' });
  }
}

/** The app's database. */
export const localDb = new RegistryDb('bustr');

/** A database of its own (tests: one fresh name per test). */
export function openRegistryDb(name: string): RegistryDb {
  return new RegistryDb(name);
}

export async function readSyncMeta(db: RegistryDb): Promise<SyncMeta> {
  const row = await db.meta.get('sync');
  return row?.key === 'sync' ? row.value : EMPTY_SYNC_META;
}
