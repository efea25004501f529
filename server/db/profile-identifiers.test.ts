// profile_identifiers (migrations/006) against what the registry shows: after every kind of public
// change made through the API, the table holds exactly shared/identifiers profileIdentifiers() of
// every public profile as the public read model builds it (case ids aside: they are the ids).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../test-flows';
import { seedDemo } from '../demo/seeding';
import { publicSnapshot } from '../read-model/snapshot';
import { engineOver } from './engine/engine';
import { routes } from '../../shared/contract/routes';
import { profileIdentifiers } from '../../shared/identifiers';
import { openDatabase, type Db } from './connection';
import { fillProfileIdentifiers, PROFILE_IDENTIFIERS_FORMAT } from './profile-identifiers';
import { touchProfile } from './revision';

type Row = [profileId: number, kind: string, canonical: string, field: string, value: string];

const byKey = (a: Row, b: Row) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]);

function stored(db: Db): Row[] {
  return (db.prepare('SELECT profile_id, kind, canonical, field, value FROM profile_identifiers').raw(true).all() as Row[]).sort(byKey);
}

/** What the table must hold: the identifiers of every public profile as the registry shows it. */
async function expected(db: Db): Promise<Row[]> {
  const { profiles } = await publicSnapshot(engineOver(db));
  return [...profiles.developer, ...profiles.project]
    .flatMap((p) => profileIdentifiers(p).filter((i) => i.kind !== 'case_id').map((i): Row => [p.id, i.kind, i.canonical, i.field, i.value]))
    .sort(byKey);
}

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

