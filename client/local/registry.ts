// Minimal reads of the replica for the UI, until the full search lands. Components watch the
// small registryVersion row (STYLE.md 7: never useLiveQuery a 100k-row table) and re-run
// their query when it changes.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { REGISTRY_PAGE_SIZE } from '../../shared/constants';
import type { ProfileKind } from '../../shared/contract/common';
import { localDb, readSyncMeta, type LocalIncident, type LocalProfile, type RegistryDb } from './db';

/** Changes whenever a sync changed the replica (0 until the first one). */
export function useRegistryVersion(db: RegistryDb = localDb): number {
  // a failed read must not throw during render and take the page down: version 0 means
  // "nothing known", and the profile read below reports the failure
  return useLiveQuery(() => readSyncMeta(db).then((meta) => meta.registryVersion, () => 0), [db], 0);
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

export type RegistryProfilesState =
  | { status: 'loading'; profiles: readonly LocalProfile[] }
  | { status: 'ready'; profiles: readonly LocalProfile[] }
  | { status: 'error'; profiles: readonly LocalProfile[]; message: string };

/** The replica's profiles of a kind, read once per kind and registry version. */
export async function loadProfiles(kind: ProfileKind, db: RegistryDb = localDb): Promise<LocalProfile[]> {
  return db.profiles.where('kind').equals(kind).toArray();
}

/**
 * All profiles of a kind in memory, for the spec's search, filters and scores (shared/domain/search.ts).
 * Re-read when a sync changed the replica, at most every REREAD_MS while a first sync streams in pages.
 * A failed read empties the list (spec §8: "Profile list load failure: list emptied, logged").
 */
export function useRegistryProfiles(kind: ProfileKind, db: RegistryDb = localDb): RegistryProfilesState {
  const version = useRegistryVersion(db);
  // the state remembers which kind it holds, so a kind switch never shows the other kind as ready
  const [state, setState] = useState<{ kind: ProfileKind; value: RegistryProfilesState }>({ kind, value: LOADING });
  const lastRead = useRef(0);
  useEffect(() => {
    let cancelled = false;
    const wait = Math.max(0, lastRead.current + REREAD_MS - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = Date.now();
      loadProfiles(kind, db).then(
        (profiles) => { if (!cancelled) setState({ kind, value: { status: 'ready', profiles } }); },
        (error: unknown) => {
          console.error('Loading profiles failed', error);
          if (!cancelled) setState({ kind, value: { status: 'error', profiles: [], message: String(error) } });
        },
      );
    }, wait);
    return () => { cancelled = true; clearTimeout(timer); };
  }, [kind, db, version]);
  return state.kind === kind ? state.value : LOADING;
}

const REREAD_MS = 750;
const LOADING: RegistryProfilesState = { status: 'loading', profiles: [] };
