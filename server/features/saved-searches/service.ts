// Saved searches (product.md#entities-saved-search ("Saved search"), product.md#constants ("Search history 10")): each signed-in user keeps
// their newest SEARCH_HISTORY_LIMIT; saving one more drops the oldest. Plain values in and out.
import { SEARCH_HISTORY_LIMIT } from '../../../shared/constants';
import type { SavedSearch, SavedSearchFilters } from '../../../shared/contract/saved-search';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';

export interface NewSavedSearch {
  name: string;
  filters: SavedSearchFilters;
  query: string;
}

interface Row { id: number; name: string; filters: string; query: string; saved_at: string }

const toSavedSearch = (row: Row): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: JSON.parse(row.filters) as SavedSearchFilters,
  query: row.query,
  savedAt: row.saved_at,
});

// newest first; the id breaks ties between searches saved in the same millisecond
const NEWEST_FIRST = 'ORDER BY saved_at DESC, id DESC';

export function listSavedSearches(db: Db, userId: number): SavedSearch[] {
  const rows = db
    .prepare(`SELECT id, name, filters, query, saved_at FROM saved_searches WHERE user_id = ? ${NEWEST_FIRST} LIMIT ?`)
    .all(userId, SEARCH_HISTORY_LIMIT) as Row[];
  return rows.map(toSavedSearch);
}

/** Saves the search and drops this user's searches beyond the newest SEARCH_HISTORY_LIMIT. */
export function createSavedSearch(db: Db, userId: number, input: NewSavedSearch, now = new Date()): SavedSearch {
  const row = db
    .prepare(`INSERT INTO saved_searches (user_id, name, filters, query, saved_at) VALUES (?, ?, ?, ?, ?)
      RETURNING id, name, filters, query, saved_at`)
    .get(userId, input.name, JSON.stringify(input.filters), input.query, now.toISOString()) as Row;
  db.prepare(`DELETE FROM saved_searches WHERE user_id = ? AND id NOT IN (
      SELECT id FROM saved_searches WHERE user_id = ? ${NEWEST_FIRST} LIMIT ?)`)
    .run(userId, userId, SEARCH_HISTORY_LIMIT);
  return toSavedSearch(row);
}

/** Deletes one of the user's own searches; someone else's is as unknown as a missing one. */
export function deleteSavedSearch(db: Db, userId: number, id: number): void {
  const { changes } = db.prepare('DELETE FROM saved_searches WHERE id = ? AND user_id = ?').run(id, userId);
  if (changes === 0) throw notFound('That saved search');
}
