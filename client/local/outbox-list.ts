// The outbox as the pending list shows it. The outbox is small (what one person queued), so
// watching the whole table is fine here.
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type RegistryDb } from './db';
import type { OutboxEntry } from './outbox-types';

/** Every entry, oldest first: pending, sending and rejected. */
export async function listOutbox(db: RegistryDb = localDb): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('createdAt').toArray();
}

/** Live list of the entries (undefined while loading). */
export function useOutboxEntries(db: RegistryDb = localDb): OutboxEntry[] | undefined {
  return useLiveQuery(() => listOutbox(db), [db]);
}
