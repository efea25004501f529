// GET /api/sync/?since=<rev>&limit=<n> (docs/design.md#sync); public, like the registry.
// On the data layer (docs/decisions/035): the app's engine, SQLite's synchronous page or PostgreSQL's (service.ts).
import express from 'express';
import type { AppDeps } from '../../deps';
import { parse } from '../../http/validate';
import { syncQuerySchema } from '../../../shared/contract/sync';
import { routes } from '../../../shared/contract/routes';
import { sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { syncPageJson } from './service';

export function syncRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  router.get(routes.sync.page.pattern, async (req, res) => {
    const { since, limit, form } = parse(syncQuerySchema, req.query);
    // the same for everyone at a revision: a replica may keep it but must ask again (ETag)
    sendCachedAnswer(req, res, await syncPageJson(engine, since, limit, form));
  });
  return router;
}

/** The route above as the lane ahead of Express answers it (http/cached-reads.ts): at once on SQLite, a promise on PostgreSQL. */
export function syncCachedReads(deps: AppDeps): CachedRead[] {
  const engine = deps.engine;
  return [{
    path: routes.sync.page.pattern,
    answer(query) {
      const parsed = syncQuerySchema.safeParse(query);
      return parsed.success ? syncPageJson(engine, parsed.data.since, parsed.data.limit, parsed.data.form) : null;
    },
  }];
}
