// Saved searches (product.md#entities-saved-search ("Saved search"), product.md#constants ("Search history 10")): each signed-in user keeps
// their newest SEARCH_HISTORY_LIMIT; saving one more drops the oldest. Plain values in and out.
// The first feature on the data layer (issue 21, docs/decisions/035): the same code on SQLite and
// PostgreSQL, given the app's Kysely or a write's transaction.
import type { Kysely } from 'kysely';
import { SEARCH_HISTORY_LIMIT } from '../../../shared/constants';
import type { SavedSearch, SavedSearchFilters } from '../../../shared/contract/saved-search';
import type { Database } from '../../db/engine/schema';
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

/** A user's searches, newest first; the id breaks ties between searches saved in the same millisecond. */
const newestOf = (db: Kysely<Database>, userId: number) => db.selectFrom('saved_searches')
  .where('user_id', '=', userId).orderBy('saved_at', 'desc').orderBy('id', 'desc').limit(SEARCH_HISTORY_LIMIT);

export async function listSavedSearches(db: Kysely<Database>, userId: number): Promise<SavedSearch[]> {
  const rows = await newestOf(db, userId).select(['id', 'name', 'filters', 'query', 'saved_at']).execute();
  return rows.map(toSavedSearch);
}

/** Saves the search and drops this user's searches beyond the newest SEARCH_HISTORY_LIMIT; call it in the write's transaction. */
export async function createSavedSearch(trx: Kysely<Database>, userId: number, input: NewSavedSearch, now = new Date()): Promise<SavedSearch> {
  const row = await trx.insertInto('saved_searches')
    .values({ user_id: userId, name: input.name, filters: JSON.stringify(input.filters), query: input.query, saved_at: now.toISOString() })
    .returning(['id', 'name', 'filters', 'query', 'saved_at'])
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('saved_searches')
    .where('user_id', '=', userId)
    .where('id', 'not in', newestOf(trx, userId).select('id'))
    .execute();
  return toSavedSearch(row);
}

/** Deletes one of the user's own searches; someone else's is as unknown as a missing one. */
export async function deleteSavedSearch(trx: Kysely<Database>, userId: number, id: number): Promise<void> {
  const { numDeletedRows } = await trx.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound('That saved search');
}
