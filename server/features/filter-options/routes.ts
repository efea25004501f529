// product.md#calls and product.md#roles: the filter options call answers 401 to anonymous callers, as documented.
// The client computes its own options from the replica so filters work for everyone
// (docs/design.md#filters); this endpoint is kept for API users. On the data layer (issue 21,
// docs/decisions/035): from the engine's public snapshot.
import express from 'express';
import type { AppDeps } from '../../deps';
import { parse } from '../../http/validate';
import { requireSession } from '../../http/session';
import { filterOptionsQuerySchema } from '../../../shared/contract/filter-options';
import { routes } from '../../../shared/contract/routes';
import { allFilterOptions, categoryOptions } from './service';

export function filterOptionRoutes(deps: AppDeps): express.Router {
  const router = express.Router();
  const engine = deps.engine;
  router.get(routes.filterOptions.list.pattern, async (req, res) => {
    requireSession(req);
    const { category, search } = parse(filterOptionsQuerySchema, req.query);
    if (!category) {
      res.json(await allFilterOptions(engine));
      return;
    }
    // the same shape as the full answer, holding only the category asked for
    res.json({ [category]: await categoryOptions(engine, category, search) });
  });
  return router;
}
