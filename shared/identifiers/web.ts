// Domains, e-mail addresses and Telegram handles: what a link or an address is, read through the
// WHATWG URL parser (UTS #46 mapping and punycode, as browsers do) and the Public Suffix List
// that tldts ships.
import { parse as parseDomain } from 'tldts';
import { beforeQuery, decodeComponent } from './pasted';
import { CONFIDENCE, type Candidate, type Confidence, type IdentifierProblem, type Reader } from './types';

// ---------------------------------------------------------------- host names

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const ALL_DIGITS = /^\d+$/;
const MAX_HOST_CHARS = 253;
const MIN_TLD_CHARS = 2;
const IPV4_HOST = /^\d{1,3}(?:\.\d{1,3}){3}$/;
// RFC 2606 / RFC 6761 names, not in the Public Suffix List but what demo and test data use
const RESERVED_SUFFIXES: ReadonlySet<string> = new Set(['example', 'invalid', 'test', 'localhost']);

/**
 * The ASCII (punycode) form of a host name through UTS #46 as browsers apply it: lower case,
 * full-width dots and letters mapped, IDN labels encoded, the trailing dot dropped. Null when
 * the URL parser rejects it.
 */
export function asciiHost(host: string): string | null {
  let hostname: string;
  try {
    hostname = new URL('http://' + host).hostname;
  } catch {
    return null;
  }
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}

/** A host name of two or more LDH labels whose last label is two characters or more and not a number. */
function hostProblem(host: string): IdentifierProblem | undefined {
  if (host.length === 0 || host.length > MAX_HOST_CHARS) return 'hostname';
  const labels = host.split('.');
  for (const label of labels) if (!LABEL.test(label)) return 'hostname';
  // one word ('scamsite'): a host name, only without its ending
  if (labels.length < 2) return 'no_ending';
  const tld = labels[labels.length - 1]!;
  if (tld.length < MIN_TLD_CHARS || ALL_DIGITS.test(tld)) return 'hostname';
  return undefined;
}

// ---------------------------------------------------------------- domains

