// product.md#entities-saved-search ("Saved search"); product.md#validation: a non-blank name and at least one filter or a query.
import { z } from 'zod';
import { MAX_LIST_ITEMS, MAX_LIST_ITEM_CHARS, MAX_SHORT_TEXT } from '../constants';
import { textInput } from './common';

const savedSearchFiltersOf = (text: () => z.ZodString) => z.record(
  text().max(MAX_SHORT_TEXT),
  // a blank value is no filter (product.md#validation list inputs: blanks ignored)
  z.array(text().trim().max(MAX_LIST_ITEM_CHARS)).max(MAX_LIST_ITEMS).transform((values) => values.filter((v) => v !== '')),
);
/** The filters a client sends (textInput: no NUL). */
export const savedSearchFilters = savedSearchFiltersOf(textInput);
/** The filters an answer carries: as stored (a saved search from before textInput may hold a NUL). */
const storedSavedSearchFilters = savedSearchFiltersOf(z.string);
export type SavedSearchFilters = z.infer<typeof savedSearchFilters>;

export const SAVED_SEARCH_EMPTY_MESSAGE = 'A saved search needs at least one filter or a search query';

export const savedSearchCreateSchema = z
  .strictObject({
    name: textInput().trim().min(1, 'Give the search a name').max(MAX_SHORT_TEXT),
    filters: savedSearchFilters.default({}),
    query: textInput().trim().max(MAX_SHORT_TEXT).default(''),
  })
  .refine((s) => s.query !== '' || Object.values(s.filters).some((values) => values.length > 0), {
    message: SAVED_SEARCH_EMPTY_MESSAGE,
  });
export type SavedSearchCreateInput = z.input<typeof savedSearchCreateSchema>;

export const savedSearchSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  filters: storedSavedSearchFilters,
  query: z.string(),
  savedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
