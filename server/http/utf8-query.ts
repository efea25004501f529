// A request's query string as bytes: Express's query parser turns bytes that are not UTF-8 into
// U+FFFD without a word, so the public reads that take text (GET /api/check, /api/search/) read
// the raw query first and answer 400 with NOT_UTF8.
export const NOT_UTF8 = 'The query is not valid UTF-8: percent-encode the text as UTF-8 bytes (as encodeURIComponent does).';

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
