// `npm run migrate-data -- --from <sqlite file> --to <postgres url> [--replace]` (issue 21; README
// "PostgreSQL (in progress)"): copies a registry from SQLite to PostgreSQL in one transaction on
// the target, then checks it by per-table row counts and a content hash (engine/copy.ts).
// `--check-only` compares the two without copying.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { consoleIo, readCliArgs, type CliIo } from '../cli-args';
import { CopyMismatchError, DEFAULT_BATCH_ROWS, TargetNotEmptyError, compareRegistries, copyRegistry, type Comparison } from './engine/copy';
import { isPostgresUrl, openEngine, redactPasswords, type Engine } from './engine/engine';

const USAGE = `Usage: npm run migrate-data -- --from FILE --to URL [--replace] [--batch N]
       npm run migrate-data -- --from FILE --to URL --check-only

Copies every table of the registry in the SQLite FILE into the PostgreSQL database at URL
(postgres://user:password@host:port/database), in one transaction, and checks the copy by row
counts and a content hash before it commits. The target's schema is made or brought up to date first.
  --from        the SQLite file (read only, at one moment: the app may keep running on it)
  --to          the PostgreSQL database's URL
  --replace     empty a target that already holds a registry, instead of refusing
  --batch       rows read and written at once (default ${DEFAULT_BATCH_ROWS})
  --check-only  copy nothing: compare the two registries' counts and hashes`;

const argsSchema = z.object({
  from: z.string({ error: '--from is required: the SQLite file to copy' }).min(1, '--from must not be empty')
    .refine((v) => !isPostgresUrl(v), '--from is the SQLite file; the PostgreSQL URL goes in --to'),
  to: z.string({ error: '--to is required: the PostgreSQL URL to copy into' })
    .refine(isPostgresUrl, '--to must be a postgres:// (or postgresql://) URL'),
  replace: z.boolean().default(false),
  'check-only': z.boolean().default(false),
  batch: z.coerce.number({ error: '--batch must be a number' }).int('--batch must be a whole number')
    .min(1, '--batch must be at least 1').max(50_000, '--batch must be at most 50000').default(DEFAULT_BATCH_ROWS),
}).refine((a) => !(a.replace && a['check-only']), '--replace and --check-only do not go together');

export type { CliIo } from '../cli-args';

const pad = (text: string | number, width: number) => String(text).padEnd(width);
const padLeft = (text: string | number, width: number) => String(text).padStart(width);

function printComparison(io: CliIo, comparison: Comparison): void {
  io.out(`${pad('table', 26)} ${padLeft('source rows', 11)} ${padLeft('target rows', 11)}  content`);
  for (const t of comparison.tables) {
    io.out(`${pad(t.table, 26)} ${padLeft(t.source.rows, 11)} ${padLeft(t.target.rows, 11)}  ${t.same ? 'same' : 'DIFFERS'}`);
  }
  if (comparison.same) io.out(`Content hash (sha256), the same on both: ${comparison.source}`);
  else io.out(`Content hash (sha256): source ${comparison.source}, target ${comparison.target}`);
}

/** Runs the command; returns the exit code (0 done, 1 failed or differs, 2 bad arguments). */
export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const read = readCliArgs(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    replace: { type: 'boolean' },
    'check-only': { type: 'boolean' },
    batch: { type: 'string' },
  }, argsSchema, USAGE, io);
  if ('exit' in read) return read.exit;
  const { args } = read;
  const from = resolve(args.from);
  if (!existsSync(from)) {
    io.err(`No SQLite file at ${from}.`);
    return 1;
  }

  const opened: Engine[] = [];
  try {
    const source = await openEngine(from, { readonly: true });
    opened.push(source);
    // --check-only changes nothing, not even the target's schema
    const target = await openEngine(args.to, { readonly: args['check-only'], poolSize: 2 });
    opened.push(target);

    if (args['check-only']) {
      io.out(`Comparing ${from} with ${target.label}:`);
      const comparison = await compareRegistries(source, target, args.batch);
      printComparison(io, comparison);
      if (!comparison.same) {
        io.err('The two registries differ.');
        return 1;
      }
      return 0;
    }

    io.out(`Copying ${from} into ${target.label} …`);
    const started = performance.now();
    const { comparison, replaced } = await copyRegistry(source, target, {
      replace: args.replace,
      batch: args.batch,
      progress: (table, rows, ms) => io.out(`  ${pad(table, 26)} ${padLeft(rows, 9)} rows  ${(ms / 1000).toFixed(1)} s`),
    });
    printComparison(io, comparison);
    const rows = comparison.tables.reduce((sum, t) => sum + t.source.rows, 0);
    if (replaced.length > 0) io.out(`Replaced what the target held (--replace): ${replaced.map((h) => `${h.rows} ${h.table}`).join(', ')}.`);
    io.out(`Copied ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s; committed.`);
    return 0;
  } catch (error) {
    if (error instanceof CopyMismatchError) printComparison(io, error.comparison);
    const known = error instanceof CopyMismatchError || error instanceof TargetNotEmptyError;
    io.err(`${known ? 'Not copied' : 'The copy failed, nothing was committed'}: ${redactPasswords((error as Error).message)}`);
    return 1;
  } finally {
    for (const engine of opened.reverse()) await engine.close();
  }
}

// run only as a script (`node --import tsx server/db/migrate-data-cli.ts`), not when imported
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
