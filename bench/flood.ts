// Issue 18 (abuse resistance): the registry under a flood, and the staff queue at 100k pending.
// On copies of the 100k registry, the REAL server (server/index.ts) with the limits on as in
// production (not RATE_LIMITS=false, and the default write limit):
//
// - flood: one address (127.0.0.2) sends anonymous reports at full speed (bench/flood-writer.ts, its
//   own process) while visitors at 20 other addresses read the public list page at a steady rate
//   (below the read limit of each), a staff member at another address opens the admin panel's first
//   page (its five lists at once) every second, and a neighbour (127.0.0.3) reports one case midway.
//   The flooding address must be cut off within a second, the neighbour's report accepted, and no
//   answer but 201 and 429 given.
// - pending queue: 100k submissions awaiting review (half reported profiles, half incidents on
//   listed profiles; inserted directly in one transaction), the admin panel's first page cold
//   (the first after start) and warm.
// All 127.0.0.0/8 is loopback: each address is a client the limits count apart.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { routes } from '../shared/contract/routes';
import { PROFILE_FETCH_SIZE, QUEUE_PAGE_MAX } from '../shared/constants';
import { BUDGETS } from './budgets';
import { copyOf } from './fixtures';
import { figure, log, median, percentile, type Figure } from './figures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAFF = { username: 'benchstaff', password: 'bench staff password 1' };
const CSRF = 'benchbenchbenchbenchbenchbenchbenchbench0';
const READERS = 20;
/** each reader's pace: 15 a second is 900 a minute, under the read limit per address (1200) */
const READ_INTERVAL_MS = 1000 / 15;
/** quiet time after start, before the flood: the server's start-up chores run between requests */
const SETTLE_MS = 10_000;
const LIST_PATH = routes.profiles.list.developer.path({ query: { page_size: 20 } });
/** what the admin panel asks for when it opens (client/features/admin/admin-api.ts LIST_SOURCES) */
const PANEL_PATHS = [
  routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } }),
  routes.profiles.list.project.path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } }),
  routes.editRequests.pending.path({ query: { limit: QUEUE_PAGE_MAX } }),
  routes.removalRequests.pending.path({ query: { limit: QUEUE_PAGE_MAX } }),
  routes.incidents.pending.path({ query: { limit: QUEUE_PAGE_MAX } }),
];

interface Answer { status: number; ms: number; body: string; cookies: string[] }

/** One HTTP call through `agent` (its local address is the client's address). */
function call(agent: Agent, base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0, ms: performance.now() - started,
        body: Buffer.concat(chunks).toString('utf8'), cookies: res.headers['set-cookie'] ?? [],
      }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // a kept-alive socket the server closed as it was reused (Node's documented race): ask again
      if (req.reusedSocket && error.code === 'ECONNRESET') call(agent, base, method, path, headers, body).then(resolve, reject);
      else reject(new Error(`${method} ${path} : ${error.message}`));
    });
    req.end(body);
  });
}

const agentAt = (localAddress: string, maxSockets = 8) => new Agent({ keepAlive: true, maxSockets, localAddress });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A staff member at `address`, signed in through the login form; `panel()` opens the admin panel's first page. */
export async function staffAt(base: string, address: string) {
  const agent = agentAt(address);
  const form = new URLSearchParams({ username: STAFF.username, password: STAFF.password, next: '/' }).toString();
  const signedIn = await call(agent, base, 'POST', routes.auth.login.path(), {
    Cookie: `csrftoken=${CSRF}`, 'X-CSRFToken': CSRF, 'Content-Type': 'application/x-www-form-urlencoded',
  }, form);
  if (signedIn.status !== 200 || !signedIn.body.includes('"success":true')) throw new Error(`staff sign-in: ${signedIn.status} ${signedIn.body}`);
  const cookie = signedIn.cookies.map((c) => c.split(';')[0]).join('; ');
  return {
    /** the five lists at once, as the panel asks; the time until the last has answered */
    async panel(): Promise<{ ms: number; slowest: number; statuses: number[]; total: number }> {
      const started = performance.now();
      const answers = await Promise.all(PANEL_PATHS.map((path) => call(agent, base, 'GET', path, { Cookie: cookie, 'Accept-Encoding': 'gzip' })));
      const ms = performance.now() - started;
      const items = answers.reduce((n, a) => {
        if (a.status !== 200) return n;
        const parsed = JSON.parse(a.body) as unknown[] | { results: unknown[] };
        return n + (Array.isArray(parsed) ? parsed.length : parsed.results.length);
      }, 0);
      return { ms, slowest: Math.max(...answers.map((a) => a.ms)), statuses: answers.map((a) => a.status), total: items };
    },
    close: () => agent.destroy(),
  };
}

