// The incident's picture (product.md#entities-scam-draft ("Scam draft form") avatar): a file picked on the device, made
// small here before it is stored (avatar-image.ts). Not a Field: a preview and a remove button
// sit by the input, and its one line of hint, progress or problem is a live region.
import { useId, useRef, useState } from 'react';
import { AvatarError, AVATAR_ACCEPT, pictureToAvatar } from './avatar-image';

export function AvatarField({ value, onChange, problem, disabled }: {
  value: string | null;
  onChange(value: string | null): void;
  problem: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = error || problem;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onChange(await pictureToAvatar(file));
    } catch (caught) {
      setError(caught instanceof AvatarError ? caught.message : 'This picture could not be used.');
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = ''; // the same file can be picked again
    }
  };

  return (
    <div className="form-field report-avatar-field">
      <label htmlFor={id} className="field-label">Picture</label>
      <div className="report-avatar-row">
        {value ? <img className="report-avatar" src={value} alt="The chosen picture" width={64} height={64} /> : null}
        <input
          ref={inputRef}
          id={id}
          className="report-file"
          type="file"
          accept={AVATAR_ACCEPT}
          disabled={disabled || busy}
          aria-invalid={Boolean(shown)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => { void pick(e.target.files?.[0]); }}
        />
        {value ? (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(null)}>
            Remove picture
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className={shown ? 'field-hint field-hint--problem' : 'field-hint'} aria-live="polite">
        {busy ? 'Preparing the picture…' : shown || 'Optional. A PNG, JPEG or WebP picture; it is made small on this device before it is sent.'}
      </p>
    </div>
  );
}
