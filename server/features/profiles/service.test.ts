// The profiles' data code on both engines (issue 21, docs/decisions/035): what the API tests
// (profiles.test.ts, read-model/shared-identifiers.test.ts) hold on SQLite through the app, here on
// SQLite and PostgreSQL alike: a new report with its lists and receipt, the staff queue with its
// kind filter, dates and pages, a profile's detail for visitors and staff, verification (a revision
// and the registry's identifiers) and rejection (a published one's tombstone), with the same answers
// and rows on each.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines, writer, type Write } from '../../../tests/support/engines';
import type { ProfileKind } from '../../../shared/contract/common';
import type { ProfileCreate } from '../../../shared/contract/profile';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { issueReceiptOn } from '../../db/receipts';
import { nextRevisionOn, touchProfileOn } from '../../db/revision';
import { AppError } from '../../errors';
import { awaitingReview, createProfile, moderateProfile, profileDetail, rejectAwaitingProfile } from './service';

const engines = useEngines();

const AT = '2025-01-01T00:00:00.000Z';


interface Seed { kind: ProfileKind; name: string; emails: string[]; status: 'verified' | 'unverified' | 'pending' | 'rejected'; submittedAt: string; submissionKind?: string }

async function insertProfile(db: Kysely<Database>, { kind, name, emails, status, submittedAt, submissionKind }: Seed): Promise<number> {
  return (await db.insertInto('profiles').values({
    kind, name, email: JSON.stringify(emails), verification_status: status, joined_date: AT, reported_person_date: AT,
    submitted_at: submittedAt, submission_kind: submissionKind ?? (kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT'),
    submitted_by: 'Anonymous', revision: await nextRevisionOn(db),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

interface Fixture { listed: number; incident: number; first: number; newCase: number; third: number; fourth: number; project: number; rejected: number }

/**
 * A listed developer (with an approved incident, its identifiers stored as the registry shows them);
 * four developers awaiting review in another order than the queue's, two naming the listed one's
 * e-mail; a project awaiting review; a rejected developer.
 */
function fixture(write: Write): Promise<Fixture> {
  return write(async (trx) => {
    const listed = await insertProfile(trx, { kind: 'developer', name: 'Alice Example', emails: ['alice@example.com'], status: 'verified', submittedAt: AT });
    const incident = (await trx.insertInto('incidents').values({
      profile_id: listed, description: 'Fake raise', occurred: '2024-03-01', reported: AT, amount: 500,
      emails: JSON.stringify(['raise@example.com']), verification_status: 'approved',
    }).returning('id').executeTakeFirstOrThrow()).id;
    await touchProfileOn(trx, listed);
    return {
      listed, incident,
      third: await insertProfile(trx, { kind: 'developer', name: 'Dan Third', emails: ['Alice@Example.com'], status: 'unverified', submittedAt: '2025-03-01T00:00:00.000Z' }),
      first: await insertProfile(trx, { kind: 'developer', name: 'Bob Reported', emails: ['alice@example.com'], status: 'unverified', submittedAt: '2025-01-01T00:00:00.000Z' }),
      newCase: await insertProfile(trx, {
        kind: 'developer', name: 'Carol Case', emails: [], status: 'pending', submittedAt: '2025-02-01T00:00:00.000Z', submissionKind: 'NEW_CASE',
      }),
      // the same moment as the third: the id orders them
      fourth: await insertProfile(trx, { kind: 'developer', name: 'Eve Fourth', emails: [], status: 'unverified', submittedAt: '2025-03-01T00:00:00.000Z' }),
      project: await insertProfile(trx, { kind: 'project', name: 'Moon Token', emails: [], status: 'unverified', submittedAt: AT }),
      rejected: await insertProfile(trx, { kind: 'developer', name: 'Gone Person', emails: [], status: 'rejected', submittedAt: AT }),
    };
  });
}

/** The test on SQLite (over an app's connection) and on PostgreSQL, each with the fixture; what each gives back. */
function onBoth<T>(test: (engine: Engine, f: Fixture, write: Write) => Promise<T>): Promise<[T, T]> {
  return engines.onBoth(async (engine, sqlite) => {
    const write = writer(engine, sqlite);
    return test(engine, await fixture(write), write);
  });
}

/** What a call answered, or the message it was refused with. */
const outcome = <T>(run: Promise<T>) => run.then((value) => value, (error: Error) => `${error instanceof AppError ? error.status : 'error'}: ${error.message}`);

/** The rows the feature writes, in key order. */
async function rows(db: Kysely<Database>) {
  return {
    profiles: await db.selectFrom('profiles').select(['id', 'verification_status', 'revision']).orderBy('id').execute(),
    identifiers: await db.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'canonical']).orderBy('profile_id').orderBy('kind').orderBy('canonical').execute(),
    pending: await db.selectFrom('pending_identifiers').select(['profile_id', 'report_kind', 'report_id', 'kind', 'canonical'])
      .orderBy('profile_id').orderBy('report_kind').orderBy('report_id').orderBy('seq').execute(),
    tombstones: await db.selectFrom('tombstones').selectAll().orderBy('kind').orderBy('id').execute(),
    revision: (await db.selectFrom('revision_counter').select('value').executeTakeFirstOrThrow()).value,
    audit: await db.selectFrom('audit_log').select(['actor', 'action', 'target_kind', 'target_id', 'before', 'after']).orderBy('id').execute(),
  };
}

const newProfile = (name: string, languages: string[]): ProfileCreate => ({
  name, bio: 'Took the money and ran', gender: 'Male', location: 'Lisbon', geolocation: '38.7,-9.1', nationality: 'Portuguese',
  languages, accent: 'Northern',
});

describe('profiles on both engines', () => {
  it('when visitors report, then an unverified profile is stored with its lists and a receipt, whatever it is, the same on both', async () => {
    const results = await onBoth(async (engine, _f, write) => {
      const created = await write(async (trx) => {
        const id = await createProfile(trx, 'developer', newProfile('New Scammer', ['English', 'Português']), 'member1');
        return { id, receipt: await issueReceiptOn(trx, 'developer', id) };
      });
      const project = await write((trx) => createProfile(trx, 'project', newProfile('Rug Coin', []), 'Anonymous'));
      const stored = await engine.db.selectFrom('profiles').selectAll().where('id', 'in', [created.id, project]).orderBy('id').execute();
      const receipt = await engine.db.selectFrom('receipts').select(['reference', 'kind', 'target_id']).where('target_id', '=', created.id).execute();
      return {
        ids: { developer: created.id, project },
        // the moments are the clock's: each the same for one report, told apart from the values
        moments: stored.map((p) => new Set([p.joined_date, p.reported_person_date, p.submitted_at]).size),
        stored: stored.map(({ joined_date: _j, reported_person_date: _r, submitted_at: _s, ...rest }) => rest),
        receipt, reference: created.receipt.reference,
        // staff's read of it, its moments (the clock's) left out
        detail: await profileDetail(engine.db, 'developer', created.id, true)
          .then((read) => ({ ...read, joinedDate: 'now', reported_person_date: 'now', submittedAt: 'now' })),
      };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ ids, moments, stored, receipt, reference, detail }] = results;
    expect(moments).toEqual([1, 1]);
    const lists = {
      company: '[]', company_address: '[]', scam_type: '[]', industry: '[]', email: '[]', phone: '[]', telegram: '[]', website: '[]',
      wallet_addresses: '[]', bank_accounts: '[]', ip_addresses: '[]', known_partners: '[]', companies_used: '[]', currencies: '[]', bank: '[]',
    };
    const common = {
      nickname: '', avatar: null, bio: 'Took the money and ran', gender: 'Male', location: 'Lisbon', geolocation: '38.7,-9.1',
      nationality: 'Portuguese', accent: 'Northern', verification_status: 'unverified', revision: 0, ...lists,
    };
    expect(stored).toEqual([
      { id: ids.developer, kind: 'developer', name: 'New Scammer', languages: '["English","Português"]', submitted_by: 'member1', submission_kind: 'NEW_DEVELOPER', ...common },
      { id: ids.project, kind: 'project', name: 'Rug Coin', languages: '[]', submitted_by: 'Anonymous', submission_kind: 'NEW_PROJECT', ...common },
    ]);
    expect(receipt).toEqual([{ reference, kind: 'developer', target_id: ids.developer }]);
    expect(detail).toMatchObject({
      id: ids.developer, name: 'New Scammer', languages: ['English', 'Português'], isVerified: false, kind: 'NEW_DEVELOPER', submittedBy: 'member1', shared_identifiers: [],
    });
  });

  it('when staff read the queue, then it narrows by kind and dates, pages by page and after an id, oldest first, with what each shares, the same on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const page = (kind: ProfileKind, page: number, pageSize: number, filter: Parameters<typeof awaitingReview>[3] = {}) => outcome(
        awaitingReview(engine.db, kind, { page, pageSize }, filter).then(({ results: items, ...links }) => ({ ids: items.map((p) => p.id), ...links })),
      );
      return {
        f,
        items: (await awaitingReview(engine.db, 'developer', { page: 1, pageSize: 50 })).results,
        pages: {
          all: await page('developer', 1, 50),
          projects: await page('project', 1, 50),
          scammers: await page('developer', 1, 50, { kind: 'new-scammer' }),
          cases: await page('developer', 1, 50, { kind: 'new-case' }),
          otherQueue: await page('developer', 1, 50, { kind: 'new-project' }),
          february: await page('developer', 1, 50, { since: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z' }),
          firstPage: await page('developer', 1, 2),
          secondPage: await page('developer', 2, 2),
          afterSameMoment: await page('developer', 1, 50, { after: f.third }),
          afterUnknown: await page('developer', 1, 1, { after: 99_999 }),
          // the spec's 9999: bounded
          huge: await page('developer', 2, 9999),
        },
      };
    });
    expect(results[1]).toEqual(results[0]);
    const { f, items, pages } = results[0]!;
    const path = '/api/developers/?is_verified=false';
    expect(pages).toEqual({
      all: { ids: [f.first, f.newCase, f.third, f.fourth], count: 4, next: null, previous: null },
      projects: { ids: [f.project], count: 1, next: null, previous: null },
      scammers: { ids: [f.first, f.third, f.fourth], count: 3, next: null, previous: null },
      cases: { ids: [f.newCase], count: 1, next: null, previous: null },
      otherQueue: '400: Invalid request: kind: must be one of new-scammer, new-case for scammers.',
      february: { ids: [f.newCase], count: 1, next: null, previous: null },
      firstPage: { ids: [f.first, f.newCase], count: 4, next: `${path}&page=2&page_size=2`, previous: null },
      secondPage: { ids: [f.third, f.fourth], count: 4, next: null, previous: `${path}&page=1&page_size=2` },
      afterSameMoment: { ids: [f.fourth], count: 4, next: null, previous: null },
      afterUnknown: { ids: [f.first], count: 4, next: `${path}&page=2&page_size=1&after=99999`, previous: null },
      huge: { ids: [], count: 4, next: null, previous: `${path}&page=1&page_size=200` },
    });
    expect(items[0]).toMatchObject({
      id: f.first, name: 'Bob Reported', email: ['alice@example.com'], isVerified: false, verification_status: 'unverified',
      kind: 'NEW_DEVELOPER', submittedAt: '2025-01-01T00:00:00.000Z', submittedBy: 'Anonymous',
    });
    // the listed developer holds the e-mail and the third's card names it too: three reports (her details, the two reported ones)
    expect(items[0]!.shared_identifiers).toMatchObject([{
      kind: 'email', canonical: 'alice@example.com', reports: 3,
      profiles: [{ id: f.listed, kind: 'developer', name: 'Alice Example', value: 'alice@example.com' }],
      submissions: [{ type: 'developer', id: f.third, name: 'Dan Third', submission_kind: 'NEW_DEVELOPER', value: 'Alice@Example.com' }],
    }]);
    expect(items[1]!.shared_identifiers).toEqual([]);
  });

  it('when a profile is opened, then visitors see a listed one only, staff any with its submission and what it shares, the same on both', async () => {
    const results = await onBoth(async (engine, f) => {
      const detail = (kind: ProfileKind, id: number, isStaff: boolean) => outcome(profileDetail(engine.db, kind, id, isStaff));
      return {
        f,
        listedToVisitor: await detail('developer', f.listed, false),
        listedToStaff: await detail('developer', f.listed, true),
        reportedToVisitor: await detail('developer', f.first, false),
        reportedToStaff: await detail('developer', f.first, true),
        rejectedToStaff: await detail('developer', f.rejected, true),
        otherKind: await detail('project', f.listed, true),
        missing: await detail('developer', 99_999, true),
      };
    });
    expect(results[1]).toEqual(results[0]);
    const { f, listedToVisitor, listedToStaff, reportedToVisitor, reportedToStaff, rejectedToStaff, otherKind, missing } = results[0]!;
    // the incident's e-mail joins the profile's own
    expect(listedToVisitor).toMatchObject({ id: f.listed, name: 'Alice Example', email: ['alice@example.com', 'raise@example.com'], isVerified: true });
    expect(listedToVisitor).not.toHaveProperty('shared_identifiers');
    expect(listedToVisitor).not.toHaveProperty('submittedBy');
    expect(listedToStaff).toMatchObject({ ...(listedToVisitor as object), kind: 'NEW_DEVELOPER', submittedBy: 'Anonymous' });
    // a listed one read by staff: the two reported profiles naming its e-mail, and its own report counted
    expect(listedToStaff).toMatchObject({
      shared_identifiers: [{
        kind: 'email', canonical: 'alice@example.com', reports: 3, profiles: [],
        submissions: [{ type: 'developer', id: f.first, name: 'Bob Reported' }, { type: 'developer', id: f.third, name: 'Dan Third' }],
      }],
    });
    expect(reportedToVisitor).toBe('404: That scammer profile was not found.');
    expect(reportedToStaff).toMatchObject({ id: f.first, isVerified: false, kind: 'NEW_DEVELOPER', shared_identifiers: [{ canonical: 'alice@example.com', reports: 3 }] });
    expect(rejectedToStaff).toMatchObject({ id: f.rejected, verification_status: 'rejected', shared_identifiers: [] });
    expect(otherKind).toBe('404: That project was not found.');
    expect(missing).toBe('404: That scammer profile was not found.');
  });

  it('when staff verify and reject, then a verified profile gets a revision and its identifiers, a published one rejected a tombstone, the same on both', async () => {
    const results = await onBoth(async (engine, f, write) => {
      const before = await rows(engine.db);
      const decide = (kind: ProfileKind, id: number, decision: 'verify' | 'reject') => outcome(write((trx) => moderateProfile(trx, kind, id, decision, 'staff')));
      const answers = {
        verify: await decide('developer', f.first, 'verify'),
        rejectPending: await decide('developer', f.newCase, 'reject'),
        unpublish: await decide('developer', f.listed, 'reject'),
        missing: await decide('developer', 99_999, 'verify'),
        otherKind: await decide('project', f.third, 'verify'),
        // a bulk rejection's steps: only what still awaits review
        bulk: await outcome(write((trx) => rejectAwaitingProfile(trx, 'developer', f.third, 'staff'))),
        bulkDecided: await outcome(write((trx) => rejectAwaitingProfile(trx, 'developer', f.first, 'staff'))),
        bulkMissing: await outcome(write((trx) => rejectAwaitingProfile(trx, 'project', 99_999, 'staff'))),
      };
      return { f, before, answers, after: await rows(engine.db) };
    });
    expect(results[1]).toEqual(results[0]);
    const { f, before, answers, after } = results[0]!;
    expect(answers).toEqual({
      verify: { id: f.first, verification_status: 'verified', isVerified: true },
      rejectPending: { id: f.newCase, verification_status: 'rejected', isVerified: false },
      unpublish: { id: f.listed, verification_status: 'rejected', isVerified: false },
      missing: '404: That scammer profile was not found.',
      otherKind: '404: That project was not found.',
      bulk: { id: f.third, verification_status: 'rejected', isVerified: false },
      bulkDecided: '409: Already decided.',
      bulkMissing: '404: That project was not found.',
    });
    // two changes of the public registry (the verification, the withdrawal): two revisions, in that order
    expect(after.revision).toBe(before.revision + 2);
    const status = (list: typeof after.profiles, id: number) => list.find((p) => p.id === id);
    expect(status(after.profiles, f.first)).toEqual({ id: f.first, verification_status: 'verified', revision: before.revision + 1 });
    expect(status(after.profiles, f.listed)).toEqual({ ...status(before.profiles, f.listed), verification_status: 'rejected' });
    expect(after.tombstones).toEqual([{ kind: 'developer', id: f.listed, revision: before.revision + 2 }]);
    // the registry's identifiers: the withdrawn developer's gone, the verified one's in
    const emails = (list: typeof after.identifiers) => list.filter((i) => i.kind === 'email').map((i) => `${i.profile_id} ${i.canonical}`);
    expect(emails(before.identifiers)).toEqual([`${f.listed} alice@example.com`, `${f.listed} raise@example.com`]);
    expect(emails(after.identifiers)).toEqual([`${f.first} alice@example.com`]);
    // what awaits review: only the fourth developer and the project are left, neither naming anything
    expect(before.pending.map((p) => p.profile_id)).toEqual([f.third, f.first]);
    expect(after.pending).toEqual([]);
    expect(after.audit).toEqual([
      [f.first, 'verify', 'unverified', 'verified'], [f.newCase, 'reject', 'pending', 'rejected'],
      [f.listed, 'reject', 'verified', 'rejected'], [f.third, 'reject', 'unverified', 'rejected'],
    ].map(([id, decision, from, to]) => ({
      actor: 'staff', action: `developer.${decision}`, target_kind: 'developer', target_id: id,
      before: JSON.stringify({ verification_status: from }), after: JSON.stringify({ verification_status: to }),
    })));
  });
});
