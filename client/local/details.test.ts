import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffClient, visitor, type Client } from '../../server/test-support';
import { publishedProfile } from '../../server/test-flows';
import { readSyncMeta, type RegistryDb } from './db';
import { ensureDetails } from './details';
import { syncNow } from './replicator';
import { getIncidents, getProfiles, getSyncProfile, readReplica } from './replica';
import { searchOnline } from './search/online';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from './test-support';

const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let server: RunningServer;
let db: RegistryDb;
let anon: Client;
let staff: Client;

beforeEach(async () => {
  resetStatus();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
  anon = await visitor(server.t.app);
  staff = await staffClient(server.t);
});

afterEach(async () => {
  disconnect();
  await dropDb(db);
  await server.close();
});

async function publishAda(): Promise<number> {
  const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Ada', bio: 'Sold a fake presale.' }, [
    { description: 'First story', avatar: PNG_1x1, walletAddresses: ['0x1111111111111111111111111111111111111111'] },
    { description: 'Second story' },
  ]);
  return id;
}

describe('a replica in the light form, and details on demand (issue 17)', () => {
  it('when the replica syncs in the light form, then it holds what search and cards need, marked as without details', async () => {
    const id = await publishAda();
    await syncNow(db, { form: 'light' });

    const held = (await getSyncProfile(id, db))!;
    expect(held).toMatchObject({ name: 'Ada', bio: 'Sold a fake presale.', details: false, avatar: null, incidents: [] });
    expect(held.walletAddresses).toEqual(['0x1111111111111111111111111111111111111111']);
    expect((await readSyncMeta(db)).lastSyncedAt).not.toBeNull();
    expect((await db.meta.get('lightHeld'))?.value).toBe(true);
  });

  it('when a light profile is opened online, then its details are read from the server and kept in the replica', async () => {
    const id = await publishAda();
    await syncNow(db, { form: 'light' });
    const versionBefore = (await readSyncMeta(db)).registryVersion;

    expect(await ensureDetails(id, db)).toBe('held');

    const full = (await getSyncProfile(id, db))!;
    expect(full.details).toBeUndefined();
    expect(full.avatar).toMatch(/^data:image\/png;base64,/);
    expect((await getIncidents(id, db)).map((i) => i.description).sort()).toEqual(['First story', 'Second story']);
    expect((await readSyncMeta(db)).registryVersion).toBe(versionBefore + 1);
    // kept: asked again with the server gone, they are still there
    await server.close();
    expect(await ensureDetails(id, db)).toBe('held');
    expect(await getIncidents(id, db)).toHaveLength(2);
  });

  it('when a light profile is opened and the server cannot be reached, then its details are not saved, and it stays as it was', async () => {
    const id = await publishAda();
    await syncNow(db, { form: 'light' });
    await server.close();

    expect(await ensureDetails(id, db)).toBe('not-saved');
    expect((await getSyncProfile(id, db))!.details).toBe(false);
    expect(await getIncidents(id, db)).toEqual([]);
  });

  it('when a profile came in full, then nothing is read from the server', async () => {
    const id = await publishAda();
    await syncNow(db);
    await server.close();

    expect(await ensureDetails(id, db)).toBe('held');
    expect(await getIncidents(id, db)).toHaveLength(2);
  });

  it('when full details are asked for after a light sync, then the registry comes again in full over the replica, and later deltas come in full', async () => {
    await publishAda();
    await syncNow(db, { form: 'light' });
    const before = await readSyncMeta(db);

    await syncNow(db, { form: 'full' });

    const replica = await readReplica(db);
    expect(replica.map((p) => [p.name, p.details, p.incidents.length])).toEqual([['Ada', undefined, 2]]);
    expect((await readSyncMeta(db)).cursor).toBe(before.cursor);
    expect((await db.meta.get('lightHeld'))?.value).toBe(false);

    const { id: other } = await publishedProfile(anon, staff, 'developers', { name: 'Bert' }, [{ description: 'Bert story' }]);
    await syncNow(db, { form: 'full' });
    expect((await getIncidents(other, db)).map((i) => i.description)).toEqual(['Bert story']);
  });
});

describe('profiles found by the online search, before the replica holds them (issue 17)', () => {
  const findAda = () => searchOnline({ kind: 'developer', query: 'Ada', filters: {}, page: 1 }, db);

  it('when a search answers online, then its profiles come light, and opening one reads its details and keeps them for the tab', async () => {
    const id = await publishAda();
    const answer = await findAda();
    expect(answer.items.map((i) => i.profile)).toEqual([expect.objectContaining({ id, avatar: null, incidents: [], details: false })]);
    expect(await getIncidents(id, db)).toEqual([]);

    expect(await ensureDetails(id, db)).toBe('held');

    expect((await getIncidents(id, db)).map((i) => i.description).sort()).toEqual(['First story', 'Second story']);
    expect((await getProfiles([id], db))[0]?.avatar).toMatch(/^data:image\/png;base64,/);
    expect(await getSyncProfile(id, db)).toBeUndefined(); // the replica is not written to by a search
    // found again by the next search, at the same revision: the details stay
    await findAda();
    await server.close();
    expect(await ensureDetails(id, db)).toBe('held');
    expect(await getIncidents(id, db)).toHaveLength(2);
  });

  it('when a profile found online is opened and the server cannot be reached, then its details are not saved', async () => {
    const id = await publishAda();
    await findAda();
    await server.close();

    expect(await ensureDetails(id, db)).toBe('not-saved');
    expect(await getIncidents(id, db)).toEqual([]);
  });
});
