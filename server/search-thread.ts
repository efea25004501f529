// A search thread (features/search/threads.ts, docs/decisions/032-search-on-threads.md): its own
// connection and index of the registry, answering the main thread's calls with their bytes and
// compressed form. A composition root like app.ts: it gives the search feature the sync texts its
// pages are pasted from.
import { parentPort, workerData } from 'node:worker_threads';
import { openReader } from './db/connection';
import { engineOver, isPostgresUrl, openEngine } from './db/engine/engine';
import { AppError } from './errors';
import { answerBody } from './read-model/answer-cache';
import { publicLightProfileTexts, publicLightProfileTextsOn } from './features/sync/page-text';
import { buildSearchIndexNowOn } from './features/search/registry-index';
import { buildAnswer, type PageTexts, type SearchCall } from './features/search/service';
import { WARM_UP_SEARCHES_PER_STEP, warmUpCalls } from './features/search/warm-up';
import type { ThreadData, ThreadMessage, ThreadRequest } from './features/search/threads';

const port = parentPort;
if (!port) throw new Error('server/search-thread.ts runs as a worker thread (features/search/threads.ts).');
const { target } = workerData as ThreadData;
// asked to end, it ends between two pieces of its work, never inside one (features/search/threads.ts,
// EXIT_GRACE_MS); heard from the start, so that a server stopped while its index is built stops soon
port.on('message', (request: ThreadRequest) => {
  if (request.type === 'exit') process.exit(request.code);
});
// SQLite: the file opened for reading (mapped, decision 034); PostgreSQL: a small pool of its own
const engine = isPostgresUrl(target) ? await openEngine(target, { poolSize: 2 }) : engineOver(openReader(target));
/**
 * The pages' texts: the stored light texts, read synchronously on SQLite and through the data
 * layer on PostgreSQL (both features/sync's)
 */
const texts: PageTexts = { sqlite: publicLightProfileTexts, on: publicLightProfileTextsOn };

const send = (message: ThreadMessage) => port.postMessage(message);

/**
 * Bytes whose memory is theirs alone, to be handed over rather than copied: a buffer is often a
 * view of a bigger one (zlib's output is a few KB of a 16 KB chunk, a small Buffer a slice of
 * Node's pool), and sending a view copies all of what it views.
 */
const owned = (bytes: Uint8Array): Uint8Array & { buffer: ArrayBuffer } =>
  (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength
    ? bytes : new Uint8Array(bytes)) as Uint8Array & { buffer: ArrayBuffer };

// background steps (the index read ahead, a rebuild) run when the main thread says the server is
// quiet, one step per go-ahead, in the order they asked
const waitingSteps: (() => void)[] = [];
const onQuietTime = (step: () => void) => {
  waitingSteps.push(step);
  send({ type: 'step-wanted' });
};

/**
 * Searches of the shapes people make, answered and dropped a step at a time on the quiet time,
 * so that the thread's code is optimised before people's searches come (features/search/warm-up.ts).
 */
const warmUp = () => {
  let calls: SearchCall[] | null = null;
  let next = 0;
  const step = async () => {
    calls ??= await warmUpCalls(engine);
    for (const end = next + WARM_UP_SEARCHES_PER_STEP; next < Math.min(end, calls.length); next++) {
      answerBody(await buildAnswer(engine, calls[next]!, texts), 'br');
    }
    if (next < calls.length) onQuietTime(() => void step().catch(stopped));
  };
  // a refusal (the registry being read again, a search too long) only ends the warm-up early
  const stopped = (error: unknown) => {
    if (!(error instanceof AppError)) console.error('Warming the search thread up stopped; its first searches are slower.', error);
  };
  onQuietTime(() => void step().catch(stopped));
};

// the index before the first call (its identifier values are read ahead on the quiet time, then
// its code is warmed up)
await buildSearchIndexNowOn(engine, onQuietTime, (error) => {
  if (error) console.error('Reading the search index ahead stopped; the searches that need it read it.', error);
  warmUp();
});
send({ type: 'ready' });

const answerCall = async ({ id, call, encoding }: Extract<ThreadRequest, { type: 'call' }>): Promise<void> => {
  try {
    const answer = await buildAnswer(engine, call, texts);
    const { body, encoding: sentIn } = answerBody(answer, encoding); // compressed here, off the main thread
    const { revision, etag } = answer;
    if (sentIn) {
      // the form it is sent in, alone: the main thread makes another from it if ever asked (decision 036)
      const sent = owned(body);
      port.postMessage({ type: 'answer', id, revision, etag, encoding: sentIn, body: sent, byteLength: answer.bytes.length } satisfies ThreadMessage, [sent.buffer]);
      return;
    }
    const bytes = owned(answer.bytes);
    const compressed = Object.fromEntries(Object.entries(answer.compressed ?? {}).map(([encoding, b]) => [encoding, owned(b)]));
    port.postMessage({ type: 'answer', id, revision, etag, bytes, compressed } satisfies ThreadMessage, [bytes.buffer, ...Object.values(compressed).map((b) => b.buffer)]);
  } catch (error) {
    if (error instanceof AppError) {
      send({ type: 'failed', id, status: error.status, message: error.message, ...(error.headers ? { headers: error.headers } : {}) });
    } else {
      // not a refusal: the main thread answers it as any failure (http/errors.ts), logged there too
      console.error('A search thread failed to answer.', error);
      send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
    }
  }
};

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'exit') return;
  if (request.type === 'step') {
    waitingSteps.shift()?.();
    return;
  }
  void answerCall(request);
});
