// npm run seed -- --profiles N [--seed S] [--database PATH] [--force] [--no-pending]
// Fills a database with deterministic demo data (server/demo/seeding.ts), e.g. large registries for
// benchmarks. A database that already holds profiles is left alone unless --force is given.
import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '../db/connection';
import { reserveRevisions } from '../db/revision';
import { DEFAULT_SEED, DEFAULT_SEED_PROFILES, seedDemo } from './seeding';

const USAGE = `Usage: npm run seed -- [--profiles N] [--seed S] [--database PATH] [--force] [--no-pending]

  --profiles N     verified profiles to create (default ${DEFAULT_SEED_PROFILES})
  --seed S         PRNG seed; the same seed gives the same data (default ${DEFAULT_SEED})
  --database PATH  SQLite file (default: $DATABASE_PATH or data/registry.sqlite)
  --force          seed even if the database has profiles: they are deleted first
  --no-pending     skip the pending work for staff (unverified reports, edit and removal requests)`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) fail(`--${name} must be a whole number >= 0, got '${text}'\n\n${USAGE}`);
  return Number.parseInt(text, 10);
}

/**
 * Deletes every profile (with its incidents and edit requests) and the removal requests that
 * point at them. Profiles that were public get a tombstone at a fresh revision, so replicas
 * drop them at their next sync (docs/design.md#sync).
 */
function clearProfiles(db: Db): number {
  const published = (db.prepare("SELECT count(*) FROM profiles WHERE verification_status = 'verified'").pluck().get() as number);
  if (published > 0) {
    const first = reserveRevisions(db, published);
    db.prepare(`INSERT INTO tombstones (kind, id, revision)
      SELECT kind, id, ? - 1 + row_number() OVER (ORDER BY id) FROM profiles WHERE verification_status = 'verified'
      ON CONFLICT (kind, id) DO UPDATE SET revision = excluded.revision`).run(first);
  }
  db.prepare('DELETE FROM removal_requests').run();
  db.prepare('DELETE FROM sync_texts').run(); // the seed writes the texts of the profiles it makes
  db.prepare('DELETE FROM profile_identifiers').run(); // and their identifiers: at once here, not row by row through the cascade
  return db.prepare('DELETE FROM profiles').run().changes;
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        profiles: { type: 'string' },
        seed: { type: 'string' },
        database: { type: 'string' },
        force: { type: 'boolean', default: false },
        'no-pending': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

function main(): void {
  const values = parseOptions();
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const profiles = wholeNumber('profiles', values.profiles, DEFAULT_SEED_PROFILES);
  const seed = wholeNumber('seed', values.seed, DEFAULT_SEED);
  const pending = !values['no-pending'];
  const path = values.database ?? process.env.DATABASE_PATH ?? 'data/registry.sqlite';

  const db = openDatabase(path);
  try {
    const existing = db.prepare('SELECT count(*) FROM profiles').pluck().get() as number;
    if (existing > 0 && !values.force) {
      fail(`${path} already holds ${existing} profiles; nothing was changed. Use --force to delete them and seed anew.`, 1);
    }

    const started = performance.now();
    let removed = 0;
    const result = db.transaction(() => {
      if (existing > 0) removed = clearProfiles(db);
      const seeded = seedDemo(db, { profiles, seed, pending });
      // a profile id used again is public again: its old tombstone goes (as touchProfile does)
      if (removed > 0) {
        db.prepare("DELETE FROM tombstones WHERE id IN (SELECT id FROM profiles WHERE verification_status = 'verified')").run();
      }
      return seeded;
    })();
    const seconds = (performance.now() - started) / 1000;

    if (removed > 0) console.log(`Deleted ${removed} existing profiles (--force).`);
    console.log(
      `Seeded ${result.profiles} profiles and ${result.incidents} incidents into ${path} ` +
        `(seed ${seed}, ${pending ? 'with' : 'without'} pending staff work) in ${seconds.toFixed(2)} s.`,
    );
  } finally {
    db.close();
  }
}

main();
