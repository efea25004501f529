// docs/style.md#s9: one zustand store for what every page shows about the local-first layer.
// The replicator and the outbox call the module-level actions; components select what they render.
// UI state has one home, client/state/ (one store per concern: this one, current-user.ts,
// registry-query.ts); client/local/ keeps only browser persistence and writes here through these
// actions, so state/ sits below local/ and imports nothing but api/ and shared/.
import { create } from 'zustand';

export interface FirstSyncProgress { done: number; total: number }

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  lastSyncedAt: number | null;
  /** set while the very first sync fills an empty replica; null afterwards */
  firstSync: FirstSyncProgress | null;
  lastSyncError: string | null;
  pendingCount: number;
  rejectedCount: number;
  /** a new service worker waits; the update toast offers Reload */
  updateAvailable: boolean;
  /** navigator.storage.persisted(); null until known or when the browser cannot tell */
  storagePersisted: boolean | null;
  /** one quiet notice, e.g. "Your report of Jane Roe was delivered." */
  notice: string | null;
}

export const initialStatus: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  lastSyncedAt: null,
  firstSync: null,
  lastSyncError: null,
  pendingCount: 0,
  rejectedCount: 0,
  updateAvailable: false,
  storagePersisted: null,
  notice: null,
};

export const useStatus = create<SyncStatus>(() => ({ ...initialStatus }));

export const setStatus = (patch: Partial<SyncStatus>) => useStatus.setState(patch);
export const getStatus = () => useStatus.getState();
