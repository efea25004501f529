// Sends a public answer cached by revision (server/read-model/answer-cache.ts): ETag with
// `Cache-Control: no-cache` (keep it, but ask again), 304 when the client already has it, and
// the body from the cache, gzip-compressed once when the client accepts that.
import type express from 'express';
import { answerBody, matchesEtag, type CachedAnswer } from '../read-model/answer-cache';

export function sendCachedAnswer(req: express.Request, res: express.Response, answer: CachedAnswer): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', answer.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(req.get('If-None-Match'), answer.etag)) {
    res.status(304).end();
    return;
  }
  const { body, gzip } = answerBody(answer, Boolean(req.acceptsEncodings('gzip')));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.type('application/json').send(body);
}
