import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, nextTurn, runInSteps, watchQuietTime } from './quiet-time';

/** A node server's 'request' event with a response that can end, on a clock the test moves. */
function requests() {
  const server = new EventEmitter() as unknown as Server;
  return {
    server,
    start() {
      const res = new EventEmitter();
      server.emit('request', {}, res);
      return { end: () => res.emit('finish') };
    },
  };
}

describe('background steps wait for a quiet server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a step at once on a server that has had no request', async () => {
    const { server } = requests();
    const step = vi.fn();
    watchQuietTime(server).schedule(step);
    await vi.advanceTimersByTimeAsync(0);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('holds a step while a request is in flight and until the server has been quiet for QUIET_MS', async () => {
    const { server, start } = requests();
    const quiet = watchQuietTime(server);
    const request = start();
    const step = vi.fn();
    quiet.schedule(step);
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(step).not.toHaveBeenCalled();
    request.end();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 10);
    expect(step).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('runs a step that has waited MAX_WAIT_MS even when the server is never quiet', async () => {
    const { server, start } = requests();
    const quiet = watchQuietTime(server);
    const step = vi.fn();
    let request = start();
    quiet.schedule(step);
    // a new request every 100 ms, each over before the next: never QUIET_MS without one
    for (let t = 0; t < MAX_WAIT_MS - 200; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      request.end();
      request = start();
    }
    expect(step).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('counts a request whose connection closed before it finished as ended', async () => {
    const { server } = requests();
    const quiet = watchQuietTime(server);
    const res = new EventEmitter();
    server.emit('request', {}, res);
    const step = vi.fn();
    quiet.schedule(step);
    res.emit('close');
    res.emit('finish'); // counted once
    await vi.advanceTimersByTimeAsync(QUIET_MS + 10);
    expect(step).toHaveBeenCalledTimes(1);
  });
});

describe('on a real node server', () => {
  it('waits for a real request to end', async () => {
    let release!: () => void;
    const server = createServer((_req, res) => {
      release = () => res.end('ok');
    });
    const quiet = watchQuietTime(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
      await vi.waitFor(() => expect(release).toBeTypeOf('function'));
      const ranAt: number[] = [];
      quiet.schedule(() => ranAt.push(Date.now()));
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS + 100));
      expect(ranAt).toEqual([]);
      const endedAt = Date.now();
      release();
      expect(await answer).toBe('ok');
      await vi.waitFor(() => expect(ranAt).toHaveLength(1), { timeout: 2_000 });
      expect(ranAt[0]! - endedAt).toBeGreaterThanOrEqual(QUIET_MS - 20);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('work in steps', () => {
  it('runs a step until it says it is finished, then says so once', async () => {
    const steps: number[] = [];
    const ended = await new Promise<unknown[]>((resolve) => {
      runInSteps(nextTurn, () => {
        steps.push(steps.length);
        return steps.length === 3;
      }, (...args) => resolve(args));
    });
    expect(steps).toEqual([0, 1, 2]);
    expect(ended).toEqual([]);
  });

  it('stops at a step that throws and hands its error on', async () => {
    let calls = 0;
    const failure = new Error('the disk is gone');
    const ended = await new Promise<unknown>((resolve) => {
      runInSteps(nextTurn, () => {
        calls++;
        if (calls === 2) throw failure;
        return false;
      }, resolve);
    });
    expect(ended).toBe(failure);
    expect(calls).toBe(2);
  });
});
