// vite-plugin-pwa in prompt mode (client/app/pwa.ts): a new version waits until the person
// chooses to reload, so nothing half-typed is thrown away by a surprise reload.
import { useState } from 'react';
import { setStatus, useStatus } from '../../state/status';

export function UpdateToast({ onReload }: { onReload: () => void | Promise<void> }) {
  const updateAvailable = useStatus((s) => s.updateAvailable);
  const [reloading, setReloading] = useState(false);

  async function reload() {
    setReloading(true);
    try {
      await onReload(); // the page reloads once the new version has taken over
    } catch {
      setReloading(false);
    }
  }

  return (
    <div role="status" className="toast-slot">
      {updateAvailable ? (
        <div className="toast">
          <span>A new version is available</span>
          <span className="toast-actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setStatus({ updateAvailable: false })}>
              Later
            </button>
            <button type="button" className="button button--accent button--small" disabled={reloading} onClick={() => void reload()}>
              {reloading ? 'Reloading…' : 'Reload'}
            </button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
