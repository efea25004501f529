// The sync state every page shows in the header: an Offline badge, when the registry on this
// device was last updated, and the progress of the first download (docs/design.md#sync).
import { useStatus } from '../../state/status';
import { formatCount, formatWhen } from '../../ui/format';

export function StatusBar() {
  const online = useStatus((s) => s.online);
  const syncing = useStatus((s) => s.syncing);
  const lastSyncedAt = useStatus((s) => s.lastSyncedAt);
  const firstSync = useStatus((s) => s.firstSync);
  const lastSyncError = useStatus((s) => s.lastSyncError);

  return (
    <div className="status-bar">
      {/* always present, so screen readers announce the change when the network goes */}
      <span role="status" className="status-offline">
        {online ? null : <span className="badge badge-offline">Offline</span>}
      </span>
      {firstSync ? (
        <FirstSyncProgress done={firstSync.done} total={firstSync.total} />
      ) : (
        <span className="status-sync">{syncText({ online, syncing, lastSyncedAt, lastSyncError })}</span>
      )}
    </div>
  );
}

function syncText(s: { online: boolean; syncing: boolean; lastSyncedAt: number | null; lastSyncError: string | null }) {
  const saved = s.lastSyncedAt === null ? null : formatWhen(s.lastSyncedAt);
  if (!s.online) return saved ? `Saved copy from ${saved}` : null;
  if (s.syncing) return 'Updating…';
  if (s.lastSyncError) return saved ? `Could not update; copy from ${saved}` : 'Could not reach the server';
  return saved ? `Updated ${saved}` : null;
}

function FirstSyncProgress({ done, total }: { done: number; total: number }) {
  const text = total > 0 ? `Downloading the registry… ${formatCount(done)} of ${formatCount(total)}` : 'Downloading the registry…';
  return (
    <span className="first-sync">
      <span>{text}</span>
      {/* no value while the total is unknown: an indeterminate bar */}
      {total > 0 ? (
        <progress max={total} value={Math.min(done, total)} aria-label="Registry download" />
      ) : (
        <progress aria-label="Registry download" />
      )}
    </span>
  );
}
