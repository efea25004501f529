// markFullCollectionsAtOnce, seen in V8's own trace of a process that calls it: its full
// collections come without marking steps. The same process not calling it shows the steps, so the
// test sees the difference the call makes (a V8 that ignored the flag would fail it).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./garbage-collection.ts', import.meta.url));

// a heap that keeps growing and shedding, so that full collections come by themselves (no gc())
const CHILD = `
const { markFullCollectionsAtOnce } = await import(${JSON.stringify(MODULE)});
if (process.env.MARK_AT_ONCE === 'yes') markFullCollectionsAtOnce();
const kept = [];
for (let round = 0; round < 80; round++) {
  kept.push(Array.from({ length: 50_000 }, (_, i) => ({ i, text: round + '-' + i })));
  if (kept.length > 12) kept.shift();
}
`;

/** The full collections V8 traced in a child process that calls markFullCollectionsAtOnce or not. */
function fullCollections(markAtOnce: boolean): string[] {
  const run = spawnSync(process.execPath, ['--trace-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD], {
    encoding: 'utf8',
    env: { ...process.env, MARK_AT_ONCE: markAtOnce ? 'yes' : 'no' },
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter((line) => line.includes('Mark-Compact'));
}

const inSteps = (line: string) => /incremental marking|steps since start of marking/.test(line);

describe('full collections marked at once', () => {
  it('when the server has asked for it, then a full collection marks the heap at once, where it would have marked it in steps', () => {
    const byDefault = fullCollections(false);
    expect(byDefault.length).toBeGreaterThan(0);
    expect(byDefault.some(inSteps), byDefault.join('\n')).toBe(true);

    const atOnce = fullCollections(true);
    expect(atOnce.length).toBeGreaterThan(0);
    expect(atOnce.filter(inSteps), atOnce.join('\n')).toEqual([]);
  });
});
