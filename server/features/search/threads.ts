// The search call's answers built on worker threads (issue 17: p99 ≤ 50 ms at 50 connections at
// 100k, docs/decisions/032-search-on-threads.md). A distinct query costs ~2 ms of CPU (the index's
// queries, the page's texts, brotli); on the event loop every other request waited behind it, and
// one core did all of them. Each thread opens the database itself, keeps its own index of the
// registry (registry-index.ts, brought forward by revision from the same file, so every thread
// answers what the database holds at the revision it read) and answers a call with its bytes and
// their compressed form. The main thread keeps the answer cache: a key asked again at the same
// revision is answered there, without a thread.
//
// The thread's entry is given by the composition root (server/search-thread.mjs), which composes
// this feature with the sync texts its pages are pasted from, as app.ts does in process.
// On PostgreSQL (issue 21) each thread opens a pool of two connections to the database at the
// URL it is given, and reads the revision per call as the main thread does.
import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors';
import { nextTurn, type StepScheduler } from '../../http/quiet-time';
import { heldCompressed, type CachedAnswer, type Compression } from '../../read-model/answer-cache';
import { SEARCH_STARTING_MESSAGE } from './registry-index';
import type { SearchCall } from './service';

/**
 * What the main thread sends a search thread: a call to answer, the go-ahead for one step of its
 * background work, or the word to end (with this exit code) between two pieces of its work.
 */
export type ThreadRequest =
  | { type: 'call'; id: number; call: SearchCall; encoding: Compression | null }
  | { type: 'step' }
  | { type: 'exit'; code: number };

/**
 * What a search thread sends back: ready once its index is built, then one answer per request;
 * and, for each step of its background work (the index's identifier values read ahead, a rebuild),
 * a request for the go-ahead, which the main thread gives on its quiet time.
 */
export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'step-wanted' }
  /**
   * `bytes` and `compressed` as built, or, where the call was for an encoding and its body was
   * compressed in it, that form alone (`encoding`, `body`) and the plain body's length
   */
  | { type: 'answer'; id: number; revision: number; etag: string; bytes: Uint8Array; compressed: Partial<Record<Compression, Uint8Array>> }
  | { type: 'answer'; id: number; revision: number; etag: string; encoding: Compression; body: Uint8Array; byteLength: number }
  /** `status`: a refusal the thread made (an AppError); without it, something failed */
  | { type: 'failed'; id: number; status?: number; message: string; headers?: Record<string, string> };

/** What a thread is started with (workerData): the registry's SQLite file, or its postgres:// URL (a small pool per thread). */
export interface ThreadData { target: string }

const STARTING_RETRY_SECONDS = '5';
/**
 * A thread's young generation: an answer's short-lived objects and bitsets die there rather than
 * being promoted and collected by a full collection of the ~130 MB index heap (every ~0.6 s under
 * load at V8's default, pauses up to ~90 ms; ~12% less CPU an answer at 100k).
 */
const YOUNG_GENERATION_MB = 96;
const starting = () => new AppError(503, SEARCH_STARTING_MESSAGE, undefined, { 'Retry-After': STARTING_RETRY_SECONDS });

/** What a search asked while the queue is full is told (the device searches its own copy meanwhile). */
export const SEARCH_BUSY_MESSAGE = 'The online search is busy. Try again in a moment.';
const BUSY_RETRY_SECONDS = '2';
const busy = () => new AppError(503, SEARCH_BUSY_MESSAGE, undefined, { 'Retry-After': BUSY_RETRY_SECONDS });
/**
 * Calls that may wait in the queue, per thread: ~0.1–0.2 s of work at 100k on this project's
 * machine. Past it the server is asked more than it answers (a flood of distinct searches from
 * many addresses, which the limits per address do not stop): a call is refused at once rather
 * than queued behind seconds of others, and the queue's memory stays bounded.
 */
const WAITING_PER_THREAD = 128;

interface Pending { resolve(answer: CachedAnswer): void; reject(error: unknown): void }

/** A call waiting for a thread, in the order it was asked. */
interface Queued extends Pending { call: SearchCall; encoding: Compression | null }

/**
 * Calls a thread holds at once: the one it builds and the next, so it never waits for the main
 * thread between two. The others wait in one queue, first asked first answered: a thread that
 * pauses (a garbage collection, a long query) holds only its next call back, not a share of
 * every call in flight, which is what set the slowest answers under load.
 */
const CALLS_PER_THREAD = 2;

/**
 * How long a thread asked to end may take before it is terminated: it ends when it reads the word,
 * after the piece of work it is in. Terminated mid-work, a thread may be stopped between a brotli
 * encoder's creation and its start, and Node 20 then aborts the whole process as the thread is torn
 * down (`close before init`, node_zlib.cc): a CI run died of it, a warm-up compressing as its
 * test's server stopped. Only a thread that does not answer within this is terminated.
 */
const EXIT_GRACE_MS = 2_000;

interface Thread {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Pending>;
}

/**
 * Asks a thread to end with `code` and resolves once it has; one that does not within
 * EXIT_GRACE_MS (a thread that never reads its messages) is terminated.
 */
