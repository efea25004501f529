// Open data (issue 20; README.md "Open data"): the API description and its reference page, the
// exports of the verified registry and the Atom feed.
import express from 'express';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { revisionNow } from '../../db/revision';
import { matchesEtag } from '../../read-model/answer-cache';
import { routes } from '../../../shared/contract/routes';
import { DATA_LICENCE } from '../../../shared/contract/open-data';
import { openApiDocument } from './openapi';
import { currentExport, EXPORT_TYPES, exportEtag, exportSource, type ExportName } from './exports';
import { feedAnswer, feedEtag } from './feed';
import { statsJson } from './stats';
import { sendCachedAnswer } from '../../http/cached-answer';

const HERE = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The reference page's files, by the name it asks for: our page and its start script, and
 * Swagger UI's script and style from the installed swagger-ui-dist (served from our origin, no CDN).
 */
function docsFiles(): Map<string, { path: string; type: string }> {
  const swagger = dirname(require.resolve('swagger-ui-dist/package.json'));
  return new Map([
    ['reference.js', { path: join(HERE, 'docs', 'reference.js'), type: 'text/javascript; charset=utf-8' }],
    ['swagger-ui-bundle.js', { path: join(swagger, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' }],
    ['swagger-ui.css', { path: join(swagger, 'swagger-ui.css'), type: 'text/css; charset=utf-8' }],
  ]);
}

const LICENCE_LINK = `<${DATA_LICENCE.url}>; rel="license"`;

/** A host name or address with an optional port, nothing else: what a Host header may be for the feed's links to use it. */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request came to, for a server without PUBLIC_URL: a Host header that is not a plain
 * host (a hostile client's `evil"><x`) gives localhost's, so that the feed never carries it and
 * its answers stay one per host a browser can send.
 */
function requestOrigin(req: express.Request): string {
  const host = req.get('host') ?? '';
  return `${req.protocol}://${PLAIN_HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

export function openDataRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  // what the exports read (the app's SQLite file, or its PostgreSQL database) and where they are kept
  const source = exportSource(engine, deps.config.EXPORTS_DIR);
  const router = express.Router();
  const description = JSON.stringify(openApiDocument());
  const docsPage = readFileSync(join(HERE, 'docs', 'index.html'));
  const files = docsFiles();

  router.get(routes.openData.openapi.pattern, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type(routes.openData.openapi.answerType).send(description);
  });

  // /api/docs without its slash: the page's relative links need it
  router.get(routes.openData.docs.pattern, (req, res) => {
    if (!req.path.endsWith('/')) {
      res.redirect(301, routes.openData.docs.pattern);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(docsPage);
  });

  router.get(routes.openData.docsAsset.pattern, (req, res, next) => {
    const file = files.get(String(req.params.file));
    if (!file) throw notFound('That file');
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(file.path, { headers: { 'Content-Type': file.type } }, (error) => { if (error) next(error); });
  });

  const exportRoute = (name: ExportName) => async (req: express.Request, res: express.Response) => {
    const revision = await revisionNow(engine);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Link', LICENCE_LINK);
    // the ETag is the revision's: an unchanged registry is a 304 without reading the export
    if (matchesEtag(req.headers['if-none-match'], exportEtag(name, revision))) {
      res.setHeader('ETag', exportEtag(name, revision));
      res.status(304).end();
      return;
    }
    const file = await currentExport(source, name, revision);
    const { type, extension } = EXPORT_TYPES[name];
    res.setHeader('ETag', file.etag);
    res.setHeader('X-Registry-Revision', String(file.revision));
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', `inline; filename="bustr-registry-r${file.revision}.${extension}"`);
    try {
      // kept gzipped: sent as it is to a client that takes gzip, unpacked on the way to one that does not
      if (req.acceptsEncodings('gzip') === 'gzip') {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Length', statSync(file.path).size);
        await pipeline(createReadStream(file.path), res);
      } else {
        await pipeline(createReadStream(file.path), createGunzip(), res);
      }
    } catch (error) {
      // a client that goes away mid-download is no error of ours
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  };
  router.get(routes.openData.exportJson.pattern, exportRoute('json'));
  router.get(routes.openData.exportCsv.pattern, exportRoute('csv'));
  router.get(routes.openData.exportStix.pattern, exportRoute('stix'));

  router.get(routes.openData.stats.pattern, async (req, res) => {
    sendCachedAnswer(req, res, await statsJson(engine));
  });

  router.get(routes.openData.feed.pattern, async (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    // the ETag is the revision's: an unchanged registry is a 304 without making the feed
    const etag = feedEtag(await revisionNow(engine));
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.setHeader('ETag', etag);
      res.status(304).end();
      return;
    }
    const answer = await feedAnswer(engine, deps.config.PUBLIC_URL ?? requestOrigin(req));
    res.setHeader('ETag', answer.etag);
    res.setHeader('Content-Type', `${routes.openData.feed.answerType}; charset=utf-8`);
    res.send(answer.bytes);
  });
  return router;
}
