// The registry's exports at registry scale (issue 20: "100k streamed in the bench with memory
// under 200 MB"): each export (JSON, CSV, STIX 2.1) written as the server writes it (once per
// revision, through a read-only snapshot in batches, to gzip) and read back unpacked, in a process
// of its own (server/features/open-data/exports-scale.child.ts), timed, with that process's peak
// memory (its maximum resident set).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ExportName } from '../server/features/open-data/exports';
import { BUDGETS } from './budgets';
import { copyOf } from './fixtures';
import { figure, log, type Figure } from './figures';

const CHILD = fileURLToPath(new URL('../server/features/open-data/exports-scale.child.ts', import.meta.url));
const NAMES: ExportName[] = ['json', 'csv', 'stix'];
/**
 * The process's JavaScript heap, capped far below an export's size (the JSON export of 100k is
 * ~290 MB): a writer that held the export would run out of it; without a cap V8 lets its heap grow
 * lazily, and the peak would show its appetite, not the export's need.
 */
const HEAP_CAP_MB = 64;

export function benchExports(databasePath: string, label: string, full: boolean): Figure[] {
  const copy = copyOf(databasePath);
  try {
    const figures: Figure[] = [];
    for (const name of NAMES) {
      const started = performance.now();
      const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, '--import', 'tsx', CHILD, copy.path, name], { encoding: 'utf8', timeout: 600_000 });
      if (run.status !== 0) throw new Error(`the ${name} export failed: ${run.stderr.slice(-2000)}`);
      const ms = performance.now() - started;
      const { bytes, maxRssBytes } = JSON.parse(run.stdout) as { bytes: number; maxRssBytes: number };
      log(`export ${name} ${label}: ${(bytes / 2 ** 20).toFixed(0)} MB in ${(ms / 1000).toFixed(1)} s, peak ${(maxRssBytes / 2 ** 20).toFixed(0)} MB`);
      figures.push(
        figure(`export ${name} ${label}: written and read back`, ms, 'ms'),
        figure(`export ${name} ${label}: unpacked size`, bytes / 2 ** 20, 'MB'),
        figure(`export ${name} ${label}: peak memory of its process (${HEAP_CAP_MB} MB heap)`, maxRssBytes / 2 ** 20, 'MB', full ? BUDGETS.exportPeakMb : null),
      );
    }
    return figures;
  } finally {
    copy.remove();
  }
}
