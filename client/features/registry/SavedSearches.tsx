// Saved searches (product.md#screens-registry ("Registry page"), product.md#entities, product.md#validation, product.md#errors): name and save the current search and
// filters, reload or delete them, newest first. Kept on this device (client/local/saved-searches.ts)
// so they work offline and without an account; kept in the account too when signed in, merged in
// after sign-in, on load and when the connection returns.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SEARCH_HISTORY_LIMIT } from '../../../shared/constants';
import { FILTER_CATEGORIES } from '../../../shared/search/facets';
import type { ActiveFilters } from '../../../shared/search/reference';
import {
  deleteSavedSearch, saveSearch, syncSavedSearches, useSavedSearches, type SavedSearchItem,
} from '../../local/saved-searches';
import { useStatus } from '../../state/status';
import { useCurrentUser } from '../../state/current-user';
import { applySearch, useRegistryQuery } from '../../state/registry-query';
import { formatWhen, plural } from '../../ui/format';
import './filters.css';

/** A saved search's filters as the registry's: known categories with at least one value. */
export function toActiveFilters(filters: SavedSearchItem['filters']): ActiveFilters {
  const active: ActiveFilters = {};
  for (const category of FILTER_CATEGORIES) {
    const values = filters[category];
    if (values && values.length > 0) active[category] = [...values];
  }
  return active;
}

function describe(search: SavedSearchItem): string {
  const parts: string[] = [];
  if (search.query) parts.push(`Search “${search.query}”`);
  const values = Object.values(search.filters).reduce((n, list) => n + list.length, 0);
  if (values > 0) parts.push(plural(values, 'filter', 'filters'));
  parts.push(`saved ${formatWhen(search.savedAt)}`);
  return parts.join(' · ');
}

export function SavedSearches() {
  const searches = useSavedSearches();
  const query = useRegistryQuery((s) => s.query);
  const filters = useRegistryQuery((s) => s.filters);
  const userStatus = useCurrentUser((s) => s.status);
  const signedIn = useCurrentUser((s) => s.user.is_authenticated);
  const username = useCurrentUser((s) => s.user.username);
  const online = useStatus((s) => s.online);
  const inputId = useId();
  const hintId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // a deleted search takes its button with it: focus moves to the next one, or to the name field
  const focusAfterDelete = useRef<{ id: number; index: number } | null>(null);
  useEffect(() => {
    const pending = focusAfterDelete.current;
    // wait for the list without it (an earlier change may arrive first)
    if (pending === null || !searches || searches.some((s) => s.id === pending.id)) return;
    focusAfterDelete.current = null;
    const index = pending.index;
    const deletes = listRef.current?.querySelectorAll<HTMLButtonElement>('.saved-search__delete') ?? [];
    (deletes[Math.min(index, deletes.length - 1)] ?? nameRef.current)?.focus();
  }, [searches]);

  // the account's saved searches, merged in after sign-in, on load and when back online
  useEffect(() => {
    if (userStatus === 'known' && signedIn && online) void syncSavedSearches();
  }, [userStatus, signedIn, username, online]);

  // a panel under its summary: Escape or a click elsewhere closes it
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onClick = (event: Event) => {
      // the path as dispatched: a button removed by this click (Delete) still counts as inside
      if (detailsRef.current && !event.composedPath().includes(detailsRef.current)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open]);
  const close = () => {
    setOpen(false);
    summaryRef.current?.focus();
  };

  const lastSave = useRef(0);
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const submitted = name;
    const attempt = ++lastSave.current;
    const result = await saveSearch({ name: submitted, filters, query });
    // what is typed meanwhile stays; only the newest attempt speaks
    if (result.ok) setName((current) => (current === submitted ? '' : current));
    if (attempt !== lastSave.current) return;
    setProblem(result.ok ? null : result.message);
    setNotice(result.ok ? `Saved “${result.search.name}”.` : null);
  };

  const count = searches?.length ?? 0;
  return (
    <details
      ref={detailsRef}
      className="saved-searches"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close();
        }
      }}
    >
      <summary className="saved-searches__summary" ref={summaryRef}>
        Saved searches <span className="saved-searches__count">({count})</span>
      </summary>
      <div className="saved-searches__body">
        <form onSubmit={onSave} noValidate>
          <label className="field-label" htmlFor={inputId}>Name this search</label>
          <div className="saved-searches__form-row">
            <input
              ref={nameRef}
              id={inputId}
              className="text-input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. DeFi rug pulls"
              autoComplete="off"
              aria-describedby={hintId}
              aria-invalid={problem ? true : undefined}
            />
            <button type="submit" className="button button--secondary">Save search</button>
          </div>
          {problem ? (
            <p className="field-hint field-hint--problem" id={hintId} role="alert">{problem}</p>
          ) : (
            <p className="field-hint" id={hintId}>
              {signedIn
                ? `Saves the current search and filters on this device and in your account. The newest ${SEARCH_HISTORY_LIMIT} are kept.`
                : `Saves the current search and filters on this device. The newest ${SEARCH_HISTORY_LIMIT} are kept.`}
            </p>
          )}
          <p className="saved-searches__notice" role="status">{notice}</p>
        </form>
        {searches && searches.length === 0 && <p className="saved-searches__empty">No saved searches yet.</p>}
        {searches && searches.length > 0 && (
          <ul ref={listRef} className="saved-searches__list" aria-label="Saved searches">
            {searches.map((search, index) => (
              <li key={search.id} className="saved-search">
                <div className="saved-search__text">
                  <button
                    type="button"
                    className="saved-search__load"
                    aria-label={`Load saved search ${search.name}`}
                    onClick={() => {
                      applySearch(search.query, toActiveFilters(search.filters));
                      setNotice(`Loaded “${search.name}”.`);
                      close(); // the list shows what it loaded
                    }}
                  >
                    {search.name}
                  </button>
                  <p className="saved-search__meta">{describe(search)}</p>
                </div>
                <button
                  type="button"
                  className="button button--quiet button--small saved-search__delete"
                  aria-label={`Delete saved search ${search.name}`}
                  onClick={() => {
                    focusAfterDelete.current = { id: search.id, index };
                    void deleteSavedSearch(search.id);
                    setNotice(`Deleted “${search.name}”.`);
                  }}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
