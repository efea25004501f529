// STYLE.md 7: the one place that touches IndexedDB. What lives where, and why:
//
// Replica (a copy of the server's public registry; the server's revision decides, so it can
// always be thrown away and pulled again — DESIGN.md "Replica sync"):
//   profiles   verified profiles as GET /api/sync/ sends them, without their incidents,
//              keyed by id (unique across developers and projects); indexes kind, revision,
//              name (the list is sorted by name).
//   incidents  their approved incidents, one row each with profileId, so a profile page reads
//              its incidents without loading the table and a profile update replaces them.
//   meta       small key-value rows. 'sync' → { cursor, lastSyncedAt, registryVersion }:
//              cursor and rows are written in one transaction per page, so they always agree;
//              registryVersion is bumped by every page that changed the replica, and is what
//              the UI watches (useLiveQuery on one small row, never on the big tables).
//
// The person's own data (exists nowhere else until it reaches the server: never cleared by a
// sync, and an upgrade must carry it over, never drop it):
//   outbox         one entry per user action waiting to be sent, or refused by the server
//                  (DESIGN.md "Outbox"); indexes state, createdAt, nextAttemptAt.
//   drafts         half-filled forms, keyed e.g. 'scam:developer:17' or 'wizard:developer'.
//   savedSearches  searches kept on this device; serverId once stored on the server too.
//
// Schema upgrades: never edit a published version. Add `this.version(n + 1).stores({...})`
// with only the tables that change and an `.upgrade(tx => …)` that migrates user tables;
// when the replica's shape changes, the upgrade may clear profiles, incidents and the 'sync'
// meta row instead, and the replicator refills them from 0.
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { SyncProfile } from '../../shared/contract/sync';
import type { Incident } from '../../shared/contract/incident';
import type { OutboxEntry } from './outbox-types';

export type LocalProfile = Omit<SyncProfile, 'incidents'>;
export type LocalIncident = Incident & { profileId: number };

export interface SyncMeta {
  /** the revision to ask GET /api/sync/ from next time; 0 = from the start */
  cursor: number;
  lastSyncedAt: number | null;
  /** bumped by every applied page that changed the replica */
  registryVersion: number;
}

/** Known meta rows, each with its own value type. */
export interface MetaValues {
  sync: SyncMeta;
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

export const EMPTY_SYNC_META: SyncMeta = { cursor: 0, lastSyncedAt: null, registryVersion: 0 };

export class RegistryDb extends Dexie {
  declare profiles: Table<LocalProfile, number>;
  declare incidents: Table<LocalIncident, number>;
  declare meta: Table<MetaRow, MetaRow['key']>;
  declare outbox: Table<OutboxEntry, string>;
  declare drafts: Table<Draft, string>;
  declare savedSearches: EntityTable<SavedSearch, 'id'>;

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
  return row ? row.value : EMPTY_SYNC_META;
}
