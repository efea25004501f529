import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  QUIET_AFTER_MS, awaitingFirstAnswer, holdReplication, noteTyping, replicationQuiet, resetReplicationGate, whenReplicationMayStart,
} from './replication-gate';

afterEach(() => {
  vi.useRealTimers();
  resetReplicationGate();
});

/** Whether a promise has settled after the timers ran to `ms`. */
async function settledBy(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => { settled = true; });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('when a first download may start', () => {
  it('when a page waits for its first answer, then the download starts once it is shown, not before', async () => {
    vi.useFakeTimers();
    const shown = awaitingFirstAnswer();
    const start = whenReplicationMayStart(1_000, 20_000);
    expect(await settledBy(start, 5_000)).toBe(false);
    shown();
    expect(await settledBy(start, 0)).toBe(true);
  });

  it('when nothing asks for an answer, then the download starts after the idle time', async () => {
    vi.useFakeTimers();
    const start = whenReplicationMayStart(1_000, 20_000);
    expect(await settledBy(start, 900)).toBe(false);
    expect(await settledBy(start, 200)).toBe(true);
  });

  it('when the answer never comes, then the download starts after the longest wait', async () => {
    vi.useFakeTimers();
    awaitingFirstAnswer();
    const start = whenReplicationMayStart(1_000, 20_000);
    expect(await settledBy(start, 19_000)).toBe(false);
    expect(await settledBy(start, 1_100)).toBe(true);
  });

  it('once opened, then later waits resolve at once', async () => {
    awaitingFirstAnswer()();
    await expect(whenReplicationMayStart(60_000, 60_000)).resolves.toBeUndefined();
  });
});

describe('when a sync request may go out', () => {
  it('when a search is on the line, then the request waits until it is answered and the line is quiet a moment', async () => {
    vi.useFakeTimers();
    const release = holdReplication();
    const quiet = replicationQuiet(10_000);
    expect(await settledBy(quiet, 2_000)).toBe(false);
    release();
    expect(await settledBy(quiet, QUIET_AFTER_MS - 50)).toBe(false);
    expect(await settledBy(quiet, 100)).toBe(true);
  });

  it('when someone is typing, then the request waits for a pause', async () => {
    vi.useFakeTimers();
    noteTyping();
    const quiet = replicationQuiet(10_000);
    expect(await settledBy(quiet, QUIET_AFTER_MS - 50)).toBe(false);
    expect(await settledBy(quiet, 100)).toBe(true);
  });

  it('when a search never ends, then the request goes after the longest wait', async () => {
    vi.useFakeTimers();
    holdReplication();
    const quiet = replicationQuiet(3_000);
    expect(await settledBy(quiet, 2_900)).toBe(false);
    expect(await settledBy(quiet, 200)).toBe(true);
  });

  it('when nothing happened, then the request goes at once', async () => {
    await expect(replicationQuiet()).resolves.toBeUndefined();
  });
});