/** Visitors at READERS addresses reading the list page at a steady pace until `stop` resolves. */
async function readList(base: string, stop: Promise<void>): Promise<{ latencies: number[]; refused: number }> {
  let stopped = false;
  void stop.then(() => { stopped = true; });
  const latencies: number[] = [];
  let refused = 0;
  await Promise.all(Array.from({ length: READERS }, async (_, i) => {
    const agent = agentAt(`127.0.1.${i + 1}`, 1);
    await sleep((READ_INTERVAL_MS * i) / READERS); // spread over the interval
    while (!stopped) {
      const answer = await call(agent, base, 'GET', LIST_PATH, { 'Accept-Encoding': 'gzip', Cookie: `csrftoken=${CSRF}` });
      if (answer.status === 200) latencies.push(answer.ms);
      else refused++;
      await sleep(Math.max(0, READ_INTERVAL_MS - answer.ms));
    }
    agent.destroy();
  }));
  return { latencies, refused };
}

interface FloodResult {
  sent: number; failures: number; firstRefusalMs: number | null; lastAcceptedMs: number | null; seconds: number;
  statuses: Record<string, number>;
}

function runFlood(base: string, seconds: number, profileId: number): Promise<FloodResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/flood-writer.ts'], {
    cwd: ROOT,
    env: { ...process.env, FLOOD_URL: base, FLOOD_SECONDS: String(seconds), FLOOD_ADDRESS: '127.0.0.2', FLOOD_PROFILE_ID: String(profileId) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`flood writer exited (${code})`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as FloodResult);
    });
  });
}

/**
 * The real server on `path`, limits on with the production defaults (not the test rig's higher
 * write limit), a staff user ensured; up to 300 s to listen: it builds its search index of 100k
 * before it listens, which took up to 60 s on a shared machine.
 */
async function productionServer(path: string): Promise<RunningServer> {
  const defaults = loadConfig({});
  const started = performance.now();
  const server = await startServer({
    env: {
      DATABASE_PATH: path, SEED_DEMO: '0', RATE_LIMITS: '1',
      ADMIN_USERNAME: STAFF.username, ADMIN_PASSWORD: STAFF.password,
      LIMIT_WRITES: String(defaults.LIMIT_WRITES), LIMIT_WRITES_WINDOW_S: String(defaults.LIMIT_WRITES_WINDOW_S),
      LIMIT_READS: String(defaults.LIMIT_READS), LIMIT_READS_WINDOW_S: String(defaults.LIMIT_READS_WINDOW_S),
    },
    readyTimeoutMs: 300_000,
  });
  log(`server up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return server;
}

export async function benchFlood(databasePath: string, label: string, durationS: number): Promise<Figure[]> {
  const copy = copyOf(databasePath);
  const db = openDatabase(copy.path);
  const profileId = db.prepare("SELECT id FROM profiles WHERE kind = 'developer' AND verification_status = 'verified' LIMIT 1").pluck().get() as number;
  db.close();
  const server = await productionServer(copy.path);
  const figures: Figure[] = [];
  try {
    const base = server.url;
    const staff = await staffAt(base, '127.0.0.4');
    // a server up a while: the list's snapshot built, a lookup made (it builds the lookalike index if
    // the start-up chores have not), then quiet time for the chores that are left (server/index.ts)
    const warm = agentAt('127.0.0.5', 1);
    await call(warm, base, 'GET', LIST_PATH);
    await call(warm, base, 'GET', routes.check.lookup.path({ query: { q: 'aldric_web302' } }));
    await staff.panel();
    warm.destroy();
    await sleep(SETTLE_MS);
    log(`flood ${label}: ${durationS} s of reports from one address, ${READERS} readers, the admin panel every second`);

    let endFlood!: () => void;
    const floodOver = new Promise<void>((r) => { endFlood = r; });
    const reading = readList(base, floodOver);
    const flood = runFlood(base, durationS, profileId).finally(endFlood);
    const panels: Awaited<ReturnType<typeof staff.panel>>[] = [];
    const neighbourAgent = agentAt('127.0.0.3', 1);
    // a person at another address reports a case in the middle of the flood
    const neighbourReport = sleep((durationS * 1000) / 2).then(() => call(neighbourAgent, base, 'POST', routes.profiles.create.project.path(), {
      Cookie: `csrftoken=${CSRF}`, 'X-CSRFToken': CSRF, 'Content-Type': 'application/json',
    }, JSON.stringify({ name: 'A real case, reported during the flood', bio: 'Took a deposit for a presale that never opened.' })));
    const staffWork = (async () => {
      await sleep(500); // the flood's process is up and writing
      for (;;) {
        let done = false;
        await Promise.race([floodOver.then(() => { done = true; }), sleep(1000)]);
        if (done) break;
        panels.push(await staff.panel());
      }
    })();
    const [result, read, , neighbour] = await Promise.all([flood, reading, staffWork, neighbourReport]);
    staff.close();
    neighbourAgent.destroy();

    const accepted = result.statuses['201'] ?? 0;
    const refused = result.statuses['429'] ?? 0;
    const others = result.sent - accepted - refused;
    const neighbourAnswer: Answer | null = neighbour;
    log(`flood ${label}: ${JSON.stringify(result)}; list reads ${read.latencies.length} (refused ${read.refused}); panel ${panels.map((p) => Math.round(p.ms)).join(', ')} ms; neighbour ${neighbourAnswer?.status ?? 'none'}`);
    figures.push(figure(`flood ${label}: list page p99 while one address floods`, percentile(read.latencies, 0.99), 'ms', BUDGETS.floodListP99Ms));
    figures.push(figure(`flood ${label}: list page p50 while one address floods`, median(read.latencies), 'ms'));
    figures.push(figure(`flood ${label}: list reads (${READERS} addresses, 15/s each)`, read.latencies.length, 'reads'));
    figures.push(figure(`flood ${label}: admin panel's first page (5 lists), slowest of ${panels.length}`, Math.max(...panels.map((p) => p.ms)), 'ms', BUDGETS.staffFirstPageMs));
    figures.push(figure(`flood ${label}: admin panel's first page, median`, median(panels.map((p) => p.ms)), 'ms'));
    figures.push(figure(`flood ${label}: flooding address's writes accepted`, accepted, 'writes', { max: loadConfig({}).LIMIT_WRITES }));
    figures.push(figure(`flood ${label}: flooding address cut off after`, result.firstRefusalMs ?? NaN, 'ms', BUDGETS.floodCutOffMs));
    figures.push(figure(`flood ${label}: flooding address's writes refused (429)`, refused, 'answers'));
    figures.push(figure(`flood ${label}: flood requests per second`, result.sent / result.seconds, 'req/s'));
    figures.push(figure(`flood ${label}: a second address's report accepted during the flood`, neighbourAnswer?.status === 201 ? 1 : 0, 'reports', { min: 1 }));
    figures.push(figure(`flood ${label}: a second address's report answered in`, neighbourAnswer?.ms ?? NaN, 'ms'));
    const panelErrors = panels.reduce((n, p) => n + p.statuses.filter((s) => s !== 200).length, 0);
    figures.push(figure(`flood ${label}: errors (flood answers not 201/429, refused reads, failed panel lists)`, others + read.refused + panelErrors, 'errors', { max: 0 }));
  } finally {
    await server.stop();
    copy.remove();
  }
  return figures;
}

