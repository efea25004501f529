import { describe, expect, it } from 'vitest';
import { AnswerCache, matchesEtag } from './answer-cache';

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
