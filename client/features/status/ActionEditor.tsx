// A simple editor for a rejected submission: a text input per text field, a comma-separated
// input per list (action-fields.ts decides which). The full report, incident, edit and removal
// forms replace it in a later issue; until then this lets a person fix what the server refused.
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { OutboxAction } from '../../local/outbox-types';
import { applyEdits, editableGroups, type EditableField } from './action-fields';

interface ActionEditorProps {
  action: OutboxAction;
  /** calls of this action the server already accepted (OutboxEntry.results.length) */
  stepsDone: number;
  onSave: (action: OutboxAction) => Promise<void>;
  onCancel: () => void;
}

export function ActionEditor({ action, stepsDone, onSave, onCancel }: ActionEditorProps) {
  const { groups, sent } = useMemo(() => editableGroups(action, stepsDone), [action, stepsDone]);
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave(applyEdits(action, groups, edited));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="action-editor" onSubmit={(event) => void submit(event)}>
      {sent.length > 0 ? (
        <p className="muted">Already received by the server, so no longer editable: {sent.join(', ')}.</p>
      ) : null}
      {groups.map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          {group.fields.map((field) => (
            <EditorField
              key={field.key}
              field={field}
              value={edited[field.key] ?? field.value}
              onChange={(value) => setEdited((current) => ({ ...current, [field.key]: value }))}
            />
          ))}
        </fieldset>
      ))}
      <div className="outbox-actions">
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--small" disabled={saving}>
          {saving ? 'Saving…' : 'Save and resend'}
        </button>
      </div>
    </form>
  );
}

function EditorField({ field, value, onChange }: { field: EditableField; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'long-text' ? (
        <textarea id={id} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          id={id}
          type="text"
          value={value}
          aria-describedby={field.kind === 'list' ? hintId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {field.kind === 'list' ? (
        <span id={hintId} className="field-hint">
          Separate several with commas
        </span>
      ) : null}
    </div>
  );
}
