// The API tests' reads and pokes (api-rows.ts) on both engines: the same rows, the same answers,
// so an API test that holds them on SQLite holds them with the app on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { inTransaction, type Engine } from '../../server/db/engine/engine';
import { auditRow, auditRows, deleteIncident, exists, revisionOf, rowById, rowOf, setSubmittedAt } from './api-rows';
import { useEngines } from './engines';
import { AT, smallRegistry } from './registry-rows';

const engines = useEngines();

async function pokes(engine: Engine) {
  const t = { engine };
  const f = await smallRegistry(engine);
  const request = await inTransaction(engine, (trx) => trx.insertInto('removal_requests').values({
    target_type: 'scam', scam_id: f.incidentA, developer_id: f.developer, target_name: 'Alice Example', case_id: 'BUSTR-2025-0001',
    full_name: 'Carol', contact_information: 'carol@example.com', explanation: 'Not me', submitted_at: AT,
  }).returning('id').executeTakeFirstOrThrow());
  await inTransaction(engine, async (trx) => {
    for (const [action, after] of [['edit_request.reject', '{"n":1}'], ['edit_request.approve', null], ['edit_request.reject', '{"n":2}']] as const) {
      await trx.insertInto('audit_log').values({ at: AT, actor: 'staff', action, target_kind: 'edit_request', target_id: 7, before: null, after }).execute();
    }
  });
  await setSubmittedAt(t, 'removal_requests', request.id, '2024-06-01T00:00:00.000Z');
  const before = { incidentA: await exists(t, 'incidents', f.incidentA), revision: await revisionOf(t, f.developer) };
  await deleteIncident(t, f.incidentA);
  return {
    f,
    before,
    after: { incidentA: await exists(t, 'incidents', f.incidentA), incidentB: await exists(t, 'incidents', f.incidentB) },
    missing: await rowById(t, 'incidents', f.incidentA),
    incident: await rowOf(t, 'incidents', f.incidentB),
    request: await rowOf(t, 'removal_requests', request.id),
    rejects: (await auditRows(t, 'edit_request.reject')).map((row) => row.after),
    first: (await auditRow(t, 'edit_request.reject'))?.after,
    none: await auditRow(t, 'removal_request.process'),
    rowOfMissing: await rowOf(t, 'profiles', 999_999).then(() => 'found', (error: Error) => error.message),
  };
}

describe('the API tests\' rows (api-rows.ts)', () => {
  it('when read and poked on either engine, then both give the same rows, in the same order', async () => {
    const results = await engines.onBoth(pokes);
    expect(results[1]).toEqual(results[0]);
    const [sqlite] = results;
    expect(sqlite.before).toEqual({ incidentA: true, revision: expect.any(Number) });
    expect(sqlite.after).toEqual({ incidentA: false, incidentB: true });
    expect(sqlite.missing).toBeUndefined();
    expect(sqlite.incident).toMatchObject({ description: 'Fake raise', amount: 500, emails: '["raise@example.com"]', types: '[]' });
    // a request keeps the id of an incident deleted since
    expect(sqlite.request).toMatchObject({ submitted_at: '2024-06-01T00:00:00.000Z', scam_id: sqlite.f.incidentA, verification_status: 'pending' });
    expect(sqlite.rejects).toEqual(['{"n":1}', '{"n":2}']);
    expect(sqlite.first).toBe('{"n":1}');
    expect(sqlite.none).toBeUndefined();
    expect(sqlite.rowOfMissing).toBe('no profiles row 999999');
  });
});
