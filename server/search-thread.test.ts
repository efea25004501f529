// The search call on threads (features/search/threads.ts, search-thread.ts) against a real temp database:
// every answer byte for byte what the main thread builds, answers that follow the registry's
// revision, a thread that ends mid-request, none ready yet, and the app answering through them.
import { Worker } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { seedDemo } from './demo/seeding';
import { DEMO_LOOKUPS } from './demo/lookups';
import { AppError } from './errors';
import { makeTestApp, staffClient, visitor, type TestApp } from './test-support';
import { publishedProfile } from './test-flows';
import { publicLightProfileTexts, publicLightProfileTextsOn } from './features/sync/page-text';
import { routes } from '../shared/contract/routes';
import { searchAnswerSchema } from '../shared/contract/search';
import { buildAnswer, type SearchCall } from './features/search/service';
import { engineOver } from './db/engine/engine';
import { SEARCH_STARTING_MESSAGE } from './features/search/registry-index';
import { SEARCH_BUSY_MESSAGE, SearchThreads } from './features/search/threads';
import { warmUpCalls } from './features/search/warm-up';

const ENTRY = new URL('./search-thread.mjs', import.meta.url);
/** a thread that never says it is ready */
const NEVER_READY = new URL('data:text/javascript,setInterval(() => {}, 1000);');
/** a thread that says it is ready, then never answers (each start counted on the main thread) */
const SILENT = new URL(`data:text/javascript,${encodeURIComponent(
  "import { parentPort } from 'node:worker_threads'; parentPort.postMessage({ type: 'ready' }); setInterval(() => {}, 1000);",
)}`);

let t: TestApp;
let threads: SearchThreads | null = null;

beforeEach(() => {
  t = makeTestApp();
  seedDemo(t.db, { profiles: 80 });
});
afterEach(async () => {
  await threads?.close();
  threads = null;
  t.close();
});

async function started(count = 2): Promise<SearchThreads> {
  threads = new SearchThreads(ENTRY, t.config.DATABASE_PATH, count);
  await threads.ready();
  return threads;
}

const CALLS: SearchCall[] = [
  { call: 'page', query: { kind: 'developer', q: '', filters: {}, page: 1 } },
  { call: 'page', query: { kind: 'developer', q: 'ald', filters: {}, page: 2 } },
  { call: 'page', query: { kind: 'project', q: '', filters: { 'Scam Type': ['Rug Pull'] }, page: 1 } },
  { call: 'page', query: { kind: 'developer', q: '', filters: {}, page: 99 } },
  ...DEMO_LOOKUPS.flatMap((lookup) => lookup.pasted.slice(0, 2).map((q): SearchCall => ({ call: 'page', query: { kind: lookup.profileKind, q, filters: {}, page: 1 } }))),
  { call: 'options', kind: 'developer', category: 'Scam Type' },
  { call: 'lookup', q: DEMO_LOOKUPS[0]!.pasted[0]! },
];

