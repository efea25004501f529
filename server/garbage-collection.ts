// How the server's process collects its old generation once it serves (docs/decisions/045).
// By default V8 marks a full collection incrementally: steps of marking interleaved with the
// event loop over ~0.1 s, each slowing whatever answer is being built meanwhile. Under the search
// call's load at 100k profiles (50 connections, ~2,000 answers a second) every such collection of
// the main thread's ~90 MB heap left 70–120 answers slower than the load's p99. Marked at once, a
// collection holds the ~50 answers in flight for one pause (~50–100 ms here) and delays none
// after it: fewer slow answers, and less work in all (no marking steps, no write barrier kept
// on meanwhile). The pause grows with the heap: what the main thread holds (the check's lookalike
// index most) is what to keep small.
import { setFlagsFromString } from 'node:v8';

/** The V8 flag: a full collection marks the heap at once. */
export const ATOMIC_MARKING_FLAG = '--no-incremental-marking';

/**
 * From now on, every full collection of this process (its main thread and its worker threads:
 * V8's flags are the process's) marks the heap at once rather than in steps. The server calls it
 * once its search threads have built their index, so that the build's collections stay as they
 * were (marked in steps, they keep the building heap smaller).
 */
export function markFullCollectionsAtOnce(): void {
  setFlagsFromString(ATOMIC_MARKING_FLAG);
}
