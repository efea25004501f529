// The registry version the UI watches. Components watch this small row (docs/style.md#s7: never
// useLiveQuery the replica's big tables) and ask again when it changes: reads of profiles are
// in replica.ts, searches in search/registry-search.ts.
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, readSyncMeta, type RegistryDb } from './db';

/** Changes whenever a sync changed the replica (0 until the first one). */
export function useRegistryVersion(db: RegistryDb = localDb): number {
  // a failed read must not throw during render and take the page down: version 0 means
  // "nothing known", and the search reports the failure
  return useLiveQuery(() => readSyncMeta(db).then((meta) => meta.registryVersion, () => 0), [db], 0);
}
