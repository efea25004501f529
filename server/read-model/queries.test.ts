import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection';
import { seedDemo } from '../demo/seeding';
import { APPROVED_INCIDENTS_OF_PROFILES, approvedIncidentsByProfile } from './queries';

let db: Db;
beforeEach(() => { db = openDatabase(':memory:'); seedDemo(db, { profiles: 200, pending: false }); });
afterEach(() => db.close());

describe('reading the incidents of many profiles', () => {
  it('when the ids are given as a list, then SQLite looks them up by the profile index instead of scanning', () => {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${APPROVED_INCIDENTS_OF_PROFILES}`).all('[1,2]') as { detail: string }[])
      .map((r) => r.detail).join(' | ');
    expect(plan).toMatch(/SEARCH i USING INDEX incidents_profile/);
  });

  it('when profiles are asked for, then each gets exactly its approved incidents', () => {
    const ids = (db.prepare('SELECT id FROM profiles LIMIT 20').all() as { id: number }[]).map((r) => r.id);
    const grouped = approvedIncidentsByProfile(db, ids);
    for (const id of ids) {
      const expected = (db.prepare("SELECT id FROM incidents WHERE profile_id = ? AND verification_status = 'approved'").all(id) as { id: number }[])
        .map((r) => r.id).sort();
      expect((grouped.get(id) ?? []).map((i) => i.id).sort()).toEqual(expected);
    }
  });
});
