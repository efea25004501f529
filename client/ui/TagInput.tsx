// spec §5 list inputs: values are trimmed, blanks ignored, duplicates refused; Enter or the
// plus button adds; a hint warns that typed text not yet added will not be submitted.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface TagInputProps {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'decimal';
  /** at most this many values (spec §2: companiesUsed holds one) */
  max?: number;
  disabled?: boolean;
  /** rendered under the input, e.g. a suggestion list */
  children?: ReactNode;
  /** controlled text, for fields that show suggestions for what is typed */
  text?: string;
  onTextChange?(text: string): void;
}

export const UNSAVED_ENTRY_HINT = 'Press Enter or + to add it: typed text that is not added is not submitted.';

/** Adds `raw` to `values` by the spec §5 rules; returns the new list, or a reason it was not added. */
export function addValue(values: readonly string[], raw: string, max = Infinity): { values: string[] } | { problem: string } {
  const value = raw.trim();
  if (!value) return { problem: '' };
  if (values.some((v) => v.toLowerCase() === value.toLowerCase())) return { problem: `"${value}" is already added.` };
  if (values.length >= max) return { problem: max === 1 ? 'Only one value can be added here.' : `At most ${max} values.` };
  return { values: [...values, value] };
}

export function TagInput({ label, values, onChange, placeholder, inputMode = 'text', max, disabled, children, text: controlledText, onTextChange }: TagInputProps) {
  const id = useId();
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

  return (
    <div className="tag-input">
      <label htmlFor={id} className="field-label">{label}</label>
      {values.length > 0 ? (
        <ul className="chips" aria-label={`${label}: added values`}>
          {values.map((v) => (
            <li key={v} className="chip">
              <span className="chip__text">{v}</span>
              <button type="button" className="chip__remove" aria-label={`Remove ${v}`} disabled={disabled}
                onClick={() => onChange(values.filter((x) => x !== v))}>×</button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tag-input__row">
        <input id={id} className="text-input" value={text} placeholder={full ? undefined : placeholder} inputMode={inputMode}
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
