// `npm run backup -- <file> [--database FILE]`: an online, consistent copy of the database while
// the server runs (SQLite's backup API through better-sqlite3: the copy is one moment of the
// database, whatever the server writes meanwhile). README "Backups" says how to restore it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

const DEFAULT_DATABASE = 'data/registry.sqlite';
const USAGE = `Usage: npm run backup -- FILE [--database FILE]

Copies the registry's database to FILE (which must not exist yet), consistently, while the server runs.
  --database  the SQLite file to copy (default: $DATABASE_PATH, else ${DEFAULT_DATABASE})`;

export interface CliIo { out: (line: string) => void; err: (line: string) => void }
const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Runs the command; returns the exit code (0 done, 1 failed, 2 bad arguments). */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = consoleIo): Promise<number> {
  const read = () => parseArgs({
    args: argv, options: { database: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true,
  });
  let parsed: ReturnType<typeof read>;
  try {
    parsed = read();
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    io.err(`Name one file to write the backup to.\n\n${USAGE}`);
    return 2;
  }
  const target = resolve(parsed.positionals[0]!);
  const source = resolve(parsed.values.database ?? (env.DATABASE_PATH || DEFAULT_DATABASE));
  if (existsSync(target)) {
    io.err(`${target} exists already: name a new file, so no backup is overwritten.`);
    return 2;
  }
  if (!existsSync(source)) {
    io.err(`No database at ${source}.`);
    return 1;
  }
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(target);
    io.out(`Backed up ${source} to ${target} (${totalPages} pages).`);
    return 0;
  } catch (error) {
    io.err(`The backup failed: ${(error as Error).message}`);
    return 1;
  } finally {
    db.close();
  }
}

// run only as a script (`node --import tsx server/db/backup-cli.ts`), not when imported
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
