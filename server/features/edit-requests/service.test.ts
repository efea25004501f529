// The edit requests' data code on both engines (issue 21, docs/decisions/035): what the API tests
// (edit-requests.test.ts) hold on SQLite through the app, here on SQLite and PostgreSQL alike:
// submit, the staff queue with its kinds and pages, approve (profile fields, incident fields, both,
// each giving the profile a new revision and its identifiers as now shown) and reject, with the
// same answers and rows on each.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import { AT, insertIncident, smallRegistry, type SmallRegistry } from '../../../tests/support/registry-rows';
import type { QueueQuery } from '../../../shared/contract/admin';
import type { ProfileKind } from '../../../shared/contract/common';
import { editRequestSubmitSchema, type EditRequestSubmitInput } from '../../../shared/contract/edit-request';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { AppError } from '../../errors';
import { approveEditRequest, listPendingEditRequests, rejectEditRequest, submitEditRequest } from './service';

const engines = useEngines();

const YEAR = new Date().getFullYear();


type Fixture = SmallRegistry & { hiddenIncident: number };
/** The small registry, and an incident of Alice Example's not yet reviewed. */
const fixture = (engine: Engine): Promise<Fixture> => smallRegistry(engine, async (trx, { developer }) => ({
  hiddenIncident: await insertIncident(trx, developer, 'Not yet reviewed', 'pending@example.com', 'pending'),
}));

/** The test on SQLite (over an app's connection) and on PostgreSQL, each with the fixture; what each gives back. */
function onBoth<T>(test: (engine: Engine, f: Fixture) => Promise<T>): Promise<[T, T]> {
  return engines.onBoth(async (engine) => test(engine, await fixture(engine)));
}

/** A request as the route hands it over: parsed by the shared schema. */
const ask = (body: Partial<EditRequestSubmitInput> & Pick<EditRequestSubmitInput, 'proposed_changes' | 'target_type'>) =>
  editRequestSubmitSchema.parse({ full_name: 'Carol Editor', contact_information: 'carol@example.com', ...body });

/** What a call answered, or the message it was refused with. */
const outcome = <T>(run: Promise<T>) => run.then((value) => value, (error: Error) => `${error instanceof AppError ? error.status : 'error'}: ${error.message}`);

/** Submits through the service in its own transaction, then dates the request (the queue's order and dates are tested on it). */
async function submit(engine: Engine, kind: ProfileKind, profileId: number, input: ReturnType<typeof ask>, submittedAt = AT): Promise<number> {
  const { id } = await inTransaction(engine, (trx) => submitEditRequest(trx, { kind, profileId, input, submittedBy: 'Anonymous' }));
  await engine.db.updateTable('edit_requests').set({ submitted_at: submittedAt }).where('id', '=', id).execute();
  return id;
}

const page = (engine: Engine, query: Partial<QueueQuery>) => listPendingEditRequests(engine.db, { limit: 50, after: 0, ...query })
  .then(({ items, total, hasMore }) => ({ ids: items.map((r) => r.id), total, hasMore }));

const approve = (engine: Engine, id: number) => outcome(inTransaction(engine, (trx) => approveEditRequest(trx, id, 'staff')));
const reject = (engine: Engine, id: number) => outcome(inTransaction(engine, (trx) => rejectEditRequest(trx, id, 'staff')));

/** The rows the feature writes, in key order (without the moments a run sets). */
async function rows(db: Kysely<Database>) {
  return {
    requests: await db.selectFrom('edit_requests').selectAll().orderBy('id').execute(),
    profiles: await db.selectFrom('profiles').select(['id', 'name', 'bio', 'languages', 'revision']).orderBy('id').execute(),
    incidents: await db.selectFrom('incidents')
      .select(['id', 'profile_id', 'description', 'amount', 'currency', 'emails', 'websites', 'submitted_by', 'verification_status']).orderBy('id').execute(),
    identifiers: await db.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'canonical']).where('kind', '=', 'email')
      .orderBy('profile_id').orderBy('canonical').execute(),
    tombstones: await db.selectFrom('tombstones').selectAll().orderBy('id').execute(),
    revision: (await db.selectFrom('revision_counter').select('value').executeTakeFirstOrThrow()).value,
    audit: await db.selectFrom('audit_log').select(['actor', 'action', 'target_kind', 'target_id']).orderBy('id').execute(),
  };
}

