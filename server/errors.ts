// docs/style.md#s4: one error type and one handler. The type and its helpers sit at the bottom of the
// server, so db/, http/ and features/ throw them alike (docs/decisions/017-layers-and-cycles.md);
// http/errors.ts turns them into the JSON answer { error, details? }.
import type { ZodError } from 'zod';

export interface ErrorDetail { path: string; message: string }

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, message, details);
export const notFound = (what = 'That item') => new AppError(404, `${what} was not found.`);
export const unauthorized = () => new AppError(401, 'You need to sign in to do that.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);

/** A path's key as a person can read it: a control character a client put in a key is written as its escape. */
const readableKey = (key: PropertyKey) => String(key).replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(readableKey).join('.'),
    // a record key that fails says why (zod's own words are "Invalid key in record")
    message: issue.code === 'invalid_key' && issue.issues[0] ? `its key ${issue.issues[0].message}` : issue.message,
  }));
}

/** "name: Full name is required; lostAmount: must be an amount like 1250 …" */
export function zodMessage(error: ZodError): string {
  const parts = zodDetails(error).map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
  return `Invalid request: ${parts.join('; ')}`;
}
