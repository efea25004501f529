// Tests of client/local and client/api run against the REAL server (no mocks of our own
// server): the Express app on a temp SQLite file, listening on 127.0.0.1 at a random port.
// jsdom's fetch and cookies do not behave like a browser's against another origin, so the
// client gets Node's fetch with a small cookie jar (transport plumbing, like a browser's), and
// a tiny HTTP proxy can lose an answer on the way back, as a bad phone connection does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeTestApp, type TestApp } from '../../server/test-support';
import { configureHttp, resetHttpConfig } from '../api/http';
import type { SyncProfile } from '../../shared/contract/sync';
import { openRegistryDb, readSyncMeta, type LocalIncident, type LocalProfile, type RegistryDb } from './db';
import { appendChunks, type ReplicaRemoval } from './replica';
import { disposeSearchService } from './search/registry-search';
import { initialStatus, useStatus } from '../state/status';

/** Cookies as a browser keeps them for one site (name → value; expiry by Max-Age=0 only). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  clear(): void {
    this.cookies.clear();
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a))
        || attributes.some((a) => /^\s*expires\s*=/i.test(a) && Date.parse(a.split('=').slice(1).join('=')) < Date.now());
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (this.cookies.size) headers.set('Cookie', this.header());
    const res = await globalThis.fetch(input, { ...init, headers });
    this.keep(res);
    return res;
  };
}

/** Points client/api at `url` through `jar` (and `wrap`, to watch or break the transport). */
export function connectTo(url: string, jar = new CookieJar(), wrap?: (next: typeof fetch) => typeof fetch): CookieJar {
  configureHttp({ baseUrl: url, fetch: wrap ? wrap(jar.fetch) : jar.fetch, cookies: () => jar.header() });
  return jar;
}

export function disconnect(): void {
  resetHttpConfig();
}

export interface RunningServer {
  t: TestApp;
  url: string;
  /** stops listening and cuts open connections; the database stays (a server that went away) */
  stop(): Promise<void>;
  /** stop, then delete the temp database */
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function stopper(server: http.Server): () => Promise<void> {
  let stopped: Promise<void> | null = null;
  return () => {
    stopped ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopped;
  };
}

/** The real app on a temp SQLite file, on 127.0.0.1 at a random port. */
export async function startServer(t: TestApp = makeTestApp()): Promise<RunningServer> {
  const server = http.createServer(t.app);
  const url = await listen(server);
  const stop = stopper(server);
  return {
    t, url, stop,
    async close() {
      await stop();
      t.close();
    },
  };
}

export interface ProxiedCall {
  method: string;
  path: string;
  status: number;
  replayed: boolean;
  /** the answer never reached the client */
  lost: boolean;
}

/**
 * A proxy in front of `upstream` that forwards each request and, for the first `loseCount`
 * requests that `lose` picks, destroys the client's socket after the upstream answered: the
 * server did the work, the client never hears of it.
 */
export async function startLossyProxy(
  upstream: string,
  lose: (method: string, path: string) => boolean,
  loseCount = 1,
): Promise<{ url: string; calls: ProxiedCall[]; close(): Promise<void> }> {
  const target = new URL(upstream);
  const calls: ProxiedCall[] = [];
  let lost = 0;
  const proxy = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      const forward = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const method = req.method ?? 'GET';
            const path = req.url ?? '/';
            const dropIt = lost < loseCount && lose(method, path);
            calls.push({ method, path, status: answer.statusCode ?? 0, replayed: answer.headers['idempotent-replayed'] === 'true', lost: dropIt });
            if (dropIt) {
              lost += 1;
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          });
        },
      );
      forward.on('error', () => req.socket.destroy());
      forward.end(Buffer.concat(body));
    });
  });
  const url = await listen(proxy);
  const stop = stopper(proxy);
  return { url, calls, close: stop };
}

let dbCount = 0;

/** A database of its own for one test. */
export function freshDb(): RegistryDb {
  dbCount += 1;
  return openRegistryDb(`bustr-test-${dbCount}-${crypto.randomUUID()}`);
}

export async function dropDb(db: RegistryDb): Promise<void> {
  disposeSearchService(db);
  await db.delete().catch(() => undefined);
}

/**
 * Writes profiles (and their incidents) into the replica as a sync page would: appended as
 * chunks with the registry version bumped, in one transaction (the sync cursor stays). The
 * replica counts as complete (a sync reached its last page), so the registry searches it
 * rather than the server (issue 17); `complete: false` leaves it as a download under way.
 */
export async function putReplicaProfiles(
  db: RegistryDb,
  profiles: readonly LocalProfile[],
  { incidents = [], removals = [], complete = true }: { incidents?: readonly LocalIncident[]; removals?: readonly ReplicaRemoval[]; complete?: boolean } = {},
): Promise<void> {
  const rows: SyncProfile[] = profiles.map((profile) => ({
    ...profile,
    incidents: incidents.filter((i) => i.profileId === profile.id).map(({ profileId: _profileId, ...incident }) => incident),
  }));
  await db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    const meta = await readSyncMeta(db);
    await appendChunks(db, rows, removals);
    const lastSyncedAt = complete ? meta.lastSyncedAt ?? Date.now() : meta.lastSyncedAt;
    await db.meta.put({ key: 'sync', value: { ...meta, registryVersion: meta.registryVersion + 1, lastSyncedAt } });
  });
}

export function resetStatus(): void {
  useStatus.setState({ ...initialStatus, online: true });
}
