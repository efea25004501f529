// The registry version the UI watches. Components watch this small row (docs/style.md#s7: never
// useLiveQuery the replica's big tables) and ask again when it changes: reads of profiles are
// in replica.ts, searches in search/registry-search.ts.
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, readSyncMeta, type FillProgress, type RegistryDb } from './db';

/** Changes whenever a sync changed the replica (0 until the first one). */
export function useRegistryVersion(db: RegistryDb = localDb): number {
  // a failed read must not throw during render and take the page down: version 0 means
  // "nothing known", and the search reports the failure
  return useLiveQuery(() => readSyncMeta(db).then((meta) => meta.registryVersion, () => 0), [db], 0);
}

/** Whether the whole registry is on this device, and how far its download has come (issue 17). */
export interface ReplicaState {
  /** a sync has reached the last page: the replica answers every search */
  complete: boolean;
  /** the download's progress as last written (none before its first page) */
  fill: FillProgress | null;
}

/** The replica's state; undefined until read (a failed read counts as never complete). */
export function useReplicaState(db: RegistryDb = localDb): ReplicaState | undefined {
  return useLiveQuery(async () => {
    try {
      const [meta, fill] = await Promise.all([readSyncMeta(db), db.meta.get('fill')]);
      return { complete: meta.lastSyncedAt !== null, fill: (fill?.value as FillProgress | undefined) ?? null };
    } catch {
      return { complete: false, fill: null };
    }
  }, [db]);
}
