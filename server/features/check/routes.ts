// GET /api/check?q=<text> (issue 16): public and the same for everyone at a revision, so it is
// sent like the registry's list pages: ETag, `Cache-Control: no-cache`, 304 when unchanged.
// On the data layer (issue 21, docs/decisions/035): read through the app's engine, SQLite or PostgreSQL.
import express from 'express';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { parse } from '../../http/validate';
import { sendCachedAnswer } from '../../http/cached-answer';
import { NOT_UTF8, isUtf8Query } from '../../http/utf8-query';
import { checkQuerySchema } from '../../../shared/contract/check';
import { routes } from '../../../shared/contract/routes';
import { checkAnswer } from './service';

export function checkRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  router.get(routes.check.lookup.pattern, async (req, res) => {
    // Express's query parser turns bytes that are not UTF-8 into U+FFFD without a word: read the raw query first
    if (!isUtf8Query(req.originalUrl)) throw badRequest(NOT_UTF8);
    const { q } = parse(checkQuerySchema, req.query);
    sendCachedAnswer(req, res, await checkAnswer(engine, q));
  });
  return router;
}
