// The incidents' data code on both engines (issue 21, docs/decisions/035): what the API tests
// (incidents.test.ts) hold on SQLite through the app, here on SQLite and PostgreSQL alike: a
// report, a profile's public list, the staff queue with its filter, pages and shared identifiers,
// approval and rejection (the profile's revision and identifiers), with the same answers and rows on each.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines, writer, type Write } from '../../../tests/support/engines';
import type { QueueQuery } from '../../../shared/contract/admin';
import type { ProfileKind } from '../../../shared/contract/common';
import type { NewIncident } from '../../../shared/contract/scam-submit';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { nextRevisionOn, touchProfileOn } from '../../db/revision';
import { AppError } from '../../errors';
import { incidentForStaff, moderateIncident, pendingIncidents, publicIncidents, rejectPendingIncident, reportIncident } from './service';

const engines = useEngines();

const AT = '2025-01-01T00:00:00.000Z';

interface Fixture { developer: number; project: number; rejected: number; approved: Record<'a' | 'b' | 'c' | 'd', number> }

async function insertProfile(db: Kysely<Database>, kind: ProfileKind, name: string, email: string, status: 'verified' | 'unverified' | 'rejected'): Promise<number> {
  const revision = await nextRevisionOn(db);
  return (await db.insertInto('profiles').values({
    kind, name, email: JSON.stringify([email]), verification_status: status, joined_date: AT, reported_person_date: AT,
    submitted_at: AT, submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', revision,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function insertApproved(db: Kysely<Database>, profileId: number, description: string, email: string, occurred: string | null, reported: string): Promise<number> {
  return (await db.insertInto('incidents').values({
    profile_id: profileId, description, occurred, reported, amount: 500, emails: JSON.stringify([email]), verification_status: 'approved',
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A listed developer with four approved incidents (its identifiers stored as the registry shows them), a reported project and a rejected developer. */
async function fixture(engine: Engine): Promise<Fixture> {
  return inTransaction(engine, async (trx) => {
    const developer = await insertProfile(trx, 'developer', 'Alice Example', 'alice@example.com', 'verified');
    const f = {
      developer,
      project: await insertProfile(trx, 'project', 'Moon Token', 'moon@example.com', 'unverified'),
      rejected: await insertProfile(trx, 'developer', 'Gone Person', 'gone@example.com', 'rejected'),
      approved: {
        a: await insertApproved(trx, developer, 'Fake raise', 'raise@example.com', '2024-03-01', AT),
        b: await insertApproved(trx, developer, 'Rug pull', 'rug@example.com', null, '2024-06-01T00:00:00.000Z'),
        c: await insertApproved(trx, developer, 'Phishing', 'phish@example.com', '2024-01-01', AT),
        // the same day as a: the later id first
        d: await insertApproved(trx, developer, 'Drainer', 'drain@example.com', '2024-03-01', AT),
      },
    };
    await touchProfileOn(trx, developer);
    return f;
  });
}

/** The test on SQLite (over an app's connection) and on PostgreSQL, each with the fixture; what each gives back. */
function onBoth<T>(test: (engine: Engine, f: Fixture, write: Write) => Promise<T>): Promise<[T, T]> {
  return engines.onBoth(async (engine, sqlite) => test(engine, await fixture(engine), writer(engine, sqlite)));
}


/** An incident naming only `emails` (the queue's shared identifiers are tested on them). */
const newIncident = (description: string, emails: string[]): NewIncident => ({
  description, amount: 1250.5, currency: 'USDT', occurred: '2024-05-01', submitterContact: 'victim@example.com', avatar: null,
  nicknames: ['Bob'], industries: ['DeFi'], types: ['Rug Pull'], companies: ['Acme'], company_addresses: ['1 Main St'],
  websites: [], emails, phones: [], telegrams: [], wallet_addresses: [], bank_accounts: [], ip_addresses: [],
});

/** Every other list of the form filled in. */
const everyList: Partial<NewIncident> = {
  websites: ['scam.example'], phones: ['+1 555'], telegrams: ['@bob'], wallet_addresses: ['0x1'],
  bank_accounts: [{ bank_name: 'Acme Bank', account: '42' }], ip_addresses: ['10.0.0.1'],
};

/** Reports through the service in a write, then dates it (the queue's order and dates are tested on it). */
function report(
  write: Write, kind: ProfileKind, profileId: number, description: string, reported: string, emails: string[] = [], more: Partial<NewIncident> = {},
): Promise<number> {
  return write(async (trx) => {
    const id = await reportIncident(trx, kind, profileId, { ...newIncident(description, emails), ...more }, 'Anonymous');
    await trx.updateTable('incidents').set({ reported }).where('id', '=', id).execute();
    return id;
  });
}

/** What a call answered, or the message it was refused with. */
const outcome = <T>(run: Promise<T>) => run.then((value) => value, (error: Error) => `${error instanceof AppError ? error.status : 'error'}: ${error.message}`);

const page = (engine: Engine, query: Partial<QueueQuery>) => pendingIncidents(engine.db, { limit: 50, after: 0, ...query })
  .then(({ items, total, hasMore }) => ({ ids: items.map((i) => i.id), total, hasMore }));

/** The rows the feature writes, in key order. */
async function rows(db: Kysely<Database>) {
  return {
    incidents: await db.selectFrom('incidents').select(['id', 'profile_id', 'verification_status']).orderBy('id').execute(),
    profiles: await db.selectFrom('profiles').select(['id', 'revision']).orderBy('id').execute(),
    identifiers: await db.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'canonical']).orderBy('profile_id').orderBy('kind').orderBy('canonical').execute(),
    revision: (await db.selectFrom('revision_counter').select('value').executeTakeFirstOrThrow()).value,
    audit: await db.selectFrom('audit_log').select(['actor', 'action', 'target_kind', 'target_id', 'before', 'after']).orderBy('id').execute(),
  };
}

describe('incidents on both engines', () => {
  it('when visitors report, then a pending incident is stored on a listed or reported profile and a rejected, other or missing one is 404, the same on both', async () => {
    const results = await onBoth(async (engine, f, write) => {
      const listed = await report(write, 'developer', f.developer, 'Fake presale', AT, ['a@b.example'], everyList);
      const reported = await report(write, 'project', f.project, 'Exit scam', AT);
      const refused = [
        await outcome(report(write, 'developer', f.rejected, 'On a rejected profile', AT)),
        await outcome(report(write, 'project', f.developer, 'On the other kind', AT)),
        await outcome(report(write, 'developer', 99_999, 'On no profile', AT)),
      ];
      const stored = await engine.db.selectFrom('incidents').selectAll().where('id', 'in', [listed, reported]).orderBy('id').execute();
      return { ids: { listed, reported }, f, refused, stored, count: (await rows(engine.db)).incidents.length };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ ids, f, refused, stored, count }] = results;
    expect(refused).toEqual(['404: That scammer profile was not found.', '404: That project was not found.', '404: That scammer profile was not found.']);
    // the four approved ones and the two reported: nothing of the refused reports is left
    expect(count).toBe(6);
    expect(stored).toEqual([
      {
        id: ids.listed, profile_id: f.developer, description: 'Fake presale', occurred: '2024-05-01', reported: AT, amount: 1250.5, currency: 'USDT',
        types: '["Rug Pull"]', nicknames: '["Bob"]', industries: '["DeFi"]', companies: '["Acme"]', company_addresses: '["1 Main St"]',
        websites: '["scam.example"]', telegrams: '["@bob"]', emails: '["a@b.example"]', phones: '["+1 555"]', ip_addresses: '["10.0.0.1"]',
        wallet_addresses: '["0x1"]', bank_accounts: '[{"bank_name":"Acme Bank","account":"42"}]', avatar: null,
        submitter_contact: 'victim@example.com', submitted_by: 'Anonymous', verification_status: 'pending',
      },
      expect.objectContaining({ id: ids.reported, profile_id: f.project, description: 'Exit scam', emails: '[]', verification_status: 'pending' }),
    ]);
  });

  it('when a profile\'s incidents are read, then the approved ones come latest first to all on a listed profile and to staff only on a reported one, the same on both', async () => {
    const results = await onBoth(async (engine, f, write) => {
      const pending = await report(write, 'developer', f.developer, 'Not yet public', AT);
      const ids = async (kind: ProfileKind, id: number, isStaff: boolean) => outcome(publicIncidents(engine.db, kind, id, isStaff)
        .then(({ incidents }) => incidents.map((i) => i.id)));
      return {
        f, pending,
        first: (await publicIncidents(engine.db, 'developer', f.developer, false)).incidents[0],
        visitor: await ids('developer', f.developer, false),
        staff: await ids('developer', f.developer, true),
        reportedToVisitor: await ids('project', f.project, false),
        reportedToStaff: await ids('project', f.project, true),
        otherKind: await ids('project', f.developer, true),
        missing: await ids('developer', 99_999, true),
      };
    });
    expect(results[1]).toEqual(results[0]);
    const { f, pending, first, ...lists } = results[0]!;
    const { a, b, c, d } = f.approved;
    expect(lists.visitor).not.toContain(pending);
    expect(lists).toEqual({
      visitor: [b, d, a, c], staff: [b, d, a, c],
      reportedToVisitor: '404: That project was not found.', reportedToStaff: [],
      otherKind: '404: That project was not found.', missing: '404: That scammer profile was not found.',
    });
    expect(first).toMatchObject({ id: b, description: 'Rug pull', occurred: null, reported: '2024-06-01T00:00:00.000Z', amount: 500, emails: ['rug@example.com'], status: 'approved' });
  });

  it('when staff read the queue, then it narrows by kind and dates, pages after an id, oldest first, with what each shares, the same on both', async () => {
    const results = await onBoth(async (engine, f, write) => {
      // the listed developer's e-mail, named on it and on the reported project; reported in another
      // order than the queue's (by the date, then the id)
      const onProject = await report(write, 'project', f.project, 'Named her too', '2025-02-01T00:00:00.000Z', ['alice@example.com']);
      const first = await report(write, 'developer', f.developer, 'Named me', '2025-01-01T00:00:00.000Z', ['Alice@Example.com']);
      const third = await report(write, 'developer', f.developer, 'Third', '2025-03-01T00:00:00.000Z');
      // the same moment as the third: the id orders them
      const again = await report(write, 'developer', f.developer, 'Fourth', '2025-03-01T00:00:00.000Z');
      const decided = await report(write, 'developer', f.developer, 'Decided', '2025-01-15T00:00:00.000Z');
      await write((trx) => moderateIncident(trx, decided, 'reject', 'staff'));
      const items = (await pendingIncidents(engine.db)).items;
      return {
        f, ids: { first, onProject, third, again },
        items,
        detail: await incidentForStaff(engine.db, onProject),
        missing: await outcome(incidentForStaff(engine.db, 99_999)),
        pages: {
          all: await page(engine, {}),
          scammers: await page(engine, { kind: 'new-scammer-scam' }),
          projects: await page(engine, { kind: 'new-project-scam' }),
          otherQueue: await page(engine, { kind: 'remove-scam' }),
          february: await page(engine, { since: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z' }),
          firstPage: await page(engine, { limit: 2 }),
          secondPage: await page(engine, { limit: 2, after: onProject }),
          afterSameMoment: await page(engine, { after: third }),
          afterDecided: await page(engine, { limit: 1, after: decided }),
          afterUnknown: await page(engine, { limit: 1, after: 99_999 }),
        },
      };
    });
    expect(results[1]).toEqual(results[0]);
    const { f, ids: { first, onProject, third, again }, items, detail, missing, pages } = results[0]!;
    expect(pages).toEqual({
      all: { ids: [first, onProject, third, again], total: 4, hasMore: false },
      scammers: { ids: [first, third, again], total: 3, hasMore: false },
      projects: { ids: [onProject], total: 1, hasMore: false },
      otherQueue: { ids: [], total: 0, hasMore: false },
      february: { ids: [onProject], total: 1, hasMore: false },
      firstPage: { ids: [first, onProject], total: 4, hasMore: true },
      secondPage: { ids: [third, again], total: 4, hasMore: false },
      afterSameMoment: { ids: [again], total: 4, hasMore: false },
      // past a decided incident's moment, as the page it was on left off
      afterDecided: { ids: [onProject], total: 4, hasMore: true },
      afterUnknown: { ids: [first], total: 4, hasMore: true },
    });
    expect(missing).toBe('404: That incident was not found.');
    expect(detail).toEqual(items[1]);
    expect(items[1]).toMatchObject({ id: onProject, project: f.project, project_name: 'Moon Token', description: 'Named her too', verification_status: 'pending' });
    // each is corroborated by the listed developer and by the other: the incident on the reported
    // project belongs to that project's card; three reports name the e-mail (the developer's own details and the two)
    const alice = (submission: object) => [{
      kind: 'email', canonical: 'alice@example.com', reports: 3,
      profiles: [expect.objectContaining({ id: f.developer, kind: 'developer', name: 'Alice Example' })],
      submissions: [submission],
    }];
    expect(items[0]!.shared_identifiers).toMatchObject(alice({ type: 'project', id: f.project, name: 'Moon Token', submission_kind: 'NEW_PROJECT', value: 'alice@example.com' }));
    expect(items[1]!.shared_identifiers).toMatchObject(alice({ type: 'scam', id: first, name: 'Alice Example', profile_kind: 'developer', value: 'Alice@Example.com' }));
    expect(items[2]!.shared_identifiers).toEqual([]);
  });

  it('when staff approve and reject, then a listed profile gets a new revision and its identifiers when its public incidents change, and only then, the same on both', async () => {
    const results = await onBoth(async (engine, f, write) => {
      const approve = await report(write, 'developer', f.developer, 'To approve', AT, ['new@example.com']);
      const reject = await report(write, 'developer', f.developer, 'To reject', AT);
      const onReported = await report(write, 'project', f.project, 'On the reported project', AT);
      const bulk = await report(write, 'developer', f.developer, 'Bulk', AT);
      const before = await rows(engine.db);
      const decide = (id: number, decision: 'approve' | 'reject') => outcome(write((trx) => moderateIncident(trx, id, decision, 'staff')));
      const answers = {
        approve: await decide(approve, 'approve'),
        reject: await decide(reject, 'reject'),
        onReported: await decide(onReported, 'approve'),
        // an approved incident withdrawn from the listed profile
        unpublish: await decide(f.approved.a, 'reject'),
        again: await decide(approve, 'approve'),
        missing: await decide(99_999, 'approve'),
        // a bulk rejection's steps: only what still awaits review
        bulk: await outcome(write((trx) => rejectPendingIncident(trx, bulk, 'staff'))),
        bulkDecided: await outcome(write((trx) => rejectPendingIncident(trx, approve, 'staff'))),
        bulkMissing: await outcome(write((trx) => rejectPendingIncident(trx, 99_999, 'staff'))),
      };
      return { f, ids: { approve, reject, onReported, bulk }, before, answers, after: await rows(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    const { f, ids, before, answers, after } = results[0]!;
    expect(answers).toEqual({
      approve: { id: ids.approve, verification_status: 'approved' },
      reject: { id: ids.reject, verification_status: 'rejected' },
      onReported: { id: ids.onReported, verification_status: 'approved' },
      unpublish: { id: f.approved.a, verification_status: 'rejected' },
      again: { id: ids.approve, verification_status: 'approved' },
      missing: '404: That incident was not found.',
      bulk: { id: ids.bulk, verification_status: 'rejected' },
      bulkDecided: '409: Already decided.',
      bulkMissing: '404: That incident was not found.',
    });
    // two changes of what the listed developer shows (the approval, the withdrawal): two revisions, its last the newest
    expect(after.revision).toBe(before.revision + 2);
    expect(after.profiles).toEqual(before.profiles.map((p) => (p.id === f.developer ? { id: p.id, revision: before.revision + 2 } : p)));
    const emails = (list: typeof after.identifiers) => list.filter((i) => i.kind === 'email').map((i) => `${i.profile_id} ${i.canonical}`);
    expect(emails(before.identifiers)).toEqual(['alice', 'drain', 'phish', 'raise', 'rug'].map((name) => `${f.developer} ${name}@example.com`));
    expect(emails(after.identifiers)).toEqual(['alice', 'drain', 'new', 'phish', 'rug'].map((name) => `${f.developer} ${name}@example.com`));
    expect(after.incidents.filter((i) => i.verification_status === 'pending')).toEqual([]);
    expect(after.audit).toEqual([
      [ids.approve, 'approve', 'pending', 'approved'], [ids.reject, 'reject', 'pending', 'rejected'],
      [ids.onReported, 'approve', 'pending', 'approved'], [f.approved.a, 'reject', 'approved', 'rejected'],
      [ids.approve, 'approve', 'approved', 'approved'], [ids.bulk, 'reject', 'pending', 'rejected'],
    ].map(([id, decision, from, to]) => ({
      actor: 'staff', action: `incident.${decision}`, target_kind: 'incident', target_id: id,
      before: JSON.stringify({ verification_status: from }), after: JSON.stringify({ verification_status: to }),
    })));
  });
});
