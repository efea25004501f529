// The API tests' row helpers (api-rows.ts: the copies and counts) on both engines: what they read, count and copy is
// the same on SQLite and PostgreSQL, and copies past one batch keep their order.
import { describe, expect, it } from 'vitest';
import { copiesOfIncident, copiesOfProfile, countWhere, INSERT_CHUNK, revisionOf, writeOn } from './api-rows';
import { useEngines } from './engines';
import { smallRegistry } from './registry-rows';

const engines = useEngines();

describe('the API tests\' row helpers on both engines', () => {
  it('when rows are copied past one batch, counted and read, then both engines give the same answers', async () => {
    const results = await engines.onBoth(async (engine) => {
      const t = { engine };
      const rows = await smallRegistry(engine);
      const n = INSERT_CHUNK + 3;
      const copies = await copiesOfIncident(t, rows.incidentA, n, (i) => ({ description: `Copy ${i}`, verification_status: 'pending' }));
      const profiles = await copiesOfProfile(t, rows.hidden, 2, (i) => ({ name: `Hidden ${i}` }));
      await writeOn(t)((trx) => trx.updateTable('incidents').set({ verification_status: 'rejected' }).where('id', '=', copies[n - 1]!).execute());
      const stored = await engine.db.selectFrom('incidents').select(['id', 'description', 'emails', 'amount'])
        .where('id', 'in', copies).orderBy('id').execute();
      return {
        ascending: copies.every((id, i) => i === 0 || id > copies[i - 1]!),
        descriptions: stored.map((r) => r.description),
        sameAsTemplate: stored.every((r) => r.emails === '["rug@example.com"]' && r.amount === 500),
        pending: await countWhere(t, 'incidents', 'verification_status', 'pending'),
        rejected: await countWhere(t, 'incidents', 'verification_status', 'rejected'),
        hidden: await engine.db.selectFrom('profiles').select(['name', 'verification_status']).where('id', 'in', profiles).orderBy('id').execute(),
        revisionMoved: (await revisionOf(t, rows.developer)) > (await revisionOf(t, rows.hidden)),
      };
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({
      ascending: true,
      descriptions: Array.from({ length: INSERT_CHUNK + 3 }, (_, i) => `Copy ${i}`),
      sameAsTemplate: true,
      pending: INSERT_CHUNK + 2,
      rejected: 1,
      hidden: [{ name: 'Hidden 0', verification_status: 'unverified' }, { name: 'Hidden 1', verification_status: 'unverified' }],
      revisionMoved: true,
    });
  });
});
