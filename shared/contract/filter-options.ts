// GET /api/filter-options/ (docs/product.md#calls): its query. Without a category the answer
// holds the options of every category; with one, only that category's, narrowed by the search.
import { z } from 'zod';
import { FILTER_CATEGORIES } from '../search/facets';
import { textInput } from './common';

export const filterOptionsQuerySchema = z.object({
  category: z.enum(FILTER_CATEGORIES, { error: `category must be one of: ${FILTER_CATEGORIES.join(', ')}` }).optional(),
  search: textInput().max(200).default(''),
});
