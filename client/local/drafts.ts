// Half-filled forms survive a reload or a closed tab (db.ts "drafts"). Keys name the form and
// its target, e.g. 'scam:developer:17' or 'wizard:developer'.
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type RegistryDb } from './db';

export async function saveDraft(key: string, value: unknown, db: RegistryDb = localDb): Promise<void> {
  await db.drafts.put({ key, value, updatedAt: Date.now() });
}

export async function loadDraft<T = unknown>(key: string, db: RegistryDb = localDb): Promise<T | undefined> {
  return (await db.drafts.get(key))?.value as T | undefined;
}

export async function clearDraft(key: string, db: RegistryDb = localDb): Promise<void> {
  await db.drafts.delete(key);
}

/** The draft's value, live; undefined while loading or when there is none. */
export function useDraft<T = unknown>(key: string, db: RegistryDb = localDb): T | undefined {
  return useLiveQuery(async () => (await db.drafts.get(key))?.value as T | undefined, [key, db]);
}
