// pending_identifiers (migrations/011) against what awaits review: after every kind of write made
// through the API, the table holds exactly the identifiers of every pending report, as the whole
// pending side reads them (PENDING_SIDE_SQL), and no profile is left stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../test-flows';
import { seedDemo } from '../demo/seeding';
import { PROFILE_FETCH_SIZE } from '../../shared/constants';
import { routes } from '../../shared/contract/routes';
import { openDatabase, type Db } from './connection';
import { PENDING_SIDE_SQL, reportIdentifiers } from './pending-identifiers';

type Row = [profileId: number, reportKind: string, reportId: number, seq: number, kind: string, canonical: string, field: string, value: string];

const byKey = (a: Row, b: Row) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2] || a[3] - b[3];

function stored(db: Db): Row[] {
  return (db.prepare('SELECT profile_id, report_kind, report_id, seq, kind, canonical, field, value FROM pending_identifiers')
    .raw(true).all() as Row[]).sort(byKey);
}

/** What the table must hold: every pending report's identifiers, read whole as the staff reads once did. */
function expected(db: Db): Row[] {
  const rows: Row[] = [];
  const add = (reportKind: string, reportId: number, profileId: number, lists: string) =>
    reportIdentifiers(profileId, [lists]).forEach((i, seq) => rows.push([profileId, reportKind, reportId, seq, i.kind, i.canonical, i.field, i.value]));
  for (const [id, , , , lists] of db.prepare(PENDING_SIDE_SQL.PENDING_PROFILES).raw(true).all() as [number, string, string, string, string][]) add('profile', id, id, lists);
  for (const [id, profileId, lists] of db.prepare(PENDING_SIDE_SQL.INCIDENTS_OF_PENDING_PROFILES).raw(true).all() as [number, number, string][]) add('incident', id, profileId, lists);
  for (const [id, profileId, , , lists] of db.prepare(PENDING_SIDE_SQL.PENDING_INCIDENTS_ELSEWHERE).raw(true).all() as [number, number, string, string, string][]) add('incident', id, profileId, lists);
  return rows.sort(byKey);
}

const staleCount = (db: Db) => db.prepare('SELECT COUNT(*) FROM pending_identifiers_stale').pluck().get() as number;

let t: TestApp;
let anon: Client;
let staff: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
});
afterEach(() => t.close());

const ok = async (req: PromiseLike<{ status: number; body: unknown }>) => {
  const res = await req;
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as { id: number };
};

