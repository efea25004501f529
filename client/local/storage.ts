// Ask the browser not to evict IndexedDB under storage pressure: the outbox holds what a person
// typed and exists nowhere else until it is sent (docs/design.md#outbox).
import { setStatus } from '../state/status';

/** true: persisted; false: refused; null: the browser cannot tell. */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') {
    setStatus({ storagePersisted: null });
    return null;
  }
  try {
    const already = typeof storage.persisted === 'function' ? await storage.persisted() : false;
    const persisted = already || (await storage.persist());
    setStatus({ storagePersisted: persisted });
    return persisted;
  } catch {
    setStatus({ storagePersisted: null });
    return null;
  }
}
