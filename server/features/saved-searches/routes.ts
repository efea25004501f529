// product.md#calls: GET and POST /api/saved_searches/, DELETE /api/saved_searches/{id}/ — for the
// signed-in user only (401 otherwise). Writes go through writeRoute: one transaction each,
// and an Idempotency-Key replay answers from the stored response.
import express, { type RequestHandler } from 'express';
import { savedSearchCreateSchema } from '../../../shared/contract/saved-search';
import { routes } from '../../../shared/contract/routes';
import type { AppDeps } from '../../deps';
import { requireSession } from '../../http/session';
import { pathId } from '../../http/validate';
import { writeRoute } from '../../http/write';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './service';

// before writeRoute, so an anonymous caller gets 401 rather than an idempotency answer
const signedIn: RequestHandler = (req, _res, next) => {
  requireSession(req);
  next();
};

export function savedSearchRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();

  router.get(routes.savedSearches.list.pattern, (req, res) => {
    const user = requireSession(req);
    res.json(listSavedSearches(db, user.id));
  });

  router.post(routes.savedSearches.create.pattern, signedIn, writeRoute(db, savedSearchCreateSchema, (req, input) => {
    const user = requireSession(req);
    return { status: 201, body: createSavedSearch(db, user.id, input) };
  }));

  router.delete(routes.savedSearches.remove.pattern, signedIn, writeRoute(db, (req) => {
    const user = requireSession(req);
    deleteSavedSearch(db, user.id, pathId(req.params.id));
    return { status: 204, body: null };
  }));

  return router;
}
