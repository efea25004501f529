// Saved searches (product.md#screens, product.md#entities-saved-search ("Saved search"), product.md#validation, product.md#errors; product.md#constants ("Search history 10"); db.ts
// "savedSearches"). Local first, so they work for everyone and offline: a save or a delete
// changes this device at once. For a signed-in person the server keeps them too (product.md#calls
// GET/POST/DELETE /api/saved_searches/, newest 10): new ones are POSTed with an Idempotency-Key
// (a retry after a lost answer saves once), deletions are kept as hidden tombstones until the
// server confirmed them, and the server's list is merged in after sign-in and on load. Server
// failures are only logged (product.md#errors) and never lose the local copy; the next sync tries again.
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import { SEARCH_HISTORY_LIMIT } from '../../shared/constants';
import {
  savedSearchCreateSchema, savedSearchFilters, savedSearchSchema, type SavedSearchFilters,
} from '../../shared/contract/saved-search';
import { routes } from '../../shared/contract/routes';
import { ApiError, apiJson } from '../api/http';
import { useCurrentUser } from '../state/current-user';
import { localDb, type RegistryDb, type SavedSearch } from './db';

/** A saved search as the UI shows it. */
export interface SavedSearchItem {
  id: number;
  name: string;
  filters: SavedSearchFilters;
  query: string;
  /** epoch ms */
  savedAt: number;
  /** stored on the server too */
  synced: boolean;
}

export type SaveSearchResult =
  | { ok: true; search: SavedSearchItem }
  /** refused by savedSearchCreateSchema: its message, to show as is */
  | { ok: false; message: string };

export interface SaveSearchInput {
  name: string;
  filters: Readonly<Record<string, readonly string[] | undefined>>;
  query: string;
}

const signedIn = () => useCurrentUser.getState().user.is_authenticated;

/** Categories with at least one value; what a row holds is checked again when read. */
function cleanFilters(filters: unknown): SavedSearchFilters {
  const parsed = savedSearchFilters.safeParse(filters);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).filter(([, values]) => values.length > 0));
}

function toItem(row: SavedSearch): SavedSearchItem {
  return {
    id: row.id, name: row.name, filters: cleanFilters(row.filters), query: row.query, savedAt: row.savedAt,
    synced: row.serverId !== undefined,
  };
}

// newest first; the id breaks ties between searches saved in the same millisecond
const newestFirst = (a: SavedSearch, b: SavedSearch) => b.savedAt - a.savedAt || b.id - a.id;

async function liveRows(db: RegistryDb): Promise<SavedSearch[]> {
  const rows = await db.savedSearches.filter((row) => !row.deleted).toArray();
  return rows.sort(newestFirst);
}

/** This device's saved searches, newest first. */
export async function listSavedSearches(db: RegistryDb = localDb): Promise<SavedSearchItem[]> {
  return (await liveRows(db)).map(toItem);
}

/** The saved searches, live (a small table, so watching it is cheap); undefined while loading. */
export function useSavedSearches(db: RegistryDb = localDb): SavedSearchItem[] | undefined {
  return useLiveQuery(() => listSavedSearches(db), [db]);
}

/** Keeps the newest SEARCH_HISTORY_LIMIT (product.md#constants); the server trims its own copies alike. */
async function trim(db: RegistryDb): Promise<void> {
  await db.transaction('rw', db.savedSearches, async () => {
    const extra = (await liveRows(db)).slice(SEARCH_HISTORY_LIMIT);
    await db.savedSearches.bulkDelete(extra.map((row) => row.id));
  });
}

/**
 * Saves a search here (product.md#validation: a non-blank name and a filter or a query) and, for a signed-in
 * person, sends it to the server in the background (await syncSavedSearches() to wait for it).
 * The newest SEARCH_HISTORY_LIMIT are kept: an eleventh drops the oldest.
 */
export async function saveSearch(input: SaveSearchInput, db: RegistryDb = localDb): Promise<SaveSearchResult> {
  const parsed = savedSearchCreateSchema.safeParse({ name: input.name, filters: input.filters, query: input.query });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'This search cannot be saved.' };
  const row = {
    name: parsed.data.name,
    filters: cleanFilters(parsed.data.filters),
    query: parsed.data.query,
    savedAt: Date.now(),
    clientKey: `saved-search:${crypto.randomUUID()}`,
  };
  const id = await db.savedSearches.add(row as SavedSearch);
  await trim(db);
  if (signedIn()) void syncSavedSearches({ db, pull: false });
  return { ok: true, search: toItem({ ...row, id }) };
}

