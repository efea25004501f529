// When a first visit's download may start, and when its next request may go out (issue 17,
// docs/decisions/030-a-lighter-replica-after-the-first-answer.md). On a phone network the first
// sync's pages share the line with the page's own first answers: they wait for the registry's
// first answer on screen (or for a moment, when nothing asks), and each request waits while a
// search is on the line or the person is typing, so replication never competes with them.

/** Nothing on screen asked for an answer within this long: the download starts. */
export const REPLICATION_IDLE_START_MS = 1_500;
/** The download starts after this long whatever the page does (a stuck answer must not hold it forever). */
export const REPLICATION_START_MAX_MS = 20_000;
/** How long the line stays quiet after a search answered or a key was pressed before a sync request goes out. */
export const QUIET_AFTER_MS = 400;
/** A sync request waits at most this long for quiet (someone typing on and on still gets an offline copy). */
export const QUIET_MAX_MS = 5_000;

let opened = false;
let waiting = 0;
const openers = new Set<() => void>();
let holds = 0;
let lastActivity = 0;

function open(): void {
  if (opened) return;
  opened = true;
  for (const wake of openers) wake();
  openers.clear();
}

/**
 * A page that will show an answer the download should not compete with (the registry's first
 * results). Call the returned function once its first answer is on screen, or when it goes away
 * (another route): either lets the download start.
 */
export function awaitingFirstAnswer(): () => void {
  if (opened) return () => undefined;
  waiting++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    waiting--;
    open();
  };
}

/** Resolves when the download may start: a first answer shown, nothing asked within idleMs, or maxMs passed. */
export function whenReplicationMayStart(idleMs = REPLICATION_IDLE_START_MS, maxMs = REPLICATION_START_MAX_MS): Promise<void> {
  if (opened) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const wake = () => {
      for (const timer of timers) clearTimeout(timer);
      openers.delete(wake);
      resolve();
    };
    openers.add(wake);
    timers.push(setTimeout(() => { if (waiting === 0) open(); }, idleMs));
    timers.push(setTimeout(open, maxMs));
  });
}

/** A search is on the line: sync requests wait until it is answered (call the returned function then). */
export function holdReplication(): () => void {
  holds++;
  lastActivity = Date.now();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    lastActivity = Date.now();
  };
}

/** A key pressed in a search box: the next sync request waits for a pause. */
export function noteTyping(): void {
  lastActivity = Date.now();
}

/** Resolves once no search is on the line and nobody typed for QUIET_AFTER_MS (at most maxMs). */
export async function replicationQuiet(maxMs = QUIET_MAX_MS): Promise<void> {
  const until = Date.now() + maxMs;
  for (;;) {
    const wait = holds > 0 ? QUIET_AFTER_MS : QUIET_AFTER_MS - (Date.now() - lastActivity);
    if (wait <= 0 || Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - Date.now())));
  }
}

/** Back to a fresh page's state (tests). */
export function resetReplicationGate(): void {
  opened = false;
  waiting = 0;
  openers.clear();
  holds = 0;
  lastActivity = 0;
}