const emailsOf = (stored: Awaited<ReturnType<typeof rows>>, profileId: number) =>
  stored.identifiers.filter((i) => i.profile_id === profileId).map((i) => i.canonical);

describe('edit requests on both engines', () => {
  it('when visitors propose changes, then requests on public profiles are stored and the rest refused with the same messages on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const profileEdit = await submit(engine, 'developer', f.developer, ask({ target_type: 'developer', proposed_changes: { developer: { bio: 'A new bio' } } }));
      const projectEdit = await submit(engine, 'project', f.project, ask({
        target_type: 'both', scam: f.projectIncident, case_id: 'EDITREQ-2025-0042', project: f.project,
        proposed_changes: { developer: { name: 'Moon Token v2' }, append: { scam_updates: [{ id: f.projectIncident, set: { amount: 5 } }] } },
      }));
      const bio = { target_type: 'developer' as const, proposed_changes: { developer: { bio: 'x' } } };
      const refused = {
        hidden: await outcome(inTransaction(engine, (trx) => submitEditRequest(trx, { kind: 'developer', profileId: f.hidden, input: ask(bio), submittedBy: 'Anonymous' }))),
        wrongKind: await outcome(inTransaction(engine, (trx) => submitEditRequest(trx, { kind: 'developer', profileId: f.project, input: ask(bio), submittedBy: 'Anonymous' }))),
        missingProject: await outcome(inTransaction(engine, (trx) => submitEditRequest(trx, { kind: 'project', profileId: 99_999, input: ask(bio), submittedBy: 'Anonymous' }))),
        otherTarget: await outcome(inTransaction(engine, (trx) => submitEditRequest(trx, {
          kind: 'project', profileId: f.project, input: ask({ ...bio, developer: f.developer }), submittedBy: 'Anonymous',
        }))),
        otherIncident: await outcome(inTransaction(engine, (trx) => submitEditRequest(trx, {
          kind: 'developer', profileId: f.developer, submittedBy: 'Anonymous',
          input: ask({ target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: f.projectIncident, set: { amount: 1 } }] } } }),
        }))),
        hiddenIncident: await outcome(inTransaction(engine, (trx) => submitEditRequest(trx, {
          kind: 'developer', profileId: f.developer, submittedBy: 'Anonymous', input: ask({ ...bio, scam: f.hiddenIncident }),
        }))),
      };
      return { ids: { profileEdit, projectEdit }, f, refused, rows: await rows(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ ids, f, refused, rows: stored }] = results;
    expect(refused).toEqual({
      hidden: '404: That scammer was not found.',
      wrongKind: '404: That scammer was not found.',
      missingProject: '404: That project was not found.',
      otherTarget: `400: Invalid request: developer: ${f.developer} does not match the project ${f.project} in the address.`,
      otherIncident: `400: Invalid request: proposed_changes.append.scam_updates.0.id: incident ${f.projectIncident} is not an incident of this scammer.`,
      hiddenIncident: `400: Invalid request: scam: incident ${f.hiddenIncident} is not an incident of this scammer.`,
    });
    const common = { full_name: 'Carol Editor', contact_information: 'carol@example.com', verification_status: 'pending', submitted_at: AT, submitted_by: 'Anonymous' };
    expect(stored.requests).toEqual([
      {
        ...common, id: ids.profileEdit, profile_id: f.developer, scam_id: null, case_id: `EDITREQ-${YEAR}-${String(f.developer).padStart(4, '0')}`,
        target_type: 'developer', proposed_changes: JSON.stringify({ developer: { bio: 'A new bio' } }),
      },
      {
        ...common, id: ids.projectEdit, profile_id: f.project, scam_id: f.projectIncident, case_id: 'EDITREQ-2025-0042', target_type: 'both',
        proposed_changes: JSON.stringify({ developer: { name: 'Moon Token v2' }, append: { scam_updates: [{ id: f.projectIncident, set: { amount: 5 } }] } }),
      },
    ]);
  });

  it('when staff read the queue, then it narrows by kind and dates, pages after an id and shows current values, oldest first, the same on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const scam = await submit(engine, 'developer', f.developer, ask({
        target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: f.incidentA, set: { emails: ['new@example.com'], amount: null } }] } },
      }), '2025-01-01T00:00:00.000Z');
      const project = await submit(engine, 'project', f.project, ask({
        target_type: 'developer', proposed_changes: { developer: { name: 'Moon Token v2', languages: ['en'] } },
      }), '2025-02-01T00:00:00.000Z');
      const both = await submit(engine, 'developer', f.developer, ask({
        target_type: 'both', proposed_changes: { developer: { bio: 'b' }, append: { scam_creates: [{ description: 'New one', set: {} }] } },
      }), '2025-03-01T00:00:00.000Z');
      // the same moment as the last: the id orders them
      const again = await submit(engine, 'developer', f.developer, ask({ target_type: 'developer', proposed_changes: { developer: { bio: 'c' } } }), '2025-03-01T00:00:00.000Z');
      const decided = await submit(engine, 'developer', f.developer, ask({ target_type: 'developer', proposed_changes: { developer: { bio: 'd' } } }), '2025-01-15T00:00:00.000Z');
      await reject(engine, decided);
      const items = (await listPendingEditRequests(engine.db)).items;
      return {
        ids: { scam, project, both, again },
        f,
        items,
        all: await page(engine, {}),
        scammers: await page(engine, { kind: 'edit-scammer' }),
        scams: await page(engine, { kind: 'edit-scam' }),
        scammerScams: await page(engine, { kind: 'edit-scammer-scam' }),
        otherQueue: await page(engine, { kind: 'remove-scam' }),
        february: await page(engine, { since: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z' }),
        firstPage: await page(engine, { limit: 2 }),
        secondPage: await page(engine, { limit: 2, after: project }),
        afterSameMoment: await page(engine, { after: both }),
        afterDecided: await page(engine, { limit: 1, after: decided }),
        afterUnknown: await page(engine, { limit: 1, after: 99_999 }),
      };
    });
    expect(results[1]).toEqual(results[0]);
    const { ids: { scam, project, both, again }, f, items, ...pages } = results[0]!;
    expect(pages).toEqual({
      all: { ids: [scam, project, both, again], total: 4, hasMore: false },
      scammers: { ids: [project, again], total: 2, hasMore: false },
      scams: { ids: [scam], total: 1, hasMore: false },
      scammerScams: { ids: [both], total: 1, hasMore: false },
      otherQueue: { ids: [], total: 0, hasMore: false },
      february: { ids: [project], total: 1, hasMore: false },
      firstPage: { ids: [scam, project], total: 4, hasMore: true },
      secondPage: { ids: [both, again], total: 4, hasMore: false },
      afterSameMoment: { ids: [again], total: 4, hasMore: false },
      // past a decided request's moment, as the page it was on left off
      afterDecided: { ids: [project], total: 4, hasMore: true },
      afterUnknown: { ids: [scam], total: 4, hasMore: true },
    });
    expect(items[0]).toMatchObject({
      id: scam, developer: f.developer, project: null, developer_name: 'Alice Example', project_name: null, scam: null, target_type: 'scam',
      proposed_changes: { append: { scam_updates: [{ id: f.incidentA, set: { emails: ['new@example.com'], amount: null } }] } },
      current_values: { developer: {}, scam_updates: [{ id: f.incidentA, set: { emails: ['rug@example.com'], amount: 500 } }] },
    });
    expect(items[1]).toMatchObject({
      id: project, developer: null, project: f.project, developer_name: null, project_name: 'Moon Token',
      current_values: { developer: { name: 'Moon Token', languages: [] }, scam_updates: [] },
    });
  });

  it('when staff approve profile fields, incident fields or both, then they are applied, the profile gets a new revision and its identifiers, the same on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const profileFields = await submit(engine, 'project', f.project, ask({
        target_type: 'developer', proposed_changes: { developer: { name: 'Moon Token v2', bio: 'Relaunched', languages: ['en', 'fr'] } },
      }));
      const incidentFields = await submit(engine, 'developer', f.developer, ask({
        target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: f.incidentA, set: { emails: ['rug2@example.com'], websites: ['rug.example'], amount: null } }] } },
      }));
      const bothKinds = await submit(engine, 'developer', f.developer, ask({
        target_type: 'both',
        proposed_changes: {
          developer: { bio: 'Known for rugs' },
          append: {
            scam_updates: [{ id: f.incidentB, set: { currency: 'EUR' } }],
            scam_creates: [{ description: 'A third one', set: { emails: ['third@example.com'], amount: 42 } }],
          },
        },
      }));
      const before = await rows(engine.db);
      const answers = {
        profileFields: await approve(engine, profileFields),
        afterProfile: await rows(engine.db),
        incidentFields: await approve(engine, incidentFields),
        afterIncident: await rows(engine.db),
        bothKinds: await approve(engine, bothKinds),
      };
      return { ids: { profileFields, incidentFields, bothKinds }, f, before, answers, after: await rows(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    const { ids, f, before, answers: { afterProfile, afterIncident, ...answers }, after } = results[0]!;
    expect(answers).toEqual({
      profileFields: { id: ids.profileFields, verification_status: 'approved' },
      incidentFields: { id: ids.incidentFields, verification_status: 'approved' },
      bothKinds: { id: ids.bothKinds, verification_status: 'approved' },
    });
    const profile = (stored: typeof after, id: number) => stored.profiles.find((p) => p.id === id);
    const incident = (stored: typeof after, id: number) => stored.incidents.find((i) => i.id === id);

    // profile fields: the project changes and gets the next revision; the developer does not yet
    expect(profile(afterProfile, f.project)).toEqual({
      id: f.project, name: 'Moon Token v2', bio: 'Relaunched', languages: JSON.stringify(['en', 'fr']), revision: before.revision + 1,
    });
    expect(profile(afterProfile, f.developer)).toEqual(profile(before, f.developer));
    expect(afterProfile.revision).toBe(before.revision + 1);

    // incident fields: the incident changes, its profile gets the next revision and a lookup finds the new email, not the old
    expect(incident(afterIncident, f.incidentA)).toMatchObject({
      emails: JSON.stringify(['rug2@example.com']), websites: JSON.stringify(['rug.example']), amount: null, description: 'Rug pull on launch day',
    });
    expect(profile(afterIncident, f.developer)).toMatchObject({ name: 'Alice Example', revision: before.revision + 2 });
    expect(emailsOf(before, f.developer)).toEqual(['alice@example.com', 'raise@example.com', 'rug@example.com']);
    expect(emailsOf(afterIncident, f.developer)).toEqual(['alice@example.com', 'raise@example.com', 'rug2@example.com']);

    // both: the profile field, the incident update and a new incident, approved with it and submitted by the request's submitter
    expect(profile(after, f.developer)).toMatchObject({ bio: 'Known for rugs', revision: before.revision + 3 });
    expect(incident(after, f.incidentB)).toMatchObject({ currency: 'EUR', amount: 500 });
    const created = after.incidents.filter((i) => !before.incidents.some((b) => b.id === i.id));
    expect(created).toEqual([{
      id: expect.any(Number) as number, profile_id: f.developer, description: 'A third one', amount: 42, currency: 'USD',
      emails: JSON.stringify(['third@example.com']), websites: '[]', submitted_by: 'Anonymous', verification_status: 'approved',
    }]);
    expect(emailsOf(after, f.developer)).toEqual(['alice@example.com', 'raise@example.com', 'rug2@example.com', 'third@example.com']);
    expect(after.revision).toBe(before.revision + 3);
    expect(after.tombstones).toEqual([]);
    expect(after.requests.map((r) => r.verification_status)).toEqual(['approved', 'approved', 'approved']);
    expect(after.audit).toEqual([ids.profileFields, ids.incidentFields, ids.bothKinds].map((id) => ({
      actor: 'staff', action: 'edit_request.approve', target_kind: 'edit_request', target_id: id,
    })));
  });

  it('when staff reject, decide twice, name a missing request or an incident gone since, then the same 404 and 409 and nothing applied on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const rejected = await submit(engine, 'developer', f.developer, ask({ target_type: 'developer', proposed_changes: { developer: { name: 'Renamed' } } }));
      const approved = await submit(engine, 'developer', f.developer, ask({ target_type: 'developer', proposed_changes: { developer: { bio: 'ok' } } }));
      const stale = await submit(engine, 'developer', f.developer, ask({
        target_type: 'both', proposed_changes: {
          developer: { name: 'Stale' },
          append: { scam_updates: [{ id: f.incidentA, set: { amount: 1 } }, { id: f.incidentB, set: { amount: 2 } }] },
        },
      }));
      const staleOne = await submit(engine, 'developer', f.developer, ask({
        target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: f.incidentB, set: { amount: 3 } }] } },
      }));
      await engine.db.deleteFrom('incidents').where('id', 'in', [f.incidentA, f.incidentB]).execute();
      const before = await rows(engine.db);
      const answers = {
        rejected: await reject(engine, rejected),
        rejectAgain: await reject(engine, rejected),
        approveRejected: await approve(engine, rejected),
        approved: await approve(engine, approved),
        approveAgain: await approve(engine, approved),
        rejectApproved: await reject(engine, approved),
        missing: await approve(engine, 4242),
        rejectMissing: await reject(engine, 4242),
        stale: await approve(engine, stale),
        staleOne: await approve(engine, staleOne),
      };
      return { ids: { rejected, approved, stale, staleOne }, f, before, answers, after: await rows(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    const { ids, f, before, answers, after } = results[0]!;
    expect(answers).toEqual({
      rejected: { id: ids.rejected, verification_status: 'rejected' },
      rejectAgain: '409: This edit request was already rejected; only a pending request can be moderated.',
      approveRejected: '409: This edit request was already rejected; only a pending request can be moderated.',
      approved: { id: ids.approved, verification_status: 'approved' },
      approveAgain: '409: This edit request was already approved; only a pending request can be moderated.',
      rejectApproved: '409: This edit request was already approved; only a pending request can be moderated.',
      missing: '404: That edit request was not found.',
      rejectMissing: '404: That edit request was not found.',
      stale: `409: This edit request updates incidents that no longer exist (#${f.incidentA}, #${f.incidentB}); reject it instead.`,
      staleOne: `409: This edit request updates an incident that no longer exist (#${f.incidentB}); reject it instead.`,
    });
    // only the approved bio landed: the rejected name and the stale requests changed nothing
    expect(after.profiles.find((p) => p.id === f.developer)).toEqual({
      ...before.profiles.find((p) => p.id === f.developer), bio: 'ok', revision: before.revision + 1,
    });
    expect(after.requests.map((r) => [r.id, r.verification_status])).toEqual([
      [ids.rejected, 'rejected'], [ids.approved, 'approved'], [ids.stale, 'pending'], [ids.staleOne, 'pending'],
    ]);
    expect(after.audit.map((a) => [a.action, a.target_id])).toEqual([['edit_request.reject', ids.rejected], ['edit_request.approve', ids.approved]]);
  });
});
