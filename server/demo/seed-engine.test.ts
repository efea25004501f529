// The demo seed on both engines (issue 21, docs/decisions/035): seedDemoOn writes the same registry
// on SQLite and PostgreSQL (on PostgreSQL through a temporary SQLite file and migrate-data's copy):
// every table's rows and content hash equal, the revision counter, sync texts and both identifier
// tables consistent with the profiles and nothing stale; a seeded wallet is found through
// profile_identifiers the same way on both; what the registry held besides stays; and npm run seed
// takes a postgres:// URL.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { compareRegistries } from '../db/engine/copy';
import { openEngine, type Engine } from '../db/engine/engine';
import type { Database } from '../db/engine/schema';
import { ensurePendingIdentifiersOn, flushPendingIdentifiersOn } from '../db/pending-identifiers';
import { currentRevisionOn } from '../db/revision';
import { ensureStaffUserOn } from '../features/auth/users';
import { canonicalize } from '../../shared/identifiers';
import { main as seedCli } from './seed-cli';
import { RegistryChangedError, seedDemoIfEmptyOn, seedDemoOn } from './seed-engine';
import { RegistryHoldsProfilesError } from './seeding';

const engines = useEngines();
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const PROFILES = 25;

const count = async (db: Kysely<Database>, table: keyof Database, where?: [string, string]) => {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) query = query.where(where[0] as never, '=', where[1] as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** The seed's temporary files (bustr-seed-*) left in the temp folder. */
const leftovers = () => readdirSync(tmpdir()).filter((f) => f.startsWith('bustr-seed-')).sort();

/** What a seeded registry must be: its counts, and the tables that follow the profiles consistent with them. */
async function consistency(engine: Engine) {
  const db = engine.db;
  const verified = await db.selectFrom('profiles').select(['id', 'revision']).where('verification_status', '=', 'verified').orderBy('id').execute();
  const texts = await db.selectFrom('sync_texts').select(['id', 'revision']).orderBy('id').execute();
  const withIdentifiers = await db.selectFrom('profile_identifiers').select('profile_id').distinct().orderBy('profile_id').execute();
  return {
    profiles: await count(db, 'profiles'),
    verified: verified.length,
    incidents: await count(db, 'incidents'),
    edits: await count(db, 'edit_requests'),
    removals: await count(db, 'removal_requests'),
    audit: await count(db, 'audit_log'),
    revision: await currentRevisionOn(db),
    topRevision: Math.max(0, ...verified.map((p) => p.revision)),
    // every public profile's sync text is stored, at its revision
    textsMatch: JSON.stringify(texts) === JSON.stringify(verified),
    identifiersOfPublic: withIdentifiers.every((r) => verified.some((p) => p.id === r.profile_id)) && withIdentifiers.length > verified.length / 2,
    pendingRows: await count(db, 'pending_identifiers'),
    stale: await count(db, 'pending_identifiers_stale'),
    formats: await db.selectFrom('server_state').select(['key', 'value']).where('key', 'like', '%format').orderBy('key').execute(),
  };
}

/** A seeded wallet, as a lookup finds it: the profiles holding it through profile_identifiers. */
async function lookUpWallet(db: Kysely<Database>, wallet: string) {
  const { kind, canonical } = canonicalize('evm', wallet)!;
  return db.selectFrom('profile_identifiers as pi').innerJoin('profiles as p', 'p.id', 'pi.profile_id')
    .select(['p.id', 'p.name', 'pi.field', 'pi.value']).where('pi.kind', '=', kind).where('pi.canonical', '=', canonical)
    .orderBy('p.id').execute();
}

async function firstSeededWallet(db: Kysely<Database>): Promise<string> {
  const rows = await db.selectFrom('profiles').select('wallet_addresses').where('verification_status', '=', 'verified').orderBy('id').execute();
  for (const { wallet_addresses: list } of rows) {
    const wallet = (JSON.parse(list) as string[]).find((w) => w.startsWith('0x'));
    if (wallet) return wallet;
  }
  throw new Error('no seeded 0x wallet');
}

describe('seedDemoOn', () => {
  it('when a small registry is seeded on each engine, then PostgreSQL holds what SQLite does, table by table, consistent and with nothing stale', async () => {
    const before = leftovers();
    const url = await engines.postgresUrl();
    const sqlite = await openEngine(engines.sqlitePath());
    const postgres = await openEngine(url);
    try {
      const seeded = [await seedDemoOn(sqlite, { profiles: PROFILES, now: NOW }), await seedDemoOn(postgres, { profiles: PROFILES, now: NOW })] as const;
      expect(seeded[1]).toEqual(seeded[0]);
      expect(seeded[0]).toEqual({ profiles: PROFILES + 9, incidents: expect.any(Number), removed: 0 });

      // every table, row by row (copy.ts's content hash over what each engine gives back)
      const comparison = await compareRegistries(sqlite, postgres);
      expect(comparison.tables.filter((t) => !t.same).map((t) => t.table)).toEqual([]);
      expect(comparison.same).toBe(true);

      const states = [await consistency(sqlite), await consistency(postgres)] as const;
      expect(states[1]).toEqual(states[0]);
      expect(states[0]).toMatchObject({
        profiles: PROFILES + 9, verified: PROFILES, edits: 4, removals: 4, revision: PROFILES, topRevision: PROFILES,
        textsMatch: true, identifiersOfPublic: true, stale: 0,
        formats: [
          { key: 'pending_identifiers_format', value: '1' }, { key: 'profile_identifiers_format', value: '1' }, { key: 'sync_text_format', value: '1' },
        ],
      });
      expect(states[0].pendingRows).toBeGreaterThan(10);

      // a lookup of a seeded wallet, in another case than stored, finds the same on both
      const wallet = await firstSeededWallet(sqlite.db);
      const asTyped = `0x${wallet.slice(2).toUpperCase()}`;
      const found = [await lookUpWallet(sqlite.db, asTyped), await lookUpWallet(postgres.db, asTyped)] as const;
      expect(found[1]).toEqual(found[0]);
      expect(found[0].length).toBeGreaterThan(0);
      expect(found[0].map((f) => f.value)).toContain(wallet);

      // the start's steps find nothing to do, and the next profile PostgreSQL numbers follows the seeded ones
      await ensurePendingIdentifiersOn(postgres);
      expect(await count(postgres.db, 'pending_identifiers')).toBe(states[0].pendingRows);
      const next = await postgres.db.insertInto('profiles').values({
        kind: 'developer', name: 'After The Seed', verification_status: 'unverified', joined_date: '2026-11-20',
        reported_person_date: '2026-11-20', submitted_at: '2026-11-20T00:00:00.000Z', submission_kind: 'NEW_DEVELOPER',
      }).returning('id').executeTakeFirstOrThrow();
      expect(next.id).toBe(PROFILES + 9 + 1);
      await postgres.db.transaction().execute((trx) => flushPendingIdentifiersOn(trx));
      expect(await count(postgres.db, 'pending_identifiers_stale')).toBe(0);
    } finally {
      await sqlite.close();
      await postgres.close();
    }
    expect(leftovers()).toEqual(before);
  });

  it('when the PostgreSQL registry already holds users and a counter past 0, then they stay, and a registry with profiles is refused unless forced', async () => {
    const results = await engines.onBoth(async (engine) => {
      await ensureStaffUserOn(engine, 'admin', 'admin password 1');
      // a profile published and then removed: its tombstone and the counter stay
      await engine.db.updateTable('revision_counter').set({ value: 7 }).execute();
      await engine.db.insertInto('tombstones').values({ kind: 'developer', id: 1000, revision: 7 }).execute();

      const first = await seedDemoOn(engine, { profiles: 10, now: NOW, pending: false });
      const afterFirst = { users: await count(engine.db, 'users'), revision: await currentRevisionOn(engine.db), tombstones: await count(engine.db, 'tombstones') };
      let refused = '';
      await seedDemoOn(engine, { profiles: 5, now: NOW }).catch((error: unknown) => {
        refused = error instanceof RegistryHoldsProfilesError ? `${error.profiles} profiles` : String(error);
      });
      const ifEmpty = await seedDemoIfEmptyOn(engine, { profiles: 5 });
      const forced = await seedDemoOn(engine, { profiles: 5, now: NOW, pending: false, force: true });
      return {
        first, afterFirst, refused, ifEmpty, forced, state: await consistency(engine),
        users: await engine.db.selectFrom('users').select(['username', 'is_staff']).execute(),
        tombstones: await engine.db.selectFrom('tombstones').select(['id', 'revision']).orderBy('revision').execute(),
      };
    });
    expect(results[1]).toEqual(results[0]);
    const [r] = results;
    expect(r.first).toEqual({ profiles: 10, incidents: expect.any(Number), removed: 0 });
    // the seed's revisions come after the counter's 7
    expect(r.afterFirst).toEqual({ users: 1, revision: 17, tombstones: 1 });
    expect(r.refused).toBe('10 profiles');
    expect(r.ifEmpty).toBeNull();
    expect(r.forced).toEqual({ profiles: 5, incidents: expect.any(Number), removed: 10 });
    expect(r.users).toEqual([{ username: 'admin', is_staff: 1 }]);
    // the ten public profiles are gone (tombstones 18-27), five seeded anew (28-32) took ids 1-5 again and lost theirs
    expect(r.state).toMatchObject({ profiles: 5, verified: 5, revision: 32, topRevision: 32, textsMatch: true, stale: 0 });
    expect(r.tombstones).toEqual([{ id: 1000, revision: 7 }, ...[6, 7, 8, 9, 10].map((id, n) => ({ id, revision: 23 + n }))]);
  });

  it('when two instances start at once on an empty PostgreSQL database with SEED_DEMO, then one seeds it and the other finds it seeded', async () => {
    const url = await engines.postgresUrl();
    const a = await openEngine(url);
    const b = await openEngine(url);
    try {
      const seeded = await Promise.all([seedDemoIfEmptyOn(a, { profiles: 10 }), seedDemoIfEmptyOn(b, { profiles: 10 })]);
      expect(seeded.filter((s) => s === null)).toHaveLength(1);
      expect(seeded.find((s) => s !== null)).toEqual({ profiles: 19, incidents: expect.any(Number) });
      expect(await count(a.db, 'profiles')).toBe(19);
      expect(await currentRevisionOn(b.db)).toBe(10);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('when another server commits a write after the seed read the registry, even while the seed waits for its lock, then the seed is refused and the write stays', async () => {
    const url = await engines.postgresUrl();
    const seeding = await openEngine(url);
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      await ensureStaffUserOn(seeding, 'admin', 'admin password 1');
      // a write begun before the seed and committed only once the seed waits for the tables' lock
      await writer.query('BEGIN');
      await writer.query("UPDATE users SET username = 'admin2' WHERE username = 'admin'");
      const seed = seedDemoOn(seeding, { profiles: 5, now: NOW, pending: false }).then(() => 'seeded', (error: unknown) => error);
      const waited = Date.now();
      for (;;) {
        const { rows } = await seeding.db.executeQuery<{ n: string }>(sql`SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND locktype = 'relation'`.compile(seeding.db));
        if (Number(rows[0]!.n) > 0) break;
        if (Date.now() - waited > 20_000) throw new Error('the seed never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await writer.query('COMMIT');

      expect(await seed).toBeInstanceOf(RegistryChangedError);
      expect(await seeding.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin2' }]);
      expect(await count(seeding.db, 'profiles')).toBe(0);
    } finally {
      await writer.end();
      await seeding.close();
    }
  });
});

describe('npm run seed on PostgreSQL', () => {
  const quietIo = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
  };

  it('when the target is a postgres:// URL (by --database or DATABASE_URL), then it seeds there, refuses a seeded registry and replaces it with --force', async () => {
    const url = await engines.postgresUrl();
    const { io, lines } = quietIo();
    expect(await seedCli(['--profiles', '12', '--database', url], {}, io)).toBe(0);
    expect(await seedCli(['--profiles', '12'], { DATABASE_URL: url, DATABASE_PATH: engines.sqlitePath() }, io)).toBe(1);
    expect(await seedCli(['--profiles', '6', '--no-pending', '--force'], { DATABASE_URL: url }, io)).toBe(0);
    expect(lines.out).toEqual([
      expect.stringMatching(/^Seeded 21 profiles and \d+ incidents into postgres:\/\/\S+ \(seed 1337, with pending staff work\) in [\d.]+ s\.$/),
      'Deleted 21 existing profiles (--force).',
      expect.stringMatching(/^Seeded 6 profiles and \d+ incidents into postgres:\/\/\S+ \(seed 1337, without pending staff work\)/),
    ]);
    expect(lines.err).toEqual([expect.stringMatching(/^postgres:\/\/\S+ already holds 21 profiles; nothing was changed\. Use --force/)]);
    const engine = await openEngine(url);
    try {
      expect(await count(engine.db, 'profiles')).toBe(6);
      expect(await count(engine.db, 'removal_requests')).toBe(0);
    } finally {
      await engine.close();
    }
  });

  it('when an argument is wrong, then it says so with the usage and exit code 2', async () => {
    const { io, lines } = quietIo();
    expect(await seedCli(['--profiles', 'many'], {}, io)).toBe(2);
    expect(await seedCli(['--profiles', '3'], { DATABASE_URL: 'mysql://root:pw@h/db' }, io)).toBe(2);
    expect(lines.err[0]).toMatch(/^--profiles must be a whole number >= 0, got 'many'\n\nUsage: npm run seed/);
    expect(lines.err[1]).toMatch(/DATABASE_URL: .*postgres:\/\//);
    expect(lines.err[1]).not.toContain(':pw@');
  });
});
