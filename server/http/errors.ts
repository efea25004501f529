// docs/style.md#s4: one error type and one handler. Every error leaves as JSON
// { error, details? } with a message a person can read; never a stack trace or SQL.
// The type, AppError, and its helpers are server/errors.ts.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, zodDetails, zodMessage, type ErrorDetail } from '../errors';

/** Unknown /api paths answer 404 JSON, not the client's index.html. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError(404, `No API endpoint at ${req.method} ${req.originalUrl.split('?')[0]}.`));
};

interface BodyParserError { type?: string; status?: number }

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
  } else if ((err as BodyParserError)?.type === 'entity.too.large') {
    status = 413;
    body = { error: 'The request body is too large (at most 1 MB).' };
  } else if ((err as BodyParserError)?.type === 'entity.parse.failed') {
    status = 400;
    body = { error: 'The request body is not valid JSON.' };
  } else if ((err as BodyParserError)?.type && (err as BodyParserError).status && (err as BodyParserError).status! < 500) {
    status = (err as BodyParserError).status!;
    body = { error: 'The request body could not be read.' };
  } else {
    console.error(`[error] ${req.method} ${req.originalUrl}`, err);
  }
  if (res.headersSent) return;
  res.status(status).json(body);
};
