// Issue 21: the public list, sync and search figures on PostgreSQL, beside SQLite's (bench/server.ts,
// the search call in bench/first-visit.ts). The seeded registry is copied into a throwaway
// PostgreSQL server (tests/support/postgres.ts: its own data directory on 127.0.0.1, no flushing to
// disk, as a test's) with migrate-data's copy, and the real server runs on it (DATABASE_URL), with
// the same load at 50 connections. The figures have no budgets: SQLite's are the product's; these
// say what choosing PostgreSQL costs or gains on one machine, the load generator beside both.
import { copyRegistry } from '../server/db/engine/copy';
import { openEngine } from '../server/db/engine/engine';
import { currentRevisionOn } from '../server/db/revision';
import { startPostgres } from '../tests/support/postgres';
import { startServer } from '../tests/e2e/support/server';
import { figure, log, type Figure } from './figures';
import { searchCallLoad, searchCallPaths } from './first-visit';
import { calls, firstSyncThroughApi, keepNoBodies, load } from './server';

const ON = 'on PostgreSQL';

export async function benchPostgres(databasePath: string, label: string, durationS: number): Promise<Figure[]> {
  keepNoBodies();
  const figures: Figure[] = [];
  const postgres = await startPostgres();
  try {
    const url = postgres.url;
    const source = await openEngine(databasePath, { readonly: true });
    const target = await openEngine(url);
    let head: number;
    try {
      const started = performance.now();
      const { comparison } = await copyRegistry(source, target);
      const rows = comparison.tables.reduce((sum, t) => sum + t.source.rows, 0);
      const seconds = (performance.now() - started) / 1000;
      log(`postgres ${label}: copied ${rows} rows with migrate-data's copy in ${seconds.toFixed(1)} s`);
      figures.push(figure(`migrate-data ${label} into PostgreSQL`, seconds, 's'));
      head = await currentRevisionOn(target.db);
    } finally {
      await source.close();
      await target.close();
    }

    // the limits per address off, as on SQLite: the load comes from one address
    const server = await startServer({ env: { DATABASE_URL: url, SEED_DEMO: 'false', RATE_LIMITS: 'false' }, readyTimeoutMs: 600_000 });
    try {
      for (const call of calls(head)) {
        // the first request builds the snapshot and the cached page; not part of the figures
        const first = await fetch(`${server.url}${call.path}`);
        const size = (await first.arrayBuffer()).byteLength;
        log(`postgres ${label} ${call.name}: ${(size / 1024).toFixed(0)} KB body, ${durationS} s per run`);
        const cached = await load(`${server.url}${call.path}`, durationS);
        if (cached.errors > 0) log(`postgres ${call.name}: ${cached.errors} errors`);
        figures.push(figure(`${call.name} ${label} ${ON}: p99`, cached.p99, 'ms'));
        figures.push(figure(`${call.name} ${label} ${ON}: throughput`, cached.rps, 'req/s'));
        figures.push(figure(`${call.name} ${label} ${ON}: errors (non-2xx, time-outs)`, cached.errors, 'errors', { max: 0 }));
      }
      figures.push(...await firstSyncThroughApi(server.url, label, ON));
      figures.push(...await searchCallLoad(server.url, label, durationS, searchCallPaths(databasePath), 'PostgreSQL'));
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
  }
  return figures;
}
