import { describe, expect, it } from 'vitest';
import type { SubmitResult } from './outbox';
import { nextTryText, waitingMessage, WAITING_WHERE } from './outbox-messages';
import type { OutboxEntry } from './outbox-types';

const at = (h: number, m: number) => new Date(2025, 2, 14, h, m).getTime();
const entry = {} as OutboxEntry;
const queued = (reason: Extract<SubmitResult, { outcome: 'queued' }>['reason'], nextAttemptAt: number | null, message: string | null = null) =>
  ({ outcome: 'queued', entry, reason, nextAttemptAt, message }) as const;

describe('nextTryText', () => {
  it('when the next try is a minute or more away, then it names its time', () => {
    expect(nextTryText(at(18, 47), at(18, 42))).toBe('We will try again at 6:47 PM.');
  });

  it('when the next try is under a minute away, then it says in a few seconds, with the time', () => {
    expect(nextTryText(at(18, 42) + 1_500, at(18, 42))).toBe('We will try again in a few seconds (at 6:42 PM).');
  });
});

describe('waitingMessage', () => {
  it('when offline, then it waits for the network and names no time and no server', () => {
    expect(waitingMessage(queued('offline', null))).toEqual({
      title: 'Saved. It will be sent when you are back online.', detail: WAITING_WHERE, reason: null,
    });
  });

  it('when the server had a problem, then it says so, when it retries, and the server\'s words apart', () => {
    expect(waitingMessage(queued('server', at(18, 47), 'Something went wrong on our side. Please try again.'), at(18, 42))).toEqual({
      title: 'Saved, but not sent yet: the server had a problem.',
      detail: `We will try again at 6:47 PM. ${WAITING_WHERE}`,
      reason: 'Something went wrong on our side. Please try again.',
    });
  });

  it('when no server answered while online, then it says the server could not be reached, with the next try, and no network message as the server\'s words', () => {
    const message = waitingMessage(queued('unreachable', at(18, 47), 'The server could not be reached. Check your connection.'), at(18, 42));
    expect(message.title).toBe('Saved, but not sent yet: the server could not be reached.');
    expect(message.detail).toBe(`We will try again at 6:47 PM. ${WAITING_WHERE}`);
    expect(message.reason).toBeNull();
  });

  it('when the first try has no outcome yet, then it says the server is slow and names no time', () => {
    expect(waitingMessage(queued('slow', null)).title).toBe('Saved. The server is slow to answer; it will keep trying.');
  });
});
