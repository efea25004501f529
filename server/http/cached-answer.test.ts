// sendCachedAnswer on a real node server: an answer marked compressOffLoop is compressed on
// zlib's threads, not in the request's turn of the event loop, and arrives the same (superagent
// decodes brotli).
import { createServer } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CachedAnswer } from '../read-model/answer-cache';
import { sendCachedAnswer } from './cached-answer';

const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `profile ${i}` })) });

async function sent(offLoop: boolean): Promise<{ compressedInTurn: boolean; decoded: string }> {
  const answer: CachedAnswer = { revision: 1, bytes: Buffer.from(body), etag: '"a"', compressOffLoop: offLoop };
  let compressedInTurn = false;
  const server = createServer((req, res) => {
    sendCachedAnswer(req, res, answer);
    compressedInTurn = answer.compressed?.br !== undefined;
  });
  const res = await request(server).get('/').set('Accept-Encoding', 'br').buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });
  expect(res.headers['content-encoding']).toBe('br');
  return { compressedInTurn, decoded: (res.body as Buffer).toString() };
}

describe('an answer sent compressed', () => {
  it('when it is marked to compress off the event loop, then the request turn does not compress it and the body is the same', async () => {
    const off = await sent(true);
    expect(off.compressedInTurn).toBe(false);
    expect(off.decoded).toBe(body);
  });

  it('when it is not marked, then it is compressed in the request turn (as list and sync pages are)', async () => {
    const on = await sent(false);
    expect(on.compressedInTurn).toBe(true);
    expect(on.decoded).toBe(body);
  });
});
