// GET /api/check against the demo registry as `npm start` seeds it: every pasted form of
// server/demo/lookups.ts finds its profile, every lookalike is called out as looking like its
// listed profile (never a match), and every value one character off finds nothing.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test-support';
import { seedDemo } from '../../demo/seeding';
import { DEMO_LOOKALIKES, DEMO_LOOKUPS, DEMO_MISSES } from '../../demo/lookups';
import { checkAnswerSchema, type CheckAnswer } from '../../../shared/contract/check';
import { routes } from '../../../shared/contract/routes';

let t: TestApp;

beforeAll(() => {
  t = makeTestApp();
  seedDemo(t.db);
});
afterAll(() => t.close());

async function answerFor(q: string): Promise<CheckAnswer> {
  const res = await request(t.app).get(routes.check.lookup.path({ query: { q } }));
  expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
  return checkAnswerSchema.parse(res.body);
}

describe('GET /api/check on the demo registry', () => {
  it('when any pasted form of a demo lookup is checked, then its profile is a match', async () => {
    for (const lookup of DEMO_LOOKUPS) {
      for (const pasted of lookup.pasted) {
        const answer = await answerFor(pasted);
        expect(answer.matches.map((m) => m.name), pasted).toContain(lookup.profile);
      }
    }
  });

  it('when a demo lookalike is checked, then it names its listed profile as a lookalike and matches nothing', async () => {
    for (const lookalike of DEMO_LOOKALIKES) {
      if (lookalike.kind === 'name') continue; // a name is no identifier: the registry's search calls it out
      const answer = await answerFor(lookalike.pasted);
      expect(answer.matches, lookalike.pasted).toEqual([]);
      expect(answer.lookalikes.map((l) => l.name), lookalike.pasted).toContain(lookalike.profile);
    }
  });

  it('when a value one character off a listed one is checked, then nothing matches', async () => {
    for (const miss of DEMO_MISSES) {
      expect((await answerFor(miss.pasted)).matches, miss.pasted).toEqual([]);
    }
  });
});
