// The removal requests' data code on both engines (issue 21, docs/decisions/035): what the API tests
// (removal-requests.test.ts) hold on SQLite through the app, here on SQLite and PostgreSQL alike:
// submit, the staff queue with its filter and pages, process (the target leaves public view),
// reject and a bulk rejection, with the same answers and rows on each.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import { AT, smallRegistry, type SmallRegistry } from '../../../tests/support/registry-rows';
import type { QueueQuery } from '../../../shared/contract/admin';
import type { RemovalRequestSubmit } from '../../../shared/contract/removal-request';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { AppError } from '../../errors';
import { listPendingRemovalRequests, processRemovalRequest, rejectRemovalRequest, submitRemovalRequest } from './service';

const engines = useEngines();



type Fixture = SmallRegistry;
const fixture = (engine: Engine) => smallRegistry(engine);

/** The test on SQLite (over an app's connection) and on PostgreSQL, each with the fixture; what each gives back. */
function onBoth<T>(test: (engine: Engine, f: Fixture) => Promise<T>): Promise<[T, T]> {
  return engines.onBoth(async (engine) => test(engine, await fixture(engine)));
}

const ask = (target: Partial<RemovalRequestSubmit>, caseId = 'BUSTR-2025-0001'): RemovalRequestSubmit => ({
  target_type: 'developer', developer: null, project: null, scam: null, case_id: caseId, full_name: 'Carol Requester',
  contact_information: 'carol@example.com', explanation: 'This is about someone else with the same name.', ...target,
});

/** What a call answered, or the message it was refused with. */
const outcome = <T>(run: Promise<T>) => run.then((value) => value, (error: Error) => `${error instanceof AppError ? error.status : 'error'}: ${error.message}`);

/** Submits through the service in its own transaction, then dates the request (the queue's order and dates are tested on it). */
async function submit(engine: Engine, input: RemovalRequestSubmit, submittedAt: string): Promise<number> {
  const { id } = await inTransaction(engine, (trx) => submitRemovalRequest(trx, input, 'Anonymous'));
  await engine.db.updateTable('removal_requests').set({ submitted_at: submittedAt }).where('id', '=', id).execute();
  return id;
}

const page = (engine: Engine, query: Partial<QueueQuery>) => listPendingRemovalRequests(engine.db, { limit: 50, after: 0, ...query })
  .then(({ items, total, hasMore }) => ({ ids: items.map((r) => r.id), total, hasMore }));

/** A bulk rejection's loop as engineStaffBulkReject runs it (without its audit entry): each id through the service in one transaction, refusals skipped and said. */
const bulkReject = (engine: Engine, ids: number[]) => inTransaction(engine, async (trx) => {
  const answer = { rejected: [] as number[], skipped: [] as { id: number; reason: string }[] };
  for (const id of ids) {
    try {
      await rejectRemovalRequest(trx, id, 'staff');
      answer.rejected.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answer.skipped.push({ id, reason: error.message });
    }
  }
  return answer;
});

/** The rows the feature writes, in key order. */
async function rows(db: Kysely<Database>) {
  return {
    requests: await db.selectFrom('removal_requests').selectAll().orderBy('id').execute(),
    profiles: await db.selectFrom('profiles').select(['id', 'name', 'revision']).orderBy('id').execute(),
    incidents: await db.selectFrom('incidents').select(['id', 'profile_id']).orderBy('id').execute(),
    tombstones: await db.selectFrom('tombstones').selectAll().orderBy('kind').orderBy('id').execute(),
    identifiers: await db.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'canonical']).orderBy('profile_id').orderBy('kind').orderBy('canonical').execute(),
    revision: (await db.selectFrom('revision_counter').select('value').executeTakeFirstOrThrow()).value,
    audit: await db.selectFrom('audit_log').select(['actor', 'action', 'target_kind', 'target_id', 'before', 'after']).orderBy('id').execute(),
  };
}

