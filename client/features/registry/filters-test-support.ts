// Tests only: a replica on fake-indexeddb filled with real-shaped profiles (every field of spec
// product.md#entities, as GET /api/sync/ delivers them), read back the way the registry page reads it.
import type { Profile } from '../../../shared/contract/profile';
import { sampleProfile } from '../../../shared/test-support';
import type { FilterCategory } from '../../../shared/search/facets';
import { readSyncMeta, searchService, type LocalProfile, type RegistryDb } from '../../local';
import { freshDb, putReplicaProfiles } from '../../local/test-support';
import type { FilterOption } from './filter-options';

export function replicaProfile(id: number, overrides: Partial<Profile> = {}): LocalProfile {
  return { ...sampleProfile({ id, name: `Profile ${id}`, ...overrides }), kind: 'developer', revision: id };
}

/** A fresh replica holding the profiles, written as a sync writes them. */
export async function replicaOf(profiles: LocalProfile[]): Promise<RegistryDb> {
  const db = freshDb();
  await putReplicaProfiles(db, profiles);
  return db;
}

/** The developers' options of a category in a fresh replica holding the profiles, as the filter bar gets them. */
export async function facetsOf(profiles: LocalProfile[]): Promise<(category: FilterCategory) => Promise<FilterOption[]>> {
  const db = await replicaOf(profiles);
  const { registryVersion } = await readSyncMeta(db);
  return (category) => searchService(db).facetOptions('developer', category, registryVersion);
}

/** Four profiles with differing values in every category. */
export function mixedProfiles(): LocalProfile[] {
  return [
    replicaProfile(1, {
      industry: ['DeFi', 'NFT'], scam_type: ['Rug Pull'], location: '', nationality: 'Examplian',
      walletAddresses: ['0xabc', 'bc1qxyz'], ipAddresses: ['192.168.1.4', '203.0.113.9'], telegram: ['@one'],
      bank: ['First Bank'], bankAccounts: [{ bank_name: 'Harbor Bank', account: '12' }],
    }),
    replicaProfile(2, {
      industry: ['defi', 'Gaming'], scam_type: ['Phishing', 'Rug Pull'], location: 'Lagos', nationality: 'Otherland',
      walletAddresses: ['LTC9'], ipAddresses: [], telegram: [], bank: [], bankAccounts: [],
    }),
    replicaProfile(3, {
      industry: ['Exchange'], scam_type: ['Exit Scam'], location: 'Berlin', nationality: '',
      walletAddresses: [], ipAddresses: ['104.16.0.1'], telegram: ['@three'],
    }),
    replicaProfile(4, { location: '  ', industry: [], scam_type: [] }),
  ];
}

/** `n` profiles, each with its own nationality 'Country 01'… and language. */
export function manyNationalities(n: number): LocalProfile[] {
  return Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(2, '0');
    return replicaProfile(i + 1, { nationality: `Country ${k}`, languages: [`Language ${k}`] });
  });
}
