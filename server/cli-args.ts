// The command-line tools' arguments (npm run user, npm run migrate-data): node's parseArgs, then
// the tool's zod schema; a bad argument is its message with the usage and exit code 2, --help the
// usage and 0. One place, so every tool answers a mistake the same way.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';

/** Where a tool writes (tests pass their own). */
export interface CliIo { out: (line: string) => void; err: (line: string) => void }

export const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** The arguments as the schema reads them, or the exit code when there is nothing to run (a mistake, or --help). */
export function readCliArgs<S extends z.ZodType>(
  argv: string[], options: NonNullable<ParseArgsConfig['options']>, schema: S, usage: string, io: CliIo,
): { args: z.output<S> } | { exit: number } {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return { exit: 2 };
  }
  if (values.help) {
    io.out(usage);
    return { exit: 0 };
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    io.err(`${parsed.error.issues.map((issue) => issue.message).join('\n')}\n\n${usage}`);
    return { exit: 2 };
  }
  return { args: parsed.data };
}
