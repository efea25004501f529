// One tab at a time (docs/design.md#sync, "Outbox"): the Web Locks API serialises the
// replicator and the outbox across the tabs of this origin. Where it is missing (old browsers,
// jsdom) the work runs unlocked, still serialised within this tab by the callers.

type LockMode = 'wait' | 'ifAvailable';

/**
 * Runs `fn` while holding the lock `name`. With 'ifAvailable', returns `{ ran: false }` at once
 * when another tab holds it; with 'wait', queues behind the holder.
 */
export async function withWebLock<T>(name: string, mode: LockMode, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks?.request) return { ran: true, value: await fn() };
  return locks.request(name, { ifAvailable: mode === 'ifAvailable' }, async (lock) => {
    if (!lock) return { ran: false } as const;
    return { ran: true, value: await fn() } as const;
  });
}