const WEB_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ws', 'wss']);
const AUTHORITY = /^\/\/([^/?#]*)/;
// a bare host: no space, no @, a dot inside the host part, then an optional port and path
// (the dots UTS #46 maps to '.' count as dots: 。．｡)
const BARE_HOST = /^[^\s@/?#:]+[.。．｡][^\s@/?#:]+(?::\d{1,5})?(?:[/?#]\S*)?$/u;
const HOST_PART = /^[^/?#]*/;
const PORT = /:\d*$/;
const USERINFO = /^[^@]*@/;
const WWW = 'www.';
/** Hosts whose links name a Telegram account, not a site (read as a handle instead). */
export const TELEGRAM_HOSTS: ReadonlySet<string> = new Set(['t.me', 'telegram.me', 'telegram.dog']);

export interface DomainReading {
  /** The host name without www., in ASCII. */
  host: string;
  registrable: string;
  /** The registrable domain's label left of its public suffix (`site` of `site.co.uk`). */
  label: string;
  problem?: IdentifierProblem;
}

/** A host (no scheme, path or port) read as a domain, or null when it is not a host name at all. */
export function readHost(raw: string): DomainReading | null {
  let host = asciiHost(raw);
  if (host === null || IPV4_HOST.test(host) || host.startsWith('[')) return null;
  if (host.startsWith(WWW) && host.indexOf('.', WWW.length) > 0) host = host.slice(WWW.length);
  const problem = hostProblem(host);
  const parsed = parseDomain(host, { allowPrivateDomains: true, extractHostname: false });
  const suffix = parsed.publicSuffix ?? '';
  const suffixKnown = parsed.isIcann === true || parsed.isPrivate === true || RESERVED_SUFFIXES.has(suffix);
  const registrable = parsed.domain ?? host;
  const label = parsed.domainWithoutSuffix ?? registrable;
  return {
    host, registrable, label, problem: problem ?? (suffixKnown ? undefined : 'unknown_suffix'),
  };
}

/** The host of a pasted link or bare host name, with how sure that it is one. */
function hostOfPasted(scheme: string, text: string, rest: string, known: boolean): { host: string; confidence: Confidence } | null {
  if (WEB_SCHEMES.has(scheme)) {
    const authority = AUTHORITY.exec(rest);
    if (authority === null) return null;
    return { host: authority[1]!.replace(USERINFO, '').replace(PORT, ''), confidence: CONFIDENCE.high };
  }
  // a scheme with a dot is a host with a port ('site.example:8080/login')
  if (scheme !== '' && !scheme.includes('.')) return null;
  if (!known && !BARE_HOST.test(text)) return null;
  const host = HOST_PART.exec(text)![0].replace(USERINFO, '').replace(PORT, '');
  return { host, confidence: host.toLowerCase().startsWith(WWW) ? CONFIDENCE.high : CONFIDENCE.medium };
}

export const readDomain: Reader = (pasted, known, out) => {
  const found = hostOfPasted(pasted.scheme, pasted.text, pasted.rest, known);
  if (found === null) return;
  const reading = readHost(found.host);
  if (reading === null) return;
  // a t.me link names an account; its host identifies nobody
  if (!known && TELEGRAM_HOSTS.has(reading.host)) return;
  if (!known && (reading.problem === 'hostname' || reading.problem === 'no_ending')) return;
  // an unknown suffix ('john.smith') is a weak guess however it was written
  const confidence = reading.problem ? CONFIDENCE.low : found.confidence;
  const candidate: Candidate = {
    kind: 'domain', canonical: reading.host, valid: reading.problem === undefined, registrable: reading.registrable, confidence,
  };
  if (reading.problem) candidate.problem = reading.problem;
  out.push(candidate);
};

// ---------------------------------------------------------------- e-mail

const EMAIL = /^([^\s@]+)@([^\s@]+)$/;
// RFC 5322 dot-atom, and letters of any script for internationalised addresses (RFC 6531)
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const MAX_LOCAL_CHARS = 64;

export const readEmail: Reader = (pasted, _known, out) => {
  let text: string;
  let confidence: Confidence = CONFIDENCE.high;
  if (pasted.scheme === 'mailto') {
    text = decodeComponent(beforeQuery(pasted.rest)).trim();
  } else if (pasted.scheme === '') {
    text = pasted.text;
  } else {
    return;
  }
  const m = EMAIL.exec(text);
  if (m === null) return;
  const local = m[1]!;
  const host = asciiHost(m[2]!);
  // compared without case (README.md here): the domain is, and providers treat the local part so
  const canonical = local.toLowerCase() + '@' + (host ?? m[2]!.toLowerCase());
  const valid = host !== null && hostProblem(host) === undefined && local.length <= MAX_LOCAL_CHARS && LOCAL_PART.test(local);
  if (!valid) confidence = CONFIDENCE.medium;
  out.push(valid ? { kind: 'email', canonical, valid, confidence } : { kind: 'email', canonical, valid, problem: 'email_format', confidence });
};

// ---------------------------------------------------------------- Telegram

// t.me/<handle>, telegram.me/<handle>, t.me/s/<handle> (the web preview), with or without
// https:// and www., a trailing slash, a message number or a query
const TELEGRAM_LINK = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/(?:s\/)?@?([A-Za-z0-9_]+)\/?(?:[/?#].*)?$/i;
const TG_RESOLVE = /^\/\/resolve\?(?:.*&)?domain=([A-Za-z0-9_]+)/i;
const AT_HANDLE = /^@([A-Za-z0-9_]+)$/;
const BARE_HANDLE = /^[A-Za-z0-9_]+$/;
// Telegram: 5 to 32 characters, a-z, 0-9 and underscores, starting with a letter, not ending with _
const HANDLE_RULES = /^[a-z][a-z0-9_]{3,30}[a-z0-9]$/i;
// t.me paths that are pages of Telegram, not accounts
const TELEGRAM_PATHS: ReadonlySet<string> = new Set([
  'joinchat', 'addstickers', 'addemoji', 'addtheme', 'setlanguage', 'share', 'proxy', 'socks', 'login',
  'invoice', 'boost', 'contact', 'iv', 'c', 's', 'bg', 'nft', 'giftcode', 'addlist', 'm',
]);

function pushHandle(handle: string, confidence: Confidence, out: Candidate[]): void {
  // usernames are case-insensitive on Telegram: the key is lower-case, without '@'
  const canonical = handle.toLowerCase();
  if (HANDLE_RULES.test(handle)) out.push({ kind: 'telegram', canonical, valid: true, confidence });
  else out.push({ kind: 'telegram', canonical, valid: false, problem: 'handle_rules', confidence: CONFIDENCE.medium });
}

export const readTelegram: Reader = (pasted, known, out) => {
  const { scheme, text } = pasted;
  if (scheme === 'tg') {
    const m = TG_RESOLVE.exec(pasted.rest);
    if (m) pushHandle(m[1]!, CONFIDENCE.high, out);
    return;
  }
  if (scheme !== '' && scheme !== 'http' && scheme !== 'https') return;
  const link = TELEGRAM_LINK.exec(text);
  if (link) {
    if (!TELEGRAM_PATHS.has(link[1]!.toLowerCase())) pushHandle(link[1]!, CONFIDENCE.high, out);
    return;
  }
  if (scheme !== '') return;
  const at = AT_HANDLE.exec(text);
  if (at) {
    pushHandle(at[1]!, CONFIDENCE.high, out);
  } else if (BARE_HANDLE.test(text)) {
    // a bare word may be a handle, a name or anything else: only one that keeps the rules
    if (known) pushHandle(text, CONFIDENCE.medium, out);
    else if (HANDLE_RULES.test(text)) pushHandle(text, CONFIDENCE.low, out);
  }
};