/** What the admin panel's lists answer (with their shared identifiers). */
async function panel(): Promise<string> {
  const lists = [
    routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } }),
    routes.profiles.list.project.path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } }),
    routes.incidents.pending.path(),
  ];
  const bodies: unknown[] = [];
  for (const path of lists) {
    const res = await staff.get(path);
    expect(res.status).toBe(200);
    bodies.push(res.body);
  }
  return JSON.stringify(bodies);
}

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('the pending identifier table follows what awaits review', () => {
  it('when reports are made, approved, rejected, bulk rejected, edited and removed through the API, then after each step it is exactly the pending reports\' identifiers', async () => {
    seedDemo(t.db, { profiles: 30 });
    expect(staleCount(t.db)).toBe(0);
    const step = () => {
      expect(staleCount(t.db)).toBe(0);
      expect(stored(t.db)).toEqual(expected(t.db));
    };
    const { id: listed } = await publishedProfile(anon, staff, 'developers', { name: 'Listed One' }, [{ walletAddresses: [WALLET] }]);
    step(); // the seed wrote them too
    expect(stored(t.db).length).toBeGreaterThan(10);

    // a report and its incidents: the profile's details and each incident are reports
    const id = await reportProfile(anon, 'developers', { name: 'Ivy Lane' });
    const first = await reportIncident(anon, 'developers', id, { telegrams: ['@ivy_lane_01'], walletAddresses: [`ethereum:${WALLET}@1`] });
    const second = await reportIncident(anon, 'developers', id, { phones: ['+61 (0)491 570 159'] });
    const onListed = await reportIncident(anon, 'developers', listed, { walletAddresses: [WALLET] });
    step();
    expect(stored(t.db).filter(([p]) => p === id).map(([, k, r, , kind]) => `${k}:${r} ${kind}`))
      .toEqual(expect.arrayContaining([`incident:${first} evm`, `incident:${first} telegram`, `incident:${second} phone`]));
    expect(stored(t.db)).toContainEqual([listed, 'incident', onListed, 0, 'evm', WALLET.toLowerCase(), 'walletAddresses', WALLET]);

    // an incident rejected while its profile awaits review leaves; one approved stays (part of the submission)
    await ok(staff.post(routes.incidents.reject.path({ id: second })));
    step();
    expect(stored(t.db).filter(([, k, r]) => k === 'incident' && r === second)).toEqual([]);
    await ok(staff.post(routes.incidents.approve.path({ id: first })));
    step();
    expect(stored(t.db).filter(([, k, r]) => k === 'incident' && r === first).length).toBe(2);

    // verified: its details and approved incident are no longer pending; a new incident on it is
    await ok(staff.post(routes.profiles.verify.developer.path({ id })));
    step();
    expect(stored(t.db).filter(([p]) => p === id)).toEqual([]);
    const third = await reportIncident(anon, 'developers', id, { emails: ['ivy@inbox.invalid'] });
    step();
    expect(stored(t.db).filter(([p]) => p === id).map(([, k, r]) => `${k}:${r}`)).toEqual([`incident:${third}`]);

    // an approved edit that appends a scam and changes one
    const edit = await ok(anon.post(routes.editRequests.submit.developer.path({ id }), {
      target_type: 'both', developer: id,
      proposed_changes: {
        developer: { bio: 'Edited' },
        append: {
          scam_updates: [{ id: first, set: { telegrams: ['@ivy_lane_03'] } }],
          scam_creates: [{ description: 'Another one', set: { telegrams: ['@ivy_lane_04'] } }],
        },
      },
    }));
    await ok(staff.post(routes.editRequests.approve.path({ id: edit.id })));
    step();

    // bulk rejections of reported profiles and of incidents
    const a = await reportProfile(anon, 'developers', { name: 'Bulk A' });
    const b = await reportProfile(anon, 'developers', { name: 'Bulk B' });
    const onA = await reportIncident(anon, 'developers', a, { walletAddresses: [WALLET] });
    const onB = await reportIncident(anon, 'developers', b, { telegrams: ['@bulk_b'] });
    await ok(staff.post(routes.incidents.approve.path({ id: onB })));
    step();
    expect(stored(t.db).filter(([p]) => p === a || p === b).map(([, k, r]) => `${k}:${r}`)).toEqual([`incident:${onA}`, `incident:${onB}`]);
    await ok(staff.post(routes.profiles.bulkReject.developer.path(), { ids: [a, b], reason: 'spam' }));
    step();
    // a's incident still awaits review, on its own; b's approved one is no report awaiting review
    expect(stored(t.db).filter(([p]) => p === a || p === b).map(([, k, r]) => `${k}:${r}`)).toEqual([`incident:${onA}`]);
    await ok(staff.post(routes.incidents.bulkReject.path(), { ids: [onA, onListed, third], reason: 'spam' }));
    step();
    expect(stored(t.db).filter(([p]) => p === a || p === listed || p === id)).toEqual([]);

    // removal of a profile with a pending incident: its rows go with it
    const fourth = await reportIncident(anon, 'developers', id, { telegrams: ['@ivy_lane_05'] });
    step();
    const removal = await ok(anon.post(routes.removalRequests.submit.path(), {
      case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', contact_information: 'carol@example.com',
      explanation: 'Gone.', target_type: 'developer', developer: id,
    }));
    expect(stored(t.db).filter(([, k, r]) => k === 'incident' && r === fourth).length).toBe(1);
    await ok(staff.post(routes.removalRequests.process.path({ id: removal.id })));
    step();
    expect(stored(t.db).filter(([p]) => p === id)).toEqual([]);
  });

  it('when profiles are left stale by a writer outside the API, then staff read the same answers as through the table, and the next write writes their rows', async () => {
    seedDemo(t.db, { profiles: 30 });
    const fresh = await reportProfile(anon, 'developers', { name: 'Fresh' });
    await reportIncident(anon, 'developers', fresh, { walletAddresses: [WALLET] });
    const throughTable = await panel();
    expect(staleCount(t.db)).toBe(0);
    expect(throughTable).toContain('"submissions":[{'); // the seed's pending work shares identifiers

    // every profile stale: everything is read from the rows, nothing from the table
    t.db.prepare('INSERT OR IGNORE INTO pending_identifiers_stale (profile_id) SELECT id FROM profiles').run();
    t.db.prepare("UPDATE pending_identifiers SET value = 'wrong'").run();
    expect(await panel()).toBe(throughTable);

    // a direct write: seen at once, written by the next API write
    const pending = t.db.prepare("SELECT id FROM profiles WHERE verification_status = 'unverified' ORDER BY id LIMIT 1").pluck().get() as number;
    t.db.prepare("UPDATE profiles SET telegram = '[\"@written_behind\"]' WHERE id = ?").run(pending);
    expect(await panel()).not.toBe(throughTable);
    await reportProfile(anon, 'projects', { name: 'Next Write' });
    expect(staleCount(t.db)).toBe(0);
    expect(stored(t.db)).toEqual(expected(t.db));
    expect(stored(t.db).filter(([p, k, , , kind]) => p === pending && k === 'profile' && kind === 'telegram').map(([, , , , , c]) => c))
      .toEqual(['written_behind']);
  });

  it('when a staff read looks identifiers up, then it goes through the (kind, canonical) index', () => {
    const plan = (t.db.prepare("EXPLAIN QUERY PLAN SELECT profile_id FROM pending_identifiers WHERE kind = 'evm' AND canonical = '0x'")
      .all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan).toMatch(/USING (COVERING )?INDEX pending_identifiers_canonical/);
  });
});

