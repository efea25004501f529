// product.md#calls: GET and POST /api/saved_searches/, DELETE /api/saved_searches/{id}/ — for the
// signed-in user only (401 otherwise). The first feature on the data layer (issue 21,
// docs/decisions/035): writes go through engineWriteRoute, one transaction each, and an
// Idempotency-Key replay answers from the stored response.
import express, { type RequestHandler } from 'express';
import { savedSearchCreateSchema } from '../../../shared/contract/saved-search';
import { routes } from '../../../shared/contract/routes';
import { pendingIdentifiersAfterWrite } from '../../db/pending-identifiers';
import type { AppDeps } from '../../deps';
import { requireSession } from '../../http/session';
import { pathId } from '../../http/validate';
import { engineWriteRoute } from '../../http/write';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './service';

// before the write, so an anonymous caller gets 401 rather than an idempotency answer
const signedIn: RequestHandler = (req, _res, next) => {
  requireSession(req);
  next();
};

export function savedSearchRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  const afterWrite = pendingIdentifiersAfterWrite(engine);

  router.get(routes.savedSearches.list.pattern, async (req, res) => {
    const user = requireSession(req);
    res.json(await listSavedSearches(engine.db, user.id));
  });

  router.post(routes.savedSearches.create.pattern, signedIn, engineWriteRoute(engine, savedSearchCreateSchema, async (trx, req, input) => {
    const user = requireSession(req);
    return { status: 201, body: await createSavedSearch(trx, user.id, input) };
  }, afterWrite));

  router.delete(routes.savedSearches.remove.pattern, signedIn, engineWriteRoute(engine, null, async (trx, req) => {
    const user = requireSession(req);
    await deleteSavedSearch(trx, user.id, pathId(req.params.id));
    return { status: 204, body: null };
  }, afterWrite));

  return router;
}
