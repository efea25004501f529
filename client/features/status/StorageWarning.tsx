// Unsent submissions live only in this browser's storage until they reach the server. When the
// browser did not grant persistent storage (navigator.storage.persist()), it may evict them
// under storage pressure: say so calmly, only while something is waiting.
import { useStatus } from '../../state/status';

export function StorageWarning() {
  const unsent = useStatus((s) => s.pendingCount + s.rejectedCount);
  const persisted = useStatus((s) => s.storagePersisted);
  if (unsent === 0 || persisted !== false) return null;
  return (
    <p className="storage-warning">
      Your unsent reports are kept on this device until they reach the server, but this browser may clear them if it
      runs low on space.
    </p>
  );
}
