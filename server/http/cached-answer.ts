// Sends a public answer cached by revision (server/read-model/answer-cache.ts): ETag with
// `Cache-Control: no-cache` (keep it, but ask again), 304 when the client already has it, and
// the body from the cache, gzip-compressed once when the client accepts that.
// Written straight to node's response (the headers res.type().send() would set, then the body in
// the same write), so it serves the routes and the lane ahead of Express (cached-reads.ts) alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { answerBody, matchesEtag, type CachedAnswer } from '../read-model/answer-cache';

const JSON_TYPE = 'application/json; charset=utf-8';

export function sendCachedAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', answer.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const gzipAccepted = acceptsGzip(req.headers['accept-encoding']);
  // its gzip form is being made off the event loop (gzipAhead): send that once it is done
  if (gzipAccepted && !answer.gzip && answer.gzipping) {
    void answer.gzipping.then(() => sendBody(res, answer, gzipAccepted));
    return;
  }
  sendBody(res, answer, gzipAccepted);
}

function sendBody(res: ServerResponse, answer: CachedAnswer, gzipAccepted: boolean): void {
  const { body, gzip } = answerBody(answer, gzipAccepted);
  res.statusCode = 200;
  res.setHeader('Content-Type', JSON_TYPE);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  // node sends the headers alone to a HEAD request
  res.end(body);
}

/**
 * Whether a request with this Accept-Encoding accepts gzip, decided as Express's
 * req.acceptsEncodings('gzip') decides it (q-values, `*`, identity) and remembered per value: a
 * browser sends the same one every time. Bounded, as the values come from clients.
 */
const gzipAccepted = new Map<string | undefined, boolean>();
const GZIP_ACCEPTED_MAX = 64;

function acceptsGzip(header: string | undefined): boolean {
  let accepted = gzipAccepted.get(header);
  if (accepted === undefined) {
    const headers = header === undefined ? {} : { 'accept-encoding': header };
    accepted = Boolean(express.request.acceptsEncodings.call({ headers } as express.Request, 'gzip'));
    if (gzipAccepted.size >= GZIP_ACCEPTED_MAX) gzipAccepted.clear();
    gzipAccepted.set(header, accepted);
  }
  return accepted;
}
