// The revision as many requests read it at once (revision.ts sharedReads, revisionNow on
// PostgreSQL): reads are shared, and never given to a request that asked after the read began.
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { inTransaction, openEngine } from './engine/engine';
import { nextRevisionOn, revisionNow, sharedReads } from './revision';

const engines = useEngines();

/** A read whose answers the test gives, one at a time, in the order the reads began. */
function heldReads() {
  const waiting: { resolve(value: number): void; reject(error: Error): void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => waiting.push({ resolve, reject }));
  const settle = async (outcome: number | Error) => {
    const next = waiting.shift()!;
    if (outcome instanceof Error) next.reject(outcome);
    else next.resolve(outcome);
    // the callbacks after it (the next read's start) run
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { read, waiting, settle };
}

describe('sharedReads', () => {
  it('when callers ask while a read runs, then they share the next read, which begins after the running one ends', async () => {
    const held = heldReads();
    const shared = sharedReads(held.read);
    const first = shared();
    const during = [shared(), shared(), shared()];
    expect(held.waiting).toHaveLength(1); // the next has not begun: it would be as old as the running one
    await held.settle(1);
    expect(held.waiting).toHaveLength(1); // the next began once the first ended
    const later = shared(); // asked while the second runs: waits for a third
    await held.settle(2);
    await held.settle(3);
    expect(await first).toBe(1);
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect(await later).toBe(3);
    expect(held.waiting).toHaveLength(0);
  });

  it('when a hundred callers ask at once, then at most two reads are outstanding', async () => {
    const held = heldReads();
    const shared = sharedReads(held.read);
    const answers = Array.from({ length: 100 }, () => shared());
    expect(held.waiting).toHaveLength(1);
    await held.settle(7);
    await held.settle(8);
    expect((await Promise.all(answers)).filter((v) => v === 8)).toHaveLength(99);
  });

  it('when a read fails, then its callers get the failure and the callers after them a read of their own', async () => {
    const held = heldReads();
    const shared = sharedReads(held.read);
    const failing = shared();
    const after = shared();
    await held.settle(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await held.settle(4);
    expect(await after).toBe(4);
    // and then a new read again
    const again = shared();
    await held.settle(5);
    expect(await again).toBe(5);
  });
});

describe('revisionNow on PostgreSQL', () => {
  it('when another instance commits a change, then a read asked after the commit sees it, however many reads run at once', async () => {
    const url = await engines.postgresUrl();
    const [reader, writer] = [await openEngine(url), await openEngine(url)];
    // reads running all the time, as under load: one is nearly always in flight when a check asks
    let pumping = true;
    const pump = async () => {
      while (pumping) await revisionNow(reader);
    };
    const pumps = Array.from({ length: 5 }, pump);
    try {
      for (let round = 0; round < 30; round++) {
        const committed = await inTransaction(writer, (trx) => nextRevisionOn(trx));
        expect(await revisionNow(reader)).toBeGreaterThanOrEqual(committed);
      }
    } finally {
      pumping = false;
      await Promise.all(pumps);
      await reader.close();
      await writer.close();
    }
  });
});
