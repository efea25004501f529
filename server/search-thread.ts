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
import { buildAnswer, type PageTexts } from './features/search/service';
import type { ThreadData, ThreadMessage, ThreadRequest } from './features/search/threads';

const port = parentPort;
if (!port) throw new Error('server/search-thread.ts runs as a worker thread (features/search/threads.ts).');
const { target } = workerData as ThreadData;
// SQLite: the file opened for reading (mapped, decision 034); PostgreSQL: a small pool of its own
const engine = isPostgresUrl(target) ? await openEngine(target, { poolSize: 2 }) : engineOver(openReader(target));
/**
 * The pages' texts: the stored light texts, read synchronously on SQLite and through the data
 * layer on PostgreSQL (both features/sync's)
 */
const texts: PageTexts = { sqlite: publicLightProfileTexts, on: publicLightProfileTextsOn };

const send = (message: ThreadMessage) => port.postMessage(message);

// background steps (the index read ahead, a rebuild) run when the main thread says the server is
// quiet, one step per go-ahead, in the order they asked
const waitingSteps: (() => void)[] = [];
const onQuietTime = (step: () => void) => {
  waitingSteps.push(step);
  send({ type: 'step-wanted' });
};

// the index before the first call (its identifier values are read ahead on the quiet time)
await buildSearchIndexNowOn(engine, onQuietTime, (error) => {
  if (error) console.error('Reading the search index ahead stopped; the searches that need it read it.', error);
});
send({ type: 'ready' });

const answerCall = async ({ id, call, encoding }: Extract<ThreadRequest, { type: 'call' }>): Promise<void> => {
  try {
    const answer = await buildAnswer(engine, call, texts);
    answerBody(answer, encoding); // compressed here, off the main thread
    const compressed = answer.compressed ?? {};
    // handed over, not copied, where a buffer has its memory to itself (not a slice of Node's pool)
    const own = [answer.bytes, ...Object.values(compressed)].flatMap((b) => (b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.buffer.byteLength === b.byteLength ? [b.buffer] : []));
    port.postMessage({ type: 'answer', id, revision: answer.revision, bytes: answer.bytes, etag: answer.etag, compressed } satisfies ThreadMessage, own);
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
  if (request.type === 'step') {
    waitingSteps.shift()?.();
    return;
  }
  void answerCall(request);
});
