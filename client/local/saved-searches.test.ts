import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, memberClient } from '../../server/test-support';
import { upsertUserOn } from '../../server/features/auth/users';
import { SAVED_SEARCH_EMPTY_MESSAGE } from '../../shared/contract/saved-search';
import { apiJson } from '../api/http';
import { ANONYMOUS } from '../../shared/contract/auth';
import { loadCurrentUser, useCurrentUser } from '../state/current-user';
import type { RegistryDb } from './db';
import {
  deleteSavedSearch, listSavedSearches, saveSearch, syncSavedSearches, useSavedSearches,
} from './saved-searches';
import {
  connectTo, disconnect, dropDb, freshDb, resetStatus, startLossyProxy, startServer, type RunningServer,
} from './test-support';
import { routes } from '../../shared/contract/routes';

let db: RegistryDb;

beforeEach(() => {
  resetStatus();
  useCurrentUser.setState({ status: 'known', user: ANONYMOUS });
  db = freshDb();
});

afterEach(async () => {
  vi.restoreAllMocks();
  useCurrentUser.setState({ status: 'unknown', user: ANONYMOUS });
  await dropDb(db);
});

const devFilters = { Industry: ['DeFi'], 'Scam Type': ['Rug Pull', 'Phishing'] };

describe('saving a search on this device', () => {
  it('when the name is blank, then it is refused with the schema message and nothing is kept', async () => {
    const result = await saveSearch({ name: '   ', filters: devFilters, query: 'jane' }, db);

    expect(result).toEqual({ ok: false, message: 'Give the search a name' });
    expect(await listSavedSearches(db)).toEqual([]);
  });

  it('when there is neither a filter nor a query, then it is refused with the schema message', async () => {
    const none = await saveSearch({ name: 'Nothing', filters: {}, query: '  ' }, db);
    const blanks = await saveSearch({ name: 'Blanks', filters: { Industry: [' '], Banks: [] }, query: '' }, db);

    expect(none).toEqual({ ok: false, message: SAVED_SEARCH_EMPTY_MESSAGE });
    expect(blanks).toEqual({ ok: false, message: SAVED_SEARCH_EMPTY_MESSAGE });
    expect(await listSavedSearches(db)).toEqual([]);
  });

  it('when a name and a filter or a query are given, then it is kept trimmed, without empty categories, newest first', async () => {
    const first = await saveSearch({ name: ' DeFi rugs ', filters: { ...devFilters, Banks: [] }, query: '' }, db);
    const second = await saveSearch({ name: 'Jane', filters: {}, query: ' jane roe ' }, db);

    expect(first.ok && second.ok).toBe(true);
    const list = await listSavedSearches(db);
    expect(list.map(({ name, filters, query, synced }) => ({ name, filters, query, synced }))).toEqual([
      { name: 'Jane', filters: {}, query: 'jane roe', synced: false },
      { name: 'DeFi rugs', filters: devFilters, query: '', synced: false },
    ]);
    expect(list[0]?.savedAt).toEqual(expect.any(Number));
  });

  it('when an eleventh is saved, then the oldest is dropped and the newest 10 stay', async () => {
    for (let i = 1; i <= 11; i++) await saveSearch({ name: `Search ${i}`, filters: {}, query: `term ${i}` }, db);

    const names = (await listSavedSearches(db)).map((s) => s.name);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('Search 11');
    expect(names).not.toContain('Search 1');
    expect(names.at(-1)).toBe('Search 2');
  });

  it('when one is deleted, then it is gone and the others stay', async () => {
    await saveSearch({ name: 'Keep', filters: {}, query: 'a' }, db);
    const drop = await saveSearch({ name: 'Drop', filters: {}, query: 'b' }, db);

    if (drop.ok) await deleteSavedSearch(drop.search.id, db);

    expect((await listSavedSearches(db)).map((s) => s.name)).toEqual(['Keep']);
    expect(await db.savedSearches.count()).toBe(1);
  });

  it('when watched with useSavedSearches, then a save shows up without a reload', async () => {
    const { result } = renderHook(() => useSavedSearches(db));
    await waitFor(() => expect(result.current).toEqual([]));

    await saveSearch({ name: 'Live', filters: devFilters, query: '' }, db);

    await waitFor(() => expect(result.current?.map((s) => s.name)).toEqual(['Live']));
  });
});

