// The selected filter values as removable chips (product.md#screens-registry ("Registry page"), product.md#constants): the first
// ACTIVE_FILTER_CHIPS, then '+N more', a button that shows the rest; and a clear-all action.
import { useEffect, useRef, useState } from 'react';
import { ACTIVE_FILTER_CHIPS, FILTER_BADGE_CAP } from '../../../shared/constants';
import { FILTER_CATEGORIES, type FilterCategory } from '../../../shared/search/facets';
import type { ActiveFilters } from '../../../shared/search/reference';

/** product.md#screens/product.md#constants: a count badge shows 99+ above FILTER_BADGE_CAP (99). */
export function badgeText(count: number): string {
  return count > FILTER_BADGE_CAP ? `${FILTER_BADGE_CAP}+` : String(count);
}

export interface ActiveFilter {
  category: FilterCategory;
  value: string;
}

/** The selected values in the order of the filter bar, each category's in the order chosen. */
export function activeFilterList(filters: ActiveFilters): ActiveFilter[] {
  return FILTER_CATEGORIES.flatMap((category) => (filters[category] ?? []).map((value) => ({ category, value })));
}

interface ActiveFilterChipsProps {
  filters: ActiveFilters;
  onRemove: (category: FilterCategory, value: string) => void;
  onClearAll: () => void;
  /** where focus goes when the last chip is removed or all are cleared */
  onEmptied?: () => void;
}

export function ActiveFilterChips({ filters, onRemove, onClearAll, onEmptied }: ActiveFilterChipsProps) {
  const [expanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  // a removed chip takes its button with it: focus moves to the chip that took its place
  const focusAfterRemove = useRef<number | null>(null);
  const all = activeFilterList(filters);

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const removers = listRef.current?.querySelectorAll<HTMLButtonElement>('.chip__remove') ?? [];
    const next = removers[Math.min(index, removers.length - 1)];
    if (next) next.focus();
    else onEmptied?.();
  });

  if (all.length === 0) return null;
  const hidden = all.length - ACTIVE_FILTER_CHIPS;
  const shown = expanded || hidden <= 0 ? all : all.slice(0, ACTIVE_FILTER_CHIPS);
  return (
    <div className="active-filters">
      <ul ref={listRef} className="chips active-filters__list" aria-label="Active filters">
        {shown.map(({ category, value }, index) => (
          <li key={`${category}\u0000${value}`} className="chip active-filter">
            <span className="chip__text">
              <span className="active-filter__category">{category}:</span> {value}
            </span>
            <button
              type="button"
              className="chip__remove"
              aria-label={`Remove ${category}: ${value}`}
              onClick={() => {
                focusAfterRemove.current = index;
                onRemove(category, value);
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {hidden > 0 && (
          <li>
            <button type="button" className="active-filters__more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show fewer' : `+${hidden} more`}
            </button>
          </li>
        )}
      </ul>
      <button
        type="button"
        className="active-filters__clear"
        onClick={() => {
          onClearAll();
          onEmptied?.();
        }}
      >
        Clear all filters
      </button>
    </div>
  );
}
