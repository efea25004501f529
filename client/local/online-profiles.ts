// Profiles the server's search call answered with (issue 17), kept in memory for the tab while
// the replica does not hold them yet: a card found online opens its profile like one from the
// replica. They come light (no incidents, no picture: decision 034); the dialog reads their
// details and keeps them here (details.ts). Bounded; the replica's own copy wins once it has one
// (replica.ts).
import type { SyncProfile } from '../../shared/contract/sync';
import type { RegistryDb } from './db';

const KEPT = 400;
const seen = new WeakMap<RegistryDb, Map<number, SyncProfile>>();

/** Keeps profiles answered online, the newest last; one whose details were read stays whole until its revision changes. */
export function keepOnlineProfiles(db: RegistryDb, profiles: readonly SyncProfile[]): void {
  let held = seen.get(db);
  if (!held) seen.set(db, held = new Map());
  for (const profile of profiles) {
    const before = held.get(profile.id);
    const whole = before && before.revision === profile.revision && before.details !== false && profile.details === false;
    held.delete(profile.id);
    held.set(profile.id, whole ? before : profile);
  }
  while (held.size > KEPT) held.delete(held.keys().next().value as number);
}

/** A profile answered online in this tab, if any. */
export function onlineProfile(db: RegistryDb, id: number): SyncProfile | undefined {
  return seen.get(db)?.get(id);
}
