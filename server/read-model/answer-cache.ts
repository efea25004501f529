// docs/design.md#scale: public read answers (list pages, sync pages) are the same for everyone at a
// revision, so each is serialised once and reused until the revision moves. A small LRU per
// database, keyed by the request's own parameters; an entry from an older revision is a miss.
import type { Engine } from '../db/engine/engine';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

export interface CachedAnswer {
  revision: number;
  /** the JSON body, as UTF-8 bytes (of an answer held compressed: made from that on first use) */
  bytes: Buffer;
  /** the body's length in bytes, where `bytes` is not made yet (heldCompressed) */
  byteLength?: number;
  etag: string;
  /** the body compressed per encoding, each made once on first use */
  compressed?: Partial<Record<Compression, Buffer>>;
  /** while compressAhead compresses it: a request waits for that rather than compress it again */
  compressing?: Partial<Record<Compression, Promise<void>>>;
  /** the encoding it is being sent in (null: none): a sync page's next is compressed ahead so */
  sentIn?: Compression | null;
  /**
   * mostly built for one request (a search's distinct query): brotli at quality 0, ~0.08 ms for a
   * light page of 20 profiles (~21 KB) instead of ~0.09 at 1, ~0.16 at 2 and ~0.5 at 5, for ~2%
   * more bytes than at 1 and ~11% more than at 2 (~0.6 KB; decisions 031, 032, 037 and 040)
   */
  oneOff?: boolean;
}

/**
 * The encodings answers are compressed in. Brotli first: at the quality used for big answers it
 * makes a 5000-profile sync page (14.3 MB) as small as gzip's default level does (2.0 MB) in half
 * the time (70 vs 133 ms), and it is decompressed faster; every current browser accepts it.
 */
export type Compression = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are: compressing them saves nothing worth it. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * The bytes to send for a cached answer: its form in the encoding asked for (made once) when the
 * body is big enough, else its plain bytes.
 */
export function answerBody(answer: CachedAnswer, encoding: Compression | null): { body: Buffer; encoding: Compression | null } {
  if (!encoding || bodyLength(answer) < COMPRESS_MIN_BYTES) return { body: answer.bytes, encoding: null };
  const compressed = (answer.compressed ??= {});
  compressed[encoding] ??= encoding === 'br' ? brotliCompressSync(answer.bytes, brotliOptions(answer.bytes, answer.oneOff)) : gzipSync(answer.bytes, GZIP_OPTIONS);
  return { body: compressed[encoding], encoding };
}

/** The length of an answer's body, without making its bytes when it is held compressed. */
export function bodyLength(answer: CachedAnswer): number {
  return answer.byteLength ?? answer.bytes.length;
}

/**
 * An answer held in one compressed form only (a search thread's, features/search/threads.ts): the
 * body is made from it the first time another encoding, or none, is asked. A search answer is
 * mostly sent once, in the encoding it was built for; its plain bytes (~4x the brotli) would only
 * be memory outside the heap for the main thread's collector to sweep (decision 036).
 */
export function heldCompressed(
  answer: Omit<CachedAnswer, 'bytes' | 'byteLength' | 'compressed'>,
  encoding: Compression,
  body: Buffer,
  byteLength: number,
): CachedAnswer {
  return new HeldCompressed(answer.revision, answer.etag, answer.oneOff, encoding, body, byteLength);
}

/**
 * heldCompressed's answer, a class so that every one shares one hidden class (decision 038). Made
 * as a spread object literal with a getter, each answer had a hidden class of its own (its getter
 * a new closure every time, which V8 keeps in the class): ~720 bytes against ~134, and under a
 * distinct-search load the main thread's young collections promoted ~40% less once it was this.
 */
class HeldCompressed implements CachedAnswer {
  readonly compressed: Partial<Record<Compression, Buffer>>;
  compressing: Partial<Record<Compression, Promise<void>>> | undefined = undefined;
  sentIn: Compression | null | undefined = undefined;
  private plain: Buffer | null = null;

  constructor(
    readonly revision: number,
    readonly etag: string,
    readonly oneOff: boolean | undefined,
    private readonly encoding: Compression,
    private readonly body: Buffer,
    readonly byteLength: number,
  ) {
    this.compressed = encoding === 'br' ? { br: body } : { gzip: body };
  }

