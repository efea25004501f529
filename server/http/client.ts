// Serves the built client: hashed assets cached for a year, the service worker and
// index.html never cached, and index.html for every other non-API path so the client
// router can answer /accounts/login/, /adminpanel/ and its 404 page. The client's files go out
// compressed (brotli, else gzip, by the `compression` middleware): a first visit on a phone
// network downloads the initial JavaScript at about a third of its size (issue 17). The API's
// public reads are compressed once per revision on their own (server/read-model/answer-cache.ts).
import compression from 'compression';
import express from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function clientRoutes(config: Config): express.Router {
  const router = express.Router();
  const dist = resolve(config.CLIENT_DIST);
  const indexHtml = resolve(dist, 'index.html');

  router.use(compression());
  router.use(
    express.static(dist, {
      index: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.setHeader('Cache-Control', IMMUTABLE);
        else res.setHeader('Cache-Control', NO_CACHE);
      },
    }),
  );
  router.get('/{*splat}', (_req, res) => {
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(indexHtml);
  });
  return router;
}

/**
 * The CSP sources of the built index.html's inline scripts (`'sha256-…'`): the one line under the
 * static shell's header that marks a route other than / before first paint (client/index.html).
 * Allowed by hash, so it runs under `script-src 'self'` and no other inline script does; read
 * from the build the server serves, so a change to the script changes its hash with it. None when
 * the client is not built.
 */
export function inlineScriptSources(config: Config): string[] {
  const indexHtml = resolve(config.CLIENT_DIST, 'index.html');
  if (!existsSync(indexHtml)) return [];
  const html = readFileSync(indexHtml, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map(([, body]) => `'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`);
}
