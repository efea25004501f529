// A light profile's details (issue 17: incidents and picture, left out of the light sync form and
// of the search call's pages), read from the server when its profile is opened. One the replica
// holds keeps them from then on: the full profile is appended as a chunk at the same revision
// (replica.ts), so a later change replaces it as any other, and offline it is there. One found
// online only keeps them with the other profiles found online (online-profiles.ts).
// docs/decisions/030-a-lighter-replica-after-the-first-answer.md, 034-light-search-answers-and-a-leaner-search-call.md
import { routes } from '../../shared/contract/routes';
import type { Incident } from '../../shared/contract/incident';
import type { Profile } from '../../shared/contract/profile';
import type { SyncProfile } from '../../shared/contract/sync';
import { apiJson } from '../api/http';
import { localDb, readSyncMeta, type RegistryDb } from './db';
import { keepOnlineProfiles, onlineProfile } from './online-profiles';
import { appendChunks, getSyncProfile, heldRevisions } from './replica';

/** What the device holds of a profile's details. */
export type DetailsHeld = 'held' | 'not-saved';

/**
 * Makes sure the replica holds this profile's details: 'held' when it does (or did already, or the
 * profile is not in the replica: nothing to complete), 'not-saved' when they are left out and
 * could not be read (offline, the server failing).
 */
export async function ensureDetails(id: number, db: RegistryDb = localDb): Promise<DetailsHeld> {
  const held = await getSyncProfile(id, db);
  const light = held ?? onlineProfile(db, id);
  if (!light || light.details !== false) return 'held';
  if (globalThis.navigator?.onLine === false) return 'not-saved';
  let full: SyncProfile;
  try {
    const [profile, { incidents }] = await Promise.all([
      apiJson<Profile>(routes.profiles.detail[light.kind].path({ id })),
      apiJson<{ incidents: Incident[] }>(routes.incidents.ofProfile[light.kind].path({ id })),
    ]);
    const { details: _details, ...rest } = light;
    full = { ...rest, avatar: profile.avatar ?? null, incidents };
  } catch {
    return 'not-saved';
  }
  if (!held) {
    keepOnlineProfiles(db, [full]);
    return 'held';
  }
  await db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    // a sync may have brought a newer version meanwhile: that one stays
    if ((await heldRevisions([id], db)).get(id) !== light.revision) return;
    await appendChunks(db, [full], []);
    const meta = await readSyncMeta(db);
    await db.meta.put({ key: 'sync', value: { ...meta, registryVersion: meta.registryVersion + 1 } });
  });
  return 'held';
}
