// Profiles the server's search call answered with (issue 17), kept in memory for the tab while
// the replica does not hold them yet: a card found online opens its profile (incidents included)
// like one from the replica. Bounded; the replica's own copy wins once it has one (replica.ts).
import type { SyncProfile } from '../../shared/contract/sync';
import type { RegistryDb } from './db';

const KEPT = 400;
const seen = new WeakMap<RegistryDb, Map<number, SyncProfile>>();

/** Keeps profiles answered online, the newest last. */
export function keepOnlineProfiles(db: RegistryDb, profiles: readonly SyncProfile[]): void {
  let held = seen.get(db);
  if (!held) seen.set(db, held = new Map());
  for (const profile of profiles) {
    held.delete(profile.id);
    held.set(profile.id, profile);
  }
  while (held.size > KEPT) held.delete(held.keys().next().value as number);
}

/** A profile answered online in this tab, if any. */
export function onlineProfile(db: RegistryDb, id: number): SyncProfile | undefined {
  return seen.get(db)?.get(id);
}
