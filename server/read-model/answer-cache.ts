// DESIGN.md "Scale": public read answers (list pages, sync pages) are the same for everyone at a
// revision, so each is serialised once and reused until the revision moves. A small LRU per
// database, keyed by the request's own parameters; an entry from an older revision is a miss.
import { gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import type { Db } from '../db/connection';

export interface CachedAnswer {
  revision: number;
  json: string;
  etag: string;
  /** the body as bytes, and gzip-compressed, each made once on first use */
  bytes?: Buffer;
  gzip?: Buffer;
  /** while gzipAhead compresses it: a request waits for that rather than compress it again */
  gzipping?: Promise<void>;
}

/** Bodies smaller than this are sent as they are: compressing them saves nothing worth it. */
const GZIP_MIN_BYTES = 1024;

/**
 * The bytes to send for a cached answer: its gzip form (made once) when the client accepts it
 * and the body is big enough, else its plain bytes (made once).
 */
export function answerBody(answer: CachedAnswer, acceptsGzip: boolean): { body: Buffer; gzip: boolean } {
  answer.bytes ??= Buffer.from(answer.json);
  if (!acceptsGzip || answer.bytes.length < GZIP_MIN_BYTES) return { body: answer.bytes, gzip: false };
  answer.gzip ??= gzipSync(answer.bytes, GZIP_OPTIONS);
  return { body: answer.gzip, gzip: true };
}

/** zlib's default level; its largest memLevel, ~10% faster for the same bytes on sync pages. */
const GZIP_OPTIONS: ZlibOptions = { level: 6, memLevel: 9 };

/**
 * Makes an answer's gzip form off the event loop (zlib's thread pool), for one prepared ahead:
 * a sync page of 5000 profiles takes ~150 ms to compress. A request that comes first compresses
 * it itself (answerBody).
 */
export function gzipAhead(answer: CachedAnswer): void {
  answer.bytes ??= Buffer.from(answer.json);
  if (answer.gzip || answer.bytes.length < GZIP_MIN_BYTES) return;
  if (answer.gzipping) return;
  answer.gzipping = new Promise((resolve) => {
    gzip(answer.bytes!, GZIP_OPTIONS, (error, compressed) => {
      if (!error) answer.gzip ??= compressed;
      answer.gzipping = undefined;
      resolve(); // a failure leaves it to answerBody
    });
  });
}

const DEFAULT_CAPACITY = 256;
/** Bounds the memory held too: a sync page of 5000 profiles alone is ~14 MB of JSON. */
const DEFAULT_MAX_CHARS = 64 * 2 ** 20;

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private chars = 0;

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly maxChars = DEFAULT_MAX_CHARS,
  ) {}

  /** The answer for `key` at `revision`, built (and kept) when missing or from another revision. */
  get(key: string, revision: number, build: () => CachedAnswer): CachedAnswer {
    const hit = this.entries.get(key);
    if (hit && hit.revision === revision) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const answer = build();
    this.drop(key);
    this.entries.set(key, answer);
    this.chars += answer.json.length;
    // the newest entry stays even when it alone is over the bound: it is being sent now
    while (this.entries.size > 1 && (this.entries.size > this.capacity || this.chars > this.maxChars)) {
      this.drop(this.entries.keys().next().value as string);
    }
    return answer;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.chars -= entry.json.length;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, Map<string, AnswerCache>>();

/** The named cache of this database (one per kind of answer), made on first use. */
export function answerCache(db: Db, name: string): AnswerCache {
  let byName = caches.get(db);
  if (!byName) {
    byName = new Map();
    caches.set(db, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = new AnswerCache();
    byName.set(name, cache);
  }
  return cache;
}

/** True when the request's If-None-Match names this ETag (a list, W/ or * included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
