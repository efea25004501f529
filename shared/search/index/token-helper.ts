// A build's tokenising done in a helper worker, on the machine's other core, while the build reads
// the profiles' values and facets (SearchIndex.buildWith, decision 016). The build sends every text
// it would tokenise, in the order it reads them, in batches (strings are cheap to send); the helper
// tokenises them with readTokens (tokenise.ts: the build's own code: the same dictionary, ids and
// postings) and answers the build's end with the dictionary (cloned strings) and the rest as array
// buffers, transferred, not copied. Both ends speak through a Port, so the same code serves a
// browser Worker and Node's worker_threads (the bench, the tests).
import { ListTable } from './list-table';
import { packTokenStructures, unpackTokenStructures } from './token-structures';
import { readTokens } from './tokenise';
import type { TokenParts, TokenReader, TokenReaderSink } from './types';

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

/** what a batch item is: a shared value's text, a slot's own text, a slot's own text beyond Latin-1 (its values follow in `wide`) */
const SHARED = 0;
const OWN = 1;
const WIDE = 2;

export type TokenHelperRequest =
  | { type: 'start'; build: number; textSize: number }
  | { type: 'texts'; build: number; kinds: Uint8Array; texts: string[]; wide: string[][] }
  | { type: 'finish'; build: number };

/** build -1: the helper itself failed (every build waiting on it fails) */
export type TokenHelperReply =
  | { type: 'done'; build: number; slots: number; values: number; tokens: string[]; buffers: ArrayBuffer[] }
  | { type: 'failed'; build: number; message: string };

/** texts a message (~170 units each at 100k seeded profiles: ~1.4 MB a message) */
const BATCH = 8192;
/**
 * How long a build waits for the helper's answer once it has sent its last texts (the helper
 * ends ~0.1 s after the build at 100k profiles): a helper that neither answers nor fails must not
 * hold every search up, so the build fails and is made without it.
 */
export const HELPER_ANSWER_TIMEOUT_MS = 15_000;

/** The parts as the reply carries them: the dictionary as strings, the rest as buffers. */
function packTokenParts(parts: TokenParts): { slots: number; values: number; tokens: string[]; buffers: ArrayBuffer[] } {
  return {
    slots: parts.slots,
    values: parts.values,
    tokens: parts.tokens,
    buffers: [parts.tokenTable.buffer as ArrayBuffer, ...parts.postings.pack(), ...parts.tokenValues.pack(), ...packTokenStructures(parts.structures)],
  };
}

function unpackTokenParts({ slots, values, tokens, buffers }: { slots: number; values: number; tokens: string[]; buffers: ArrayBuffer[] }): TokenParts {
  const [table, p1, p2, v1, v2, ...structures] = buffers as [ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer, ArrayBuffer, ...ArrayBuffer[]];
  return {
    slots, values, tokens,
    tokenTable: new Int32Array(table),
    postings: ListTable.unpack(p1, p2),
    tokenValues: ListTable.unpack(v1, v2),
    structures: unpackTokenStructures(structures),
  };
}

/** The build's end of a helper: a reader per build, any number of builds one after another. */
export class TokenHelper {
  private builds = 0;
  private waiting = new Map<number, { resolve: (parts: TokenParts) => void; reject: (e: Error) => void }>();
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
      if (reply.type === 'done') waiter.resolve(unpackTokenParts(reply));
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

  /** A reader for one build (SearchIndex.buildWith's tokenReader). */
  reader(textSize: number): TokenReaderSink {
    const build = ++this.builds;
    const port = this.port;
    port.post({ type: 'start', build, textSize });
    let kinds = new Uint8Array(BATCH);
    let texts: string[] = [];
    let wide: string[][] = [];
    const send = () => {
      const n = texts.length;
      const sent = n === BATCH ? kinds : kinds.slice(0, n);
      port.post({ type: 'texts', build, kinds: sent, texts, wide }, [sent.buffer as ArrayBuffer]);
      kinds = new Uint8Array(BATCH);
      texts = [];
      wide = [];
    };
    const add = (kind: number, text: string) => {
      kinds[texts.length] = kind;
      texts.push(text);
      if (texts.length === BATCH) send();
    };
    return {
      shared: (text) => add(SHARED, text),
      own: (text) => add(OWN, text),
      wide: (text, values) => {
        wide.push(values); // (before add(): a full batch is sent with its values)
        add(WIDE, text);
      },
      finish: () => new Promise<TokenParts>((resolve, reject) => {
        if (this.failure) {
          reject(this.failure);
          return;
        }
        const timer = setTimeout(() => {
          if (this.waiting.has(build)) this.fail(`no answer within ${this.answerTimeoutMs} ms`);
        }, this.answerTimeoutMs);
        const settled = () => clearTimeout(timer);
        this.waiting.set(build, {
          resolve: (parts) => { settled(); resolve(parts); },
          reject: (error) => { settled(); reject(error); },
        });
        if (texts.length) send();
        port.post({ type: 'finish', build });
      }),
    };
  }
}

/** The helper's end: tokenises each build's texts (readTokens) and answers its end. */
export function serveTokenReader(port: Port<TokenHelperRequest, TokenHelperReply>): void {
  let current: { build: number; reader: TokenReader } | null = null;
  port.listen((request) => {
    try {
      if (request.type === 'start') {
        current = { build: request.build, reader: readTokens(request.textSize) };
        return;
      }
      if (current?.build !== request.build) return; // a build given up (or never started here)
      if (request.type === 'texts') {
        const { reader } = current;
        const { kinds, texts, wide } = request;
        let w = 0;
        for (let i = 0; i < texts.length; i++) {
          const kind = kinds[i];
          if (kind === OWN) reader.own(texts[i]!);
          else if (kind === SHARED) reader.shared(texts[i]!);
          else reader.wide(texts[i]!, wide[w++]!);
        }
        return;
      }
      const reply = packTokenParts(current.reader.finish());
      current = null;
      port.post({ type: 'done', build: request.build, ...reply }, reply.buffers);
    } catch (error) {
      current = null;
      port.post({ type: 'failed', build: request.build, message: error instanceof Error ? error.message : String(error) });
    }
  });
}
