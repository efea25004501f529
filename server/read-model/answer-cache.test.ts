import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { AnswerCache, answerBody, gzipAhead, matchesEtag, type CachedAnswer } from './answer-cache';

const answer = (revision: number, json: string) => ({ revision, json, etag: `"${revision}-${json.length}"` });

describe('the answer cache', () => {
  it('when asked again at the same revision, then it reuses the answer; at another revision it builds anew', () => {
    const cache = new AnswerCache();
    let builds = 0;
    const get = (revision: number) => cache.get('k', revision, () => (builds++, answer(revision, `v${revision}`)));
    expect(get(1).json).toBe('v1');
    expect(get(1).json).toBe('v1');
    expect(builds).toBe(1);
    expect(get(2).json).toBe('v2');
    expect(builds).toBe(2);
  });

  it('when over its entry or size bound, then the least recently used answers go first', () => {
    const byCount = new AnswerCache(2);
    byCount.get('a', 1, () => answer(1, 'a'));
    byCount.get('b', 1, () => answer(1, 'b'));
    byCount.get('a', 1, () => answer(1, 'stale'));
    byCount.get('c', 1, () => answer(1, 'c'));
    expect(byCount.get('a', 1, () => answer(1, 'rebuilt')).json).toBe('a');
    expect(byCount.get('b', 1, () => answer(1, 'rebuilt')).json).toBe('rebuilt');

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

describe('gzip ahead', () => {
  it('when an answer is prepared ahead, then its gzip form is made off the event loop and the next request sends it', async () => {
    const json = JSON.stringify({ profiles: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Person ${i}` })) });
    const answer: CachedAnswer = { revision: 1, json, etag: '"a"' };

    gzipAhead(answer);
    expect(answer.gzip).toBeUndefined(); // not made on the event loop
    await vi.waitFor(() => expect(answer.gzip).toBeDefined());
    const made = answer.gzip;

    const sent = answerBody(answer, true);
    expect(sent.gzip).toBe(true);
    expect(sent.body).toBe(made);
    expect(gunzipSync(sent.body).toString()).toBe(json);
  });

  it('when an answer is too small to be worth compressing, then nothing is made', async () => {
    const answer: CachedAnswer = { revision: 1, json: '{"profiles":[]}', etag: '"b"' };

    gzipAhead(answer);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(answer.gzip).toBeUndefined();
    expect(answerBody(answer, true).gzip).toBe(false);
  });
});
