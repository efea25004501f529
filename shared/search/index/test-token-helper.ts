// Tests' token helpers (token-helper.ts): the two ends of a real MessageChannel of Node's, which
// clones messages and transfers buffers as a worker's channel does, in the test's own thread.
import { MessageChannel } from 'node:worker_threads';
import { TokenHelper, nodePort, serveTokenReader, type TokenHelperReply } from './token-helper';

/**
 * A helper over a fresh channel: serving (as the helper worker does), failing as a worker whose
 * script did not load, or silent (it never answers); close() ends the channel.
 */
export function channelTokenHelper(mode: 'serving' | 'failing' | 'silent' = 'serving', answerTimeoutMs?: number): { helper: TokenHelper; close: () => void } {
  const channel = new MessageChannel();
  if (mode === 'serving') serveTokenReader(nodePort(channel.port2));
  else if (mode === 'failing') {
    const helperSide = nodePort<unknown, TokenHelperReply>(channel.port2);
    helperSide.listen(() => helperSide.post({ type: 'failed', build: -1, message: 'the worker script did not load' }));
  }
  return {
    helper: new TokenHelper(nodePort(channel.port1), answerTimeoutMs),
    close: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}
