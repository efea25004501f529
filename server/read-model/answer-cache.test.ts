import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { AnswerCache, answerBody, bodyLength, brotliOptions, compressAhead, heldCompressed, matchesEtag, type CachedAnswer, type Compression } from './answer-cache';

const answer = (revision: number, json: string): CachedAnswer => ({ revision, bytes: Buffer.from(json), etag: `"${revision}-${json.length}"` });
const text = (cached: CachedAnswer) => cached.bytes.toString();

describe('the answer cache', () => {
  it('when an answer is held in one compressed form only (a search thread\'s), then it is sent in that form as it is, and its plain body and other form are made from it when asked', () => {
    const json = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Profile ${i}` })) });
    for (const encoding of ['br', 'gzip'] as const) {
      const body = encoding === 'br' ? brotliCompressSync(json) : gzipSync(json);
      const held = heldCompressed({ revision: 3, etag: '"e"', oneOff: true }, encoding, body, Buffer.byteLength(json));
      expect(bodyLength(held)).toBe(Buffer.byteLength(json));
      expect(answerBody(held, encoding)).toEqual({ body, encoding });
      expect(answerBody(held, null).body.toString()).toBe(json);
      const other = encoding === 'br' ? 'gzip' : 'br';
      const { body: otherBody } = answerBody(held, other);
      expect((other === 'br' ? brotliDecompressSync(otherBody) : gunzipSync(otherBody)).toString()).toBe(json);
      // the cache counts it by its body's length, as any answer
      const cache = new AnswerCache(10, Buffer.byteLength(json) * 2);
      cache.get('a', 3, () => held);
      cache.get('b', 3, () => answer(3, json));
      cache.get('c', 3, () => answer(3, json));
      expect(cache.size).toBe(2);
    }
  });


  it('when asked again at the same revision, then it reuses the answer; at another revision it builds anew', () => {
    const cache = new AnswerCache();
    let builds = 0;
    const get = (revision: number) => cache.get('k', revision, () => (builds++, answer(revision, `v${revision}`)));
    expect(text(get(1))).toBe('v1');
    expect(text(get(1))).toBe('v1');
    expect(builds).toBe(1);
    expect(text(get(2))).toBe('v2');
    expect(builds).toBe(2);
  });

  it('when answers are built elsewhere (getAsync), then a key asked twice meanwhile is built once, kept when done, and a failed build is not kept', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    const later = (revision: number, json: string, fail = false) => () => {
      builds++;
      return new Promise<CachedAnswer>((resolve, reject) => setTimeout(() => (fail ? reject(new Error('thread ended')) : resolve(answer(revision, json))), 5));
    };
    const first = cache.getAsync('k', 1, later(1, 'v1'));
    const second = cache.getAsync('k', 1, later(1, 'other'));
    expect(first).toBeInstanceOf(Promise);
    expect(text(await first)).toBe('v1');
    expect(text(await second)).toBe('v1');
    expect(builds).toBe(1);
    // kept: answered at once, not a promise
    const kept = cache.getAsync('k', 1, later(1, 'again'));
    expect(kept).not.toBeInstanceOf(Promise);
    expect(text(kept as CachedAnswer)).toBe('v1');
    // another revision builds anew; a failure is not kept, and the next ask builds again
    await expect(cache.getAsync('k', 2, later(2, 'v2', true))).rejects.toThrow('thread ended');
    expect(text(await cache.getAsync('k', 2, later(2, 'v2')))).toBe('v2');
    expect(builds).toBe(3);
  });

  it('when over its entry or size bound, then the least recently used answers go first', () => {
    const byCount = new AnswerCache(2);
    byCount.get('a', 1, () => answer(1, 'a'));
    byCount.get('b', 1, () => answer(1, 'b'));
    byCount.get('a', 1, () => answer(1, 'stale'));
    byCount.get('c', 1, () => answer(1, 'c'));
    expect(text(byCount.get('a', 1, () => answer(1, 'rebuilt')))).toBe('a');
    expect(text(byCount.get('b', 1, () => answer(1, 'rebuilt')))).toBe('rebuilt');

    const bySize = new AnswerCache(100, 10);
    bySize.get('a', 1, () => answer(1, '123456'));
    bySize.get('b', 1, () => answer(1, '123456'));
    expect(bySize.size).toBe(1);
  });

  it('when If-None-Match lists the ETag (weak, among others, or *), then it matches', () => {
    expect(matchesEtag('"x"', '"x"')).toBe(true);
    expect(matchesEtag('"y", W/"x"', '"x"')).toBe(true);
    expect(matchesEtag('*', '"x"')).toBe(true);
    expect(matchesEtag('"y"', '"x"')).toBe(false);
    expect(matchesEtag(undefined, '"x"')).toBe(false);
  });
});

describe('compressed ahead', () => {
  const json = JSON.stringify({ profiles: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Person ${i}` })) });
  const decode: Record<Compression, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

  for (const encoding of ['br', 'gzip'] as const) {
    it(`when an answer is prepared ahead in ${encoding}, then that form is made off the event loop and the next request sends it`, async () => {
      const answer: CachedAnswer = { revision: 1, bytes: Buffer.from(json), etag: '"a"' };

      compressAhead(answer, encoding);
      expect(answer.compressed?.[encoding]).toBeUndefined(); // not made on the event loop
      await vi.waitFor(() => expect(answer.compressed?.[encoding]).toBeDefined());
      const made = answer.compressed?.[encoding];

      const sent = answerBody(answer, encoding);
      expect(sent.encoding).toBe(encoding);
      expect(sent.body).toBe(made);
      expect(decode[encoding](sent.body).toString()).toBe(json);
    });
  }

  it('when a client asks for another encoding than the one made ahead, then it gets that one, made for it', () => {
    const answer: CachedAnswer = { revision: 1, bytes: Buffer.from(json), etag: '"c"' };
    const br = answerBody(answer, 'br');
    const gzip = answerBody(answer, 'gzip');
    const plain = answerBody(answer, null);
    expect([br.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', null]);
    expect(brotliDecompressSync(br.body).toString()).toBe(json);
    expect(gunzipSync(gzip.body).toString()).toBe(json);
    expect(plain.body.toString()).toBe(json);
    // brotli at the quality used is no bigger than gzip's default level on JSON like this
    expect(br.body.length).toBeLessThanOrEqual(gzip.body.length);
  });

  it('when an answer is one-off (a search), then its brotli is the quickest quality 0, and decodes the same', () => {
    const json = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Profile ${i}`, wallet: `0x${(i * 7919).toString(16).padStart(40, '0')}` })));
    const oneOff = { ...answer(1, json), oneOff: true };
    const usual = answer(1, json);
    const quick = answerBody(oneOff, 'br').body;

    expect(brotliDecompressSync(quick).toString()).toBe(json);
    expect(brotliOptions(oneOff.bytes, true).params).toMatchObject({ [constants.BROTLI_PARAM_QUALITY]: 0 });
    expect(quick.equals(brotliCompressSync(oneOff.bytes, brotliOptions(oneOff.bytes, true)))).toBe(true);
    expect(quick.equals(answerBody(usual, 'br').body)).toBe(false);
  });

  it('when an answer is too small to be worth compressing, then nothing is made', async () => {
    const answer: CachedAnswer = { revision: 1, bytes: Buffer.from('{"profiles":[]}'), etag: '"b"' };

    compressAhead(answer, 'br');
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(answer.compressed?.br).toBeUndefined();
    expect(answerBody(answer, 'br').encoding).toBe(null);
  });
});
