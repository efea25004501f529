// npm run bench [-- --check] [-- --quick] [-- --only NAME]
// Issue 6 "Search at registry scale": seeds registries of 10k and 100k profiles (once, kept in
// the temp folder) and measures side by side: reference vs index search, index build and memory,
// the list and sync endpoints under autocannon against a baseline, the browser's first sync,
// IndexedDB bulk load, offline cold start and delta, a first visit on slow 4G (issue 17), the
// initial JavaScript, Lighthouse (mobile) on the demo registry's home page (issue 17), and a flood of
// anonymous writes with the staff queue at 100k pending (issue 18). Prints a table,
// writes bench/results.json, and with --check exits 1 when a budget (bench/budgets.ts) is missed.
// --quick: a 10k-only smoke run with short load tests. --only NAME[,NAME]: just those steps (by the
// start of their names: `--only 'search call'`), for work on one figure. Not part of `npm test`.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { benchBrowser } from './browser';
import { benchBundle, buildClient } from './bundle';
import { benchFirstVisit, benchSearchCall } from './first-visit';
import { benchLighthouseOnDemo } from './lighthouse';
import { benchExports } from './exports';
import { benchFlood, benchPendingQueue } from './flood';
import { seededDatabase } from './fixtures';
import { figure, formatTable, log, passes, type Figure } from './figures';
import { benchSearch } from './search';
import { benchServer } from './server';
import { benchPostgres } from './postgres';

const { values } = parseArgs({
  options: { check: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, only: { type: 'string' } },
  allowPositionals: false,
});
const quick = values.quick ?? false;
const SIZES = quick ? [10_000] : [10_000, 100_000];
const LARGEST = SIZES[SIZES.length - 1]!;
const LABEL = `${LARGEST / 1000}k`;
const LOAD_SECONDS = quick ? 3 : 10;

const figures: Figure[] = [];

const only = values.only?.split(',').map((name) => name.trim()).filter(Boolean);

async function step(name: string, run: () => Figure[] | Promise<Figure[]>): Promise<void> {
  if (only && !only.some((wanted) => name.startsWith(wanted))) return;
  const started = performance.now();
  try {
    figures.push(...(await run()));
  } catch (error) {
    log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    figures.push(figure(`${name}: failed`, 1, 'error', { max: 0 }));
  }
  log(`${name} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const started = performance.now();
await step('bundle', () => {
  buildClient();
  return benchBundle();
});
const databases = new Map(SIZES.map((size) => [size, seededDatabase(size)]));
for (const size of SIZES) {
  // the budgets are for 100k; a --quick run at 10k shows the figures without them
  await step(`search ${size}`, () => benchSearch(size, databases.get(size)!, size === 100_000));
}
await step('server', () => benchServer(databases.get(LARGEST)!, LABEL, LOAD_SECONDS));
await step('search call', () => benchSearchCall(databases.get(LARGEST)!, LABEL, LOAD_SECONDS));
// issue 21: the list, sync and search figures above, on PostgreSQL
await step('postgres', () => benchPostgres(databases.get(LARGEST)!, LABEL, LOAD_SECONDS));
// issue 18: a flood of anonymous writes with the limits on, and the staff queue with 100k pending
await step('flood', () => benchFlood(databases.get(LARGEST)!, LABEL, LOAD_SECONDS));
await step('pending queue', () => benchPendingQueue(databases.get(LARGEST)!, LABEL, quick ? 10_000 : 100_000));
await step('browser', () => benchBrowser(databases.get(LARGEST)!, LABEL, !quick));
await step('exports', () => benchExports(databases.get(LARGEST)!, LABEL, !quick));
await step('first visit', () => benchFirstVisit(databases.get(LARGEST)!, LABEL));
// issue 17: on the demo registry (about 300 profiles), not the large one; one run when --quick
await step('lighthouse', () => benchLighthouseOnDemo(quick ? 1 : undefined));

const table = formatTable(figures);
process.stdout.write(`\n${table}\n\n`);
const failed = figures.filter((f) => !passes(f));
const results = {
  date: new Date().toISOString(),
  quick,
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
  durationSeconds: Math.round((performance.now() - started) / 1000),
  figures,
};
// a run of some steps leaves the last whole run's results in place
if (!only) {
  writeFileSync(fileURLToPath(new URL('./results.json', import.meta.url)), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results.json (${figures.length} figures, ${results.durationSeconds} s)`);
}
if (failed.length > 0) {
  log(`missed budgets: ${failed.map((f) => f.name).join('; ')}`);
  if (values.check) process.exit(1);
} else {
  log('every budget met');
}
process.exit(0);
