// npm run migrate-data (migrate-data-cli.ts, engine/copy.ts): a demo registry in a real SQLite
// file, with a row in every table and texts and numbers chosen to trip a careless copy, copied
// into a throwaway PostgreSQL and checked there.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePostgres } from '../../tests/support/postgres';
import { seedDemo } from '../demo/seeding';
import { openDatabase, type Db } from './connection';
import { compareRegistries, copyRegistry } from './engine/copy';
import { openEngine, sqliteSchemaVersion, type Engine } from './engine/engine';
import { TABLE_NAMES, tableSpec, type TableName } from './engine/schema';
import { main as migrateData } from './migrate-data-cli';

const postgres = usePostgres();

let dir: string;
let source: string;
let target: string;
const engines: Engine[] = [];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-migrate-data-'));
  source = join(dir, 'registry.sqlite');
  target = await postgres().newDatabase();
});
afterEach(async () => {
  while (engines.length) await engines.pop()!.close();
  rmSync(dir, { recursive: true, force: true });
});
async function open(where: string, readonly = false): Promise<Engine> {
  const engine = await openEngine(where, { readonly });
  engines.push(engine);
  return engine;
}

/** Texts whose byte order differs from any language's, and that a copy may mangle. */
const AWKWARD = ['Zoë', 'zoe', 'Émile', 'émile', 'B', 'a', '😀 grin', 'ﬁne', 'e\u0301', 'tab\there', 'line\nbreak', `quote ' " \\`, 'עברית', ''];

/** The demo seed, then a row or more in every table the seed leaves empty. */
function writeSource(path: string, extra: (db: Db) => void = () => {}): void {
  const db = openDatabase(path);
  try {
    seedDemo(db, { profiles: 120, seed: 7 });
    const run = (text: string, ...values: unknown[]) => db.prepare(text).run(...values);
    const [firstProfile, lastProfile] = db.prepare('SELECT min(id), max(id) FROM profiles').raw().get() as [number, number];
    AWKWARD.forEach((text, i) => {
      const user = Number(run('INSERT INTO users (username, password_hash, is_staff, created_at) VALUES (?, ?, ?, ?)',
        `user ${i} ${text}`, `$argon2id$${i}`, i % 2, '2026-11-25T10:00:00.000Z').lastInsertRowid);
      run('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', `${text}#${i}`, user, 1_764_000_000_000 + i, 1_900_000_000_000);
      run('INSERT INTO saved_searches (user_id, name, filters, query, saved_at) VALUES (?, ?, ?, ?, ?)', user, text, '{"scam_type":["Rug pull"]}', text, '2026-11-25');
      run('INSERT INTO idempotency_keys (key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?)', `key ${text}`, 'h', 201, `{"name":${JSON.stringify(text)}}`, 1_764_000_000_000);
      run('INSERT INTO server_state (key, value) VALUES (?, ?)', `extra ${text}`, text);
      run('INSERT INTO rate_limits (key, points, expire) VALUES (?, ?, ?)', `write:${text}`, i, i % 3 === 0 ? null : 1_764_000_600_000);
      run('INSERT INTO receipts (token_hash, reference, kind, target_id, submitted_at) VALUES (?, ?, ?, ?, ?)', `${i}${text}`, `BUSTR-${i}`, 'developer', firstProfile, '2026-11-25');
      run('INSERT INTO tombstones (kind, id, revision) VALUES (?, ?, ?)', i % 2 ? 'developer' : 'project', lastProfile + 100 + i, 10_000 + i);
      run('INSERT INTO audit_log (at, actor, action, target_kind, target_id, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)',
        '2026-11-25', text, 'edit', i % 2 ? null : 'profile', i % 2 ? null : firstProfile, null, JSON.stringify({ name: text }));
      run('UPDATE profiles SET name = ?, bio = ? WHERE id = ?', text, `${text}\n${text}`, firstProfile + i);
    });
    // equal rows repeat here: read by offset, and counted each time
    for (let i = 0; i < 20; i++) run('INSERT INTO login_failures (throttle_key, at) VALUES (?, ?)', `ip:127.0.0.${i % 3}`, 1_764_000_000_000 + (i % 4));
    // amounts a text form or a float column might round
    const incidents = db.prepare('SELECT id FROM incidents ORDER BY id LIMIT 5').raw().all() as [number][];
    [0.1 + 0.2, 1e-7, 123456789.123, 2 ** 53 - 1, null].forEach((amount, i) => run('UPDATE incidents SET amount = ? WHERE id = ?', amount, incidents[i]![0]));
    run('INSERT INTO pending_identifiers_stale (profile_id) VALUES (?), (?)', firstProfile, lastProfile);
    extra(db);
    for (const table of TABLE_NAMES) {
      const rows = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      if (rows === 0) throw new Error(`the test's source leaves ${table} empty`);
    }
  } finally {
    db.close();
  }
}

