// A quick timing check of the search index at registry scale (issue 6): seeds 100k profiles into
// an in-memory database, reads them back through the public read model, then prints the build
// time, the heap it takes, the save/load cost and p50/p95 of a few queries, plus a digest of the
// answers (so two versions of the index can be compared for identical results).
//   node --import tsx bench/search-index-perf.ts [profiles]
// SEARCH_PERF_DB=file reads the profiles of a seeded database instead (as `npm run bench` does:
// the build is slower on them, spread over the heap as the read model leaves them), and
// SEARCH_PERF_BUILDS=n times n builds first and prints their median (the bench takes 5).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openDatabase } from '../server/db/connection';
import { seedDemo } from '../server/demo/seeding';
import { readProfiles } from './search';
import type { ActiveFilters } from '../shared/search/reference';
import { SearchIndex, type IndexedProfile } from '../shared/search/index/search-index';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = 40;

async function loadProfiles(): Promise<IndexedProfile[]> {
  const database = process.env.SEARCH_PERF_DB;
  if (database) return readProfiles(openDatabase(database));
  // SEARCH_PERF_CACHE=file keeps the profiles between runs (the seed takes a while)
  const cache = process.env.SEARCH_PERF_CACHE;
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as IndexedProfile[];
  const profiles = await seedProfiles();
  if (cache) writeFileSync(cache, JSON.stringify(profiles));
  return profiles;
}

async function seedProfiles(): Promise<IndexedProfile[]> {
  const db = openDatabase(':memory:');
  seedDemo(db, { profiles: COUNT, pending: false });
  return readProfiles(db);
}

const heapMb = () => process.memoryUsage().heapUsed / 1e6;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function timed<T>(run: () => T): [T, number] {
  const start = performance.now();
  const out = run();
  return [out, performance.now() - start];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const t0 = performance.now();
const profiles = await loadProfiles();
console.log(`seeded and read ${profiles.length} profiles in ${ms(performance.now() - t0)}`);

const builds = Number(process.env.SEARCH_PERF_BUILDS ?? 0);
if (builds > 0) {
  const times: number[] = [];
  for (let i = 0; i < builds; i++) {
    gc(); // each from a collected heap, as in the bench
    times.push(timed(() => SearchIndex.build(profiles))[1]);
  }
  const median = [...times].sort((x, y) => x - y)[Math.floor(builds / 2)]!;
  console.log(`builds: ${times.map(ms).join(', ')}; median ${ms(median)}`);
}

gc();
const heapBefore = heapMb();
const [index, buildMs] = timed(() => SearchIndex.build(profiles));
gc();
console.log(`build: ${ms(buildMs)}, heap +${(heapMb() - heapBefore).toFixed(1)} MB`);

const [saved, serializeMs] = timed(() => index.serialize());
const bytes = saved.buffers.reduce((n, b) => n + b.byteLength, 0);
console.log(`serialize: ${ms(serializeMs)}, ${(bytes / 1e6).toFixed(1)} MB in ${saved.buffers.length} buffers`);
const copy = structuredClone(saved);
const [loaded, deserializeMs] = timed(() => SearchIndex.deserialize(copy));
console.log(`deserialize: ${ms(deserializeMs)}`);

const at = (i: number) => profiles[(i * 7919) % profiles.length]!;
const p1 = at(1);
const p2 = at(2);
const queries: { label: string; query: string; filters: ActiveFilters }[] = [
  { label: 'one term', query: p1.name.split(/\s+/)[0]!.toLowerCase(), filters: {} },
  { label: 'short term', query: p2.name.slice(0, 2), filters: {} },
  { label: 'contains term', query: p1.name.slice(1, 5), filters: {} },
  { label: 'two terms', query: p2.name, filters: {} },
  { label: 'e-mail domain', query: p1.email[0]?.split('@')[1] ?? 'example.test', filters: {} },
  { label: 'wallet prefix', query: '0xab', filters: {} },
  { label: 'case id', query: 'bustr-2025-01', filters: {} },
  { label: 'three filters', query: '', filters: { Industry: p1.industry.slice(0, 1), 'Scam Type': p1.scam_type.slice(0, 1), Location: [p1.location || 'Remote'] } },
  { label: 'term + filters', query: p2.name.split(/\s+/)[0]!, filters: { Industry: p2.industry.slice(0, 1), Languages: p2.languages.slice(0, 1) } },
  { label: 'no query', query: '', filters: {} },
];

const digest = createHash('sha256');
for (const { label, query, filters } of queries) {
  for (const kind of ['developer', 'project'] as const) {
    const a = index.query({ kind, query, filters, offset: 0, limit: 20 });
    const b = loaded.query({ kind, query, filters, offset: 0, limit: 20 });
    const all = index.query({ kind, query, filters });
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`loaded index differs on ${label}`);
    digest.update(JSON.stringify([label, kind, all]));
  }
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(timed(() => index.query({ kind: 'developer', query, filters, offset: 0, limit: 20 }))[1]);
  samples.sort((x, y) => x - y);
  console.log(`query ${label.padEnd(15)} ${JSON.stringify(query).padEnd(24)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}`);
}
console.log(`answers digest: ${digest.digest('hex').slice(0, 16)}`);
