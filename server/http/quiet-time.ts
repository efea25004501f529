// Background work that yields to requests (docs/design.md#runtime). The server's start-up chores
// (storing sync texts, the lookalike index) run in small steps; a step runs only once no request
// has been in flight for QUIET_MS, so a first sync that fetches page after page is not slowed by
// them. So that a server that is never quiet still finishes them, a step that has waited
// MAX_WAIT_MS runs anyway.
import type { Server } from 'node:http';

/** how long without a request in flight before a background step runs */
export const QUIET_MS = 300;
/** the longest a background step waits for a quiet moment */
export const MAX_WAIT_MS = 2_000;

/** Schedules one step of background work. */
export type StepScheduler = (step: () => void) => void;

/** How a background job is cut: rows a step, and when each step runs. */
export interface BackgroundOptions {
  batch?: number;
  schedule?: StepScheduler;
}

/** The default for work with no server to watch (tests, scripts): the next turn of the event loop. */
export const nextTurn: StepScheduler = (step) => setImmediate(step);

export interface QuietTime {
  /** runs `step` once the server has been quiet for QUIET_MS (or after MAX_WAIT_MS) */
  schedule: StepScheduler;
}

/** Watches `server`'s requests (in flight, and when the last one ended). */
export function watchQuietTime(server: Server, now: () => number = Date.now): QuietTime {
  let inFlight = 0;
  let lastActive = -Infinity;
  server.on('request', (_req, res) => {
    inFlight++;
    lastActive = now();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      inFlight--;
      lastActive = now();
    };
    res.once('finish', end);
    res.once('close', end);
  });
  const quietFor = () => (inFlight > 0 ? 0 : now() - lastActive);
  return {
    schedule(step) {
      const since = now();
      const wait = () => {
        const quiet = quietFor();
        if (quiet >= QUIET_MS || now() - since >= MAX_WAIT_MS) {
          setImmediate(step);
          return;
        }
        setTimeout(wait, inFlight > 0 ? QUIET_MS : QUIET_MS - quiet).unref();
      };
      wait();
    },
  };
}

/**
 * Background work cut in steps: runs `step` with `schedule` until it returns true (finished) or
 * throws; `done` hears the end, or the error that stopped it.
 */
export function runInSteps(schedule: StepScheduler, step: () => boolean, done: (error?: unknown) => void): void {
  const next = (): void => {
    let finished: boolean;
    try {
      finished = step();
    } catch (error) {
      done(error);
      return;
    }
    if (finished) done();
    else schedule(next);
  };
  schedule(next);
}
