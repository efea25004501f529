// GET /api/sync/?since=<rev>&limit=<n> (docs/design.md#sync); public, like the registry.
import express from 'express';
import type { AppDeps } from '../../deps';
import { parse } from '../../http/validate';
import { syncQuerySchema } from '../../../shared/contract/sync';
import { routes } from '../../../shared/contract/routes';
import { sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { syncPageJson } from './service';

export function syncRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  router.get(routes.sync.page.pattern, (req, res) => {
    const { since, limit, form } = parse(syncQuerySchema, req.query);
    // the same for everyone at a revision: a replica may keep it but must ask again (ETag)
    sendCachedAnswer(req, res, syncPageJson(db, since, limit, form));
  });
  return router;
}

/** The route above as the lane ahead of Express answers it (http/cached-reads.ts). */
export function syncCachedReads({ db }: AppDeps): CachedRead[] {
  return [{
    path: routes.sync.page.pattern,
    answer(query) {
      const parsed = syncQuerySchema.safeParse(query);
      return parsed.success ? syncPageJson(db, parsed.data.since, parsed.data.limit, parsed.data.form) : null;
    },
  }];
}
