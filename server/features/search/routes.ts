// GET /api/search/, /api/search/options/, /api/search/lookup/ (issue 17): public and the same for
// everyone at a revision, so sent like the registry's other public reads: ETag,
// `Cache-Control: no-cache`, 304 when unchanged. Bad queries are a 400 with a readable error.
import express from 'express';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { NOT_UTF8, isUtf8Query } from '../../http/utf8-query';
import { parse } from '../../http/validate';
import { routes } from '../../../shared/contract/routes';
import { searchLookupQuerySchema, searchOptionsQuerySchema, searchQuerySchema } from '../../../shared/contract/search';
import { searchLookupAnswer, searchOptionsAnswer, searchPageAnswer, type ProfileTexts } from './service';

/** The query, once its bytes are known to be UTF-8. */
function checkedQuery(req: express.Request): unknown {
  if (!isUtf8Query(req.originalUrl)) throw badRequest(NOT_UTF8);
  return req.query;
}

/** `texts`: the page's profiles as their sync texts (app.ts gives features/sync's). */
export function searchRoutes({ db }: AppDeps, texts: ProfileTexts): express.Router {
  const router = express.Router();
  router.get(routes.search.page.pattern, (req, res) => {
    sendCachedAnswer(req, res, searchPageAnswer(db, parse(searchQuerySchema, checkedQuery(req)), texts));
  });
  router.get(routes.search.options.pattern, (req, res) => {
    const { kind, category } = parse(searchOptionsQuerySchema, checkedQuery(req));
    sendCachedAnswer(req, res, searchOptionsAnswer(db, kind, category));
  });
  router.get(routes.search.lookup.pattern, (req, res) => {
    const { q } = parse(searchLookupQuerySchema, checkedQuery(req));
    sendCachedAnswer(req, res, searchLookupAnswer(db, q));
  });
  return router;
}

/** A query whose text may have been read from bytes that are not UTF-8: left to Express, which reads the raw query. */
const maybeNotUtf8 = (query: Record<string, unknown>) => Object.values(query).some((v) => typeof v !== 'string' || v.includes('\uFFFD'));

/** The routes above as the lane ahead of Express answers them (http/cached-reads.ts): a first visit asks them at once. */
export function searchCachedReads({ db }: AppDeps, texts: ProfileTexts): CachedRead[] {
  return [
    {
      path: routes.search.page.pattern,
      answer(query) {
        if (maybeNotUtf8(query)) return null;
        const parsed = searchQuerySchema.safeParse(query);
        return parsed.success ? searchPageAnswer(db, parsed.data, texts) : null;
      },
    },
    {
      path: routes.search.options.pattern,
      answer(query) {
        if (maybeNotUtf8(query)) return null;
        const parsed = searchOptionsQuerySchema.safeParse(query);
        return parsed.success ? searchOptionsAnswer(db, parsed.data.kind, parsed.data.category) : null;
      },
    },
  ];
}