describe('a database from before migration 11', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'bustr-pending-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when it is opened, then the migration makes the table and fills it from what awaits review', () => {
    const path = join(dir, 'old.sqlite');
    const old = openDatabase(path);
    seedDemo(old, { profiles: 40 });
    // back to how migration 8 left a database
    old.exec(`DROP TRIGGER pending_identifiers_profile_insert; DROP TRIGGER pending_identifiers_profile_update;
      DROP TRIGGER pending_identifiers_incident_insert; DROP TRIGGER pending_identifiers_incident_update;
      DROP TRIGGER pending_identifiers_incident_delete; DROP TABLE pending_identifiers; DROP TABLE pending_identifiers_stale;
      DELETE FROM server_state WHERE key = 'pending_identifiers_format'; PRAGMA user_version = 8`);
    old.close();

    const db = openDatabase(path);
    try {
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(11);
      expect(staleCount(db)).toBe(0);
      expect(stored(db).length).toBeGreaterThan(20);
      expect(stored(db)).toEqual(expected(db));
    } finally {
      db.close();
    }
  });
});

describe('the reported profiles\' queue page', () => {
  it('when staff read a page of it, then it is read in order through profiles_awaiting, not sorted', () => {
    const plan = (t.db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM profiles WHERE kind = 'developer'
      AND verification_status IN ('unverified', 'pending') ORDER BY submitted_at, id LIMIT 200`).all() as { detail: string }[]).map((r) => r.detail);
    expect(plan).toEqual(['SEARCH profiles USING INDEX profiles_awaiting (kind=?)']);
  });
});