describe('removal requests on both engines', () => {
  it('when visitors ask, then public targets are stored with their names and hidden or missing ones are 404, the same on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const developer = await submit(engine, ask({ target_type: 'developer', developer: f.developer }), AT);
      const project = await submit(engine, ask({ target_type: 'project', project: f.project }), AT);
      const incident = await submit(engine, ask({ target_type: 'scam', scam: f.projectIncident }), AT);
      const refused = await Promise.all([
        ask({ target_type: 'developer', developer: f.hidden }),
        ask({ target_type: 'developer', developer: f.project }),
        ask({ target_type: 'scam', scam: 99_999 }),
      ].map((input) => outcome(inTransaction(engine, (trx) => submitRemovalRequest(trx, input, 'Anonymous')))));
      return { ids: [developer, project, incident], f, refused, rows: await rows(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ ids, f, refused, rows: stored }] = results;
    expect(refused).toEqual(Array(3).fill('404: The case to remove was not found.'));
    const common = { case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', verification_status: 'pending', submitted_by: 'Anonymous', submitted_at: AT };
    expect(stored.requests).toEqual([
      expect.objectContaining({ ...common, id: ids[0], target_type: 'developer', developer_id: f.developer, project_id: null, scam_id: null, target_name: 'Alice Example', scam_description: null }),
      expect.objectContaining({ ...common, id: ids[1], target_type: 'project', developer_id: null, project_id: f.project, scam_id: null, target_name: 'Moon Token', scam_description: null }),
      expect.objectContaining({ ...common, id: ids[2], target_type: 'scam', developer_id: null, project_id: f.project, scam_id: f.projectIncident, target_name: 'Moon Token', scam_description: 'Exit scam' }),
    ]);
  });

  it('when staff read the queue, then it narrows by kind and dates and pages after an id, oldest first, the same on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const scam = await submit(engine, ask({ target_type: 'scam', scam: f.incidentA }), '2025-01-01T00:00:00.000Z');
      const project = await submit(engine, ask({ target_type: 'project', project: f.project }), '2025-02-01T00:00:00.000Z');
      const developer = await submit(engine, ask({ target_type: 'developer', developer: f.developer }), '2025-03-01T00:00:00.000Z');
      // the same moment as the last: the id orders them
      const again = await submit(engine, ask({ target_type: 'developer', developer: f.developer }, 'BUSTR-2025-0002'), '2025-03-01T00:00:00.000Z');
      const decided = await submit(engine, ask({ target_type: 'project', project: f.project }), '2025-01-15T00:00:00.000Z');
      await inTransaction(engine, (trx) => rejectRemovalRequest(trx, decided, 'staff'));
      const first = (await listPendingRemovalRequests(engine.db)).items[0];
      return {
        ids: { scam, project, developer, again },
        first,
        all: await page(engine, {}),
        scammers: await page(engine, { kind: 'remove-scammer' }),
        projects: await page(engine, { kind: 'remove-project' }),
        scams: await page(engine, { kind: 'remove-scam' }),
        february: await page(engine, { since: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z' }),
        fromFebruary: await page(engine, { since: '2025-02-01T00:00:00.000Z' }),
        firstPage: await page(engine, { limit: 2 }),
        secondPage: await page(engine, { limit: 2, after: project }),
        afterSameMoment: await page(engine, { after: developer }),
        afterDecided: await page(engine, { limit: 1, after: decided }),
        afterUnknown: await page(engine, { limit: 1, after: 99_999 }),
      };
    });
    expect(results[1]).toEqual(results[0]);
    const { ids: { scam, project, developer, again }, first, ...pages } = results[0]!;
    expect(pages).toEqual({
      all: { ids: [scam, project, developer, again], total: 4, hasMore: false },
      scammers: { ids: [developer, again], total: 2, hasMore: false },
      projects: { ids: [project], total: 1, hasMore: false },
      scams: { ids: [scam], total: 1, hasMore: false },
      february: { ids: [project], total: 1, hasMore: false },
      fromFebruary: { ids: [project, developer, again], total: 3, hasMore: false },
      firstPage: { ids: [scam, project], total: 4, hasMore: true },
      secondPage: { ids: [developer, again], total: 4, hasMore: false },
      afterSameMoment: { ids: [again], total: 4, hasMore: false },
      // past a decided request's moment, as the page it was on left off
      afterDecided: { ids: [project], total: 4, hasMore: true },
      afterUnknown: { ids: [scam], total: 4, hasMore: true },
    });
    // an incident's request names its profile (a developer's here) in the admin shape
    expect(first).toMatchObject({
      id: scam, target_type: 'scam', developer_name: 'Alice Example', project_name: null, scam_description: 'Rug pull on launch day', verification_status: 'pending',
    });
  });

  it('when staff process, reject and bulk reject, then the targets leave public view (tombstone, revision, identifiers) and the same rows remain on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const developer = await submit(engine, ask({ target_type: 'developer', developer: f.developer }), AT);
      const incident = await submit(engine, ask({ target_type: 'scam', scam: f.projectIncident }), AT);
      const rejected = await submit(engine, ask({ target_type: 'project', project: f.project }), AT);
      const bulk = await submit(engine, ask({ target_type: 'project', project: f.project }, 'BUSTR-2025-0003'), AT);
      const before = await rows(engine.db);
      const answers = {
        developer: await outcome(inTransaction(engine, (trx) => processRemovalRequest(trx, developer, 'staff'))),
        incident: await outcome(inTransaction(engine, (trx) => processRemovalRequest(trx, incident, 'staff'))),
        again: await outcome(inTransaction(engine, (trx) => processRemovalRequest(trx, developer, 'staff'))),
        missing: await outcome(inTransaction(engine, (trx) => processRemovalRequest(trx, 4242, 'staff'))),
        rejected: await outcome(inTransaction(engine, (trx) => rejectRemovalRequest(trx, rejected, 'staff'))),
        rejectAgain: await outcome(inTransaction(engine, (trx) => rejectRemovalRequest(trx, rejected, 'staff'))),
        bulk: await bulkReject(engine, [bulk, incident, 4242]),
      };
      return { ids: { developer, incident, rejected, bulk }, f, before, answers, after: await rows(engine.db), pending: await page(engine, {}) };
    });
    expect(results[1]).toEqual(results[0]);
    const { ids, f, before, answers, after, pending } = results[0]!;
    expect(answers).toEqual({
      developer: { id: ids.developer, verification_status: 'processed' },
      incident: { id: ids.incident, verification_status: 'processed' },
      again: '409: This removal request was already processed; only a pending request can be moderated.',
      missing: '404: That removal request was not found.',
      rejected: { id: ids.rejected, verification_status: 'rejected' },
      rejectAgain: '409: This removal request was already rejected; only a pending request can be moderated.',
      bulk: {
        rejected: [ids.bulk],
        skipped: [
          { id: ids.incident, reason: 'This removal request was already processed; only a pending request can be moderated.' },
          { id: 4242, reason: 'That removal request was not found.' },
        ],
      },
    });
    expect(pending).toEqual({ ids: [], total: 0, hasMore: false });
    expect(after.requests.map((r) => [r.id, r.verification_status])).toEqual([
      [ids.developer, 'processed'], [ids.incident, 'processed'], [ids.rejected, 'rejected'], [ids.bulk, 'rejected'],
    ]);
    // the developer is gone with its incidents and tombstoned; the project stays, its incident gone and its revision new
    expect(after.profiles.map((p) => p.name)).toEqual(['Moon Token', 'Hidden Person']);
    expect(after.incidents).toEqual([]);
    expect(after.tombstones).toEqual([{ kind: 'developer', id: f.developer, revision: before.revision + 1 }]);
    expect(after.profiles[0]).toEqual({ id: f.project, name: 'Moon Token', revision: before.revision + 2 });
    expect(after.revision).toBe(before.revision + 2);
    // a lookup finds neither the developer nor the removed incident's identifiers any more
    const emails = (list: typeof after.identifiers) => list.filter((i) => i.kind === 'email').map((i) => `${i.profile_id} ${i.canonical}`);
    expect(emails(before.identifiers)).toEqual([
      `${f.developer} alice@example.com`, `${f.developer} raise@example.com`, `${f.developer} rug@example.com`,
      `${f.project} exit@example.com`, `${f.project} moon@example.com`,
    ].sort());
    expect(emails(after.identifiers)).toEqual([`${f.project} moon@example.com`]);
    expect(after.audit.map((a) => [a.action, a.target_id])).toEqual([
      ['removal_request.process', ids.developer], ['removal_request.process', ids.incident],
      ['removal_request.reject', ids.rejected], ['removal_request.reject', ids.bulk],
    ]);
    const removed = JSON.parse(after.audit[0]!.before!) as { profile: { id: number; name: string }; incidents: { description: string }[] };
    expect(removed.profile).toMatchObject({ id: f.developer, name: 'Alice Example' });
    expect(removed.incidents.map((i) => i.description)).toEqual(['Rug pull on launch day', 'Fake raise']);
    expect(JSON.parse(after.audit[1]!.before!)).toMatchObject({ incident: { id: f.projectIncident, description: 'Exit scam', amount: 500 } });
  });
});