const quiet = () => {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
};
async function run(...args: string[]) {
  const { io, lines } = quiet();
  const code = await migrateData(args, io);
  return { code, out: lines.out.join('\n'), err: lines.err.join('\n') };
}

async function rowsOf(engine: Engine, table: TableName): Promise<unknown[][]> {
  const spec = tableSpec(table);
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(spec.columns.map((c) => sql.ref(c)))} FROM ${sql.table(table)}
    ORDER BY ${sql.join(spec.key.map((c) => sql.ref(c)))}`.execute(engine.db);
  return rows.map((row) => spec.columns.map((c) => row[c]));
}
const profileCount = async (engine: Engine) => Number((await engine.db.selectFrom('profiles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('npm run migrate-data', () => {
  it('when a registry is copied, then every table arrives whole, in small batches too, and counts and hash match', async () => {
    writeSource(source);
    const result = await run('--from', source, '--to', target, '--batch', '7');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    for (const table of TABLE_NAMES) expect(result.out).toMatch(new RegExp(`^${table} +(\\d+) +\\1  same$`, 'm'));
    expect(result.out).toMatch(/^Content hash \(sha256\), the same on both: [0-9a-f]{64}$/m);
    expect(result.out).toMatch(/^Copied \d+ rows in [\d.]+ s; committed\.$/m);

    // read back apart from the hash: the same values, of the same JS types, in the same order
    const lite = await open(source, true);
    const pg = await open(target, true);
    for (const table of TABLE_NAMES) expect(await rowsOf(pg, table), table).toEqual(await rowsOf(lite, table));
    const awkward = await pg.db.selectFrom('profiles').select('name').where('name', 'in', AWKWARD.filter(Boolean)).orderBy('name').execute();
    expect(awkward.map((r) => r.name)).toEqual(AWKWARD.filter(Boolean).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    const amounts = await pg.db.selectFrom('incidents').select('amount').orderBy('id').limit(5).execute();
    expect(amounts.map((r) => r.amount)).toEqual([0.1 + 0.2, 1e-7, 123456789.123, 2 ** 53 - 1, null]);

    // the next id the app makes follows the copied ones
    const maxId = Number((await pg.db.selectFrom('profiles').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m);
    const { id } = await pg.db.insertInto('profiles').values({
      kind: 'project', name: 'After the copy', joined_date: '2026-11-26', reported_person_date: '2026-11-26',
      submitted_at: '2026-11-26T00:00:00.000Z', submission_kind: 'NEW_PROJECT',
    }).returning('id').executeTakeFirstOrThrow();
    expect(id).toBe(maxId + 1);
  });

  it('when the target already holds a registry, then it refuses and changes nothing, and copies anew with --replace', async () => {
    writeSource(source);
    expect((await run('--from', source, '--to', target)).code).toBe(0);
    const pg = await open(target, true);
    await pg.db.deleteFrom('audit_log').where('actor', '=', 'Zoë').execute(); // a change the refusal must keep
    const profiles = await profileCount(pg);

    const again = await run('--from', source, '--to', target);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^Not copied: the target already holds a registry \(\d+ users, \d+ profiles, .*\); nothing was changed\. Use --replace/);
    expect(await profileCount(pg)).toBe(profiles);
    expect((await run('--from', source, '--to', target, '--check-only')).code).toBe(1); // still one audit row short

    const replaced = await run('--from', source, '--to', target, '--replace');
    expect(replaced.err).toBe('');
    expect(replaced.code).toBe(0);
    expect(replaced.out).toMatch(/^Replaced what the target held \(--replace\): \d+ users, \d+ profiles, /m);
    expect((await run('--from', source, '--to', target, '--check-only')).code).toBe(0);
  });

  it('when a row of the copy is changed afterwards, then the check finds the table that differs', async () => {
    writeSource(source);
    expect((await run('--from', source, '--to', target)).code).toBe(0);
    const pg = await open(target, true);
    const checked = await run('--from', source, '--to', target, '--check-only');
    expect(checked.code).toBe(0);
    expect(checked.out).toMatch(/the same on both/);

    // one character of one profile: the counts still agree, the hash does not
    const { id } = await pg.db.selectFrom('profiles').select('id').orderBy('id').limit(1).offset(50).executeTakeFirstOrThrow();
    await pg.db.updateTable('profiles').set((eb) => ({ bio: eb('bio', '||', '.') })).where('id', '=', id).execute();
    const corrupted = await run('--from', source, '--to', target, '--check-only');
    expect(corrupted.code).toBe(1);
    expect(corrupted.err).toBe('The two registries differ.');
    expect(corrupted.out).toMatch(/^profiles +(\d+) +\1 {2}DIFFERS$/m);
    expect(corrupted.out.match(/DIFFERS/g)).toHaveLength(1);
    expect(corrupted.out).toMatch(/^Content hash \(sha256\): source [0-9a-f]{64}, target [0-9a-f]{64}$/m);

    // a number that reads back as a text of the same digits differs too
    await pg.db.updateTable('profiles').set((eb) => ({ bio: eb.ref('bio') })).where('id', '=', id).execute();
    await sql`ALTER TABLE sync_texts ALTER COLUMN revision TYPE text`.execute(pg.db);
    const retyped = await run('--from', source, '--to', target, '--check-only');
    expect(retyped.code).toBe(1);
    expect(retyped.out).toMatch(/^sync_texts +(\d+) +\1 {2}DIFFERS$/m);
  });

  it('when the app writes to the SQLite file during the copy, then the copy is the moment it began, and checks', async () => {
    writeSource(source);
    const app = openDatabase(source); // another connection to the file, as the running server has
    const profilesAtStart = app.prepare('SELECT count(*) FROM profiles').pluck().get() as number;
    const lite = await open(source, true);
    const pg = await open(target);
    let wrote = 0;
    try {
      const { comparison } = await copyRegistry(lite, pg, {
        batch: 50,
        progress: (table) => {
          if (table !== 'profiles' && table !== 'incidents') return;
          // between two tables' batches: a profile and an incident the copy began before
          const id = Number(app.prepare("INSERT INTO profiles (kind, name, joined_date, reported_person_date, submitted_at, submission_kind) VALUES ('project', 'Late', '', '', '', 'NEW_PROJECT')").run().lastInsertRowid);
          app.prepare("INSERT INTO incidents (profile_id, description, reported) VALUES (?, 'late', '')").run(id);
          wrote++;
        },
      });
      expect(wrote).toBe(2);
      expect(comparison.same).toBe(true);
    } finally {
      app.close();
    }
    expect(await profileCount(pg)).toBe(profilesAtStart);
    const now = await compareRegistries(lite, pg);
    expect(now.tables.filter((t) => !t.same).map((t) => t.table)).toEqual(['profiles', 'incidents', 'pending_identifiers_stale']);
  });

  it('when the target would hold something else than the source once written, then the copy is rolled back', async () => {
    writeSource(source);
    const pg = await open(target); // makes the schema, then a trigger that changes what is written
    await sql`CREATE FUNCTION shout() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.name := upper(NEW.name); RETURN NEW; END $$`.execute(pg.db);
    await sql`CREATE TRIGGER shout BEFORE INSERT ON profiles FOR EACH ROW EXECUTE FUNCTION shout()`.execute(pg.db);
    const result = await run('--from', source, '--to', target);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^profiles +(\d+) +\1 {2}DIFFERS$/m);
    expect(result.err).toMatch(/^Not copied: the copy does not match its source \(profiles\); it was rolled back/);
    expect(await profileCount(pg)).toBe(0);
  });

  it('when a text holds a NUL character, which PostgreSQL cannot store, then it stops with a readable error and commits nothing', async () => {
    writeSource(source, (db) => db.prepare('UPDATE incidents SET description = ? WHERE id = (SELECT max(id) FROM incidents)').run('before\u0000after'));
    const result = await run('--from', source, '--to', target);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^The copy failed, nothing was committed: .*0x00/);
    expect(await profileCount(await open(target, true))).toBe(0);
  });

  it('when the source is at an older schema version, then it asks for the app to bring it up to date first, and leaves the file alone', async () => {
    writeSource(source);
    const db = openDatabase(source);
    db.pragma('user_version = 8');
    db.close();
    const result = await run('--from', source, '--to', target);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`is at schema version 8, not ${sqliteSchemaVersion()}: start the app on it once`);
    const after = new Database(source, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(8);
    after.close();
  });

  it.each([
    [[], '--from is required: the SQLite file to copy\n--to is required: the PostgreSQL URL to copy into'],
    [['--from', 'x.sqlite', '--to', 'mysql://localhost/db'], '--to must be a postgres:// (or postgresql://) URL'],
    [['--from', 'postgres://localhost/a', '--to', 'postgres://localhost/b'], '--from is the SQLite file; the PostgreSQL URL goes in --to'],
    [['--from', 'x.sqlite', '--to', 'postgres://localhost/db', '--batch', '0'], '--batch must be at least 1'],
    [['--from', 'x.sqlite', '--to', 'postgres://localhost/db', '--batch', 'many'], '--batch must be a number'],
    [['--from', 'x.sqlite', '--to', 'postgres://localhost/db', '--replace', '--check-only'], '--replace and --check-only do not go together'],
    [['--from', 'x.sqlite', '--to', 'postgres://localhost/db', '--force'], "Unknown option '--force'"],
  ])('when the arguments are %j, then it says what is wrong, with the usage, and exits 2', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.err.startsWith(message)).toBe(true);
    expect(result.err).toMatch(/Usage: npm run migrate-data -- --from FILE --to URL/);
  });

  it('when the source file or the server is not there, then it says so and exits 1', async () => {
    const missing = await run('--from', join(dir, 'none.sqlite'), '--to', target);
    expect(missing).toMatchObject({ code: 1, err: `No SQLite file at ${join(dir, 'none.sqlite')}.` });
    writeSource(source);
    const down = await run('--from', source, '--to', 'postgres://bustr:secret@127.0.0.1:1/bustr');
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/^The copy failed, nothing was committed: postgres:\/\/bustr:\*\*\*@127\.0\.0\.1:1\/bustr: .*ECONNREFUSED/);
    expect(down.err).not.toContain('secret');
  });

  it('when run as npm run migrate-data, then the script answers', async () => {
    const result = await promisify(execFile)('npm', ['run', '--silent', 'migrate-data', '--', '--help'], { encoding: 'utf8' });
    expect(result.stdout).toMatch(/^Usage: npm run migrate-data -- --from FILE --to URL/);
  });
});
