// Search at registry scale: the reference (searchRegistry in shared/search/reference.ts) against
// the index (shared/search/index) on the same seeded profiles, per query kind, p50/p95 after a
// warm-up; the index's build time and memory; a check that both give the same answers; and the
// identifier lookup figures of issue 16 (bench/search-lookup.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../server/db/connection';
import { publicSnapshot } from '../server/read-model/snapshot';
import { engineOver } from '../server/db/engine/engine';
import { facetValues, type FilterCategory } from '../shared/search/facets';
import { searchRegistry, type ActiveFilters } from '../shared/search/reference';
import { SearchIndex, type IndexedProfile } from '../shared/search/index/search-index';
import { TokenHelper, nodePort, type TokenHelperReply, type TokenHelperRequest } from '../shared/search/index/token-helper';
import type { Profile } from '../shared/contract/profile';
import { BUDGETS } from './budgets';
import { figure, log, median, percentile, type Figure } from './figures';
import { benchLookup } from './search-lookup';

const WARMUP = 10;
const ITERATIONS = 200;
// the reference takes up to a second a query at 100k: it runs until it has ITERATIONS samples
// or REFERENCE_BUDGET_MS has passed, but never fewer than REFERENCE_MIN samples
const REFERENCE_BUDGET_MS = 8_000;
const REFERENCE_MIN = 30;
const PAGE = 20;
const VARIANTS = 5;

interface Query {
  query: string;
  filters: ActiveFilters;
}

type QueryKind = 'one term' | 'special term' | 'three filters' | 'term + three filters';
const KINDS: readonly QueryKind[] = ['one term', 'special term', 'three filters', 'term + three filters'];

/** index builds timed per registry size */
const BUILDS = 5;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The verified profiles of a seeded database as the search worker has them: parsed from the
 * JSON the sync sends (the worker builds from the objects it parsed and checked, fresh and
 * compact in memory, not from the server's read-model objects scattered over its heap).
 */
export async function loadProfiles(databasePath: string): Promise<IndexedProfile[]> {
  return JSON.parse(JSON.stringify(await readProfiles(openDatabase(databasePath)))) as IndexedProfile[];
}

/** The verified profiles through the public read model (then the database is closed). */
export async function readProfiles(db: ReturnType<typeof openDatabase>): Promise<IndexedProfile[]> {
  try {
    const snapshot = await publicSnapshot(engineOver(db));
    return [
      ...snapshot.profiles.developer.map((p) => ({ ...p, kind: 'developer' as const })),
      ...snapshot.profiles.project.map((p) => ({ ...p, kind: 'project' as const })),
    ];
  } finally {
    db.close();
  }
}

/** A fixed query set taken from the data at fixed positions, so every run asks the same. */
function querySet(profiles: readonly Profile[]): Record<QueryKind, Query[]> {
  const at = (i: number) => profiles[(i * 7919) % profiles.length]!;
  const firstValue = (p: Profile, category: FilterCategory) => facetValues(p, category)[0];
  const terms: string[] = [];
  const special: string[] = [];
  const filters: ActiveFilters[] = [];
  for (let i = 1; terms.length < VARIANTS || special.length < VARIANTS || filters.length < VARIANTS; i++) {
    const p = at(i);
    if (terms.length < VARIANTS) terms.push(p.name.split(/\s+/)[0]!.toLowerCase());
    if (special.length < VARIANTS) {
      // product.md#validation substring terms: an e-mail domain, a wallet prefix, an IP prefix
      const candidates = [p.email[0]?.split('@')[1], p.walletAddresses.find((w) => w.startsWith('0x'))?.slice(0, 6), p.ipAddresses[0]?.split('.').slice(0, 2).join('.') + '.'];
      const pick = candidates[i % candidates.length];
      if (pick && pick !== 'undefined.') special.push(pick);
    }
    const industry = firstValue(p, 'Industry');
    const scamType = firstValue(p, 'Scam Type');
    const location = firstValue(p, 'Location');
    if (filters.length < VARIANTS && industry && scamType && location) {
      filters.push({ Industry: [industry], 'Scam Type': [scamType], Location: [location] });
    }
  }
  return {
    'one term': terms.map((query) => ({ query, filters: {} })),
    'special term': special.map((query) => ({ query, filters: {} })),
    'three filters': filters.map((f) => ({ query: '', filters: f })),
    'term + three filters': filters.map((f, i) => ({ query: terms[i]!, filters: f })),
  };
}

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function samples(queries: readonly Query[], run: (q: Query) => void, budgetMs = Infinity, warmup = WARMUP): number[] {
  for (let i = 0; i < warmup; i++) run(queries[i % queries.length]!);
  const out: number[] = [];
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    if (i >= REFERENCE_MIN && performance.now() - started > budgetMs) break;
    const q = queries[i % queries.length]!;
    out.push(time(() => run(q)));
  }
  return out;
}

