// The exports at scale (issue 20: "100k streamed … with memory under 200 MB"): on a registry of
// 15,000 seeded profiles each export is written and read back in a process whose JavaScript heap
// is capped far below the export's own size, and its peak memory stays under the bound.
// A writer that held the export (or a batch per profile, or every batch) would run out of heap:
// memory follows the batch, not the registry, so what holds at 15k holds at 100k.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test-support';
import { seedDemo } from '../../demo/seeding';
import type { ExportName } from './exports';

const PROFILES = 15_000;
/** The child's old-space cap: the JSON export of 15k profiles alone is ~40 MB of text. */
const HEAP_CAP_MB = 48;
/** The bound on the process's memory while it exports. */
const RSS_BOUND = 200 * 2 ** 20;
const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'exports-scale.child.ts');

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
  seedDemo(t.db, { profiles: PROFILES, pending: false });
}, 120_000);
afterAll(() => t.close());

describe(`the exports of ${PROFILES} profiles`, () => {
  it.each(['json', 'csv', 'stix'] as ExportName[])('when the %s export is written and read back with a small heap, then it completes under the memory bound', (name) => {
    const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, '--import', 'tsx', CHILD, t.config.DATABASE_PATH, name], {
      encoding: 'utf8', timeout: 120_000,
    });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const { bytes, maxRssBytes } = JSON.parse(run.stdout) as { bytes: number; maxRssBytes: number };
    console.log(`${name}: ${(bytes / 2 ** 20).toFixed(1)} MB unpacked; peak RSS ${(maxRssBytes / 2 ** 20).toFixed(0)} MB with a ${HEAP_CAP_MB} MB heap`);
    expect(maxRssBytes).toBeLessThan(RSS_BOUND);
    if (name !== 'csv') expect(bytes).toBeGreaterThan(HEAP_CAP_MB * 2 ** 20 * 0.8);
  }, 130_000);
});
