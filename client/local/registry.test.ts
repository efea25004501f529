import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { staffClient, visitor } from '../../server/test-support';
import { publishedProfile } from '../../server/test-flows';
import type { RegistryDb } from './db';
import { getIncidents, getProfile, queryProfiles, replicaCount, useRegistryProfiles, useRegistryVersion } from './registry';
import { syncNow } from './replicator';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from './test-support';

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

describe('registry reads', () => {
  it('when no term is given, then the profiles of the kind come sorted by name, ignoring case, one page at a time', async () => {
    const firstPage = await queryProfiles({ kind: 'developer', limit: 2 }, db);
    const secondPage = await queryProfiles({ kind: 'developer', offset: 2, limit: 2 }, db);

    expect(firstPage.total).toBe(3);
    expect(firstPage.profiles.map((p) => p.name)).toEqual(['Adam Stone', 'Mia Park']);
    expect(secondPage.profiles.map((p) => p.name)).toEqual(['zoe Walker']);
  });

  it('when a term is given, then it matches case-insensitive parts of names and of the contact fields incidents bring', async () => {
    const byName = await queryProfiles({ term: 'PARK' }, db);
    const byWebsite = await queryProfiles({ term: 'moonvault.ex' }, db);
    const nothing = await queryProfiles({ term: 'no such thing' }, db);

    expect(byName.profiles.map((p) => p.name)).toEqual(['Mia Park']);
    expect(byWebsite.profiles.map((p) => p.name)).toEqual(['Moon Vault']);
    expect(nothing).toEqual({ total: 0, profiles: [] });
  });

  it('when a profile is opened, then it and its incidents (newest first) come from the replica', async () => {
    const id = ids['zoe Walker']!;

    expect(await getProfile(id, db)).toMatchObject({ id, name: 'zoe Walker', kind: 'developer' });
    expect((await getIncidents(id, db)).map((i) => i.description)).toEqual(['newer', 'older']);
    expect(await getProfile(123_456, db)).toBeUndefined();
    expect(await replicaCount(db)).toBe(4);
  });

  it('when a sync changes the replica, then useRegistryVersion changes with it', async () => {
    const { result } = renderHook(() => useRegistryVersion(db));
    await waitFor(() => expect(result.current).toBe(1));

    await db.profiles.clear(); // emptied: the next sync refills from 0, a change
    await syncNow(db);

    await waitFor(() => expect(result.current).toBe(2));
  });
});

describe('useRegistryProfiles', () => {
  it('when rendered, then it loads the profiles of the kind, and again after a sync changed the replica', async () => {
    const { result } = renderHook(() => useRegistryProfiles('project', db));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.profiles.map((p) => p.name)).toEqual(['Moon Vault']);

    const anon = await visitor(server.t.app);
    const staff = await staffClient(server.t);
    await publishedProfile(anon, staff, 'projects', { name: 'Star Pool' }, []);
    await syncNow(db);
    await waitFor(() => expect(result.current.profiles.map((p) => p.name).sort()).toEqual(['Moon Vault', 'Star Pool']), { timeout: 3000 });
  });

  it('when the kind changes, then it is loading until that kind is read, never the other kind as ready', async () => {
    let kind: 'developer' | 'project' = 'project';
    const { result, rerender } = renderHook(() => useRegistryProfiles(kind, db));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    kind = 'developer';
    rerender();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.profiles.map((p) => p.name).sort()).toEqual(['Adam Stone', 'Mia Park', 'zoe Walker']);
  });
});
