// The replica's profiles as the index takes them in (the search worker's engine,
// client/local/search/engine.ts): a sync profile as the index reads it, and whether a delta is
// upserted into the index or the index is built again over every profile.
import type { SyncProfile } from '../../contract/sync';
import type { IndexedProfile } from './types';

/**
 * A delta above this share of the index (and above REBUILD_MIN) is taken in by a build over
 * every chunk instead: a first sync's pages into a small early index would otherwise be
 * upserted page by page, slower than one build at the end.
 */
const REBUILD_SHARE = 0.25;
const REBUILD_MIN = 200;

/** A sync profile as the index reads it (its incidents and revision left out). */
export function indexedProfile({ incidents: _incidents, revision: _revision, ...profile }: SyncProfile): IndexedProfile {
  return profile;
}

/** Whether `incoming` changed profiles are upserted into an index of `size` profiles (else it is built again). */
export function upsertsDelta(size: number, incoming: number): boolean {
  return incoming <= Math.max(REBUILD_MIN, size * REBUILD_SHARE);
}
