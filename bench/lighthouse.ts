// Issue 17: Lighthouse (mobile, its default simulated slow-4G and 4x CPU throttling) on the home
// page of the demo registry, a first visit: the four category scores, CLS, LCP, TBT and FCP.
// Chromium is the system one, launched through playwright-core with a debugging port that
// Lighthouse connects to (tests/e2e/support/browser.ts). Runs on its own too:
//   node --import tsx bench/lighthouse.ts
// (builds the client when its sources changed, starts the server on a fresh demo database).
// Lighthouse's scores move with the machine's load: on 2 shared cores a run can lose 0.05–0.1
// of performance to other work, so bench/run.ts takes the median of LIGHTHOUSE_RUNS runs.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../tests/e2e/support/browser';
import { freePort, startServer } from '../tests/e2e/support/server';
import { BUDGETS } from './budgets';
import { figure, log, median, type Figure } from './figures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const LIGHTHOUSE_RUNS = 3;

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  clsScore: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** failing audits of the run (score below 0.9), for whoever fixes them */
  failing: string[];
}

/** One Lighthouse mobile run on `url` in a fresh Chromium (a first visit: empty storage). */
async function runOnce(url: string): Promise<LighthouseRun> {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    // LIGHTHOUSE_REPORT=<file>: keep the whole report of the last run, to read what an audit found
    if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr, null, 1));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => lhr.categories[id]?.score ?? NaN;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      clsScore: numeric('cumulative-layout-shift'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      failing,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse mobile on the home page of `url` (a server with the demo registry), median of `runs`. */
export async function benchLighthouse(url: string, runs = LIGHTHOUSE_RUNS): Promise<Figure[]> {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await runOnce(`${url}/`);
    log(`lighthouse run ${i + 1}/${runs}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
      `best practices ${run.bestPractices}, SEO ${run.seo}, CLS ${run.clsScore.toFixed(3)}, LCP ${Math.round(run.lcpMs)} ms, ` +
      `TBT ${Math.round(run.tbtMs)} ms, FCP ${Math.round(run.fcpMs)} ms`);
    if (run.failing.length > 0) log(`  audits under 0.9: ${run.failing.join('; ')}`);
    all.push(run);
  }
  const m = (pick: (r: LighthouseRun) => number) => median(all.map(pick));
  const label = `lighthouse mobile home (median of ${runs})`;
  return [
    figure(`${label}: performance`, m((r) => r.performance), 'score', BUDGETS.lighthousePerformance),
    figure(`${label}: CLS`, m((r) => r.clsScore), 'score', BUDGETS.lighthouseCls),
    figure(`${label}: LCP`, m((r) => r.lcpMs), 'ms', BUDGETS.lighthouseLcpMs),
    figure(`${label}: TBT`, m((r) => r.tbtMs), 'ms'),
    figure(`${label}: FCP`, m((r) => r.fcpMs), 'ms'),
    figure(`${label}: accessibility`, m((r) => r.accessibility), 'score', BUDGETS.lighthouseOtherCategories),
    figure(`${label}: best practices`, m((r) => r.bestPractices), 'score', BUDGETS.lighthouseOtherCategories),
    figure(`${label}: SEO`, m((r) => r.seo), 'score', BUDGETS.lighthouseOtherCategories),
  ];
}

/** Starts a server on a fresh demo database (the ~300 profiles `npm start` seeds), runs, stops it. */
export async function benchLighthouseOnDemo(runs = LIGHTHOUSE_RUNS): Promise<Figure[]> {
  const server = await startServer({ env: { SEED_DEMO: '1' } });
  try {
    return await benchLighthouse(server.url, runs);
  } finally {
    await server.stop();
  }
}

// run alone: node --import tsx bench/lighthouse.ts [runs]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const build = spawnSync(process.execPath, ['scripts/ensure-client-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
  const { formatTable } = await import('./figures');
  const runs = Number(process.argv[2] ?? LIGHTHOUSE_RUNS);
  const figures = await benchLighthouseOnDemo(runs);
  process.stdout.write(`\n${formatTable(figures)}\n`);
  process.exit(0);
}
