// Step 1's note under the full name: "A profile named … is already listed" (issue 16, step 6),
// with a link to it and a way to add a scam to that profile instead of reporting it again.
// Asked of the app's name lookup once typing stops; read out when it appears.
import { useEffect, useState } from 'react';
import { FILTER_DEBOUNCE_DIALOG_MS } from '../../../../shared/constants';
import { useDebounced } from '../../../ui/useDebounced';
import { ProfileLink } from './IdentifierNote';
import { kindWords, useReportLookup, type ListedProfile } from './lookup';

export function ListedNameNote({ name, onUseListed }: { name: string; onUseListed(profile: ListedProfile): void }) {
  const { findName } = useReportLookup();
  // asked as often as a dialog's filter options (docs/product.md#constants)
  const settled = useDebounced(name.trim(), FILTER_DEBOUNCE_DIALOG_MS);
  const [found, setFound] = useState<{ name: string; profiles: readonly ListedProfile[] }>({ name: '', profiles: [] });

  useEffect(() => {
    if (!findName || !settled) return;
    let current = true;
    findName(settled).then(
      (profiles) => { if (current) setFound({ name: settled, profiles }); },
      (error: unknown) => console.error('Looking up the name in the registry failed', error),
    );
    return () => { current = false; };
  }, [findName, settled]);

  // what was found for another spelling (or before the name was cleared) is not shown
  const profiles = settled && found.name === settled && name.trim() === settled ? found.profiles : [];
  return (
    <div className="name-note" aria-live="polite">
      {profiles.length > 0 ? (
        <div className="id-note">
          {profiles.map((p) => (
            <div key={`${p.profileKind}:${p.id}`} className="id-note__line id-note__line--listed">
              <span className="id-note__icon" aria-hidden="true">ℹ</span>
              <span>
                A profile named <ProfileLink profile={p} /> is already listed ({kindWords(p.profileKind)}).{' '}
                <button type="button" className="id-note__action" onClick={() => onUseListed(p)}>
                  Add a scam to {p.name} instead
                </button>
              </span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
