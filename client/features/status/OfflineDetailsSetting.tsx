// "Keep full details offline" (issue 17, docs/product.md#offline-details): whether every profile's
// incidents and picture are kept on this device, or read when a profile is opened. On unless the
// browser asks to save data; the choice is the device's (client/local/settings.ts).
import { useId } from 'react';
import { setKeepDetailsOffline, useKeepDetailsOffline } from '../../local';

export const KEEP_DETAILS_LABEL = 'Keep full details offline';
export const KEEP_DETAILS_HINT = 'Every profile’s incidents and picture on this device too. Off: search works offline, and details load when you open a profile.';

export function OfflineDetailsSetting() {
  const keep = useKeepDetailsOffline();
  const hintId = useId();
  return (
    <p className="offline-details">
      <label className="offline-details__label">
        <input type="checkbox" checked={keep} aria-describedby={hintId} onChange={(e) => setKeepDetailsOffline(e.target.checked)} />
        {KEEP_DETAILS_LABEL}
      </label>
      <span id={hintId} className="offline-details__hint">{KEEP_DETAILS_HINT}</span>
    </p>
  );
}
