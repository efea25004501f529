// One filter category of the filter bar (product.md#screens-registry ("Registry page"), product.md#validation, product.md#constants): a button with its
// name and how many values are selected, and the panel it opens, with an option search and a
// checkbox per option. FilterBar owns which panels are open and where they sit.
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  FILTER_DEBOUNCE_REGISTRY_MS, FILTER_INITIAL_OPTIONS, FILTER_SEARCH_MAX_OPTIONS, FILTER_SEARCH_MIN_CHARS,
} from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import type { FilterCategory } from '../../../shared/search/facets';
import { formatCount } from '../../ui/format';
import { useDebounced } from '../../ui/useDebounced';
import { useFacetOptionsState, type RegistryDb } from '../../local';
import { visibleOptions, type FilterOption } from './filter-options';
import { badgeText } from './ActiveFilterChips';

interface FilterDropdownButtonProps {
  category: FilterCategory;
  panelId: string;
  expanded: boolean;
  selectedCount: number;
  onToggle: (event: MouseEvent<HTMLButtonElement>) => void;
  buttonRef?: (element: HTMLButtonElement | null) => void;
}

export function FilterDropdownButton({ category, panelId, expanded, selectedCount, onToggle, buttonRef }: FilterDropdownButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`filter-button${selectedCount > 0 ? ' filter-button--active' : ''}`}
      aria-expanded={expanded}
      aria-controls={expanded ? panelId : undefined}
      data-filter-category={category}
      // the pill shows 99+; the name says the exact count
      aria-label={selectedCount > 0 ? `${category}, ${selectedCount} selected` : undefined}
      onClick={onToggle}
    >
      <span>{category}</span>
      {selectedCount > 0 && <span className="filter-button__count" aria-hidden="true">{badgeText(selectedCount)}</span>}
      <span className="filter-button__chevron" aria-hidden="true" />
    </button>
  );
}

interface FilterDropdownPanelProps {
  category: FilterCategory;
  id: string;
  /** the options are this kind's values in the replica (the search worker's index) */
  kind: ProfileKind;
  db?: RegistryDb;
  selected: readonly string[];
  /** the value to add or take away (as selected, when it is selected) */
  onToggle: (value: string) => void;
  onClearCategory: () => void;
  onClose: () => void;
  /** put the cursor in the option search when the panel appears (keyboard, or a wide screen) */
  focusSearch: boolean;
}

/** The options, with selected values the profiles no longer have put first, so they can be unticked. */
function withSelected(options: readonly FilterOption[], selected: readonly string[]): readonly FilterOption[] {
  const known = new Set(options.map((o) => o.value.toLowerCase()));
  const missing = selected.filter((v) => !known.has(v.toLowerCase())).map((value) => ({ value, count: 0 }));
  return missing.length > 0 ? [...missing, ...options] : options;
}

export function FilterDropdownPanel({
  category, id, kind, db, selected, onToggle, onClearCategory, onClose, focusSearch,
}: FilterDropdownPanelProps) {
  const loaded = useFacetOptionsState(kind, category, db);
  const all = loaded.status === 'loading' ? null : loaded.options;
  const titleId = useId();
  const hintId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  // product.md#calls: the registry filters search after 200 ms without typing
  const term = useDebounced(search, FILTER_DEBOUNCE_REGISTRY_MS);
  const options = useMemo(() => withSelected(all ?? [], selected), [all, selected]);
  const visible = useMemo(() => visibleOptions(options, term, FILTER_SEARCH_MAX_OPTIONS), [options, term]);
  const selectedByKey = useMemo(() => new Map(selected.map((v) => [v.toLowerCase(), v])), [selected]);

  useEffect(() => {
    if (focusSearch) searchRef.current?.focus();
  }, [focusSearch]);

  let hint: string | null = null;
  if (all === null) hint = 'Loading options…';
  // docs/product.md#registry-states: a failed load is not "no options"
  else if (loaded.status === 'error' && options.length === 0) hint = 'The options could not be loaded. Close and open this filter to try again.';
  else if (options.length === 0) hint = 'No options yet: none of the profiles on this device has a value here.';
  else if (visible.tooShort && visible.total > FILTER_INITIAL_OPTIONS) {
    hint = `Showing ${FILTER_INITIAL_OPTIONS} of ${formatCount(visible.total)}. Type at least ${FILTER_SEARCH_MIN_CHARS} characters to search.`;
  } else if (!visible.tooShort && visible.total === 0) hint = `No options match “${term.trim()}”.`;
  else if (!visible.tooShort && visible.total > visible.options.length) {
    hint = `Showing the first ${formatCount(visible.options.length)} of ${formatCount(visible.total)} matches. Type more to narrow them.`;
  }

  return (
    <div className="filter-panel" id={id} role="group" aria-labelledby={titleId} data-filter-category={category}>
      <div className="filter-panel__head">
        <p className="filter-panel__title" id={titleId}>{category}</p>
        {selected.length > 0 && (
          <button
            type="button"
            className="filter-panel__clear"
            aria-label={`Clear ${category}`}
            onClick={() => {
              onClearCategory();
              searchRef.current?.focus(); // the button goes with the selection
            }}
          >
            Clear
          </button>
        )}
        <button type="button" className="filter-panel__close" onClick={onClose} aria-label={`Close ${category}`}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <input
        ref={searchRef}
        type="search"
        className="text-input filter-panel__search"
        aria-label={`Search ${category} options`}
        aria-describedby={hintId}
        placeholder={`Search ${category.toLowerCase()}…`}
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
      />
      <p className="field-hint filter-panel__hint" id={hintId} role="status">{hint}</p>
      {visible.options.length > 0 && (
        <ul className="filter-panel__options" aria-label={`${category} options`}>
          {visible.options.map((option) => {
            const key = option.value.toLowerCase();
            const chosen = selectedByKey.get(key);
            return (
              <li key={key} className="filter-option">
                <label>
                  <input type="checkbox" checked={chosen !== undefined} onChange={() => onToggle(chosen ?? option.value)} />
                  <span className="filter-option__value">{option.value}</span>
                  <span className="filter-option__count">{formatCount(option.count)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
