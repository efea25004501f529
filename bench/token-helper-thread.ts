// The bench's token helper (shared/search-index/token-helper.ts): a worker thread, as the app's is a
// Web Worker (client/local/search/token-helper.worker.ts).
import { parentPort } from 'node:worker_threads';
import { serveTokenStructures } from '../shared/search-index/token-helper';

const port = parentPort!;
serveTokenStructures({ post: (message, transfer) => port.postMessage(message, transfer ?? []), listen: (listener) => port.on('message', listener) });