async function ended(worker: Worker, code: number): Promise<void> {
  if (worker.threadId === -1) return; // already ended
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ type: 'exit', code } satisfies ThreadRequest);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), EXIT_GRACE_MS); });
  try {
    if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
  } finally {
    clearTimeout(timer);
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class SearchThreads {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closing = false;
  private readonly waiting: (() => void)[] = [];
  private readonly queue: Queued[] = [];

  /**
   * `entry`: the thread's module (server/search-thread.mjs); `count` threads, each with its own
   * index of the registry at `target`: a SQLite file (threads cannot share an in-memory database)
   * or a postgres:// URL (each thread with a pool of its own).
   * `schedule`: when a thread's background steps may run — the server's quiet time, so that,
   * as on the main thread before, reading an index ahead never competes with a first sync.
   * `waitingMax`: how many calls may wait for a thread before more are refused (busy).
   */
  constructor(
    private readonly entry: URL,
    private readonly target: string,
    count: number,
    private readonly schedule: StepScheduler = nextTurn,
    private readonly waitingMax = WAITING_PER_THREAD * count,
  ) {
    if (count < 1) throw new Error('SearchThreads needs at least one thread.');
    for (let i = 0; i < count; i++) this.threads.push(this.start());
  }

  /** Resolves once every thread has built its index (~5-10 s at 100k profiles, the threads side by side). */
  ready(): Promise<void> {
    if (this.threads.every((thread) => thread.ready)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * The answer to a call, built by the next thread free for it (calls wait in one queue): a 503
   * while none is ready, and a 503 that says the search is busy while the queue is full.
   */
  ask(call: SearchCall, encoding: Compression | null): Promise<CachedAnswer> {
    if (!this.threads.some((thread) => thread.ready)) return Promise.reject(starting());
    if (this.queue.length >= this.waitingMax) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      this.queue.push({ call, encoding, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands the queue's oldest calls to the ready threads holding fewest, up to CALLS_PER_THREAD each. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let chosen: Thread | null = null;
      for (const thread of this.threads) {
        if (thread.ready && thread.pending.size < CALLS_PER_THREAD && (!chosen || thread.pending.size < chosen.pending.size)) chosen = thread;
      }
      if (!chosen) return;
      const { call, encoding, resolve, reject } = this.queue.shift()!;
      const id = this.nextId++;
      chosen.pending.set(id, { resolve, reject });
      chosen.worker.postMessage({ type: 'call', id, call, encoding } satisfies ThreadRequest);
    }
  }

  /** Stops every thread; what they were asked fails with a 503. */
  async close(): Promise<void> {
    this.closing = true;
    for (const queued of this.queue.splice(0)) queued.reject(starting());
    await Promise.all(this.threads.map((thread) => ended(thread.worker, 0)));
  }

  /** How many threads there are, ready or not (tests). */
  get size(): number {
    return this.threads.length;
  }

  /** Ends one thread as a crash would (tests): its requests fail, and another starts in its place. */
  async crashOne(): Promise<void> {
    const thread = this.threads[0];
    if (thread) await ended(thread.worker, 1);
  }

  private start(): Thread {
    const worker = new Worker(this.entry, {
      workerData: { target: this.target } satisfies ThreadData,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const thread: Thread = { worker, ready: false, pending: new Map() };
    // a thread idle in its pool does not keep the process alive (tests, a server shutting down)
    worker.unref();
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'ready') {
        thread.ready = true;
        if (this.threads.every((t) => t.ready)) for (const resolve of this.waiting.splice(0)) resolve();
        this.dispatch();
        return;
      }
      if (message.type === 'step-wanted') {
        this.schedule(() => {
          if (this.threads.includes(thread)) thread.worker.postMessage({ type: 'step' } satisfies ThreadRequest);
        });
        return;
      }
      const pending = thread.pending.get(message.id);
      if (!pending) return;
      thread.pending.delete(message.id);
      this.dispatch();
      if (message.type === 'failed') {
        pending.reject(message.status === undefined
          ? new Error(`A search thread failed: ${message.message}`)
          : new AppError(message.status, message.message, undefined, message.headers));
        return;
      }
      const { revision, etag } = message;
      if ('body' in message) {
        pending.resolve(heldCompressed({ revision, etag, oneOff: true }, message.encoding, asBuffer(message.body), message.byteLength));
        return;
      }
      const compressed: Partial<Record<Compression, Buffer>> = {};
      for (const [encoding, bytes] of Object.entries(message.compressed) as [Compression, Uint8Array][]) compressed[encoding] = asBuffer(bytes);
      pending.resolve({ revision, bytes: asBuffer(message.bytes), etag, compressed, oneOff: true });
    });
    worker.on('error', (error) => {
      console.error('A search thread failed; another starts in its place.', error);
    });
    worker.on('exit', () => {
      for (const pending of thread.pending.values()) pending.reject(starting());
      thread.pending.clear();
      const at = this.threads.indexOf(thread);
      if (at !== -1 && !this.closing) this.threads[at] = this.start();
      // the queue goes on with the threads still ready; with none, its calls get the 503 a new call would
      if (this.threads.some((t) => t.ready)) this.dispatch();
      else for (const queued of this.queue.splice(0)) queued.reject(starting());
    });
    return thread;
  }
}