/**
 * The memory in use once the garbage is gone: two full collections (a first can leave what
 * finalisers free for the next one), then a moment for V8's concurrent sweeping, which the used
 * size counts until it has swept (read at once, the figure swung by the previous builds' garbage:
 * 0.05 MB where the index holds ~90).
 */
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  gc();
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  return process.memoryUsage();
}

/** A token helper in a worker thread, as the search worker has one in a Web Worker (for builds of 5,000 profiles or more). */
function startTokenHelper(): { helper: TokenHelper; stop: () => Promise<number> } {
  const worker = new Worker(new URL('./token-helper-thread.mjs', import.meta.url));
  const port = nodePort<TokenHelperReply, TokenHelperRequest>(worker);
  const helper = new TokenHelper({
    post: port.post,
    listen: (listener) => {
      port.listen(listener);
      worker.on('error', (error) => listener({ type: 'failed', build: -1, message: error.message }));
    },
  });
  return { helper, stop: () => worker.terminate() };
}

export async function benchSearch(size: number, databasePath: string, withBudgets: boolean): Promise<Figure[]> {
  const budget = <T>(b: T) => (withBudgets ? b : null);
  const label = size >= 1000 ? `${size / 1000}k` : String(size);
  const all = await loadProfiles(databasePath);
  const developers = all.filter((p) => p.kind === 'developer');
  log(`search ${label}: ${all.length} profiles (${developers.length} developers)`);
  const figures: Figure[] = [];

  // build: time of each of BUILDS builds (the first pays for JIT warm-up too), memory of one. Each
  // starts from a collected heap, as the worker's one build does: the garbage of the build before
  // is not this one's to collect. The median of 5, because neighbours on this shared machine move a
  // single build by up to ±15%.
  // The app's build (client/local/search/engine.ts) has a helper worker tokenise the texts on the
  // other core; the same build in one thread is timed too.
  const { helper, stop } = startTokenHelper();
  const helped = () => SearchIndex.buildWith(all, (textSize) => helper.reader(textSize));
  const builds: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    gc();
    gc();
    const started = performance.now();
    await helped();
    builds.push(performance.now() - started);
    gc();
    gc();
    alone.push(time(() => SearchIndex.build(all)));
  }
  const before = await settledMemory();
  let index: SearchIndex | null = await helped();
  await stop();
  const after = await settledMemory();
  const memoryMb = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 2 ** 20;
  figures.push(figure(`index build ${label} (median of ${BUILDS})`, median(builds), 'ms', budget(BUDGETS.indexBuildMs)));
  figures.push(figure(`index build ${label} (first)`, builds[0]!, 'ms'));
  figures.push(figure(`index build ${label} in one thread (median of ${BUILDS})`, median(alone), 'ms'));
  figures.push(figure(`index memory ${label}`, memoryMb, 'MB'));

  const queries = querySet(developers);
  let mismatches = 0;
  for (const kind of KINDS) {
    for (const q of queries[kind]) {
      const expected = searchRegistry(developers, q.query, q.filters);
      const got = index.query({ kind: 'developer', query: q.query, filters: q.filters, offset: 0, limit: PAGE });
      const want = expected.slice(0, PAGE).map((s) => ({ id: s.profile.id, score: s.score }));
      if (got.total !== expected.length || JSON.stringify(got.items) !== JSON.stringify(want)) {
        mismatches++;
        log(`MISMATCH ${kind} ${JSON.stringify(q)}: index ${got.total} vs reference ${expected.length}`);
      }
    }
    const ref = samples(queries[kind], (q) => void searchRegistry(developers, q.query, q.filters), REFERENCE_BUDGET_MS, VARIANTS);
    const idx = samples(queries[kind], (q) => void index!.query({ kind: 'developer', query: q.query, filters: q.filters, offset: 0, limit: PAGE }));
    const scored = kind === 'term + three filters';
    log(`search ${label} ${kind}: ${ref.length} reference and ${idx.length} index samples`);
    figures.push(figure(`search ${label} ${kind}: reference p50`, percentile(ref, 0.5), 'ms'));
    figures.push(figure(`search ${label} ${kind}: reference p95`, percentile(ref, 0.95), 'ms'));
    figures.push(figure(`search ${label} ${kind}: index p50`, percentile(idx, 0.5), 'ms', scored ? budget(BUDGETS.searchP50Ms) : null));
    figures.push(figure(`search ${label} ${kind}: index p95`, percentile(idx, 0.95), 'ms', scored ? budget(BUDGETS.searchP95Ms) : null));
    figures.push(figure(`search ${label} ${kind}: speedup (p50)`, percentile(ref, 0.5) / percentile(idx, 0.5), 'x', scored ? budget(BUDGETS.searchSpeedup) : null));
  }
  figures.push(figure(`search ${label}: index answers unlike the reference`, mismatches, 'queries', BUDGETS.searchMismatches));
  figures.push(...benchLookup(index, all, label, withBudgets));
  index = null;
  return figures;
}
