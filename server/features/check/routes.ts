// GET /api/check?q=<text> (issue 16): public and the same for everyone at a revision, so it is
// sent like the registry's list pages: ETag, `Cache-Control: no-cache`, 304 when unchanged.
import express from 'express';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { parse } from '../../http/validate';
import { sendCachedAnswer } from '../../http/cached-answer';
import { checkQuerySchema } from '../../../shared/contract/check';
import { routes } from '../../../shared/contract/routes';
import { checkAnswer } from './service';

export const NOT_UTF8 = 'The query is not valid UTF-8: percent-encode the text as UTF-8 bytes (as encodeURIComponent does).';

export function checkRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  router.get(routes.check.lookup.pattern, (req, res) => {
    // Express's query parser turns bytes that are not UTF-8 into U+FFFD without a word: read the raw query first
    if (!isUtf8Query(req.originalUrl)) throw badRequest(NOT_UTF8);
    const { q } = parse(checkQuerySchema, req.query);
    sendCachedAnswer(req, res, checkAnswer(db, q));
  });
  return router;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const HEX = /^[0-9a-f]{2}$/i;

/**
 * Whether the query string of a request URL is UTF-8 once its %XX escapes are decoded. A `%`
 * that starts no escape is a `%` (as Node's query parser reads it); a character above U+007F in
 * the raw URL stands for the byte Node read (HTTP request lines are read as Latin-1).
 */
export function isUtf8Query(url: string): boolean {
  const mark = url.indexOf('?');
  if (mark < 0) return true;
  const query = url.slice(mark + 1);
  // the common case: no escapes and nothing above ASCII is ASCII, and so UTF-8
  if (!/[%\u0080-\uffff]/.test(query)) return true;
  const bytes: number[] = [];
  for (let i = 0; i < query.length; i++) {
    const code = query.charCodeAt(i);
    if (code === 0x25 && HEX.test(query.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(query.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (code > 0xff) {
      return false; // not what an HTTP request line holds
    } else {
      bytes.push(code);
    }
  }
  try {
    utf8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}
