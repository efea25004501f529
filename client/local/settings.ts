// The device's choice to keep every profile's full details offline (issue 17, docs/product.md#offline-details).
// Kept in localStorage: the replicator reads it before its first request, without opening IndexedDB
// first, and a change in one tab reaches the others by the 'storage' event.
import { useSyncExternalStore } from 'react';
import type { SyncForm } from '../../shared/contract/sync';

const KEY = 'bustr.keepDetailsOffline';
const listeners = new Set<() => void>();

/** Save-Data asked for by the browser or the person (Network Information API; Chromium). */
function saveData(): boolean {
  return (globalThis.navigator as (Navigator & { connection?: { saveData?: boolean } }) | undefined)?.connection?.saveData === true;
}

/** Whether full details (incidents, pictures) are kept offline: the person's choice, else on unless Save-Data is. */
export function keepDetailsOffline(): boolean {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    // storage refused (a privacy mode): the default holds
  }
  return stored === null ? !saveData() : stored === '1';
}

export function setKeepDetailsOffline(keep: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, keep ? '1' : '0');
  } catch {
    // not kept across reloads; this tab still follows it
  }
  for (const listener of listeners) listener();
}

/** The form of the sync feed the replica follows: full while details are kept offline, else light. */
export function replicaForm(): SyncForm {
  return keepDetailsOffline() ? 'full' : 'light';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => { if (event.key === KEY) listener(); };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Calls `listener` when the choice changes (here or in another tab); returns a function to stop. */
export function onKeepDetailsOfflineChange(listener: () => void): () => void {
  return subscribe(listener);
}

export function useKeepDetailsOffline(): boolean {
  return useSyncExternalStore(subscribe, keepDetailsOffline, keepDetailsOffline);
}