describe('the identifier table follows the public registry', () => {
  it('when the demo is seeded, then every public profile\'s identifiers are in it, and no one else\'s', async () => {
    seedDemo(t.db, { profiles: 120 });

    const rows = stored(t.db);
    expect(rows.length).toBeGreaterThan(500);
    expect(rows).toEqual(await expected(t.db));
    const unverified = t.db.prepare("SELECT id FROM profiles WHERE verification_status <> 'verified'").pluck().all() as number[];
    expect(unverified.length).toBeGreaterThan(0);
    expect(rows.filter(([id]) => unverified.includes(id))).toEqual([]);
  });

  it('when profiles are verified, rejected, edited, given incidents and removed through the API, then after each step it is exactly what the registry shows', async () => {
    seedDemo(t.db, { profiles: 30 });
    const step = async () => expect(stored(t.db)).toEqual(await expected(t.db));

    // a report waits unverified: nothing of it is in the table
    const id = await reportProfile(anon, 'developers', { name: 'Ivy Lane' });
    const first = await reportIncident(anon, 'developers', id, { telegrams: ['@ivy_lane_01'], walletAddresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'] });
    await step();
    expect(stored(t.db).filter(([p]) => p === id)).toEqual([]);

    // verified: its approved incidents' identifiers are the registry's
    await ok(staff.post(routes.profiles.verify.developer.path({ id })));
    await ok(staff.post(routes.incidents.approve.path({ id: first })));
    await step();
    expect(stored(t.db).filter(([p]) => p === id).map(([, kind, canonical]) => `${kind} ${canonical}`))
      .toEqual(['evm 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'telegram ivy_lane_01']);

    // a second incident, approved, then rejected again
    const second = await reportIncident(anon, 'developers', id, { phones: ['+61 (0)491 570 159'], websites: ['https://t.me/ivy_lane_02'] });
    await step();
    await ok(staff.post(routes.incidents.approve.path({ id: second })));
    await step();
    expect(stored(t.db)).toContainEqual([id, 'telegram', 'ivy_lane_02', 'website', 'https://t.me/ivy_lane_02']);
    await ok(staff.post(routes.incidents.reject.path({ id: second })));
    await step();

    // an approved edit request updates an incident and adds one
    const edit = await ok(anon.post(routes.editRequests.submit.developer.path({ id }), {
      target_type: 'both', developer: id,
      proposed_changes: {
        developer: { bio: 'Edited' },
        append: {
          scam_updates: [{ id: first, set: { telegrams: ['@ivy_lane_03'] } }],
          scam_creates: [{ description: 'Another one', set: { emails: ['ivy@inbox.invalid'] } }],
        },
      },
    }));
    await ok(staff.post(routes.editRequests.approve.path({ id: edit.id })));
    await step();
    expect(stored(t.db).filter(([p, kind]) => p === id && kind === 'telegram').map(([, , c]) => c)).toEqual(['ivy_lane_03']);

    // removal of an incident, then of the profile
    const removeIncident = await ok(anon.post(routes.removalRequests.submit.path(), {
      case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', contact_information: 'carol@example.com',
      explanation: 'Not this one.', target_type: 'scam', scam: first,
    }));
    await ok(staff.post(routes.removalRequests.process.path({ id: removeIncident.id })));
    await step();
    expect(stored(t.db).filter(([p, kind]) => p === id && kind === 'evm')).toEqual([]);

    // rejected once public, then published again
    await ok(staff.post(routes.profiles.reject.developer.path({ id })));
    await step();
    expect(stored(t.db).filter(([p]) => p === id)).toEqual([]);
    await ok(staff.post(routes.profiles.verify.developer.path({ id })));
    await step();
    expect(stored(t.db).filter(([p]) => p === id).length).toBeGreaterThan(0);

    const removeProfile = await ok(anon.post(routes.removalRequests.submit.path(), {
      case_id: 'BUSTR-2025-0001', full_name: 'Carol Requester', contact_information: 'carol@example.com',
      explanation: 'Gone.', target_type: 'developer', developer: id,
    }));
    await ok(staff.post(routes.removalRequests.process.path({ id: removeProfile.id })));
    await step();
    expect(stored(t.db).filter(([p]) => p === id)).toEqual([]);
  });

  it('when a change is rolled back with its transaction, then so are the rows written for it', async () => {
    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Roll Back' }, [{ telegrams: ['@roll_back_1'] }]);
    const before = stored(t.db);

    expect(() => t.db.transaction(() => {
      t.db.prepare("UPDATE incidents SET telegrams = '[\"@roll_back_2\"]' WHERE profile_id = ?").run(id);
      touchProfile(t.db, id);
      expect(stored(t.db)).toContainEqual([id, 'telegram', 'roll_back_2', 'telegram', '@roll_back_2']);
      throw new Error('the write failed');
    })()).toThrow('the write failed');
    expect(stored(t.db)).toEqual(before);
  });

  it('when a lookup reads it, then it goes through the (kind, canonical) index', () => {
    const plan = (t.db.prepare("EXPLAIN QUERY PLAN SELECT profile_id FROM profile_identifiers WHERE kind = 'evm' AND canonical = '0x'")
      .all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan).toMatch(/USING (COVERING )?INDEX profile_identifiers_canonical/);

    fillProfileIdentifiers(t.db); // drops the index while it writes, and makes it again
    const again = (t.db.prepare("EXPLAIN QUERY PLAN SELECT profile_id FROM profile_identifiers WHERE kind = 'evm' AND canonical = '0x'")
      .all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(again).toBe(plan);
  });
});

describe('a database from before the table, or with rows of another format', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'bustr-identifiers-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when a database of migration 5 is opened, then the migration makes the table and fills it from its public profiles', async () => {
    const path = join(dir, 'old.sqlite');
    const old = openDatabase(path);
    seedDemo(old, { profiles: 40 });
    // back to how migration 5 left a database
    old.exec("DROP TABLE profile_identifiers; DELETE FROM server_state WHERE key = 'profile_identifiers_format'; PRAGMA user_version = 5");
    old.close();

    const db = openDatabase(path);
    try {
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(6); // migration 6 ran (and any later one)
      expect(stored(db).length).toBeGreaterThan(100);
      expect(stored(db)).toEqual(await expected(db));
    } finally {
      db.close();
    }
  });

  it('when its rows are of another format, then opening it writes them anew, and opening it again writes nothing', async () => {
    const path = join(dir, 'stale.sqlite');
    const first = openDatabase(path);
    seedDemo(first, { profiles: 20 });
    first.prepare("UPDATE profile_identifiers SET value = 'stale'").run();
    first.prepare("UPDATE server_state SET value = '0' WHERE key = 'profile_identifiers_format'").run();
    first.close();

    const second = openDatabase(path);
    const format = () => second.prepare("SELECT value FROM server_state WHERE key = 'profile_identifiers_format'").pluck().get();
    expect(stored(second)).toEqual(await expected(second));
    expect(format()).toBe(String(PROFILE_IDENTIFIERS_FORMAT));
    second.prepare("UPDATE profile_identifiers SET value = 'kept'").run();
    second.close();

    const third = openDatabase(path);
    const values = new Set(stored(third).map(([, , , , value]) => value));
    third.close();
    expect(values).toEqual(new Set(['kept']));
  });
});

describe('the format of the rows', () => {
  // pasted and stored forms of every kind; their canonical forms are what the rows hold
  const VALUES = {
    id: 169,
    walletAddresses: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      'ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359@1?value=1e18',
    ],
    phone: ['+61 (0)491 570 159', '+1 (843) 555-0117', '555-0117', 'tel:+44-7700-900123'],
    email: ['mailto:Name@Inbox.Invalid', 'user@bücher.example'],
    website: ['https://www.site.example/login?ref=ad', 'bücher.example', 'https://t.me/s/Aldric_Web302/12', 'login.site.co.uk'],
    telegram: ['@aldric_web302', 'https://telegram.me/Some_Handle/'],
    ipAddresses: ['203.0.113.7:8080', '010.001.002.003'],
    bankAccounts: [{ bank_name: 'X', account: 'gb82 west 1234 5698 7654 32' }, { bank_name: 'Y', account: 'ACCT-29938799' }],
  };

  it('when the canonical forms of shared/identifiers change, then PROFILE_IDENTIFIERS_FORMAT is bumped (and this digest with it)', () => {
    const rows = profileIdentifiers(VALUES).map((i) => `${i.field} ${i.kind} ${i.canonical} ${i.value}`);
    const digest = createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16);

    // if this fails, the rows databases hold are no longer what the code writes: bump the format
    // (db/profile-identifiers.ts), so that databases are filled anew at their next start, then pin both here
    expect({ format: PROFILE_IDENTIFIERS_FORMAT, digest }).toEqual({ format: 1, digest: '1b71b67bb0fec916' });
  });
});
