import { afterEach, describe, expect, it } from 'vitest';
import { sampleProfile } from '../../shared/test-support';
import type { SyncProfile } from '../../shared/contract/sync';
import { openRegistryDb, type RegistryDb } from './db';
import { appendChunks, compactReplica, getIncidents, getProfile, getProfiles, readReplica, replicaCount, REPLICA_CHUNK_SIZE, type ReplicaRemoval } from './replica';
import { dropDb, freshDb } from './test-support';

const opened: RegistryDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await dropDb(db);
});
const track = (db: RegistryDb) => {
  opened.push(db);
  return db;
};

function version(id: number, revision: number, name = `Person ${id}`): SyncProfile {
  return {
    ...sampleProfile({ id, name }), kind: 'developer', revision,
    incidents: [{ id: id * 10, description: `${name} at ${revision}`, occurred: '2025-01-01', reported: '2025-01-02', amount: 1, currency: 'USD', types: [], nicknames: [], industries: [], companies: [], company_addresses: [], websites: [], telegrams: [], emails: [], phones: [], ip_addresses: [], wallet_addresses: [], bank_names: [], bank_accounts: [], avatar: null, status: 'approved' }],
  };
}

/** One sync page's worth of changes, in its own transaction, as the replicator writes them. */
async function write(db: RegistryDb, profiles: SyncProfile[], removals: ReplicaRemoval[] = []): Promise<void> {
  await db.transaction('rw', db.chunks, db.chunkKeys, db.meta, () => appendChunks(db, profiles, removals));
}

const names = async (db: RegistryDb) => (await readReplica(db)).map((p) => `${p.id}:${p.name}`).sort();

describe('the chunked replica', () => {
  it('when a page is larger than a chunk, then it is split into chunks and every profile reads back with its incidents', async () => {
    const db = track(freshDb());
    const page = Array.from({ length: REPLICA_CHUNK_SIZE * 2 + 5 }, (_, i) => version(i + 1, i + 1));

    await write(db, page);

    expect(await db.chunks.count()).toBe(3);
    expect(await replicaCount(db)).toBe(page.length);
    expect(await getProfile(150, db)).toMatchObject({ id: 150, name: 'Person 150', revision: 150 });
    expect(await getProfile(150, db)).not.toHaveProperty('incidents');
    expect((await getIncidents(150, db)).map((i) => [i.description, i.profileId])).toEqual([['Person 150 at 150', 150]]);
    expect((await getProfiles([3, 999, 1], db)).map((p) => p?.id)).toEqual([3, undefined, 1]);
  });

  it('when a later chunk holds a newer version or a removal, then the newest one counts', async () => {
    const db = track(freshDb());
    await write(db, [version(1, 1, 'Ada'), version(2, 2, 'Bert'), version(3, 3, 'Cleo')]);

    await write(db, [version(2, 4, 'Bert Renamed')], [{ id: 3, revision: 5 }]);

    expect(await names(db)).toEqual(['1:Ada', '2:Bert Renamed']);
    expect(await getProfile(3, db)).toBeUndefined();
    expect(await getIncidents(3, db)).toEqual([]);
  });

  it('when another tab wrote chunks, then this tab reads them on its next look', async () => {
    const db = track(freshDb());
    const otherTab = track(openRegistryDb(db.name));
    await write(db, [version(1, 1, 'Ada')]);
    expect(await names(otherTab)).toEqual(['1:Ada']);

    await write(db, [version(2, 2, 'Bert')], [{ id: 1, revision: 3 }]);

    expect(await names(otherTab)).toEqual(['2:Bert']);
  });
});

describe('compacting the replica', () => {
  it('when fewer than 8 chunks are mostly superseded, then nothing is rewritten', async () => {
    const db = track(freshDb());
    await write(db, [version(1, 1), version(2, 2)]);
    for (let i = 0; i < 6; i++) await write(db, [version(1, 10 + i)]);

    expect(await compactReplica(db)).toBe(false);
    expect(await db.chunks.count()).toBe(7);
  });

  it('when many small delta chunks piled up, then they are merged into one, and every profile reads the same as before', async () => {
    const db = track(freshDb());
    const otherTab = track(openRegistryDb(db.name));
    await write(db, Array.from({ length: REPLICA_CHUNK_SIZE }, (_, i) => version(i + 1, i + 1)));
    for (let i = 0; i < 10; i++) await write(db, [version(1000 + i, 200 + i, `Delta ${i}`)]);
    await write(db, [version(5, 300, 'Five Again')]);
    const before = await names(db);
    expect(await names(otherTab)).toEqual(before);

    expect(await compactReplica(db)).toBe(true);

    expect(await db.chunks.count()).toBe(2); // the full first chunk stays, the 11 small ones became one
    expect(await names(db)).toEqual(before);
    expect(await names(otherTab)).toEqual(before); // a tab that saw the old chunks follows the move
    expect(await names(track(openRegistryDb(db.name)))).toEqual(before); // and one that starts now
    expect((await getIncidents(1005, db)).map((i) => i.description)).toEqual(['Delta 5 at 205']);
  });

  it('when a merged chunk carried a removal whose older copy stays in a kept chunk, then the removal moves along', async () => {
    const db = track(freshDb());
    await write(db, Array.from({ length: REPLICA_CHUNK_SIZE }, (_, i) => version(i + 1, i + 1)));
    await write(db, [], [{ id: 7, revision: 150 }]); // 7's copy stays in the first, full chunk
    for (let i = 0; i < 8; i++) await write(db, [version(1000 + i, 200 + i)]);
    expect(await getProfile(7, db)).toBeUndefined();

    expect(await compactReplica(db)).toBe(true);

    expect(await getProfile(7, db)).toBeUndefined();
    expect(await getProfile(7, track(openRegistryDb(db.name)))).toBeUndefined();
    expect(await replicaCount(db)).toBe(REPLICA_CHUNK_SIZE - 1 + 8);
  });
});