describe('saved searches with the server, for a signed-in person', () => {
  let server: RunningServer;
  const cleanups: (() => Promise<void>)[] = [];
  const serverRows = () => server.t.db
    .prepare('SELECT s.name, s.filters, s.query FROM saved_searches s JOIN users u ON u.id = s.user_id WHERE u.username = ? ORDER BY s.id')
    .all(MEMBER.username) as { name: string; filters: string; query: string }[];

  async function signIn(url = server.url, wrap?: Parameters<typeof connectTo>[2]) {
    connectTo(url, undefined, wrap);
    await loadCurrentUser(); // the csrftoken cookie
    await apiJson(routes.auth.login.path(), { form: { username: MEMBER.username, password: MEMBER.password, next: '/' } });
    const user = await loadCurrentUser();
    expect(user.is_authenticated).toBe(true);
  }

  beforeEach(async () => {
    server = await startServer();
    await upsertUserOn(server.t.engine, { ...MEMBER, isStaff: false });
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    disconnect();
    await server.close();
  });

  it('when a search is saved, then it is stored on the server too and marked synced here', async () => {
    await signIn();

    await saveSearch({ name: 'DeFi rugs', filters: devFilters, query: 'bustr' }, db);
    await syncSavedSearches({ db });

    expect(serverRows()).toEqual([{ name: 'DeFi rugs', filters: JSON.stringify(devFilters), query: 'bustr' }]);
    expect((await listSavedSearches(db)).map((s) => [s.name, s.synced])).toEqual([['DeFi rugs', true]]);
  });

  it('when someone signs in, then searches saved here before are sent, and the ones in their account come down', async () => {
    await saveSearch({ name: 'Saved while signed out', filters: {}, query: 'roe' }, db);
    const otherDevice = await memberClient(server.t);
    await otherDevice.post(routes.savedSearches.create.path(), { name: 'From the phone', filters: { Location: ['Remote'] }, query: '' }).expect(201);
    expect(server.t.db.prepare('SELECT COUNT(*) AS n FROM saved_searches').get()).toEqual({ n: 1 });

    await signIn();
    await syncSavedSearches({ db });

    expect(serverRows().map((r) => r.name).sort()).toEqual(['From the phone', 'Saved while signed out']);
    const here = await listSavedSearches(db);
    expect(here.map((s) => s.name).sort()).toEqual(['From the phone', 'Saved while signed out']);
    expect(here.find((s) => s.name === 'From the phone')).toMatchObject({ filters: { Location: ['Remote'] }, query: '', synced: true });
  });

  it('when a search is deleted, then the server deletes it too; one deleted on another device leaves this one at the next sync', async () => {
    await signIn();
    const mine = await saveSearch({ name: 'Delete here', filters: {}, query: 'a' }, db);
    await saveSearch({ name: 'Delete elsewhere', filters: {}, query: 'b' }, db);
    await syncSavedSearches({ db });

    if (mine.ok) await deleteSavedSearch(mine.search.id, db);
    await syncSavedSearches({ db });
    expect(serverRows().map((r) => r.name)).toEqual(['Delete elsewhere']);

    server.t.db.prepare('DELETE FROM saved_searches').run();
    await syncSavedSearches({ db });
    expect(await listSavedSearches(db)).toEqual([]);
  });

  it('when eleven are saved, then the server and this device both keep the same newest 10', async () => {
    await signIn();
    for (let i = 1; i <= 11; i++) await saveSearch({ name: `Search ${i}`, filters: {}, query: `term ${i}` }, db);
    await syncSavedSearches({ db });

    const here = (await listSavedSearches(db)).map((s) => s.name);
    expect(here).toHaveLength(10);
    expect(here).not.toContain('Search 1');
    expect(serverRows().map((r) => r.name).sort()).toEqual([...here].sort());
  });

  it('when the server cannot be reached, then saves and deletes work here, the failure is only logged, and the next sync catches up', async () => {
    let offline = false;
    await signIn(server.url, (next) => (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : next(input, init)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const synced = await saveSearch({ name: 'Synced first', filters: {}, query: 'x' }, db);
    await syncSavedSearches({ db });

    offline = true;
    const result = await saveSearch({ name: 'Saved offline', filters: devFilters, query: '' }, db);
    if (synced.ok) await deleteSavedSearch(synced.search.id, db);
    await syncSavedSearches({ db });

    expect(result.ok).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect((await listSavedSearches(db)).map((s) => [s.name, s.synced])).toEqual([['Saved offline', false]]);
    expect(serverRows().map((r) => r.name)).toEqual(['Synced first']);

    offline = false;
    await syncSavedSearches({ db });

    expect(serverRows().map((r) => r.name)).toEqual(['Saved offline']);
    expect((await listSavedSearches(db)).map((s) => [s.name, s.synced])).toEqual([['Saved offline', true]]);
  });

  it('when the answer to a save is lost on the way back, then the retry is answered from the server’s record and the search is stored once', async () => {
    const proxy = await startLossyProxy(server.url, (method, path) => method === 'POST' && path === routes.savedSearches.create.path());
    cleanups.push(() => proxy.close());
    await signIn(proxy.url);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    // saving sends it at once (its answer is lost); the sync after it sends it again
    await saveSearch({ name: 'Once only', filters: devFilters, query: '' }, db);
    await syncSavedSearches({ db });

    expect(serverRows().map((r) => r.name)).toEqual(['Once only']);
    expect(proxy.calls.filter((c) => c.method === 'POST' && c.path === routes.savedSearches.create.path()).map((c) => [c.lost, c.replayed]))
      .toEqual([[true, false], [false, true]]);
    expect((await listSavedSearches(db)).map((s) => [s.name, s.synced])).toEqual([['Once only', true]]);
  });

  it('when nobody is signed in, then nothing is sent to the server', async () => {
    connectTo(server.url);
    await saveSearch({ name: 'Local only', filters: {}, query: 'q' }, db);
    await syncSavedSearches({ db });

    expect(server.t.db.prepare('SELECT COUNT(*) AS n FROM saved_searches').get()).toEqual({ n: 0 });
    expect((await listSavedSearches(db))[0]?.synced).toBe(false);
  });
});
