// A throwaway PostgreSQL server for tests (docs/decisions/033-postgresql-foundation.md): Debian's
// `postgresql` package's binaries on a data directory of its own in a temp folder, listening on
// 127.0.0.1 only, its socket in that folder too, so it never meets Debian's cluster or another
// test's server. initdb + start take about half a second: start one per test file and give each
// test a fresh database in it (newDatabase).
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

export const POSTGRES_MISSING = 'PostgreSQL is not installed: apt-get install -y postgresql';
/**
 * The hook timeout for a start: initdb is about 0.6 s of CPU, but on a busy 2-core machine (CI runs
 * every test project at once) a start has been seen to take 10 s.
 */
export const POSTGRES_START_TIMEOUT_MS = 60_000;

export interface ThrowawayPostgres {
  /** postgres:// URL of the database made at start (`bustr`). */
  url: string;
  port: number;
  /** The temp folder holding the data directory, the socket and the log. */
  dir: string;
  /** Makes another empty database in the same server and returns its URL. */
  newDatabase(): Promise<string>;
  /** Stops the server and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where Debian puts each major version's binaries (tests point it elsewhere). */
  root?: string;
}

/** The newest installed major version's bin folder holding initdb and pg_ctl. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string {
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error(`${POSTGRES_MISSING} (no ${root}/*/bin/initdb)`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** initdb refuses to run as root: as root, everything runs as the `postgres` user on a folder it owns. */
function asServerUser(): { wrap: (cmd: string, args: string[]) => [string, string[]]; chown: (path: string) => void } {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args], chown: () => {} };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(`${POSTGRES_MISSING} (running as root, and there is no 'postgres' user to run it as)`);
  }
  return { wrap: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]], chown: (path) => chownSync(path, uid, gid) };
}

const SERVER_SETTINGS = [
  '-c listen_addresses=127.0.0.1',
  // a throwaway server: nothing to keep through a crash, so no flushing to disk
  '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off',
];

export async function startPostgres(options: StartOptions = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin(options.root);
  const user = asServerUser();
  const dir = mkdtempSync(join(tmpdir(), 'bustr-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  user.chown(dir);
  // initdb or pg_ctl still running when the process ends (a hook timed out) is stopped too
  const running = new Set<ChildProcess>();
  const exec = (tool: string, args: string[]) => {
    const [cmd, all] = user.wrap(join(bin, tool), args);
    const promise = run(cmd, all, { encoding: 'utf8' });
    running.add(promise.child);
    promise.child.once('exit', () => running.delete(promise.child));
    return promise;
  };
  const pgCtlStop = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  // a test process that ends without stop() still takes its server down and its folder away
  const onExit = () => {
    for (const child of running) child.kill('SIGTERM'); // runuser passes it on
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        const [cmd, all] = user.wrap(join(bin, 'pg_ctl'), pgCtlStop);
        execFileSync(cmd, all, { stdio: 'ignore' });
      } catch { /* already stopped */ }
    }
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch { /* a killed initdb may still be removing it */ }
  };
  process.once('exit', onExit);

  try {
    // C.UTF-8: byte order and ASCII-only case folding, as SQLite's BINARY and NOCASE
    await exec('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions']);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', '-o', [`-p ${port}`, `-k ${dir}`, ...SERVER_SETTINGS].join(' '), 'start']);
        break;
      } catch (error) {
        // another process may have taken the port between freePort and the start
        if (attempt >= 3) throw error;
      }
    }
    const serverUrl = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    let made = 0;
    const newDatabase = async (): Promise<string> => {
      const name = made === 0 ? 'bustr' : `bustr_${made}`;
      made++;
      const client = new pg.Client({ connectionString: serverUrl('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return serverUrl(name);
    };
    const url = await newDatabase();
    let stopped = false;
    return {
      url,
      port,
      dir,
      newDatabase,
      async stop() {
        if (stopped) return;
        stopped = true;
        process.removeListener('exit', onExit);
        try {
          await exec('pg_ctl', pgCtlStop);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    const serverLog = existsSync(log) ? `\n${readFileSync(log, 'utf8').slice(-2000)}` : '';
    onExit();
    process.removeListener('exit', onExit);
    const message = (error as { stderr?: string }).stderr || (error as Error).message;
    throw new Error(`The throwaway PostgreSQL did not start: ${message}${serverLog}`, { cause: error });
  }
}

/**
 * One throwaway server for the test file that calls this at its top: started before its tests
 * (with the start's own timeout), stopped after them. Returns the server, for newDatabase() and url.
 */
export function usePostgres(): () => ThrowawayPostgres {
  let server: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, POSTGRES_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The throwaway PostgreSQL is not started: call usePostgres() at the top of the test file.');
    return server;
  };
}
