import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, memberClient, staffClient, visitor, type TestApp } from '../../test-support';
import { routes } from '../../../shared/contract/routes';

let t: TestApp;
beforeEach(() => { t = makeTestApp(); });
afterEach(() => t.close());

/** GET lists them, POST saves one (routes.savedSearches.list and .create share the path) */
const PATH = routes.savedSearches.list.path();
const one = (id: number | string) => routes.savedSearches.remove.path({ id });
const search = (name: string) => ({ name, filters: { Industry: ['DeFi'], 'Scam Type': ['Rug Pull'] }, query: 'bustr' });

describe('saved searches for an anonymous visitor', () => {
  it('answers 401 JSON to list, save and delete, and writes nothing', async () => {
    const client = await visitor(t.app);
    const list = await request(t.app).get(PATH);
    const save = await client.post(PATH, search('mine'));
    const remove = await client.delete(one(1));
    for (const res of [list, save, remove]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await countRows(t, 'saved_searches')).toBe(0);
  });

  it('answers 401 rather than a replay to an anonymous caller reusing an idempotency key', async () => {
    const member = await memberClient(t);
    await member.post(PATH, search('mine'), { 'Idempotency-Key': 'saved-search-key-1' });
    const stranger = await visitor(t.app);
    const res = await stranger.post(PATH, search('mine'), { 'Idempotency-Key': 'saved-search-key-1' });
    expect(res.status).toBe(401);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('saved searches for a signed-in user', () => {
  it('saves a search, lists it and deletes it', async () => {
    const member = await memberClient(t);

    const saved = await member.post(PATH, search('DeFi rugs'));
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      name: 'DeFi rugs',
      filters: { Industry: ['DeFi'], 'Scam Type': ['Rug Pull'] },
      query: 'bustr',
      savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const list = await member.get(PATH);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([saved.body]);

    const removed = await member.delete(one(saved.body.id));
    expect([200, 204]).toContain(removed.status);
    expect((await member.get(PATH)).body).toEqual([]);
    expect(await countRows(t, 'saved_searches')).toBe(0);
  });

  it('accepts a search with only a query, or only a filter', async () => {
    const member = await memberClient(t);
    expect((await member.post(PATH, { name: 'by text', query: 'rug' })).status).toBe(201);
    expect((await member.post(PATH, { name: 'by filter', filters: { Banks: ['Acme Bank'] } })).status).toBe(201);
    expect(await countRows(t, 'saved_searches')).toBe(2);
  });

  it('refuses a blank name with 400 and writes nothing', async () => {
    const member = await memberClient(t);
    const res = await member.post(PATH, { ...search('x'), name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/name/);
    expect(await countRows(t, 'saved_searches')).toBe(0);
  });

  it('refuses a search with no filter and no query with 400 and writes nothing', async () => {
    const member = await memberClient(t);
    for (const body of [{ name: 'empty' }, { name: 'empty', filters: { Industry: [] }, query: '  ' }]) {
      const res = await member.post(PATH, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/at least one filter or a search query/);
    }
    expect(await countRows(t, 'saved_searches')).toBe(0);
  });

  it('keeps only the newest 10: saving an eleventh drops the oldest', async () => {
    const member = await memberClient(t);
    for (let i = 1; i <= 11; i += 1) expect((await member.post(PATH, search(`search ${i}`))).status).toBe(201);

    const list = await member.get(PATH);

    expect(list.body.map((s: { name: string }) => s.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `search ${11 - i}`),
    );
    expect(await countRows(t, 'saved_searches')).toBe(10);
  });

  it("keeps each user's searches apart: another user's is invisible and deleting it is 404", async () => {
    const member = await memberClient(t);
    const staff = await staffClient(t);
    const mine = await member.post(PATH, search('member only'));

    expect((await staff.get(PATH)).body).toEqual([]);
    const res = await staff.delete(one(mine.body.id));
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await member.get(PATH)).body).toHaveLength(1);
  });

  it('answers 404 for a search that does not exist or a malformed id', async () => {
    const member = await memberClient(t);
    expect((await member.delete(one(999))).status).toBe(404);
    expect((await member.delete(one('abc'))).status).toBe(404);
  });

  it('saves once when replayed with the same Idempotency-Key and marks the replay', async () => {
    const member = await memberClient(t);
    const headers = { 'Idempotency-Key': 'outbox-entry-1:0' };

    const first = await member.post(PATH, search('once'), headers);
    const replay = await member.post(PATH, search('once'), headers);

    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await countRows(t, 'saved_searches')).toBe(1);
  });

  it('answers 422 when an Idempotency-Key is reused with a different body', async () => {
    const member = await memberClient(t);
    const headers = { 'Idempotency-Key': 'outbox-entry-2:0' };
    await member.post(PATH, search('first'), headers);

    const res = await member.post(PATH, search('second'), headers);

    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/Idempotency-Key/);
    expect(await countRows(t, 'saved_searches')).toBe(1);
  });
});
