// `npm run user -- --username U --password P [--staff] [--database FILE|URL]` (docs/design.md#auth):
// creates the user, or updates the password and staff flag of an existing one. The flags say
// what the user is afterwards: updating without --staff makes the user a non-staff member.
// On either engine (issue 21): the registry the server reads (DATABASE_URL, else DATABASE_PATH)
// or the one --database names, through the data layer.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { MAX_SHORT_TEXT, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { consoleIo, readCliArgs, type CliIo } from '../../cli-args';
import { DEFAULT_DATABASE_PATH, isPostgresTarget, registryTargetOf } from '../../config';
import { openEngine, redactPasswords, type Engine } from '../../db/engine/engine';
import { endUserSessionsOn, findUserOn, upsertUserOn } from './users';

export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH; // ASVS L1 2.1.1

const USAGE = `Usage: npm run user -- --username NAME --password PASSWORD [--staff] [--database FILE|URL]
       npm run user -- --username NAME --end-sessions [--database FILE|URL]

Creates the user, or updates the password and staff flag of an existing one (which signs the
user out everywhere). With --end-sessions, only signs the user out everywhere.
  --username  the sign-in name (case-insensitive, at most ${MAX_SHORT_TEXT} characters)
  --password  at least ${MIN_PASSWORD_LENGTH} characters
  --staff     the user may moderate in the admin panel (without it: a non-staff user)
  --end-sessions  end every session of the user, changing nothing else
  --database  the SQLite file, or a postgres:// URL (default: $DATABASE_URL, else $DATABASE_PATH,
              else ${DEFAULT_DATABASE_PATH}: the registry the server opens)`;

const argsSchema = z.object({
  username: z.string({ error: '--username is required' }).trim().min(1, '--username must not be blank')
    .max(MAX_SHORT_TEXT, `--username must be at most ${MAX_SHORT_TEXT} characters`),
  password: z.string({ error: '--password is required' })
    .min(MIN_PASSWORD_LENGTH, `--password must be at least ${MIN_PASSWORD_LENGTH} characters`).optional(),
  staff: z.boolean().default(false),
  'end-sessions': z.boolean().default(false),
  database: z.string().min(1).optional(),
});

export type { CliIo } from '../../cli-args';

/** Runs the command; returns the exit code (0 done, 1 failed, 2 bad arguments). */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = consoleIo): Promise<number> {
  const read = readCliArgs(argv, {
    username: { type: 'string' },
    password: { type: 'string' },
    staff: { type: 'boolean' },
    database: { type: 'string' },
    'end-sessions': { type: 'boolean' },
  }, argsSchema, USAGE, io);
  if ('exit' in read) return read.exit;

  const { username, password, staff } = read.args;
  const endOnly = read.args['end-sessions'];
  if (!endOnly && password === undefined) {
    io.err(`--password is required\n\n${USAGE}`);
    return 2;
  }
  let target: string;
  try {
    target = read.args.database ?? registryTargetOf(env);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  // a file is named as it was always printed; a URL without its password
  const where = isPostgresTarget(target) ? redactPasswords(target) : resolve(target);
  let engine: Engine | undefined;
  try {
    engine = await openEngine(target, { poolSize: 2 });
    if (endOnly) {
      const user = await findUserOn(engine.db, username);
      if (!user) {
        io.err(`No user '${username}' in ${where}.`);
        return 1;
      }
      const ended = await endUserSessionsOn(engine.db, user.id);
      io.out(`Ended ${ended} ${ended === 1 ? 'session' : 'sessions'} of '${username}'.`);
      return 0;
    }
    const { created } = await upsertUserOn(engine, { username, password: password!, isStaff: staff });
    io.out(`${created ? 'Created' : 'Updated'} user '${username}' (${staff ? 'staff' : 'not staff'}) in ${where}.`);
    return 0;
  } catch (error) {
    io.err(`Could not save the user: ${redactPasswords((error as Error).message)}`);
    return 1;
  } finally {
    await engine?.close();
  }
}

// run only as a script (`node --import tsx server/features/auth/user-cli.ts`), not when imported
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
