// Sends a public answer cached by revision (server/read-model/answer-cache.ts): ETag with
// `Cache-Control: no-cache` (keep it, but ask again), 304 when the client already has it, and
// the body from the cache, compressed once per encoding (brotli, else gzip) the client accepts.
// Written straight to node's response (the headers res.type().send() would set, then the body in
// the same write), so it serves the routes and the lane ahead of Express (cached-reads.ts) alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { answerBody, matchesEtag, type CachedAnswer, type Compression } from '../read-model/answer-cache';

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
  const encoding = acceptedCompression(req.headers['accept-encoding']);
  answer.sentIn = encoding;
  // its compressed form is being made off the event loop (compressAhead): send that once it is done
  const compressing = encoding ? answer.compressing?.[encoding] : undefined;
  if (encoding && !answer.compressed?.[encoding] && compressing) {
    void compressing.then(() => sendBody(res, answer, encoding));
    return;
  }
  sendBody(res, answer, encoding);
}

function sendBody(res: ServerResponse, answer: CachedAnswer, accepted: Compression | null): void {
  const { body, encoding } = answerBody(answer, accepted);
  res.statusCode = 200;
  res.setHeader('Content-Type', JSON_TYPE);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  // node sends the headers alone to a HEAD request
  res.end(body);
}

/**
 * The compression to answer a request with this Accept-Encoding in: brotli when it accepts that,
 * else gzip when it accepts that, else none, each decided as Express's req.acceptsEncodings()
 * decides it (q-values, `*`, identity) and remembered per value: a browser sends the same one
 * every time. Bounded, as the values come from clients.
 */
const accepted = new Map<string | undefined, Compression | null>();
const ACCEPTED_MAX = 64;

export function acceptedCompression(header: string | undefined): Compression | null {
  let compression = accepted.get(header);
  if (compression === undefined) {
    const request = { headers: header === undefined ? {} : { 'accept-encoding': header } } as express.Request;
    const accepts = (encoding: Compression) => Boolean(express.request.acceptsEncodings.call(request, encoding));
    compression = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
    if (accepted.size >= ACCEPTED_MAX) accepted.clear();
    accepted.set(header, compression);
  }
  return compression;
}
