// Minimal reads of the replica for the UI, until the full search lands. Components watch the
// small registryVersion row (STYLE.md 7: never useLiveQuery a 100k-row table) and re-run
// their query when it changes.
import { useLiveQuery } from 'dexie-react-hooks';
import { REGISTRY_PAGE_SIZE } from '../../shared/constants';
import type { ProfileKind } from '../../shared/contract/common';
import { localDb, readSyncMeta, type LocalIncident, type LocalProfile, type RegistryDb } from './db';

/** Changes whenever a sync changed the replica (0 until the first one). */
export function useRegistryVersion(db: RegistryDb = localDb): number {
  return useLiveQuery(() => readSyncMeta(db).then((meta) => meta.registryVersion), [db], 0);
}

export interface ProfileQuery {
  kind?: ProfileKind;
  term?: string;
  offset?: number;
  limit?: number;
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function contains(profile: LocalProfile, term: string): boolean {
  const texts = [
    profile.name, profile.nickname,
    ...profile.walletAddresses, ...profile.telegram, ...profile.email, ...profile.website, ...profile.company,
  ];
  return texts.some((text) => text.toLowerCase().includes(term));
}

/** A page of profiles whose name, nickname, wallets, Telegram, e-mail, website or company contain the term. */
export async function queryProfiles(
  { kind, term = '', offset = 0, limit = REGISTRY_PAGE_SIZE }: ProfileQuery,
  db: RegistryDb = localDb,
): Promise<{ total: number; profiles: LocalProfile[] }> {
  const needle = term.trim().toLowerCase();
  const rows = kind ? db.profiles.where('kind').equals(kind) : db.profiles.toCollection();
  const matches = await (needle ? rows.filter((p) => contains(p, needle)) : rows).toArray();
  matches.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  return { total: matches.length, profiles: matches.slice(offset, offset + limit) };
}

export async function getProfile(id: number, db: RegistryDb = localDb): Promise<LocalProfile | undefined> {
  return db.profiles.get(id);
}

/** A profile's approved incidents, newest first. */
export async function getIncidents(profileId: number, db: RegistryDb = localDb): Promise<LocalIncident[]> {
  const rows = await db.incidents.where('profileId').equals(profileId).toArray();
  return rows.sort((a, b) => (b.occurred ?? b.reported ?? '').localeCompare(a.occurred ?? a.reported ?? '') || b.id - a.id);
}

export async function replicaCount(db: RegistryDb = localDb): Promise<number> {
  return db.profiles.count();
}
