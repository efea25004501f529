// The warm-up's searches (warm-up.ts) against a real temp database: valid calls of every shape
// people make, from the newest public profiles (server/search-thread.test.ts answers them).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seeding';
import { engineOver } from '../../db/engine/engine';
import { makeTestApp, type TestApp } from '../../test-support';
import { searchQuerySchema } from '../../../shared/contract/search';
import type { SearchCall } from './service';
import { warmUpCalls } from './warm-up';

let t: TestApp;

beforeEach(() => {
  t = makeTestApp();
  seedDemo(t.db, { profiles: 60 });
});
afterEach(() => t.close());

const pages = (calls: SearchCall[]) => calls.flatMap((c) => (c.call === 'page' ? [c.query] : []));

describe('the search warm-up', () => {
  it('when its searches are made, then each is a valid search of the newest public profiles, of every shape people make', async () => {
    const newest = t.db.prepare("SELECT id, name, kind FROM profiles WHERE verification_status = 'verified' ORDER BY id DESC LIMIT 10")
      .all() as { id: number; name: string; kind: string }[];
    const queries = pages(await warmUpCalls(engineOver(t.db), 10));

    expect(queries.length).toBeGreaterThanOrEqual(20);
    for (const query of queries) expect(searchQuerySchema.parse({ ...query, filters: JSON.stringify(query.filters) })).toEqual(query);
    // a name, the first letters of one a page further, a wallet, a first name with a scam type, a scam type alone
    expect(queries.filter((q) => newest.some((p) => p.name === q.q && p.kind === q.kind)).length).toBe(newest.length);
    expect(queries.some((q) => q.page > 1 && q.q.length >= 3 && q.q.length < 7)).toBe(true);
    expect(queries.some((q) => /^(0x[0-9a-f]{40}|[13bLT])/i.test(q.q) && q.q.length >= 26)).toBe(true);
    expect(queries.some((q) => q.q !== '' && (q.filters['Scam Type']?.length ?? 0) === 1)).toBe(true);
    expect(queries.some((q) => q.q === '' && (q.filters['Scam Type']?.length ?? 0) === 1)).toBe(true);
  });
});
