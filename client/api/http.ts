// The typed fetch client (docs/design.md#shape: api/): same-origin credentials, JSON by default,
// the CSRF header on unsafe methods (product.md#calls, docs/design.md#auth), an optional Idempotency-Key
// (docs/design.md#outbox), and one error type for every failure, so callers tell "no network"
// (status 0, retry later) from "the server refused" (4xx, show its message).
import { CSRF_COOKIE, CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../shared/constants';

export interface HttpConfig {
  /** '' in the browser (same origin); tests point it at a real server on 127.0.0.1. */
  baseUrl: string;
  fetch: typeof fetch;
  /** where cookies are read from: document.cookie in the browser, a cookie jar in tests */
  cookies: () => string;
}

const browserDefaults = (): HttpConfig => ({
  baseUrl: '',
  // looked up at call time, so a service worker or a test can replace the global
  fetch: (input, init) => globalThis.fetch(input, init),
  cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
});

let config: HttpConfig = browserDefaults();

/** Tests only: talk to another origin through an injected fetch and cookie jar. */
export function configureHttp(patch: Partial<HttpConfig>): void {
  config = { ...config, ...patch };
}

export function resetHttpConfig(): void {
  config = browserDefaults();
}

export function readCookie(name: string): string | null {
  for (const part of config.cookies().split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try { return decodeURIComponent(raw); } catch { return raw; }
    }
  }
  return null;
}

export class ApiError extends Error {
  /** the HTTP status; 0 when no answer arrived (offline, connection lost, unreadable answer) */
  readonly status: number;
  /** from Retry-After (seconds or an HTTP date), in ms */
  readonly retryAfterMs: number | null;
  readonly details?: unknown;
  /**
   * true when no connection was made at all (the request or its body never arrived), as against
   * an answer that came and could not be used (a time-out, an unreadable answer): the outbox tells
   * "offline" from "the server had a problem" by it (docs/design.md#messages)
   */
  readonly noConnection: boolean;

  constructor(status: number, message: string, retryAfterMs: number | null = null, details?: unknown, noConnection = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    if (details !== undefined) this.details = details;
    this.noConnection = noConnection;
  }
}

/** The error for a request that reached no server (offline, connection refused or cut). */
export function noConnectionError(): ApiError {
  return new ApiError(0, NETWORK_ERROR_MESSAGE, null, undefined, true);
}

export interface ApiOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** e.g. 'no-store' for the current-user lookup (product.md#calls: no caching) */
  cache?: RequestCache;
  /** e.g. 'manual' for the sign-in (product.md#calls: redirects not followed) */
  redirect?: RequestRedirect;
  /** 'low' for background downloads (the replica's pages), so the page's own requests go first */
  priority?: 'high' | 'low' | 'auto';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection.';

export async function apiFetch(path: string, opts: ApiOptions = {}): Promise<Response> {
  const method = (opts.method ?? (opts.json !== undefined || opts.form ? 'POST' : 'GET')).toUpperCase();
  const headers = new Headers({ Accept: 'application/json' });
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(opts.form).toString();
  }
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set(CSRF_HEADER, token);
  }
  if (opts.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, opts.idempotencyKey);

  try {
    return await config.fetch(config.baseUrl + path, {
      method, headers, body, credentials: 'same-origin', signal: opts.signal ?? null,
      ...(opts.cache ? { cache: opts.cache } : {}),
      ...(opts.redirect ? { redirect: opts.redirect } : {}),
      ...(opts.priority ? { priority: opts.priority } : {}),
    });
  } catch (error) {
    // an abort the caller asked for stays an AbortError; everything else is "no answer"
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    throw noConnectionError();
  }
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value == null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'You need to sign in to do that.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'That item was not found.';
  if (status === 413) return 'What you sent is too large.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on the server. Please try again later.';
  return `The server refused the request (HTTP ${status}).`;
}

/** apiFetch, then the JSON answer; a non-2xx becomes an ApiError with the server's message. */
export async function apiJson<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  const text = await readBody(() => res.text());
  let parsed: unknown = null;
  let readable = true;
  if (text !== '') {
    try { parsed = JSON.parse(text); } catch { readable = false; }
  }
  if (!res.ok) throw refusal(res, parsed);
  // a 2xx that is not JSON did not come from our API (a captive portal, a broken proxy):
  // treat it as no answer, so a queued write is retried rather than taken as delivered
  if (!readable) throw unreadableAnswer();
  return parsed as T;
}

/**
 * apiFetch, then a 2xx answer's bytes as they came, for a caller that reads them elsewhere (a
 * sync page is read in the registry worker, so the page's thread never parses it); a non-2xx
 * becomes an ApiError with the server's message, as with apiJson.
 */
export async function apiBytes(path: string, opts: ApiOptions = {}): Promise<ArrayBuffer> {
  const res = await apiFetch(path, opts);
  if (!res.ok) {
    const text = await readBody(() => res.text());
    let parsed: unknown = null;
    try { parsed = JSON.parse(text); } catch { /* the status says enough */ }
    throw refusal(res, parsed);
  }
  return readBody(() => res.arrayBuffer());
}

/** The error for an answer that is not JSON where JSON was due: as good as no answer. */
export function unreadableAnswer(): ApiError {
  return new ApiError(0, 'The answer from the server could not be read.');
}

async function readBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    throw noConnectionError(); // the connection broke while the body arrived
  }
}

/** A non-2xx answer as an ApiError: the server's message (its JSON `error`) or one by status. */
function refusal(res: Response, parsed: unknown): ApiError {
  const error = parsed && typeof parsed === 'object' ? (parsed as { error?: unknown; details?: unknown }) : {};
  const message = typeof error.error === 'string' && error.error ? error.error : fallbackMessage(res.status);
  return new ApiError(res.status, message, parseRetryAfter(res.headers.get('Retry-After')), error.details);
}
