// npm run seed -- --profiles N [--seed S] [--database PATH|URL] [--force] [--no-pending]
// Fills a registry with deterministic demo data (server/demo/seeding.ts), e.g. large registries for
// benchmarks, on SQLite or PostgreSQL (seed-engine.ts). A registry that already holds profiles is
// left alone unless --force is given.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { consoleIo, readCliArgs, type CliIo } from '../cli-args';
import { isPostgresTarget, registryTargetOf } from '../config';
import { openEngine, redactPasswords, type Engine } from '../db/engine/engine';
import { RegistryChangedError, seedDemoOn } from './seed-engine';
import { DEFAULT_SEED, DEFAULT_SEED_PROFILES, RegistryHoldsProfilesError } from './seeding';

const USAGE = `Usage: npm run seed -- [--profiles N] [--seed S] [--database PATH|URL] [--force] [--no-pending]

  --profiles N     verified profiles to create (default ${DEFAULT_SEED_PROFILES})
  --seed S         PRNG seed; the same seed gives the same data (default ${DEFAULT_SEED})
  --database PATH  SQLite file, or a postgres:// URL (default: $DATABASE_URL, else $DATABASE_PATH,
                   else data/registry.sqlite: the registry the server opens)
  --force          seed even if the registry has profiles: they are deleted first
  --no-pending     skip the pending work for staff (unverified reports, edit and removal requests)

On PostgreSQL the seed is made in a temporary SQLite file and copied across in one transaction
(as npm run migrate-data copies), with what the registry held besides: stop the servers writing
to it first (a registry changed meanwhile is left as it was).`;

const wholeNumber = (name: string) => z.string().optional().transform((text, ctx) => {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text.trim())) return Number.parseInt(text, 10);
  ctx.addIssue({ code: 'custom', message: `--${name} must be a whole number >= 0, got '${text}'` });
  return z.NEVER;
});

const argsSchema = z.object({
  profiles: wholeNumber('profiles').transform((n) => n ?? DEFAULT_SEED_PROFILES),
  seed: wholeNumber('seed').transform((n) => n ?? DEFAULT_SEED),
  database: z.string().min(1, '--database must not be empty').optional(),
  force: z.boolean().default(false),
  'no-pending': z.boolean().default(false),
});

export type { CliIo } from '../cli-args';

/** Runs the command; returns the exit code (0 done, 1 failed or refused, 2 bad arguments). */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = consoleIo): Promise<number> {
  const read = readCliArgs(argv, {
    profiles: { type: 'string' },
    seed: { type: 'string' },
    database: { type: 'string' },
    force: { type: 'boolean' },
    'no-pending': { type: 'boolean' },
  }, argsSchema, USAGE, io);
  if ('exit' in read) return read.exit;
  const { profiles, seed, force } = read.args;
  const pending = !read.args['no-pending'];

  let target: string;
  try {
    target = read.args.database ?? registryTargetOf(env);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  const where = isPostgresTarget(target) ? redactPasswords(target) : target;

  let engine: Engine | undefined;
  try {
    engine = await openEngine(target, { poolSize: 2 });
    const started = performance.now();
    const result = await seedDemoOn(engine, { profiles, seed, pending, force });
    const seconds = (performance.now() - started) / 1000;
    if (result.removed > 0) io.out(`Deleted ${result.removed} existing profiles (--force).`);
    io.out(
      `Seeded ${result.profiles} profiles and ${result.incidents} incidents into ${where} ` +
        `(seed ${seed}, ${pending ? 'with' : 'without'} pending staff work) in ${seconds.toFixed(2)} s.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RegistryHoldsProfilesError || error instanceof RegistryChangedError) {
      io.err(redactPasswords(error.message));
      return 1;
    }
    io.err(`The seed failed, nothing was changed: ${redactPasswords((error as Error).message)}`);
    return 1;
  } finally {
    await engine?.close();
  }
}

// run only as a script (`node --import tsx server/demo/seed-cli.ts`), not when imported
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