/** Deletes a saved search here at once; its server copy, if any, as soon as the server is reached. */
export async function deleteSavedSearch(id: number, db: RegistryDb = localDb): Promise<void> {
  const row = await db.savedSearches.get(id);
  if (!row) return;
  if (row.serverId === undefined) {
    await db.savedSearches.delete(id);
    return;
  }
  // a tombstone until the server confirmed it, or the next merge would bring it back
  await db.savedSearches.update(id, { deleted: true });
  if (signedIn()) void syncSavedSearches({ db, pull: false });
}

// One sync at a time, so a save during a merge is never POSTed twice.
let queue: Promise<void> = Promise.resolve();

export interface SyncOptions {
  db?: RegistryDb;
  /** also GET the server's list and merge it in (after sign-in, on load); false after a save or delete */
  pull?: boolean;
}

/**
 * For a signed-in person: sends pending deletions and new searches to the server, then (pull)
 * merges the server's list in. Never throws: failures are only logged (product.md#errors). Resolves when
 * this and every earlier sync finished.
 */
export function syncSavedSearches({ db = localDb, pull = true }: SyncOptions = {}): Promise<void> {
  const run = async () => {
    if (!signedIn()) return;
    try {
      await pushDeletions(db);
      await pushNew(db);
      if (pull) await mergeServerList(db);
      await trim(db);
    } catch (error) {
      console.warn('Saved searches could not be synced with the server:', error instanceof Error ? error.message : error);
    }
  };
  queue = queue.then(run, run);
  return queue;
}

async function deleteOnServer(serverId: number): Promise<void> {
  try {
    const { remove } = routes.savedSearches;
    await apiJson(remove.path({ id: serverId }), { method: remove.method });
  } catch (error) {
    // already gone (deleted elsewhere, trimmed, or another person's): done all the same
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

async function pushDeletions(db: RegistryDb): Promise<void> {
  const tombstones = await db.savedSearches.filter((row) => row.deleted === true).toArray();
  for (const row of tombstones) {
    if (row.serverId !== undefined) await deleteOnServer(row.serverId);
    await db.savedSearches.delete(row.id);
  }
}

const savedAnswer = savedSearchSchema.extend({ id: z.coerce.number().int() });

async function pushNew(db: RegistryDb): Promise<void> {
  const rows = (await db.savedSearches.filter((row) => row.serverId === undefined && !row.deleted).toArray())
    .sort((a, b) => a.savedAt - b.savedAt || a.id - b.id); // oldest first, so the server's order matches
  for (const row of rows) {
    let clientKey = row.clientKey;
    if (!clientKey) {
      clientKey = `saved-search:${crypto.randomUUID()}`;
      await db.savedSearches.update(row.id, { clientKey });
    }
    const { create } = routes.savedSearches;
    const answer = savedAnswer.parse(await apiJson(create.path(), {
      method: create.method,
      json: { name: row.name, filters: cleanFilters(row.filters), query: row.query },
      idempotencyKey: clientKey,
    }));
    const kept = await db.savedSearches.update(row.id, { serverId: answer.id });
    // deleted here while the POST was on its way: delete the server's copy too
    if (kept === 0) await deleteOnServer(answer.id);
  }
}

async function mergeServerList(db: RegistryDb): Promise<void> {
  const server = z.array(savedAnswer).parse(await apiJson(routes.savedSearches.list.path()));
  const serverIds = new Set(server.map((s) => s.id));
  // no fetch inside the transaction (docs/style.md#s7)
  await db.transaction('rw', db.savedSearches, async () => {
    const local = await db.savedSearches.filter((row) => row.serverId !== undefined).toArray();
    const byServerId = new Map(local.map((row) => [row.serverId as number, row]));
    for (const item of server) {
      const mine = byServerId.get(item.id);
      if (mine?.deleted) continue; // its deletion is still on its way
      const fields = { name: item.name, filters: cleanFilters(item.filters), query: item.query };
      if (mine) await db.savedSearches.update(mine.id, fields);
      else {
        const savedAt = Date.parse(item.savedAt);
        await db.savedSearches.add({ ...fields, savedAt: Number.isNaN(savedAt) ? Date.now() : savedAt, serverId: item.id } as SavedSearch);
      }
    }
    // stored on the server once, gone from its list now: deleted on another device, or trimmed there
    await db.savedSearches.bulkDelete(local.filter((row) => !serverIds.has(row.serverId as number)).map((row) => row.id));
  });
}
