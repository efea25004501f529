// Starts the real server (server/index.ts) as its own process on a temp SQLite file and a free
// port, the way `npm start` runs it; halts it (the database stays, as in an outage), restarts it
// on the same file and port, and stops it for good.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '../../../shared/contract/routes';
import { startPostgres } from '../../support/postgres';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const READY_TIMEOUT_MS = 90_000; // a large registry builds its search index before the server listens
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_KEPT = 8_000; // characters of server output shown when it fails to start

export interface RunningServer {
  url: string;
  /** the SQLite file, kept across halt() and restart() */
  databasePath: string;
  /** ends the process and removes its temp folder */
  stop(): Promise<void>;
  /** ends the process but keeps the database, as a crash or an outage would */
  halt(): Promise<void>;
  /** starts it again on the same database file and port */
  restart(): Promise<void>;
}

/** A port nobody listens on right now (the server cannot report the one PORT=0 would pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Process {
  halt(): Promise<void>;
}

export interface ServerOptions {
  /** environment of the server process, over the test defaults */
  env?: Record<string, string>;
  /** how long it may take to listen (default READY_TIMEOUT_MS; the bench's 100k registries on a busy machine need more) */
  readyTimeoutMs?: number;
  /**
   * the registry's engine: the temp SQLite file (default), or a throwaway PostgreSQL server of its
   * own (tests/support/postgres.ts: DATABASE_URL), kept across halt() and restart() as the file is
   */
  engine?: 'sqlite' | 'postgres';
}

export async function startServer({ env = {}, readyTimeoutMs = READY_TIMEOUT_MS, engine = 'sqlite' }: ServerOptions = {}): Promise<RunningServer> {
  const postgres = engine === 'postgres' ? await startPostgres() : null;
  if (postgres) env = { DATABASE_URL: postgres.url, ...env };
  const dir = mkdtempSync(join(tmpdir(), 'bustr-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databasePath = join(dir, 'registry.sqlite');
  // the limits stay on, but a suite writes from one address far faster than people do: a write
  // limit of its own, unless a test sets one (LIMIT_WRITES)
  const fullEnv = { ...process.env, DATABASE_PATH: databasePath, LIMIT_WRITES: '1000', ...env, HOST: '127.0.0.1', PORT: String(port) };
  const removeAll = async () => {
    rmSync(dir, { recursive: true, force: true });
    await postgres?.stop();
  };

  let running: Process | null = null;
  try {
    running = await spawnReady(url, fullEnv, readyTimeoutMs);
  } catch (error) {
    await removeAll();
    throw error;
  }

  async function halt() {
    await running?.halt();
    running = null;
  }
  return {
    url,
    databasePath,
    halt,
    async stop() {
      await halt();
      await removeAll();
    },
    async restart() {
      await halt();
      running = await spawnReady(url, fullEnv, readyTimeoutMs);
    },
  };
}

/** Spawns server/index.ts and resolves once it answers; rejects (process ended) if it does not. */
async function spawnReady(url: string, env: NodeJS.ProcessEnv, readyTimeoutMs: number): Promise<Process> {
  // `node --import tsx`, not `npx tsx`: npx's orphaned child keeps the pipes open after kill()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  async function halt() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(forced);
    }
  }

  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await halt();
      throw new Error(`The server exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}${routes.auth.currentUser.path()}`);
      if (res.ok) return { halt };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await halt();
  throw new Error(`The server did not answer GET ${routes.auth.currentUser.path()} within ${readyTimeoutMs} ms:\n${output}`);
}
