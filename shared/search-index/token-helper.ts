// A build's token structures (token-structures.ts) made in a helper worker, on the machine's
// other core, while the build reads the profiles and lays their postings out (SearchIndex.buildWith).
// The build sends its new tokens in batches as it makes them (strings are cheap to send); the
// helper answers the build's end with the structures as array buffers, transferred, not copied.
// Both ends speak through a Port, so the same code serves a browser Worker and Node's
// worker_threads (the bench, the tests).
import { TokenStructuresBuilder, packTokenStructures, unpackTokenStructures, type TokenStructures, type TokenStructuresSink } from './token-structures';

/** One end of a channel: what it sends, and what it hears (a listener per end). */
export interface Port<In, Out> {
  post(message: Out, transfer?: ArrayBuffer[]): void;
  listen(listener: (message: In) => void): void;
}

/** An end of Node's channels (a worker_threads Worker, its parentPort, a MessagePort) as a Port. */
export function nodePort<In, Out>(end: { postMessage(message: unknown, transfer: ArrayBuffer[]): void; on(event: 'message', listener: (message: In) => void): unknown }): Port<In, Out> {
  return {
    post: (message, transfer) => end.postMessage(message, transfer ?? []),
    listen: (listener) => { end.on('message', listener); },
  };
}

export type TokenHelperRequest =
  | { type: 'start'; build: number; textSize: number }
  | { type: 'tokens'; build: number; tokens: string[] }
  | { type: 'finish'; build: number };

/** build -1: the helper itself failed (every build waiting on it fails) */
export type TokenHelperReply =
  | { type: 'done'; build: number; buffers: ArrayBuffer[] }
  | { type: 'failed'; build: number; message: string };

/** tokens a message (~30 units each at 100k seeded profiles: ~0.5 MB a message) */
const BATCH = 8192;
/**
 * How long a build waits for the helper's answer once it has sent its last tokens (the helper
 * takes ~0.3 s at 100k profiles): a helper that neither answers nor fails must not hold every
 * search up, so the build fails and is made without it.
 */
export const HELPER_ANSWER_TIMEOUT_MS = 15_000;

/** The build's end of a helper: a sink per build, any number of builds one after another. */
export class TokenHelper {
  private builds = 0;
  private waiting = new Map<number, { resolve: (s: TokenStructures) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  constructor(
    private readonly port: Port<TokenHelperReply, TokenHelperRequest>,
    private readonly answerTimeoutMs = HELPER_ANSWER_TIMEOUT_MS,
  ) {
    port.listen((reply) => {
      if (reply.type === 'failed' && reply.build < 0) {
        this.fail(reply.message);
        return;
      }
      const waiter = this.waiting.get(reply.build);
      if (!waiter) return;
      this.waiting.delete(reply.build);
      if (reply.type === 'done') waiter.resolve(unpackTokenStructures(reply.buffers));
      else waiter.reject(new Error(`The token helper failed: ${reply.message}`));
    });
  }

  /** The helper is given up: every build waiting on it fails, and so would later ones. */
  private fail(message: string): void {
    this.failure = new Error(`The token helper failed: ${message}`);
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }

  /** Whether the helper has failed (its builds would fail too). */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** A sink for one build (SearchIndex.buildWith's tokenSink). */
  sink(textSize: number): TokenStructuresSink {
    const build = ++this.builds;
    const port = this.port;
    port.post({ type: 'start', build, textSize });
    let batch: string[] = [];
    return {
      add: (token) => {
        batch.push(token);
        if (batch.length === BATCH) {
          port.post({ type: 'tokens', build, tokens: batch });
          batch = [];
        }
      },
      finish: () => new Promise<TokenStructures>((resolve, reject) => {
        if (this.failure) {
          reject(this.failure);
          return;
        }
        const timer = setTimeout(() => {
          if (this.waiting.has(build)) this.fail(`no answer within ${this.answerTimeoutMs} ms`);
        }, this.answerTimeoutMs);
        const settled = () => clearTimeout(timer);
        this.waiting.set(build, {
          resolve: (structures) => { settled(); resolve(structures); },
          reject: (error) => { settled(); reject(error); },
        });
        if (batch.length) port.post({ type: 'tokens', build, tokens: batch });
        batch = [];
        port.post({ type: 'finish', build });
      }),
    };
  }
}

/** The helper's end: makes the structures of each build's tokens. */
export function serveTokenStructures(port: Port<TokenHelperRequest, TokenHelperReply>): void {
  let current: { build: number; builder: TokenStructuresBuilder } | null = null;
  port.listen((request) => {
    try {
      if (request.type === 'start') {
        current = { build: request.build, builder: new TokenStructuresBuilder(request.textSize) };
        return;
      }
      if (current?.build !== request.build) return; // a build given up (or never started here)
      if (request.type === 'tokens') {
        const builder = current.builder;
        for (const token of request.tokens) builder.add(token);
        return;
      }
      const buffers = packTokenStructures(current.builder.finish());
      current = null;
      port.post({ type: 'done', build: request.build, buffers }, buffers);
    } catch (error) {
      current = null;
      port.post({ type: 'failed', build: request.build, message: error instanceof Error ? error.message : String(error) });
    }
  });
}
