// GET /api/search/, /api/search/options/, /api/search/lookup/ (issue 17): public and the same for
// everyone at a revision, so sent like the registry's other public reads: ETag,
// `Cache-Control: no-cache`, 304 when unchanged. Bad queries are a 400 with a readable error.
// Their answers come from the answer cache in this process, built here or on the search threads
// (threads.ts) when the server has them.
import type { IncomingMessage } from 'node:http';
import express from 'express';
import type { Engine } from '../../db/engine/engine';
import { currentRevision, revisionNow } from '../../db/revision';
import { badRequest } from '../../errors';
import { acceptedCompression, sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { NOT_UTF8, isUtf8Query } from '../../http/utf8-query';
import { parse } from '../../http/validate';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { routes } from '../../../shared/contract/routes';
import { searchLookupQuerySchema, searchOptionsQuerySchema, searchQuerySchema } from '../../../shared/contract/search';
import { cachedAnswer, callKey, type PageTexts, type SearchCall } from './service';
import type { SearchThreads } from './threads';

/** A call's answer: at once when built in this process or cached, later when a search thread builds it. */
export type SearchAnswers = (call: SearchCall, req: IncomingMessage) => CachedAnswer | Promise<CachedAnswer>;

/**
 * The answers of this server: built in process (`threads` null), or by its search threads and kept
 * in this process's answer cache (on SQLite, the revision read on the connection as before; on
 * PostgreSQL a read per request). `texts`: the page's profiles as their light sync texts on each
 * engine (app.ts gives features/sync's).
 */
export function searchAnswers(engine: Engine, texts: PageTexts, threads: SearchThreads | null): SearchAnswers {
  if (!threads) return (call) => cachedAnswer(engine, call, texts);
  return (call, req) => {
    const { name, key } = callKey(call);
    const ask = (revision: number) => engineCache(engine, name)
      .getAsync(key, revision, () => threads.ask(call, acceptedCompression(req.headers['accept-encoding'])));
    return engine.sqlite ? ask(currentRevision(engine.sqlite)) : revisionNow(engine).then(ask);
  };
}

/** The query, once its bytes are known to be UTF-8. */
function checkedQuery(req: express.Request): unknown {
  if (!isUtf8Query(req.originalUrl)) throw badRequest(NOT_UTF8);
  return req.query;
}

export function searchRoutes(answers: SearchAnswers): express.Router {
  const router = express.Router();
  const send = async (req: express.Request, res: express.Response, call: SearchCall) => sendCachedAnswer(req, res, await answers(call, req));
  router.get(routes.search.page.pattern, async (req, res) => {
    await send(req, res, { call: 'page', query: parse(searchQuerySchema, checkedQuery(req)) });
  });
  router.get(routes.search.options.pattern, async (req, res) => {
    const { kind, category } = parse(searchOptionsQuerySchema, checkedQuery(req));
    await send(req, res, { call: 'options', kind, category });
  });
  router.get(routes.search.lookup.pattern, async (req, res) => {
    const { q } = parse(searchLookupQuerySchema, checkedQuery(req));
    await send(req, res, { call: 'lookup', q });
  });
  return router;
}

/** A query whose text may have been read from bytes that are not UTF-8: left to Express, which reads the raw query. */
const maybeNotUtf8 = (query: Record<string, unknown>) => Object.values(query).some((v) => typeof v !== 'string' || v.includes('\uFFFD'));

/** The routes above as the lane ahead of Express answers them (http/cached-reads.ts): a first visit asks them at once. */
export function searchCachedReads(answers: SearchAnswers): CachedRead[] {
  return [
    {
      path: routes.search.page.pattern,
      answer(query, req) {
        if (maybeNotUtf8(query)) return null;
        const parsed = searchQuerySchema.safeParse(query);
        return parsed.success ? answers({ call: 'page', query: parsed.data }, req) : null;
      },
    },
    {
      path: routes.search.options.pattern,
      answer(query, req) {
        if (maybeNotUtf8(query)) return null;
        const parsed = searchOptionsQuerySchema.safeParse(query);
        return parsed.success ? answers({ call: 'options', kind: parsed.data.kind, category: parsed.data.category }, req) : null;
      },
    },
  ];
}
