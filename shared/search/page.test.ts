import { describe, expect, it } from 'vitest';
import { REGISTRY_PAGE_SIZE } from '../constants';
import { lastPage, pageQuery, requestKey } from './page';

describe('registry pages', () => {
  it('when page 3 is asked, then the index is asked for the third run of REGISTRY_PAGE_SIZE results', () => {
    expect(pageQuery({ kind: 'project', query: 'ada', filters: { Industry: ['DeFi'] } }, 3)).toEqual({
      kind: 'project', query: 'ada', filters: { Industry: ['DeFi'] }, offset: 2 * REGISTRY_PAGE_SIZE, limit: REGISTRY_PAGE_SIZE, countOther: true,
    });
  });

  it('when the results end part way through a page, then that page is the last one', () => {
    expect(lastPage(2 * REGISTRY_PAGE_SIZE + 1)).toBe(3);
    expect(lastPage(2 * REGISTRY_PAGE_SIZE)).toBe(2);
  });

  it('when two requests differ only in their page, then their keys differ', () => {
    const request = { kind: 'developer' as const, query: '', filters: {} };
    expect(requestKey({ ...request, page: 1 })).not.toBe(requestKey({ ...request, page: 2 }));
    expect(requestKey({ ...request, page: 1 })).toBe(requestKey({ ...request, page: 1 }));
  });
});