/** Deterministic identifiers of the i-th pending submission: an EVM wallet, and a handle. */
const walletOf = (i: number) => `0x${i.toString(16).padStart(8, '0').repeat(5)}`;

/** `count` submissions awaiting review, inserted as the API writes them, in one transaction. */
export function seedPending(path: string, count: number): void {
  const db = openDatabase(path);
  try {
    const listed = db.prepare("SELECT id FROM profiles WHERE verification_status = 'verified' ORDER BY id").pluck().all() as number[];
    const profile = db.prepare(`INSERT INTO profiles (kind, name, bio, wallet_addresses, telegram, verification_status,
        joined_date, reported_person_date, submitted_at, submitted_by, submission_kind)
      VALUES (?, ?, ?, ?, ?, 'unverified', ?, ?, ?, 'Anonymous', ?)`);
    const incident = db.prepare(`INSERT INTO incidents (profile_id, description, reported, amount, currency, wallet_addresses, verification_status)
      VALUES (?, ?, ?, 1000, 'USDT', ?, 'pending')`);
    const start = Date.parse('2026-01-01T00:00:00Z');
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(start + i * 1000).toISOString();
        const wallet = JSON.stringify([walletOf(i)]);
        if (i % 2 === 0) {
          const kind = i % 4 === 0 ? 'developer' : 'project';
          profile.run(kind, `Pending report ${i}`, 'Reported, awaiting review.', wallet, JSON.stringify([`@pending_${i}`]),
            at.slice(0, 10), at, at, kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT');
        } else {
          incident.run(listed[i % listed.length], `Pending incident ${i}`, at, wallet);
        }
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

export async function benchPendingQueue(databasePath: string, label: string, pending: number): Promise<Figure[]> {
  const copy = copyOf(databasePath);
  const started = performance.now();
  seedPending(copy.path, pending);
  log(`pending queue ${label}: ${pending} submissions inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await productionServer(copy.path);
  const figures: Figure[] = [];
  const pendingLabel = `${pending / 1000}k pending (${label} listed)`;
  try {
    const staff = await staffAt(server.url, '127.0.0.4');
    const cold = await staff.panel();
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push((await staff.panel()).ms);
    staff.close();
    log(`pending queue ${label}: cold ${Math.round(cold.ms)} ms (${cold.total} items, statuses ${cold.statuses.join(',')}), warm ${warm.map(Math.round).join(', ')} ms`);
    figures.push(figure(`admin panel's first page, ${pendingLabel}: cold`, cold.ms, 'ms', BUDGETS.staffFirstPageMs));
    figures.push(figure(`admin panel's first page, ${pendingLabel}: warm (median of 3)`, median(warm), 'ms', BUDGETS.staffFirstPageMs));
    figures.push(figure(`admin panel's first page, ${pendingLabel}: items shown`, cold.total, 'items'));
    figures.push(figure(`admin panel's first page, ${pendingLabel}: failed lists`, cold.statuses.filter((s) => s !== 200).length, 'errors', { max: 0 }));
  } finally {
    await server.stop();
    copy.remove();
  }
  return figures;
}
