// product.md#screens-filter-field ("Searchable multi-value filter field"): a text input with a suggestion list (at most
// 16rem high, it scrolls), an option '+ Add "{text}"' for free text, and removable chips.
// Suggestions are asked for FILTER_DEBOUNCE_DIALOG_MS after typing stops, from
// FILTER_SEARCH_MIN_CHARS characters (product.md#calls, product.md#constants). The values follow the TagInput rules of
// product.md#validation (trimmed, no blanks, no duplicates, Enter adds, a hint about typed text not added).
// The combobox semantics (roles, aria-activedescendant, arrow keys, chips by keyboard) come from
// downshift's useCombobox + useMultipleSelection rather than hand-rolled ARIA.
import { useCombobox, useMultipleSelection } from 'downshift';
import { useEffect, useEffectEvent, useId, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { FILTER_DEBOUNCE_DIALOG_MS, FILTER_SEARCH_MIN_CHARS } from '../../shared/constants';
import { UNSAVED_ENTRY_HINT, addValue, usePendingEntry } from './TagInput';
import { useDebounced } from './useDebounced';
import './ui.css';
import './SearchableMultiValueField.css';

export interface SearchableMultiValueFieldProps {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  /** suggestions for the typed text (at least FILTER_SEARCH_MIN_CHARS characters); a failure is only logged (product.md#errors) */
  loadSuggestions(text: string): readonly string[] | Promise<readonly string[]>;
  placeholder?: string;
  /** at most this many values (product.md#screens: companiesUsed holds one) */
  max?: number;
  disabled?: boolean;
  /** a line under the field, e.g. what the values are paired with */
  hint?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'url';
}

interface Option {
  kind: 'suggestion' | 'free';
  value: string;
}

/** product.md#screens: the free-text option. */
export const addFreeTextLabel = (text: string) => `+ Add "${text}"`;

/** a list longer than this is not read by anyone; the caller's order decides which ones show */
export const MAX_SUGGESTIONS = 50;

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function SearchableMultiValueField({
  label, values, onChange, loadSuggestions, placeholder, max, disabled = false, hint, inputMode = 'text',
}: SearchableMultiValueFieldProps) {
  const hintId = useId();
  const inputId = useId();
  const menuId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [found, setFound] = useState<readonly string[]>([]);
  const full = max !== undefined && values.length >= max;
  const typed = text.trim();
  const settled = useDebounced(typed, FILTER_DEBOUNCE_DIALOG_MS);

  const load = useEffectEvent((query: string) => loadSuggestions(query));
  useEffect(() => {
    if (settled.length < FILTER_SEARCH_MIN_CHARS) return;
    let current = true;
    Promise.resolve()
      .then(() => load(settled))
      .then(
        (items) => { if (current) setFound(items.slice(0, MAX_SUGGESTIONS)); },
        // product.md#errors: "In the dialog, filter-option failures are only logged."
        (error: unknown) => console.error('Loading suggestions failed', error),
      );
    return () => { current = false; };
  }, [settled]);

  const options = useMemo<Option[]>(() => {
    if (!typed) return [];
    const suggestions = typed.length >= FILTER_SEARCH_MIN_CHARS
      ? found.filter((s) => !values.some((v) => same(v, s))).map((value): Option => ({ kind: 'suggestion', value }))
      : [];
    const offerFree = !values.some((v) => same(v, typed)) && !suggestions.some((s) => same(s.value, typed));
    return offerFree ? [...suggestions, { kind: 'free', value: typed }] : suggestions;
  }, [typed, found, values]);

  const add = (raw: string) => {
    const result = addValue(values, raw, max);
    if ('problem' in result) { setProblem(result.problem); return false; }
    onChange(result.values);
    setText('');
    setProblem('');
    return true;
  };
  // the form around it can ask about text typed here but not added (TagInput.tsx, PendingEntries)
  usePendingEntry({
    label, text, add: () => add(text), discard: () => { setText(''); setProblem(''); },
    focus: () => document.getElementById(inputId)?.focus(),
  });

  const selectedItems = useMemo(() => [...values], [values]);
  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<string>({
    selectedItems,
    onSelectedItemsChange: ({ selectedItems: next }) => onChange(next),
  });

  const {
    isOpen, highlightedIndex, closeMenu, getLabelProps, getMenuProps, getInputProps, getItemProps,
  } = useCombobox<Option>({
    items: options,
    inputId,
    menuId,
    itemToString: (option) => option?.value ?? '',
    itemToKey: (option) => (option ? `${option.kind}:${option.value}` : null),
    inputValue: text,
    selectedItem: null,
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter: {
          // product.md#validation: Enter adds what was typed, unless a suggestion is highlighted (then that one)
          const typedNow = state.inputValue.trim();
          const picked = changes.selectedItem ?? (typedNow ? { kind: 'free' as const, value: typedNow } : null);
          return { ...changes, selectedItem: picked, isOpen: true, highlightedIndex: -1 };
        }
        case useCombobox.stateChangeTypes.ItemClick:
          // stay open for the next value, as a multi-value field should
          return { ...changes, isOpen: true, highlightedIndex: -1 };
        case useCombobox.stateChangeTypes.InputBlur:
          // leaving the field never adds what was merely highlighted; the text stays, with the hint
          return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          if (selectedItem) add(selectedItem.value);
          break;
        default:
          break;
      }
    },
  });

  const showMenu = isOpen && options.length > 0;

  // in a scrolling dialog the field may sit at its bottom edge: bring the opened list into view
  useEffect(() => {
    if (!showMenu) return;
    const menu = document.getElementById(menuId);
    if (menu && typeof menu.scrollIntoView === 'function') menu.scrollIntoView({ block: 'nearest' });
  }, [showMenu, menuId, options.length]);

  // The dialog around this field (Radix) closes on an Escape it hears on the document in the
  // capture phase, before the input does. While the list is open, Escape should close the list
  // only, so it is caught one step earlier, on the window.
  const closeList = useEffectEvent(() => closeMenu());
  useEffect(() => {
    if (!showMenu) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && (event.target as Element | null)?.id === inputId) {
        event.stopPropagation();
        closeList();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [showMenu, inputId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault(); // never submits the form around the field
    // with the list open downshift handles Enter from its own latest state (stateReducer above);
    // with it closed (after Escape), downshift ignores Enter, so the typed text is added here
    if (!isOpen) {
      (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
      add(event.currentTarget.value);
    }
  };

  // The text is set here, in the input's own change event, not later from downshift's state
  // change: a controlled input whose state lags its event gets its old value put back, and a
  // fast Enter (a paste, an autofill) would then see the text as it was.
  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    setProblem('');
  };

  const message = problem || (typed ? UNSAVED_ENTRY_HINT : '');

  return (
    <div className="tag-input smv">
      <label {...getLabelProps()} className="field-label">{label}</label>
      {values.length > 0 ? (
        <ul className="chips" aria-label={`${label}: added values`}>
          {values.map((value, index) => (
            <li key={value} className="chip" {...getSelectedItemProps({ selectedItem: value, index })}>
              <span className="chip__text">{value}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${value}`}
                disabled={disabled}
                onClick={(event) => { event.stopPropagation(); removeSelectedItem(value); }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="smv__box">
        <div className="tag-input__row">
          <input
            className="text-input"
            {...getInputProps({
              ...getDropdownProps({ preventKeyAction: showMenu }),
              onKeyDown,
              onChange: onTextChange,
              placeholder: full ? undefined : placeholder,
              disabled: disabled || full,
              inputMode,
              autoComplete: 'off',
              'aria-describedby': hint ? `${hintId} ${hintId}-hint` : `${hintId}-hint`,
            })}
          />
          <button
            type="button"
            className="button button--secondary tag-input__add"
            aria-label={`Add ${label}`}
            disabled={disabled || full || !typed}
            onClick={() => add(text)}
          >
            +
          </button>
        </div>
        <ul {...getMenuProps({ 'aria-label': `Suggestions for ${label}` })} className={showMenu ? 'smv__menu' : 'smv__menu smv__menu--closed'}>
          {showMenu
            ? options.map((option, index) => (
              <li
                key={`${option.kind}:${option.value}`}
                className={index === highlightedIndex ? 'smv__option smv__option--active' : 'smv__option'}
                {...getItemProps({ item: option, index })}
              >
                {option.kind === 'free' ? <span className="smv__free">{addFreeTextLabel(option.value)}</span> : option.value}
              </li>
            ))
            : null}
        </ul>
      </div>
      {hint ? <p id={hintId} className="field-hint">{hint}</p> : null}
      <p id={`${hintId}-hint`} className={problem ? 'field-hint field-hint--problem' : 'field-hint'} aria-live="polite">
        {message}
      </p>
    </div>
  );
}
