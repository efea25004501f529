// docs/style.md#s4: one error type and one handler. Every error leaves as JSON
// { error, details? } with a message a person can read; never a stack trace or SQL.
// The type, AppError, and its helpers are server/errors.ts.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, zodDetails, zodMessage, type ErrorDetail } from '../errors';
import {
  BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, isBusy, isWriteFailure, WRITE_FAILURE_MESSAGE,
} from '../db/write-failure';

/** Unknown /api paths answer 404 JSON, not the client's index.html. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError(404, `No API endpoint at ${req.method} ${req.originalUrl.split('?')[0]}.`));
};

interface BodyParserError { type?: string; status?: number; expose?: boolean }

/** The 4xx status body-parser gave an error (http-errors marks those `expose`), else null. */
function bodyStatus(err: unknown): number | null {
  const { status, expose } = (err ?? {}) as BodyParserError;
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true ? status : null;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let status = 500;
  let body: { error: string; details?: ErrorDetail[] } = { error: 'Something went wrong on our side. Please try again.' };
  if (err instanceof AppError) {
    status = err.status;
    body = err.details ? { error: err.message, details: err.details } : { error: err.message };
    for (const [name, value] of Object.entries(err.headers ?? {})) res.setHeader(name, value);
  } else if (err instanceof ZodError) {
    status = 400;
    body = { error: zodMessage(err), details: zodDetails(err) };
  } else if (isBusy(err)) {
    // another connection held the write lock past the busy timeout (a second process writing):
    // the write's transaction never began or rolled back, and a moment later it goes through
    status = 503;
    body = { error: BUSY_MESSAGE };
    res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    console.warn(`[warn] ${req.method} ${req.originalUrl}: the database is busy (${(err as { code?: string }).code}), answered 503`);
  } else if (isWriteFailure(err)) {
    // a full disk or a read-only database: nothing was written (the transaction rolled back)
    status = 503;
    body = { error: WRITE_FAILURE_MESSAGE };
    res.setHeader('Retry-After', '60');
    console.error(`[error] ${req.method} ${req.originalUrl}: the database cannot be written (${(err as { code?: string }).code})`);
  } else if ((err as BodyParserError)?.type === 'encoding.unsupported') {
    status = 415;
    body = { error: 'The request body is in an encoding the server does not read (send it as it is, or gzip, deflate or br).' };
  } else if ((err as BodyParserError)?.type === 'entity.too.large') {
    status = 413;
    body = { error: 'The request body is too large (at most 1 MB).' };
  } else if ((err as BodyParserError)?.type === 'entity.parse.failed') {
    status = 400;
    body = { error: 'The request body is not valid JSON.' };
  } else if (bodyStatus(err) !== null) {
    // body-parser's other refusals, among them a compressed body that does not decompress (its
    // zlib error comes with status 400 and no type): a 4xx, never a stack trace
    status = bodyStatus(err)!;
    body = { error: 'The request body could not be read (is its Content-Encoding right?).' };
  } else {
    console.error(`[error] ${req.method} ${req.originalUrl}`, err);
  }
  if (res.headersSent) return;
  res.status(status).json(body);
};