describe('search threads', () => {
  it('when asked, then each answer is byte for byte what this thread builds, with its ETag, and its brotli form is those bytes', async () => {
    const pool = await started();
    for (const call of CALLS) {
      const expected = await buildAnswer(engineOver(t.db), call, { sqlite: publicLightProfileTexts, on: publicLightProfileTextsOn });
      const plain = await pool.ask(call, null);
      expect(plain.bytes.toString(), JSON.stringify(call)).toBe(expected.bytes.toString());
      expect(plain.etag).toBe(expected.etag);
      expect(plain.revision).toBe(expected.revision);
      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = await pool.ask(call, encoding);
        expect(compressed.bytes.toString()).toBe(expected.bytes.toString());
        if (expected.bytes.length < 1024) continue;
        // only the form it is sent in is handed over; the plain body is made from it when asked
        expect(Object.keys(compressed.compressed!)).toEqual([encoding]);
        expect(compressed.byteLength).toBe(expected.bytes.length);
        const body = compressed.compressed![encoding]!;
        expect((encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString()).toBe(expected.bytes.toString());
      }
    }
  });

  it('when the registry changes, then the threads answer at the new revision, the change included', async () => {
    const pool = await started();
    const call: SearchCall = { call: 'page', query: { kind: 'developer', q: 'Zebediah Quorrington', filters: {}, page: 1 } };
    const before = await pool.ask(call, null);
    expect(searchAnswerSchema.parse(JSON.parse(before.bytes.toString())).total).toBe(0);

    const anon = await visitor(t.app);
    const staff = await staffClient(t);
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Zebediah Quorrington' }, [{}]);
    // both threads bring their index forward
    for (let i = 0; i < 4; i++) {
      const after = await pool.ask(call, null);
      expect(after.revision).toBeGreaterThan(before.revision);
      expect(searchAnswerSchema.parse(JSON.parse(after.bytes.toString())).items.map((item) => item.profile.id)).toEqual([id]);
    }
  });

  it('when a thread ends, then what it was asked fails with a 503 and another thread takes its place', async () => {
    threads = new SearchThreads(SILENT, t.config.DATABASE_PATH, 1);
    await threads.ready();
    const asked = threads.ask(CALLS[1]!, 'br');
    await threads.crashOne();
    await expect(asked).rejects.toMatchObject({ status: 503, message: SEARCH_STARTING_MESSAGE });
    expect(threads.size).toBe(1);
    // the one in its place is asked (and, silent too, never answers: the call is still waiting)
    await threads.ready();
    let settled = false;
    const settle = () => { settled = true; };
    void threads.ask(CALLS[1]!, null).then(settle, settle);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
  });

  it('when many calls come at once and a thread ends, then only the two it held fail: the rest wait in one queue and the other thread answers them', async () => {
    const pool = await started(2);
    const asked = Array.from({ length: 24 }, (_, i) => pool.ask(CALLS[i % CALLS.length]!, null));
    await pool.crashOne();
    const settled = await Promise.allSettled(asked);
    const failed = settled.filter((s) => s.status === 'rejected');
    // a thread holds the call it builds and the next (CALLS_PER_THREAD); before one queue, it held half of them
    expect(failed.length).toBeLessThanOrEqual(2);
    for (const f of failed) expect((f as PromiseRejectedResult).reason).toMatchObject({ status: 503 });
    for (const [i, s] of settled.entries()) {
      if (s.status === 'fulfilled') expect(s.value.bytes.length, `call ${i}`).toBeGreaterThan(0);
    }
  });

  it('when more calls wait than the queue holds, then the next is refused at once with a 503 that says the search is busy, and the queue goes on', async () => {
    threads = new SearchThreads(SILENT, t.config.DATABASE_PATH, 1, undefined, 3);
    await threads.ready();
    const settled: unknown[] = [];
    // two held by the thread, three waiting
    for (let i = 0; i < 5; i++) void threads.ask(CALLS[1]!, null).then((a) => settled.push(a), (e: unknown) => settled.push(e));
    await expect(threads.ask(CALLS[1]!, null)).rejects.toMatchObject({ status: 503, message: SEARCH_BUSY_MESSAGE, headers: { 'Retry-After': '2' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toEqual([]); // the ones in the queue still wait their turn
  });

  it('when a thread reads its index ahead, then it takes each step only when the main thread gives the go-ahead (its quiet time)', async () => {
    const held: (() => void)[] = [];
    threads = new SearchThreads(ENTRY, t.config.DATABASE_PATH, 1, (step) => held.push(step));
    await threads.ready();
    const asked = async () => {
      // the thread asks for its first step once ready: wait for it to arrive
      for (let i = 0; i < 100 && held.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await asked();
    expect(held.length).toBe(1);
    // not given the go-ahead, it waits (and still answers)
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held.length).toBe(1);
    expect((await threads.ask(CALLS[0]!, null)).bytes.length).toBeGreaterThan(0);
    // each go-ahead lets one step run, and it asks for the next until the work is done
    let steps = 0;
    for (; steps < 1_000; steps++) {
      held.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (held.length === 0) break;
    }
    expect(steps).toBeGreaterThan(0);
    expect(held).toHaveLength(0);
  });

  it('when the threads are closed or one is crashed, then each ends itself between two pieces of work, and only one that does not listen is terminated', async () => {
    // terminated mid-work, a thread compressing may take the process down (Node 20, `close before
    // init`; features/search/threads.ts, EXIT_GRACE_MS)
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      const pool = await started(2);
      const asked = Array.from({ length: 12 }, (_, i) => pool.ask(CALLS[i % CALLS.length]!, 'br'));
      await pool.crashOne();
      await Promise.allSettled(asked);
      await pool.ready();
      expect((await pool.ask(CALLS[0]!, 'br')).bytes.length).toBeGreaterThan(0);
      await pool.close();
      threads = null;
      expect(terminate).not.toHaveBeenCalled();

      threads = new SearchThreads(SILENT, t.config.DATABASE_PATH, 1);
      await threads.ready();
      await threads.close();
      threads = null;
      expect(terminate).toHaveBeenCalledTimes(1);
    } finally {
      terminate.mockRestore();
    }
  });

  it('when no thread is ready yet, then a search is a 503 that says to try again shortly', async () => {
    threads = new SearchThreads(NEVER_READY, t.config.DATABASE_PATH, 2);
    const error = await threads.ask(CALLS[0]!, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, message: SEARCH_STARTING_MESSAGE, headers: { 'Retry-After': '5' } });
  });
});

describe('the warm-up of a search thread', () => {
  it('when its searches are answered, then each answer is a search page, and each newest profile is found by its name', async () => {
    const engine = engineOver(t.db);
    const newest = t.db.prepare("SELECT id, name, kind FROM profiles WHERE verification_status = 'verified' ORDER BY id DESC LIMIT 5")
      .all() as { id: number; name: string; kind: string }[];
    const texts = { sqlite: publicLightProfileTexts, on: publicLightProfileTextsOn };
    const found = new Set<number>();
    for (const call of await warmUpCalls(engine, 5)) {
      const answer = searchAnswerSchema.parse(JSON.parse((await buildAnswer(engine, call, texts)).bytes.toString('utf8')));
      const named = newest.find((p) => call.call === 'page' && call.query.q === p.name && call.query.kind === p.kind && call.query.page === 1);
      if (named && answer.items.some((i) => i.profile.id === named.id)) found.add(named.id);
    }
    expect([...found].sort()).toEqual(newest.map((p) => p.id).sort());
  });
});

describe('the app with search threads', () => {
  const browser = { Cookie: 'csrftoken=abcdefghijklmnopqrstuvwxyz012345', 'Accept-Encoding': 'br' };
  const paths = [
    routes.search.page.path({ query: { kind: 'developer', q: 'ald', page: 1 } }),
    routes.search.page.path({ query: { kind: 'project', q: DEMO_LOOKUPS[1]!.pasted[0]! } }),
    routes.search.options.path({ query: { kind: 'project', category: 'Scam Type' } }),
    routes.search.lookup.path({ query: { q: DEMO_LOOKUPS[0]!.pasted[0]! } }),
  ];

  it('when a search is asked through Express or the lane ahead of it, then it answers as the app without threads does', async () => {
    const pool = await started();
    const threaded = createApp({ engine: t.engine, config: t.config }, { searchThreads: pool });
    for (const path of paths) {
      const expected = await request(t.app).get(path);
      for (const headers of [{}, browser]) {
        const res = await request(threaded).get(path).set(headers);
        expect(res.status, path).toBe(200);
        expect(res.text).toBe(expected.text);
        expect(res.headers.etag).toBe(expected.headers.etag);
      }
      // asked again at the same revision: from the answer cache, 304 for the same ETag
      const again = await request(threaded).get(path).set({ ...browser, 'If-None-Match': expected.headers.etag as string });
      expect(again.status).toBe(304);
    }
  });

  it('when no thread is ready, then both ways answer a 503 with the readable message, not a failure', async () => {
    threads = new SearchThreads(NEVER_READY, t.config.DATABASE_PATH, 1);
    const threaded = createApp({ engine: t.engine, config: t.config }, { searchThreads: threads });
    for (const headers of [{}, browser]) {
      const res = await request(threaded).get(paths[0]!).set(headers);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toMatchObject({ error: SEARCH_STARTING_MESSAGE });
    }
  });

  it('when a thread fails to answer (not a refusal), then the app answers the plain 500 every failure gets', async () => {
    const failing = new URL(`data:text/javascript,${encodeURIComponent(
      "import { parentPort } from 'node:worker_threads'; parentPort.postMessage({ type: 'ready' });"
      + " parentPort.on('message', (m) => { if (m.type === 'call') parentPort.postMessage({ type: 'failed', id: m.id, message: 'disk went away' }); });",
    )}`);
    threads = new SearchThreads(failing, t.config.DATABASE_PATH, 1);
    await threads.ready();
    const error = await threads.ask(CALLS[0]!, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const threaded = createApp({ engine: t.engine, config: t.config }, { searchThreads: threads });
    const res = await request(threaded).get(paths[0]!).set(browser);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('when a query is bad, then it is a 400 from the main thread, the threads never asked', async () => {
    threads = new SearchThreads(NEVER_READY, t.config.DATABASE_PATH, 1);
    const threaded = createApp({ engine: t.engine, config: t.config }, { searchThreads: threads });
    const res = await request(threaded).get('/api/search/?page=0').set(browser);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/page/);
  });
});
