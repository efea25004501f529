// The saved searches' data code on both engines (issue 21, docs/decisions/035): what the API tests
// (saved-searches.test.ts) hold on SQLite through the app, here on SQLite and PostgreSQL alike.
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import { SEARCH_HISTORY_LIMIT } from '../../../shared/constants';
import { inTransaction, type Engine } from '../../db/engine/engine';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './service';

const engines = useEngines();

/** The test on SQLite (over an app's connection) and on PostgreSQL, each with two users; what each gives back. */
function onBoth<T>(test: (engine: Engine, users: [number, number]) => Promise<T>): Promise<[T, T]> {
  return engines.onBoth(async (engine) => {
    const users = await Promise.all(['ada', 'bert'].map(async (username) => (await engine.db.insertInto('users')
      .values({ username, password_hash: 'x', created_at: '2026-11-26T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow()).id));
    return test(engine, users as [number, number]);
  });
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute));

describe('saved searches on both engines', () => {
  it('when a user saves more than the history holds, then the newest are kept, newest first, and nobody else sees them', async () => {
    const results = await onBoth(async (engine, [ada, bert]) => {
      for (let i = 1; i <= SEARCH_HISTORY_LIMIT + 2; i++) {
        await inTransaction(engine, (trx) => createSavedSearch(trx, ada, { name: `search ${i}`, filters: { Industry: ['DeFi'] }, query: 'rug' }, at(i)));
      }
      const mine = await listSavedSearches(engine.db, ada);
      return { names: mine.map((s) => s.name), first: mine[0], others: await listSavedSearches(engine.db, bert) };
    });
    expect(results[1]).toEqual({ ...results[0], first: { ...results[0]!.first, id: expect.any(Number) } });
    expect(results[0]!.names).toEqual(Array.from({ length: SEARCH_HISTORY_LIMIT }, (_, i) => `search ${SEARCH_HISTORY_LIMIT + 2 - i}`));
    expect(results[0]!.first).toMatchObject({ filters: { Industry: ['DeFi'] }, query: 'rug', savedAt: at(SEARCH_HISTORY_LIMIT + 2).toISOString() });
    expect(results[0]!.others).toEqual([]);
  });

  it("when a user deletes one of theirs, then it goes; another user's is as unknown as a missing one, and stays", async () => {
    const results = await onBoth(async (engine, [ada, bert]) => {
      const saved = await inTransaction(engine, (trx) => createSavedSearch(trx, ada, { name: 'mine', filters: {}, query: 'rug' }));
      const refused = await inTransaction(engine, (trx) => deleteSavedSearch(trx, bert, Number(saved.id))).catch((error: Error) => error.message);
      const kept = (await listSavedSearches(engine.db, ada)).length;
      await inTransaction(engine, (trx) => deleteSavedSearch(trx, ada, Number(saved.id)));
      return { refused, kept, after: (await listSavedSearches(engine.db, ada)).length };
    });
    const expected = { refused: 'That saved search was not found.', kept: 1, after: 0 };
    expect(results).toEqual([expected, expected]);
  });
});
