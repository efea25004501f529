// The bench's token helper (shared/search/index/token-helper.ts): a worker thread, as the app's is a
// Web Worker (client/local/search/token-helper.worker.ts).
import { parentPort } from 'node:worker_threads';
import { nodePort, serveTokenReader } from '../shared/search/index/token-helper';

serveTokenReader(nodePort(parentPort!));
