// Replica rows for the profile feature's component tests: profiles and incidents shaped as the
// replicator stores them (GET /api/sync/ rows, parsed by the shared schemas), in a fake-indexeddb
// database of the test's own. Tests that must reach the server use the real one instead.
import { vi } from 'vitest';
import { incidentSchema } from '../../../shared/contract/incident';
import { sampleProfile } from '../../../shared/test-support';
import type { LocalIncident, LocalProfile, RegistryDb } from '../../local';
import { freshDb, putReplicaProfiles } from '../../local/test-support';

export function localProfile(overrides: Partial<LocalProfile> = {}): LocalProfile {
  return { ...sampleProfile({ id: 42, name: 'Ada Example', nickname: 'ada' }), kind: 'developer', revision: 1, ...overrides };
}

/** An incident as GET /api/sync/ sends it (the shared schema fills what is absent), on `profileId`. */
export function localIncident(profileId: number, fields: Record<string, unknown> & { id: number }): LocalIncident {
  return {
    ...incidentSchema.parse({
      description: 'Took the deposit for a token launch and disappeared.',
      occurred: '2024-03-14T09:30:00Z',
      reported: '2024-04-01T12:00:00Z',
      amount: 1500,
      currency: 'USD',
      types: ['Rug Pull'],
      industries: ['DeFi'],
      status: 'approved',
      ...fields,
    }),
    profileId,
  };
}

/** A fresh replica holding these rows. */
export async function replicaWith(profiles: LocalProfile[], incidents: LocalIncident[] = []): Promise<RegistryDb> {
  const db = freshDb();
  await putReplicaProfiles(db, profiles, { incidents });
  return db;
}

/** The browser says it is offline: the outbox keeps what is submitted and sends nothing. */
export function goOffline(): () => void {
  const spy = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  return () => spy.mockRestore();
}
