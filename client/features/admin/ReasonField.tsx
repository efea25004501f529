// issue 18: the optional reason a moderator gives when rejecting, kept in the audit log. Its limit
// is the API's (bulkRejectSchema: MAX_SHORT_TEXT), so what is typed is never refused.
import { useId } from 'react';
import { MAX_SHORT_TEXT } from '../../../shared/constants';

export function ReasonField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="admin-reason">
      <label htmlFor={id} className="admin-reason__label">Reason (optional)</label>
      <textarea
        id={id}
        className="admin-reason__input"
        rows={3}
        maxLength={MAX_SHORT_TEXT}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="admin-reason__hint">
        Kept in the audit log for other staff; the submitter does not see it. {value.length}/{MAX_SHORT_TEXT}
      </p>
    </div>
  );
}
