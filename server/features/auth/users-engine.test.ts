// Users on both engines (issue 21, docs/decisions/035): ensureStaffUserOn (the server's start) and
// upsertUserOn (npm run user) make and update the same users on SQLite and PostgreSQL, matching a
// username ignoring ASCII case as each engine keeps it unique; two instances starting at once on
// one PostgreSQL database make one user; npm run user works on a postgres:// URL.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import { openEngine, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { main as userCli } from './user-cli';
import { endUserSessionsOn, ensureStaffUserOn, findUserOn, upsertUserOn, verifyPassword } from './users';

const engines = useEngines();

async function users(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', 'username', 'is_staff']).orderBy('id').execute();
}
async function sessionsOf(db: Kysely<Database>, userId: number): Promise<number> {
  const { n } = await db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(n);
}
async function signedIn(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  await db.insertInto('sessions').values({ id_hash: id, user_id: userId, created_at: 1, expires_at: Date.now() + 60_000 }).execute();
}
async function passwordIs(engine: Engine, username: string, password: string): Promise<boolean> {
  const user = await findUserOn(engine.db, username);
  return user !== undefined && verifyPassword(user.password_hash, password);
}

describe('ensureStaffUserOn', () => {
  it('when the start names a staff user, then it is made, left alone while its password holds, updated (and signed out) when it changes, on either engine alike', async () => {
    const results = await engines.onBoth(async (engine) => {
      const seen: Record<string, unknown> = {};
      await ensureStaffUserOn(engine, 'admin', 'first password 1');
      seen.made = await users(engine.db);
      seen.firstHolds = await passwordIs(engine, 'admin', 'first password 1');
      const admin = (await findUserOn(engine.db, 'admin'))!;
      await signedIn(engine.db, admin.id, 'laptop');

      // the same start again: nothing changes, the session stays
      await ensureStaffUserOn(engine, 'admin', 'first password 1');
      seen.sameHash = (await findUserOn(engine.db, 'admin'))!.password_hash === admin.password_hash;
      seen.sessionsKept = await sessionsOf(engine.db, admin.id);

      // a new ADMIN_PASSWORD: the password changes and whoever knew the old one is signed out
      await ensureStaffUserOn(engine, 'admin', 'second password 2');
      seen.secondHolds = await passwordIs(engine, 'admin', 'second password 2');
      seen.firstGone = !(await passwordIs(engine, 'admin', 'first password 1'));
      seen.sessionsAfterChange = await sessionsOf(engine.db, admin.id);

      // the name in another case is the same user (its spelling kept), made staff again
      await engine.db.updateTable('users').set({ is_staff: 0 }).where('id', '=', admin.id).execute();
      await ensureStaffUserOn(engine, 'ADMIN', 'third password 3');
      seen.afterCase = await users(engine.db);
      seen.thirdHolds = await passwordIs(engine, 'Admin', 'third password 3');
      return seen;
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({
      made: [{ id: 1, username: 'admin', is_staff: 1 }],
      firstHolds: true,
      sameHash: true,
      sessionsKept: 1,
      secondHolds: true,
      firstGone: true,
      sessionsAfterChange: 0,
      afterCase: [{ id: 1, username: 'admin', is_staff: 1 }],
      thirdHolds: true,
    });
  });

  it('when two instances start at once on one PostgreSQL database, then both succeed and there is one staff user', async () => {
    const url = await engines.postgresUrl();
    const a = await openEngine(url);
    const b = await openEngine(url);
    try {
      await Promise.all([ensureStaffUserOn(a, 'admin', 'first password 1'), ensureStaffUserOn(b, 'Admin', 'first password 1')]);
      expect(await users(a.db)).toEqual([{ id: expect.any(Number), username: expect.stringMatching(/^[aA]dmin$/), is_staff: 1 }]);
      expect(await passwordIs(b, 'admin', 'first password 1')).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('upsertUserOn', () => {
  it('when a user is made and then updated, then it says which, the staff flag follows, and only an update ends the user\'s sessions', async () => {
    const results = await engines.onBoth(async (engine) => {
      const made = await upsertUserOn(engine, { username: 'member', password: 'member password 1', isStaff: false });
      const other = await upsertUserOn(engine, { username: 'other', password: 'other password 1', isStaff: true });
      await signedIn(engine.db, made.id, 'a');
      await signedIn(engine.db, made.id, 'b');
      await signedIn(engine.db, other.id, 'c');
      const updated = await upsertUserOn(engine, { username: 'MEMBER', password: 'member password 2', isStaff: true });
      const sessions = [await sessionsOf(engine.db, made.id), await sessionsOf(engine.db, other.id)];
      const ended = await endUserSessionsOn(engine.db, other.id);
      return { made, other, updated, sessions, ended, users: await users(engine.db), holds: await passwordIs(engine, 'member', 'member password 2') };
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({
      made: { id: 1, created: true },
      other: { id: 2, created: true },
      updated: { id: 1, created: false },
      sessions: [0, 1],
      ended: 1,
      users: [{ id: 1, username: 'member', is_staff: 1 }, { id: 2, username: 'other', is_staff: 1 }],
      holds: true,
    });
  });
});

describe('npm run user on PostgreSQL', () => {
  const quietIo = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
  };

  it('when the registry is a postgres:// URL, by --database or DATABASE_URL, then it creates, updates and signs out a user there', async () => {
    const url = await engines.postgresUrl();
    const { io, lines } = quietIo();
    expect(await userCli(['--username', 'boss', '--password', 'boss password 1', '--staff', '--database', url], {}, io)).toBe(0);
    // DATABASE_URL wins over DATABASE_PATH, as the server reads them
    expect(await userCli(['--username', 'Boss', '--password', 'boss password 2'], { DATABASE_URL: url, DATABASE_PATH: '/nonexistent/x.sqlite' }, io)).toBe(0);
    const engine = await openEngine(url);
    try {
      expect(await users(engine.db)).toEqual([{ id: 1, username: 'boss', is_staff: 0 }]);
      expect(await passwordIs(engine, 'boss', 'boss password 2')).toBe(true);
      await signedIn(engine.db, 1, 'phone');
      expect(await userCli(['--username', 'BOSS', '--end-sessions'], { DATABASE_URL: url }, io)).toBe(0);
      expect(await sessionsOf(engine.db, 1)).toBe(0);
    } finally {
      await engine.close();
    }
    expect(await userCli(['--username', 'nobody', '--end-sessions', '--database', url], {}, io)).toBe(1);
    expect(lines.out).toEqual([
      expect.stringMatching(/^Created user 'boss' \(staff\) in postgres:\/\/.*\.$/),
      expect.stringMatching(/^Updated user 'Boss' \(not staff\) in postgres:\/\//),
      'Ended 1 session of \'BOSS\'.',
    ]);
    expect(lines.err).toEqual([expect.stringMatching(/^No user 'nobody' in postgres:\/\//)]);
  });

  it('when DATABASE_URL is not a postgres URL, then it refuses with the configuration\'s message and touches nothing', async () => {
    const { io, lines } = quietIo();
    const path = engines.sqlitePath();
    expect(await userCli(['--username', 'boss', '--password', 'boss password 1'], { DATABASE_URL: 'mysql://root:pw@h/db', DATABASE_PATH: path }, io)).toBe(2);
    expect(lines.err.join('\n')).toMatch(/DATABASE_URL: .*postgres:\/\//);
    expect(lines.err.join('\n')).not.toContain(':pw@');
  });
});
