// Builds the app from its dependencies, so tests build it on a temp database: the Express app,
// with the cached public reads' common case answered ahead of it (http/cached-reads.ts), each
// feature's reads put together here.
// Express order: security headers -> body parsers -> cookies, session, CSRF -> API -> client.
import type { RequestListener } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import cookieParser from 'cookie-parser';
import { JSON_BODY_LIMIT } from '../shared/constants';
import type { AppDeps } from './deps';
import { apiNotFound, errorHandler } from './http/errors';
import { loadSessionOn } from './http/session';
import { csrfProtection } from './http/csrf';
import { clientRoutes, inlineScriptSources } from './http/client';
import { authRoutes } from './features/auth/routes';
import { savedSearchRoutes } from './features/saved-searches/routes';
import { profileCachedReads, profileRoutes } from './features/profiles/routes';
import { incidentRoutes } from './features/incidents/routes';
import { editRequestRoutes } from './features/edit-requests/routes';
import { removalRequestRoutes } from './features/removal-requests/routes';
import { filterOptionRoutes } from './features/filter-options/routes';
import { syncCachedReads, syncRoutes } from './features/sync/routes';
import { publicLightProfileTexts, publicLightProfileTextsOn } from './features/sync/page-text';
import { checkRoutes } from './features/check/routes';
import { openDataRoutes } from './features/open-data/routes';
import { receiptRoutes } from './features/receipts/routes';
import { moderationRoutes } from './features/moderation/routes';
import { searchAnswers, searchCachedReads, searchRoutes } from './features/search/routes';
import type { SearchThreads } from './features/search/threads';
import { cachedReadLane, type CachedRead } from './http/cached-reads';
import { limitReads, limitWrites, makeLimits } from './http/rate-limits';

/** What the server composes besides the deps every feature gets. */
export interface AppOptions {
  /** the threads that build search answers (features/search/threads.ts); absent or null: built in process */
  searchThreads?: SearchThreads | null;
}

/** What the server runs: the cached reads' lane, then Express for everything it leaves. */
export function createApp(base: AppDeps, options: AppOptions = {}): RequestListener {
  const deps = withLimits(base);
  const headers = securityHeaders(deps);
  const app = createExpressApp(deps, headers, options);
  // a read the lane began but cannot finish (a search thread failed) goes on to Express
  const lane = cachedReadLane(cachedReads(deps, options), headers, app);
  // the read limit comes first: the lane's answers count too (docs/design.md#limits)
  return limitReads(deps.limits ?? null, deps.config, (req, res) => {
    if (!lane(req, res)) app(req, res);
  });
}

/** The deps with the app's limits on public work and its data layer (each made once, shared by the lane and Express). */
function withLimits(deps: AppDeps): AppDeps {
  return deps.limits === undefined ? { ...deps, limits: makeLimits(deps.engine, deps.config) } : deps;
}

/** The reads the lane ahead of Express answers from the answer cache: the public sync, list and search pages. */
export function cachedReads(deps: AppDeps, options: AppOptions = {}): CachedRead[] {
  return [...syncCachedReads(deps), ...profileCachedReads(deps), ...searchCachedReads(searchOf(deps, options))];
}

/** The search call's answers: the search feature with the sync texts its pages are pasted from, on the server's threads when it has them. */
export const searchOf = (deps: AppDeps, { searchThreads = null }: AppOptions) =>
  searchAnswers(deps.engine, { sqlite: publicLightProfileTexts, on: publicLightProfileTextsOn }, searchThreads);

/** The security headers of every answer: one helmet middleware, for Express and the lane. */
function securityHeaders({ config }: AppDeps) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScriptSources(config)],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        // plain-HTTP installs (local, tests) must not have their requests upgraded
        'upgrade-insecure-requests': config.SECURE_COOKIES ? [] : null,
      },
    },
    strictTransportSecurity: config.SECURE_COOKIES,
  });
}

/** The Express app alone: every route and middleware (tests hold the lane to its answers). */
export function createExpressApp(base: AppDeps, headers = securityHeaders(base), options: AppOptions = {}): express.Express {
  const deps = withLimits(base);
  const { config, engine } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) app.set('trust proxy', 1);

  app.use(headers);
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  app.use(cookieParser());
  app.use(loadSessionOn(engine.db));
  app.use(csrfProtection(config));
  app.use(limitWrites(deps.limits ?? null, config));
  // API answers are per user and change with every moderation: never cached by the browser
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  app.use(authRoutes(deps));
  app.use(savedSearchRoutes(deps));
  app.use(profileRoutes(deps));
  app.use(incidentRoutes(deps));
  app.use(editRequestRoutes(deps));
  app.use(removalRequestRoutes(deps));
  app.use(moderationRoutes(deps));
  app.use(filterOptionRoutes(deps));
  app.use(syncRoutes(deps));
  app.use(checkRoutes(deps));
  app.use(openDataRoutes(deps));
  app.use(receiptRoutes(deps));
  app.use(searchRoutes(searchOf(deps, options)));
  app.use('/api', apiNotFound);

  app.use(clientRoutes(config));
  app.use(errorHandler);
  return app;
}
