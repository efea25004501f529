// The list and sync endpoints under load: autocannon with 50 connections against the REAL
// server (server/index.ts, spawned on a copy of the seeded 100k database) and against a
// baseline that queries and serialises on every request (bench/baseline-server.ts). Every
// server listens on 127.0.0.1 only, and each run is bounded in time.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startServer } from '../tests/e2e/support/server';
import { openDatabase } from '../server/db/connection';
import { currentRevision } from '../server/db/revision';
import { BUDGETS } from './budgets';
import { copyOf } from './fixtures';
import { figure, log, type Figure } from './figures';
import { routes } from '../shared/contract/routes';
import { syncPageSchema } from '../shared/contract/sync';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;
const CSRF_TOKEN = 'benchbenchbenchbenchbenchbenchbenchbench0';

/**
 * autocannon keeps every response body as a string (`body += chunk`, lib/pipelinedRequestsQueue.js).
 * For a gzip body that is a UTF-8 decode of binary bytes: ~0.5 ms per 41 KB sync delta on this
 * machine, more than the server spends on the request, and it grows faster than the body (a string
 * over ~20 KB is a large object). At 50 connections on 2 cores the load generator, not the server,
 * then set the p99: node:http answering fixed bytes did no better than the real server (p99 ~46 ms).
 * Nothing here reads the bodies (no expectBody, verifyBody or onResponse), so they are not kept:
 * autocannon still receives every byte, frames each response by its Content-Length and counts
 * them; the server does exactly the same work.
 */
export function keepNoBodies(): void {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody?: (data: unknown) => void };
  };
  if (typeof queue.prototype.addBody !== 'function') {
    throw new Error('autocannon no longer has PipelinedRequestsQueue.addBody: review keepNoBodies in bench/server.ts');
  }
  queue.prototype.addBody = () => {};
}

export interface Call {
  name: string;
  path: string;
  /**
   * false for the sync's first page (500 whole profiles, ~1.4 MB, ~200 KB gzip): at 50
   * connections autocannon itself is the limit there (a full core, the server ~20%), so its
   * p99 measures the load generator; its throughput against the baseline still counts
   */
  p99Budget: boolean;
}

export function calls(head: number): Call[] {
  return [
    { name: 'list page of 20', path: routes.profiles.list.developer.path({ query: { page_size: 20 } }), p99Budget: true },
    { name: 'sync delta of 100', path: routes.sync.page.path({ query: { since: head - 100, limit: 500 } }), p99Budget: true },
    { name: 'sync first page (limit 500)', path: routes.sync.page.path({ query: { since: 0, limit: 500 } }), p99Budget: false },
  ];
}

export interface Load {
  p99: number;
  rps: number;
  errors: number;
}

export async function load(url: string, durationS: number, headers: Record<string, string> = {}): Promise<Load> {
  // as a browser asks after its first visit: it accepts gzip and has its csrftoken cookie
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationS,
    headers: { 'Accept-Encoding': 'gzip', Cookie: `csrftoken=${CSRF_TOKEN}`, ...headers },
    timeout: 10,
  });
  return { p99: result.latency.p99, rps: result.requests.average, errors: result.errors + result.timeouts + result.non2xx };
}

async function startBaseline(databasePath: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: databasePath, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(forced);
    },
  };
}

export async function benchServer(databasePath: string, label: string, durationS: number): Promise<Figure[]> {
  keepNoBodies();
  const figures: Figure[] = [];
  const copy = copyOf(databasePath);
  // the limits per address off: the load comes from one address, and it measures capacity (the
  // limits have their own tests)
  const server = await startServer({ env: { DATABASE_PATH: copy.path, SEED_DEMO: 'false', RATE_LIMITS: 'false' } });
  let baseline: Awaited<ReturnType<typeof startBaseline>> | null = null;
  try {
    baseline = await startBaseline(copy.path);
    const db = openDatabase(copy.path);
    const head = currentRevision(db);
    db.close();
    for (const call of calls(head)) {
      // the first request builds the snapshot and the cached page; not part of the figures
      const first = await fetch(`${server.url}${call.path}`);
      const etag = first.headers.get('etag') ?? '';
      const size = (await first.arrayBuffer()).byteLength;
      await fetch(`${server.url}${call.path}`, { headers: { 'Accept-Encoding': 'gzip' } }).then((r) => r.arrayBuffer());
      await fetch(`${baseline.url}${call.path}`).then((r) => r.arrayBuffer());
      log(`server ${label} ${call.name}: ${(size / 1024).toFixed(0)} KB body, ${durationS} s per run`);

      const cached = await load(`${server.url}${call.path}`, durationS);
      const revalidated = await load(`${server.url}${call.path}`, durationS, { 'If-None-Match': etag });
      const uncached = await load(`${baseline.url}${call.path}`, durationS);
      if (cached.errors + uncached.errors > 0) log(`server ${call.name}: ${cached.errors} errors cached, ${uncached.errors} baseline`);
      figures.push(figure(`${call.name} ${label}: p99`, cached.p99, 'ms', call.p99Budget ? BUDGETS.endpointP99Ms : null));
      figures.push(figure(`${call.name} ${label}: throughput`, cached.rps, 'req/s'));
      figures.push(figure(`${call.name} ${label}: errors (non-2xx, time-outs)`, cached.errors, 'errors', { max: 0 }));
      figures.push(figure(`${call.name} ${label}: p99 with If-None-Match (304)`, revalidated.p99, 'ms', BUDGETS.endpointP99Ms));
      figures.push(figure(`${call.name} ${label}: throughput with If-None-Match (304)`, revalidated.rps, 'req/s'));
      figures.push(figure(`${call.name} ${label}: baseline p99 (uncached)`, uncached.p99, 'ms'));
      figures.push(figure(`${call.name} ${label}: baseline throughput (uncached)`, uncached.rps, 'req/s'));
      figures.push(figure(`${call.name} ${label}: throughput vs baseline`, cached.rps / uncached.rps, 'x', BUDGETS.endpointSpeedup));
    }
    figures.push(...await firstSyncThroughApi(server.url, label));
  } finally {
    await baseline?.stop();
    await server.stop();
    copy.remove();
  }
  return figures;
}

/**
 * A first sync through the API alone: every full page of 500 in turn, as a replica asks them, on
 * one connection (beside PostgreSQL's, bench/postgres.ts; the browser's first sync is bench/browser.ts).
 */
export async function firstSyncThroughApi(url: string, label: string, on = ''): Promise<Figure[]> {
  const started = performance.now();
  let since = 0;
  let profiles = 0;
  for (;;) {
    const res = await fetch(`${url}${routes.sync.page.path({ query: { since, limit: 500 } })}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    if (!res.ok) throw new Error(`sync page since ${since}: ${res.status}`);
    const page = syncPageSchema.parse(await res.json());
    profiles += page.profiles.length;
    if (!page.hasMore) break;
    since = page.cursor;
  }
  const ms = performance.now() - started;
  log(`first sync ${label}${on ? ` ${on}` : ''} through the API: ${profiles} profiles in ${(ms / 1000).toFixed(1)} s`);
  return [figure(`first sync ${label}${on ? ` ${on}` : ''} through the API (pages of 500 in turn)`, ms, 'ms')];
}
