// The registry's filter bar (product.md#screens-registry ("Registry page"), product.md#constants; docs/design.md#filters): a dropdown per
// filter category, the count badge, and the active filter chips. Options come from the profiles
// on this device, so filtering works for everyone, offline too. The filters live in
// client/state/registry-query.ts, which the list, the match scores and saved searches read.
//
// Open panels sit in a tray under the buttons rather than floating: on a phone the buttons
// scroll sideways inside the bar (a floating panel would be clipped by it), and on a wide
// screen several can be open side by side. Under SMALL_SCREEN_MAX_PX only one is open at a
// time (product.md#screens). Escape closes a panel and returns to its button; a click outside the bar
// closes every panel.
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { SMALL_SCREEN_MAX_PX } from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import type { RegistryDb } from '../../local';
import { FILTER_CATEGORIES, type FilterCategory } from '../../../shared/search/facets';
import {
  activeFilterCount, applySearch, getRegistryQuery, setFilterValues, toggleFilterValue, useRegistryQuery,
} from '../../state/registry-query';
import { ActiveFilterChips, badgeText } from './ActiveFilterChips';
import { FilterDropdownButton, FilterDropdownPanel } from './FilterDropdown';
import './filters.css';

const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN_MAX_PX - 0.02}px)`; // "under 768 px"

function smallScreenQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SMALL_SCREEN_QUERY) : null;
}

function subscribeSmallScreen(onChange: () => void): () => void {
  const query = smallScreenQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Is the screen under SMALL_SCREEN_MAX_PX wide? */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribeSmallScreen, () => smallScreenQuery()?.matches ?? false, () => false);
}

interface OpenPanel {
  category: FilterCategory;
  focusSearch: boolean;
}

export interface FilterBarProps {
  /** the listed kind, whose values in the replica become the options */
  kind: ProfileKind;
  /** the replica to read; the app's own unless a test gives another */
  db?: RegistryDb;
}

export function FilterBar({ kind, db }: FilterBarProps) {
  const filters = useRegistryQuery((s) => s.filters);
  const small = useSmallScreen();
  const [opened, setOpened] = useState<OpenPanel[]>([]);
  // a screen turned small keeps only the panel opened last
  const open = useMemo(() => (small ? opened.slice(-1) : opened), [small, opened]);
  const rootRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<FilterCategory, HTMLButtonElement>());
  const baseId = useId();
  const panelId = (category: FilterCategory) => `${baseId}-panel-${FILTER_CATEGORIES.indexOf(category)}`;
  const total = activeFilterCount(filters);

  const close = useCallback((category: FilterCategory, returnFocus: boolean) => {
    setOpened((list) => list.filter((p) => p.category !== category));
    if (returnFocus) buttons.current.get(category)?.focus();
  }, []);

  const toggle = (category: FilterCategory, event: MouseEvent<HTMLButtonElement>) => {
    if (open.some((p) => p.category === category)) {
      close(category, false);
      return;
    }
    // a click from the keyboard has detail 0; a tap on a phone should not pop up its keyboard
    const fromKeyboard = event.detail === 0;
    const panel = { category, focusSearch: fromKeyboard || !small };
    setOpened(small ? [panel] : [...open, panel]);
    // a button half hidden in the sideways-scrolling row comes fully into view
    event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  // a click or tap outside the bar closes every panel (on click, not pointerdown: closing
  // first would move the page under the pointer before the click lands)
  useEffect(() => {
    if (open.length === 0) return undefined;
    const onClick = (event: Event) => {
      // the path as dispatched: a chip or button removed by this click still counts as inside
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpened([]);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open.length]);

  return (
    <section
      ref={rootRef}
      className="filter-bar"
      aria-labelledby={`${baseId}-title`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        const owner = (event.target as Element).closest?.('[data-filter-category]');
        const category = owner?.getAttribute('data-filter-category') as FilterCategory | null;
        if (category && open.some((p) => p.category === category)) {
          event.preventDefault();
          event.stopPropagation();
          close(category, true);
        }
      }}
    >
      <div className="filter-bar__head">
        <h2 className="filter-bar__title" id={`${baseId}-title`} ref={titleRef} tabIndex={-1}>Filters</h2>
        {total > 0 && (
          <span className="filter-badge" data-testid="filter-count-badge">
            <span aria-hidden="true">{badgeText(total)}</span>
            <span className="visually-hidden">{total === 1 ? '1 value selected' : `${total} values selected`}</span>
          </span>
        )}
      </div>
      <ul className="filter-bar__buttons" aria-label="Filter categories">
        {FILTER_CATEGORIES.map((category) => (
          <li key={category}>
            <FilterDropdownButton
              category={category}
              panelId={panelId(category)}
              expanded={open.some((p) => p.category === category)}
              selectedCount={filters[category]?.length ?? 0}
              onToggle={(event) => toggle(category, event)}
              buttonRef={(element) => {
                if (element) buttons.current.set(category, element);
                else buttons.current.delete(category);
              }}
            />
          </li>
        ))}
      </ul>
      {open.length > 0 && (
        <div className="filter-bar__tray">
          {open.map(({ category, focusSearch }) => (
            <FilterDropdownPanel
              key={category}
              id={panelId(category)}
              category={category}
              kind={kind}
              db={db}
              selected={filters[category] ?? []}
              onToggle={(value) => toggleFilterValue(category, value)}
              onClearCategory={() => setFilterValues(category, [])}
              onClose={() => close(category, true)}
              focusSearch={focusSearch}
            />
          ))}
        </div>
      )}
      <ActiveFilterChips
        filters={filters}
        onRemove={(category, value) => toggleFilterValue(category, value)}
        // the chips clear the filters; the search stays (Clear Filters of the empty list clears both)
        onClearAll={() => applySearch(getRegistryQuery().query, {})}
        onEmptied={() => titleRef.current?.focus()}
      />
    </section>
  );
}
