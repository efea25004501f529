import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, filterFromSearch, mergePage, PANEL_PAGE_SIZE, sinceOf } from './admin-api';
import { EMPTY_LISTS } from './cards';
import { pendingScam, staffProfile } from './test-support';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 0, minute)).toISOString();
const scams = (from: number, n: number, step: number) =>
  Array.from({ length: n }, (_, i) => pendingScam({ id: 1000 + from + i * step, reported: at(from + i * step) }));
const profiles = (from: number, n: number, step: number) =>
  Array.from({ length: n }, (_, i) => staffProfile({ id: 5000 + from + i * step, submittedAt: at(from + i * step), verification_status: 'unverified' }));

describe('a page of the panel merged from its queues', () => {
  it('when two queues interleave, then the page takes the oldest of both and each cursor moves past the last of its own shown', () => {
    // scams at even minutes, profiles at odd ones: a whole page of each came back
    const lists = { ...EMPTY_LISTS, pendingScams: scams(0, PANEL_PAGE_SIZE, 2), developers: profiles(1, PANEL_PAGE_SIZE, 2) };
    const { cards, next } = mergePage(lists, FIRST_PAGE, new Set(['pendingScams', 'developers']));
    expect(cards).toHaveLength(PANEL_PAGE_SIZE);
    expect(cards.slice(0, 3).map((c) => c.key)).toEqual(['scam:1000', 'developer:5001', 'scam:1002']);
    // 50 of each shown: the cursors are the 50th of each
    expect(next).toEqual({ ...FIRST_PAGE, pendingScams: 1098, developers: 5099 });
  });

  it('when every queue gave less than a page and all of it shows, then there is no next page; a whole page taken means there may be more', () => {
    const few = { ...EMPTY_LISTS, pendingScams: scams(0, 3, 1) };
    expect(mergePage(few, FIRST_PAGE, new Set()).next).toBeNull();
    const whole = { ...EMPTY_LISTS, pendingScams: scams(0, PANEL_PAGE_SIZE, 1) };
    expect(mergePage(whole, FIRST_PAGE, new Set(['pendingScams'])).next).toEqual({ ...FIRST_PAGE, pendingScams: 1000 + PANEL_PAGE_SIZE - 1 });
  });
});

describe('the filters in the address', () => {
  it('when the address names a known kind and range, then they are read; anything else is ignored', () => {
    expect(filterFromSearch(new URLSearchParams('kind=edit-scam&submitted=week'))).toEqual({ kind: 'edit-scam', submitted: 'week' });
    expect(filterFromSearch(new URLSearchParams('kind=everything&submitted=year'))).toEqual({ kind: null, submitted: null });
  });

  it('when a range is chosen, then it starts that many days back, on the minute', () => {
    const now = Date.UTC(2026, 10, 25, 12, 30, 45);
    expect(sinceOf('day', now)).toBe('2026-11-24T12:30:00.000Z');
    expect(sinceOf(null, now)).toBeUndefined();
  });
});
