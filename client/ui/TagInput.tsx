// product.md#validation list inputs: values are trimmed, blanks ignored, duplicates refused; Enter or the
// plus button adds; a hint warns that typed text not yet added will not be submitted.
// A form can also ask, before it saves or moves on, which list fields still hold typed text
// (PendingEntries below), and a caller can put a note under each value (`notes`).
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface TagInputProps {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'decimal';
  /** at most this many values (product.md#screens: companiesUsed holds one) */
  max?: number;
  disabled?: boolean;
  /** rendered under the input, e.g. a suggestion list */
  children?: ReactNode;
  /** controlled text, for fields that show suggestions for what is typed */
  text?: string;
  onTextChange?(text: string): void;
  /**
   * A note shown with a value, under it (e.g. a warning that it is not a valid address), or null.
   * It is read out when it appears after the value was added.
   */
  notes?(value: string): ReactNode;
}

export const UNSAVED_ENTRY_HINT = 'Press Enter or + to add it: typed text that is not added is not submitted.';

/** Adds `raw` to `values` by product.md#validation rules; returns the new list, or a reason it was not added. */
export function addValue(values: readonly string[], raw: string, max = Infinity): { values: string[] } | { problem: string } {
  const value = raw.trim();
  if (!value) return { problem: '' };
  if (values.some((v) => v.toLowerCase() === value.toLowerCase())) return { problem: `"${value}" is already added.` };
  if (values.length >= max) return { problem: max === 1 ? 'Only one value can be added here.' : `At most ${max} values.` };
  return { values: [...values, value] };
}

/** A list field's text typed but not added yet, and what can be done with it. */
export interface PendingEntry {
  /** the field's label */
  label: string;
  text: string;
  /** adds the text as a value; false when it cannot be (a duplicate, the field is full), and the field says why */
  add(): boolean;
  /** empties the input */
  discard(): void;
  focus(): void;
}

/**
 * The list fields of one form, so that saving or leaving it can ask what to do with text typed
 * but not added (docs/product.md#validation-lists: such text is not sent, so it must never be
 * dropped without asking). Fields register in the order they are shown.
 */
export class PendingEntries {
  private readonly fields = new Map<string, PendingEntry>();

  set(id: string, entry: PendingEntry): void { this.fields.set(id, entry); }

  delete(id: string): void { this.fields.delete(id); }

  /** the fields that hold typed text, in the order they are shown */
  typed(): PendingEntry[] {
    return [...this.fields.values()].filter((entry) => entry.text.trim() !== '');
  }
}

/** The form's PendingEntries; list fields outside one are not tracked. */
export const PendingEntriesContext = createContext<PendingEntries | null>(null);

/** Registers a list field's typed text with the form around it, kept up to date on every render. */
export function usePendingEntry(entry: PendingEntry): void {
  const registry = useContext(PendingEntriesContext);
  const id = useId();
  useLayoutEffect(() => { registry?.set(id, entry); });
  useEffect(() => () => registry?.delete(id), [registry, id]);
}

export function TagInput({
  label, values, onChange, placeholder, inputMode = 'text', max, disabled, children, text: controlledText, onTextChange, notes,
}: TagInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [ownText, setOwnText] = useState('');
  const text = controlledText ?? ownText;
  const setText = (t: string) => { setOwnText(t); onTextChange?.(t); };
  const [problem, setProblem] = useState('');
  const full = max !== undefined && values.length >= max;

  const add = (raw = text) => {
    const result = addValue(values, raw, max);
    if ('problem' in result) { setProblem(result.problem); return false; }
    onChange(result.values);
    setText('');
    setProblem('');
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') { e.preventDefault(); add(); }
  };
  usePendingEntry({
    label, text, add: () => add(), discard: () => { setText(''); setProblem(''); }, focus: () => inputRef.current?.focus(),
  });

  return (
    <div className="tag-input">
      <label htmlFor={id} className="field-label">{label}</label>
      {values.length > 0 ? (
        <ul className="chips" aria-label={`${label}: added values`}>
          {values.map((v) => {
            const note = notes?.(v);
            const noted = note !== null && note !== undefined && note !== false;
            return (
              <li key={v} className={noted ? 'chip chip--noted' : 'chip'}>
                <span className="chip__text">{v}</span>
                <button type="button" className="chip__remove" aria-label={`Remove ${v}`} disabled={disabled}
                  onClick={() => onChange(values.filter((x) => x !== v))}>×</button>
                {notes ? <div className="chip__note" aria-live="polite">{note}</div> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="tag-input__row">
        <input ref={inputRef} id={id} className="text-input" value={text} placeholder={full ? undefined : placeholder} inputMode={inputMode}
          disabled={disabled || full} onChange={(e) => { setText(e.target.value); setProblem(''); }} onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`} autoComplete="off" />
        <button type="button" className="button button--secondary tag-input__add" aria-label={`Add ${label}`}
          disabled={disabled || full || !text.trim()} onClick={() => add()}>+</button>
      </div>
      {children}
      <p id={`${id}-hint`} className={problem ? 'field-hint field-hint--problem' : 'field-hint'} aria-live="polite">
        {problem || (text.trim() ? UNSAVED_ENTRY_HINT : '')}
      </p>
    </div>
  );
}
