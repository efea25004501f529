// The main thread's search warm-up (features/search/warm-up.ts) as the server composes it: its
// searches read as the route reads a query and answered by the app's own search answers, against
// a real temp database (here in this process; on a server, its threads answer them).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchOf } from './app';
import { engineOver } from './db/engine/engine';
import { seedDemo } from './demo/seeding';
import { MAIN_WARM_UP_PROFILES, queryText, warmUpCalls, warmUpMainThread } from './features/search/warm-up';
import { engineCache } from './read-model/answer-cache';
import { makeTestApp, type TestApp } from './test-support';
import { searchQuerySchema } from '../shared/contract/search';

let t: TestApp;

beforeEach(() => {
  t = makeTestApp();
  seedDemo(t.db, { profiles: 60 });
});
afterEach(() => t.close());

describe("the main thread's search warm-up, composed", () => {
  it("when it runs against the registry, then each of its searches is read as the route reads a query and answered by the route's answers", async () => {
    const engine = engineOver(t.db);
    const expected = (await warmUpCalls(engine, MAIN_WARM_UP_PROFILES)).filter((c) => c.call === 'page');
    const answers = searchOf({ engine, config: t.config }, { searchThreads: null });
    const answered = await new Promise<number>((resolve, reject) => {
      warmUpMainThread(engine, answers, (step) => setImmediate(step), (count, error) => (error ? reject(error) : resolve(count)));
    });

    expect(answered).toBe(expected.length);
    for (const call of expected) expect(searchQuerySchema.parse(queryText(call))).toEqual(call.query);
    // the last of them are in the answer cache, each under its query
    const cache = engineCache(engine, 'search');
    expect(cache.size).toBe(Math.min(256, new Set(expected.map((c) => JSON.stringify(c.query))).size));
  });
});
