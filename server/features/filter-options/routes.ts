// spec §7 and §6: the filter options call answers 401 to anonymous callers, as documented.
// The client computes its own options from the replica so filters work for everyone
// (DESIGN.md "Filters"); this endpoint is kept for API users.
import express from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse } from '../../http/validate';
import { requireSession } from '../../http/session';
import { FILTER_CATEGORIES } from '../../../shared/search/facets';
import { allFilterOptions, categoryOptions } from './service';

const query = z.object({
  category: z.enum(FILTER_CATEGORIES, { error: `category must be one of: ${FILTER_CATEGORIES.join(', ')}` }).optional(),
  search: z.string().max(200).default(''),
});

export function filterOptionRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/api/filter-options/', (req, res) => {
    requireSession(req);
    const { category, search } = parse(query, req.query);
    if (!category) {
      res.json(allFilterOptions(db));
      return;
    }
    // the same shape as the full answer, holding only the category asked for
    res.json({ [category]: categoryOptions(db, category, search) });
  });
  return router;
}
