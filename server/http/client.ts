// Serves the built client: hashed assets cached for a year, the service worker and
// index.html never cached, and index.html for every other non-API path so the client
// router can answer /accounts/login/, /adminpanel/ and its 404 page.
import express from 'express';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function clientRoutes(config: Config): express.Router {
  const router = express.Router();
  const dist = resolve(config.CLIENT_DIST);
  const indexHtml = resolve(dist, 'index.html');

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
