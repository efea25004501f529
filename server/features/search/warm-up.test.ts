// The warm-up's searches (warm-up.ts) against a real temp database: valid calls of every shape
// people make, identifiers of every kind pasted, from the newest public profiles, in the hidden
// classes of a call posted to a thread (server/search-thread.test.ts answers them).
import { setFlagsFromString } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seeding';
import { engineOver } from '../../db/engine/engine';
import { makeTestApp, type TestApp } from '../../test-support';
import { searchQuerySchema } from '../../../shared/contract/search';
import type { SearchCall } from './service';
import type { ThreadRequest } from './threads';
import { AppError } from '../../errors';
import {
  MAIN_WARM_UP_IN_FLIGHT, MAIN_WARM_UP_SEARCHES_PER_STEP, WARM_UP_IDENTIFIERS_PER_KIND, queryText, warmUpCalls, warmUpThroughThreads,
} from './warm-up';

let t: TestApp;

beforeEach(() => {
  t = makeTestApp();
  seedDemo(t.db, { profiles: 60 });
});
afterEach(() => t.close());

const pages = (calls: SearchCall[]) => calls.flatMap((c) => (c.call === 'page' ? [c.query] : []));
/** A page query as the route reads it from its URL (its filters a JSON text there). */
const readFromUrl = (query: ReturnType<typeof pages>[number]) => searchQuerySchema.parse(queryText({ call: 'page', query }));

describe('the search warm-up', () => {
  it('when its searches are made, then each is a valid search of the newest public profiles, of every shape people make', async () => {
    const newest = t.db.prepare("SELECT id, name, kind FROM profiles WHERE verification_status = 'verified' ORDER BY id DESC LIMIT 10")
      .all() as { id: number; name: string; kind: string }[];
    const queries = pages(await warmUpCalls(engineOver(t.db), 10));

    expect(queries.length).toBeGreaterThanOrEqual(20);
    for (const query of queries) expect(readFromUrl(query)).toEqual(query);
    // a name, the first letters of one a page further, a wallet, a first name with a scam type, a scam type alone
    expect(queries.filter((q) => newest.some((p) => p.name === q.q && p.kind === q.kind)).length).toBe(newest.length);
    expect(queries.some((q) => q.page > 1 && q.q.length >= 3 && q.q.length < 7)).toBe(true);
    expect(queries.some((q) => /^(0x[0-9a-f]{40}|[13bLT])/i.test(q.q) && q.q.length >= 26)).toBe(true);
    expect(queries.some((q) => q.q !== '' && (q.filters['Scam Type']?.length ?? 0) === 1)).toBe(true);
    expect(queries.some((q) => q.q === '' && (q.filters['Scam Type']?.length ?? 0) === 1)).toBe(true);
  });

  it('when its searches are made, then every kind of identifier the newest profiles list is pasted, a few of each, as its profile shows it', async () => {
    const listed = t.db.prepare(`SELECT i.kind, i.value, p.kind AS profileKind FROM profile_identifiers i
      JOIN (SELECT id, kind FROM profiles WHERE verification_status = 'verified' ORDER BY id DESC LIMIT 10) p ON p.id = i.profile_id`)
      .all() as { kind: string; value: string; profileKind: string }[];
    const kinds = new Set(listed.map((row) => row.kind));
    const queries = pages(await warmUpCalls(engineOver(t.db), 10));
    const pastedOf = (kind: string) => listed.filter((row) => row.kind === kind && queries.some((q) => q.q === row.value && q.kind === row.profileKind && q.page === 1));

    // the demo's newest profiles list wallets of three chains, domains, phones, handles, emails, banks, addresses
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    for (const kind of kinds) {
      const ofKind = listed.filter((row) => row.kind === kind).length;
      expect(pastedOf(kind).length, kind).toBe(Math.min(ofKind, WARM_UP_IDENTIFIERS_PER_KIND));
    }
  });

  it('when its searches are made, then each has the hidden classes of a search posted to a thread (the code it optimises is the code real searches run)', async () => {
    // V8's own test of two objects' hidden classes, compiled once the flag allows its syntax
    setFlagsFromString('--allow-natives-syntax');
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const calls = (await warmUpCalls(engineOver(t.db), 10)).filter((c) => c.call === 'page');
    const { port1, port2 } = new MessageChannel();
    try {
      for (const call of calls) {
        // a call as the main thread posts it (threads.ts): a query parsed from the URL, then sent
        const posted = await new Promise<SearchCall & { call: 'page' }>((resolve) => {
          port2.once('message', (message: { call: SearchCall & { call: 'page' } }) => resolve(message.call));
          port1.postMessage({ type: 'call', id: 1, call: { call: 'page', query: readFromUrl(call.query) }, encoding: 'br' } satisfies ThreadRequest);
        });
        expect(sameMap(call, posted)).toBe(true);
        expect(sameMap(call.query, posted.query)).toBe(true);
        expect(sameMap(call.query.filters, posted.query.filters)).toBe(true);
        for (const [name, values] of Object.entries(call.query.filters) as [keyof typeof call.query.filters, string[]][]) {
          expect(sameMap(values, posted.query.filters[name]!)).toBe(true);
        }
      }
    } finally {
      port1.close();
    }
  });
});

/** `count` page calls, each another query. */
const someCalls = (count: number): SearchCall[] => Array.from({ length: count }, (_, i) => ({ call: 'page', query: { kind: 'developer', q: `name ${i}`, filters: {}, page: 1 } }));
/** A scheduler that counts the steps it is given and runs each on the next turn. */
const countingSchedule = () => {
  const schedule = Object.assign((step: () => void) => { schedule.steps++; setImmediate(step); }, { steps: 0 });
  return schedule;
};

describe("the main thread's search warm-up", () => {
  it('when it runs, then it asks every search once, as many at once as a load of 50 connections and no more, a step at a time', async () => {
    const calls = someCalls(2 * MAIN_WARM_UP_SEARCHES_PER_STEP + 50);
    const asked: SearchCall[] = [];
    let inFlight = 0;
    let most = 0;
    const schedule = countingSchedule();
    const answered = await new Promise<number>((resolve, reject) => {
      warmUpThroughThreads(calls, async (call) => {
        asked.push(call);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight--;
      }, schedule, (count, error) => (error ? reject(error) : resolve(count)));
    });

    expect(answered).toBe(calls.length);
    expect(asked).toEqual(calls);
    expect(most).toBe(MAIN_WARM_UP_IN_FLIGHT);
    expect(schedule.steps).toBe(3);
  });

  it('when the threads refuse a search (busy, starting), then it stops there and says why', async () => {
    const calls = someCalls(3 * MAIN_WARM_UP_SEARCHES_PER_STEP);
    let asked = 0;
    const schedule = countingSchedule();
    const [answered, error] = await new Promise<[number, unknown]>((resolve) => {
      warmUpThroughThreads(calls, async () => {
        const nth = ++asked;
        await new Promise((r) => setImmediate(r));
        if (nth === 10) throw new AppError(503, 'The online search is busy. Try again in a moment.');
      }, schedule, (count, failure) => resolve([count, failure]));
    });

    expect(error).toBeInstanceOf(AppError);
    expect(answered).toBeLessThan(MAIN_WARM_UP_SEARCHES_PER_STEP);
    await new Promise((r) => setTimeout(r, 20));
    expect(schedule.steps).toBe(1);
    expect(asked).toBeLessThanOrEqual(MAIN_WARM_UP_SEARCHES_PER_STEP);
  });
});
