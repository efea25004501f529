// The flood of bench/flood.ts, in its own process so that its load does not stall the bench's
// samplers: anonymous reports (profiles and incidents, valid bodies, CSRF and Idempotency-Key as
// the API requires) from one address at full speed, CONNECTIONS at a time, for SECONDS. Prints one
// JSON line: the answers by status, when the first 429 came, and the requests sent.
import { Agent, request } from 'node:http';
import { routes } from '../shared/contract/routes';
import { IDEMPOTENCY_HEADER } from '../shared/constants';

const url = new URL(process.env.FLOOD_URL!);
const seconds = Number(process.env.FLOOD_SECONDS ?? 10);
const address = process.env.FLOOD_ADDRESS ?? '127.0.0.2';
const profileId = Number(process.env.FLOOD_PROFILE_ID);
const connections = Number(process.env.FLOOD_CONNECTIONS ?? 16);
const csrf = 'floodfloodfloodfloodfloodfloodflood01';

const agent = new Agent({ keepAlive: true, maxSockets: connections, localAddress: address });
const statuses = new Map<number, number>();
let firstRefusalMs: number | null = null;
let lastAcceptedMs: number | null = null;
let sent = 0;
let failures = 0;

function post(path: string, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request({
      host: url.hostname, port: url.port, path, method: 'POST', agent,
      headers: {
        'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), Cookie: `csrftoken=${csrf}`,
        'X-CSRFToken': csrf, [IDEMPOTENCY_HEADER]: `flood-${process.pid}-${sent}`,
      },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // a kept-alive socket the server closed as it was reused (Node's documented race) is no answer
    req.on('error', (error: NodeJS.ErrnoException) => resolve(req.reusedSocket && error.code === 'ECONNRESET' ? -1 : 0));
    req.end(text);
  });
}

const started = performance.now();
const deadline = started + seconds * 1000;
async function loop(): Promise<void> {
  while (performance.now() < deadline) {
    const i = sent++;
    // half new profiles, half incidents on a listed profile, as a script flooding the queues would
    const status = i % 2 === 0
      ? await post(routes.profiles.create.developer.path(), { name: `Flood ${i}`, bio: 'Floods the queue with reports of nothing.' })
      : await post(routes.incidents.submit.developer.path({ id: profileId }), { description: `Flood incident ${i}`, lostAmount: '1000' });
    const at = performance.now() - started;
    if (status === -1) continue;
    if (status === 0) failures++;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status === 201) lastAcceptedMs = at;
    if (status === 429 && firstRefusalMs === null) firstRefusalMs = at;
  }
}
await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();
process.stdout.write(`${JSON.stringify({
  sent, failures, firstRefusalMs, lastAcceptedMs, seconds: (performance.now() - started) / 1000,
  statuses: Object.fromEntries(statuses),
})}\n`);