  get bytes(): Buffer {
    return (this.plain ??= this.encoding === 'br' ? brotliDecompressSync(this.body) : gunzipSync(this.body));
  }
}

/** zlib's default level; its largest memLevel, ~10% faster for the same bytes on sync pages. */
const GZIP_OPTIONS: ZlibOptions = { level: 6, memLevel: 9 };

/**
 * Brotli's quality 5 for answers up to a megabyte (a list page: a millisecond or two), 3 above
 * (a sync page: quality 4 would save another 17% of the bytes for 2.4x the time), 0 for a
 * one-off answer (decisions 031, 032, 037 and 040).
 */
const BROTLI_LARGE_BYTES = 2 ** 20;
export function brotliOptions(bytes: Buffer, oneOff = false): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: bytes.length > BROTLI_LARGE_BYTES ? 3 : oneOff ? 0 : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  };
}

/**
 * Makes an answer's compressed form off the event loop (zlib's thread pool), for one prepared
 * ahead: a sync page of 5000 profiles takes 70-150 ms to compress. A request that comes first
 * compresses it itself (answerBody).
 */
export function compressAhead(answer: CachedAnswer, encoding: Compression): void {
  if (answer.compressed?.[encoding] || bodyLength(answer) < COMPRESS_MIN_BYTES) return;
  const compressing = (answer.compressing ??= {});
  if (compressing[encoding]) return;
  compressing[encoding] = new Promise((resolve) => {
    const done = (error: Error | null, result: Buffer) => {
      if (!error) (answer.compressed ??= {})[encoding] ??= result;
      delete compressing[encoding];
      resolve(); // a failure leaves it to answerBody
    };
    if (encoding === 'br') brotliCompress(answer.bytes, brotliOptions(answer.bytes, answer.oneOff), done);
    else gzip(answer.bytes, GZIP_OPTIONS, done);
  });
}

const DEFAULT_CAPACITY = 256;
/** Bounds the memory held too: a sync page of 5000 profiles alone is ~14 MB of JSON. */
const DEFAULT_MAX_BYTES = 64 * 2 ** 20;

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** answers being built by getAsync, by key */
  private readonly building = new Map<string, { revision: number; answer: Promise<CachedAnswer> }>();
  private bytes = 0;

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
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
    this.bytes += bodyLength(answer);
    // the newest entry stays even when it alone is over the bound: it is being sent now
    while (this.entries.size > 1 && (this.entries.size > this.capacity || this.bytes > this.maxBytes)) {
      this.drop(this.entries.keys().next().value as string);
    }
    return answer;
  }

  /**
   * As get, for answers built elsewhere (a search thread, features/search/threads.ts): a request
   * for a key already being built at this revision waits for that build rather than start another.
   * A build that fails is not kept.
   */
  getAsync(key: string, revision: number, build: () => Promise<CachedAnswer>): CachedAnswer | Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.revision === revision) return this.get(key, revision, () => hit);
    const pending = this.building.get(key);
    if (pending && pending.revision === revision) return pending.answer;
    const answer = build().then((built) => {
      if (this.building.get(key)?.answer === answer) this.building.delete(key);
      // a newer one may have come meanwhile: the newest stays
      const held = this.entries.get(key);
      if (!held || held.revision <= built.revision) this.get(key, built.revision, () => built);
      return built;
    }, (error: unknown) => {
      if (this.building.get(key)?.answer === answer) this.building.delete(key);
      throw error;
    });
    this.building.set(key, { revision, answer });
    return answer;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= bodyLength(entry);
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, Map<string, AnswerCache>>();

/**
 * The named cache of this database (one per kind of answer), made on first use: keyed by what
 * the answers are read through (a SQLite connection, or an engine's Kysely on PostgreSQL).
 */
export function answerCache(db: object, name: string): AnswerCache {
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

/**
 * The named cache of an engine's answers: one per SQLite connection (every engineOver of it
 * shares it), one per PostgreSQL engine (an instance's own; its entries hold while the revision
 * read per request is theirs).
 */
export function engineCache(engine: Pick<Engine, 'db' | 'sqlite'>, name: string): AnswerCache {
  return answerCache(engine.sqlite ?? engine.db, name);
}
