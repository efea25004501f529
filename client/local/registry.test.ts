import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { staffClient, visitor } from '../../server/test-support';
import { publishedProfile } from '../../server/test-flows';
import type { DBCore } from 'dexie';
import { openRegistryDb, type RegistryDb } from './db';
import type { RegistrySearchRequest } from './search/registry-search';
import { useRegistryVersion } from './registry';
import { clearReplica, getIncidents, getProfile, replicaCount } from './replica';
import { useRegistrySearch } from './search/registry-search';
import { syncNow } from './replicator';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from './test-support';
import { routes } from '../../shared/contract/routes';

let server: RunningServer;
let db: RegistryDb;
let ids: Record<string, number>;

beforeEach(async () => {
  resetStatus();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
  const anon = await visitor(server.t.app);
  const staff = await staffClient(server.t);
  ids = {};
  const publish = async (kind: 'developers' | 'projects', profile: Record<string, unknown>, incidents: Record<string, unknown>[] = [{}]) => {
    ids[profile.name as string] = (await publishedProfile(anon, staff, kind, profile, incidents)).id;
  };
  await publish('developers', { name: 'zoe Walker' }, [
    { description: 'older', scamDate: '2024-01-02', walletAddresses: ['0xABCdef1234'] },
    { description: 'newer', scamDate: '2025-02-03', telegrams: ['@zoe_w'] },
  ]);
  await publish('developers', { name: 'Adam Stone' });
  await publish('developers', { name: 'Mia Park' });
  await publish('projects', { name: 'Moon Vault' }, [{ description: 'rug', websites: ['moonvault.example'] }]);
  await syncNow(db);
});

afterEach(async () => {
  disconnect();
  await dropDb(db);
  await server.close();
});

const page = (request: Partial<RegistrySearchRequest> = {}): RegistrySearchRequest => ({ kind: 'developer', query: '', filters: {}, page: 1, ...request });
const namesOf = (state: { items: { profile: { name: string } }[] }) => state.items.map((i) => i.profile.name);

describe('registry reads', () => {
  it('when a profile is opened, then it and its incidents (newest first) come from the replica', async () => {
    const id = ids['zoe Walker']!;

    expect(await getProfile(id, db)).toMatchObject({ id, name: 'zoe Walker', kind: 'developer' });
    expect((await getIncidents(id, db)).map((i) => i.description)).toEqual(['newer', 'older']);
    expect(await getProfile(123_456, db)).toBeUndefined();
    expect(await replicaCount(db)).toBe(4);
    expect(await replicaCount(db, 'project')).toBe(1);
  });

  it('when a sync changes the replica, then useRegistryVersion changes with it', async () => {
    const { result } = renderHook(() => useRegistryVersion(db));
    await waitFor(() => expect(result.current).toBe(1));

    await db.transaction('rw', db.chunks, db.chunkKeys, () => clearReplica(db)); // emptied: the next sync refills from 0, a change
    await syncNow(db);

    await waitFor(() => expect(result.current).toBe(2));
  });
});

describe('useRegistrySearch', () => {
  it('when no term is given, then the profiles of the kind come sorted by name ignoring case, with the total', async () => {
    const { result } = renderHook(() => useRegistrySearch(page(), db));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    expect(namesOf(result.current)).toEqual(['Adam Stone', 'Mia Park', 'zoe Walker']);
    expect(result.current).toMatchObject({ total: 3, page: 1 });
  });

  it('when a term is given, then it matches names and the contact fields incidents bring, with match scores', async () => {
    const byName = renderHook(() => useRegistrySearch(page({ query: 'PARK' }), db));
    const byWebsite = renderHook(() => useRegistrySearch(page({ kind: 'project', query: 'moonvault.ex' }), db));
    const nothing = renderHook(() => useRegistrySearch(page({ query: 'no such thing' }), db));
    await waitFor(() => expect([byName, byWebsite, nothing].map((h) => h.result.current.status)).toEqual(['ready', 'ready', 'ready']));

    expect(namesOf(byName.result.current)).toEqual(['Mia Park']);
    expect(byName.result.current.items[0]!.score).toBeGreaterThan(0);
    expect(namesOf(byWebsite.result.current)).toEqual(['Moon Vault']);
    expect(nothing.result.current).toMatchObject({ total: 0, items: [] });
  });

  it('when a page past the end is asked for, then the last page there is comes', async () => {
    const { result } = renderHook(() => useRegistrySearch(page({ page: 9 }), db));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    expect(result.current.page).toBe(1);
    expect(namesOf(result.current)).toEqual(['Adam Stone', 'Mia Park', 'zoe Walker']);
  });

  it('when a sync adds and removes profiles, then the search follows the replica', async () => {
    const { result } = renderHook(() => useRegistrySearch(page({ kind: 'project' }), db));
    await waitFor(() => expect(namesOf(result.current)).toEqual(['Moon Vault']));

    const anon = await visitor(server.t.app);
    const staff = await staffClient(server.t);
    await publishedProfile(anon, staff, 'projects', { name: 'Star Pool' }, []);
    await syncNow(db);
    await waitFor(() => expect(namesOf(result.current)).toEqual(['Moon Vault', 'Star Pool']));

    expect((await staff.post(routes.profiles.reject.project.path({ id: ids['Moon Vault']! }))).status).toBe(200);
    await syncNow(db);
    await waitFor(() => expect(namesOf(result.current)).toEqual(['Star Pool']));
  });

  it('when the kind changes, then it is loading until that kind is searched, never the other kind as ready', async () => {
    let kind: 'developer' | 'project' = 'project';
    const { result, rerender } = renderHook(() => useRegistrySearch(page({ kind }), db));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    kind = 'developer';
    rerender();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(namesOf(result.current)).toEqual(['Adam Stone', 'Mia Park', 'zoe Walker']);
  });

  it('when a page was shown and the registry did not change, then a cold start shows it at once, before the index answers', async () => {
    const first = renderHook(() => useRegistrySearch(page(), db));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    await waitFor(async () => expect((await db.meta.get('lastView'))?.value).toMatchObject({ total: 3 }));
    first.unmount();

    // the same replica, opened by a handle whose chunk reads never finish: the index cannot answer
    const stuck = openRegistryDb(db.name);
    stuck.use({
      stack: 'dbcore',
      name: 'stuck-chunks',
      create: (down: DBCore): DBCore => ({
        ...down,
        table(name) {
          const table = down.table(name);
          const never = () => new Promise<never>(() => {});
          return name === 'chunks' || name === 'chunkKeys' ? { ...table, get: never, getMany: never, query: never, openCursor: never } : table;
        },
      }),
    });
    const cold = renderHook(() => useRegistrySearch(page(), stuck));

    await waitFor(() => expect(cold.result.current.status).toBe('ready'));
    expect(namesOf(cold.result.current)).toEqual(['Adam Stone', 'Mia Park', 'zoe Walker']);
    expect(cold.result.current.total).toBe(3);

    // another request is never answered from it
    const other = renderHook(() => useRegistrySearch(page({ query: 'mia' }), stuck));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.result.current.status).toBe('loading');
    cold.unmount();
    other.unmount();
    stuck.close();
  });
});
