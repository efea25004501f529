// docs/style.md#s6: the environment is parsed once at boot; a bad value stops the server with a
// list of what is wrong instead of failing later in a request.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../shared/constants';

const flag = (fallback: boolean) =>
  z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));

/** Whether a registry target names a PostgreSQL database (the data layer's openEngine reads it the same way). */
/** An http(s) URL's origin when it is nothing more (a path of "/" at most), else null. */
function publicOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    const plain = (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return plain ? url.origin : null;
  } catch {
    return null;
  }
}

export const isPostgresTarget = (target: string): boolean => /^postgres(ql)?:\/\//i.test(target);

export const DEFAULT_DATABASE_PATH = 'data/registry.sqlite';

// Where the registry is (issue 21): a SQLite file by default, or PostgreSQL when DATABASE_URL is set
const databaseFields = {
  DATABASE_PATH: z.string().min(1).default(DEFAULT_DATABASE_PATH),
  // unset or empty: the registry is the SQLite file above. The message never repeats the value (it may hold a password).
  DATABASE_URL: z.string().optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || (isPostgresTarget(v) && URL.canParse(v)), {
      message: 'DATABASE_URL must be a postgres:// (or postgresql://) URL, e.g. postgres://user:password@host:5432/bustr; a SQLite file goes in DATABASE_PATH',
    }),
};

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    // the origin people reach the registry at (https://bustr.example): the Atom feed's links. Unset,
    // the feed links to the origin each request came to, if its Host header is a plain host name
    PUBLIC_URL: z.string().trim().optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v))
      .refine((v) => v === undefined || publicOrigin(v) !== null, {
        message: 'PUBLIC_URL must be the http(s) origin people reach the registry at, e.g. https://bustr.example (no path, query or password)',
      })
      .transform((v) => (v === undefined ? undefined : publicOrigin(v)!)),
    ...databaseFields,
    ADMIN_USERNAME: z.string().trim().min(1).max(150).optional(),
    ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`).optional(),
    SEED_DEMO: flag(true),
    // set when served over HTTPS (directly or behind a proxy): cookies get Secure, HSTS is sent
    SECURE_COOKIES: flag(false),
    TRUST_PROXY: flag(false),
    CLIENT_DIST: z.string().min(1).default('dist'),
    // limits on public work per address (docs/design.md#limits; README "Security"): 0 turns one off
    RATE_LIMITS: flag(true),
    LIMIT_WRITES: z.coerce.number().int().min(0).default(30),
    LIMIT_WRITES_WINDOW_S: z.coerce.number().int().min(1).default(600),
    LIMIT_READS: z.coerce.number().int().min(0).default(1200),
    LIMIT_READS_WINDOW_S: z.coerce.number().int().min(1).default(60),
    LIMIT_SIGNIN_FAILURES: z.coerce.number().int().min(0).default(20),
    // the audit log's rows are kept this long (idempotency keys: a day)
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
    LIMIT_SIGNIN_WINDOW_S: z.coerce.number().int().min(1).default(900),
    // threads that build search answers, each with its own index of the registry
    // (docs/decisions/032-search-on-threads.md); 0 builds them on the main thread
    SEARCH_THREADS: z.coerce.number().int().min(0).max(16).default(Math.min(2, availableParallelism())),
    // where the open data exports are kept (features/open-data/exports.ts exportSource): unset, a
    // folder beside the SQLite database, or on PostgreSQL one per database in the OS temp folder
    EXPORTS_DIR: z.string().min(1).optional(),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
  });

export type Config = z.output<typeof envSchema>;

function invalid(error: z.ZodError): Error {
  const lines = error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
  return new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

/** The registry the server opens: DATABASE_URL's PostgreSQL database when it is set, else DATABASE_PATH's SQLite file. */
export function registryTarget(config: Pick<Config, 'DATABASE_PATH' | 'DATABASE_URL'>): string {
  return config.DATABASE_URL ?? config.DATABASE_PATH;
}

/**
 * The registry as the server would read it from `env`, reading nothing else (the command-line
 * tools: npm run user, npm run seed). An empty DATABASE_PATH counts as unset here, as those tools
 * have always taken it. Throws on a DATABASE_URL that is not a postgres:// URL.
 */
export function registryTargetOf(env: NodeJS.ProcessEnv): string {
  const result = z.object(databaseFields).safeParse({ ...env, DATABASE_PATH: env.DATABASE_PATH || undefined });
  if (!result.success) throw invalid(result.error);
  return registryTarget(result.data);
}

/** The configuration tests use: everything default except what they pass. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // limits are off unless a test turns them on: most tests write from one address (http/rate-limits.test.ts)
  return { ...loadConfig({}), SEED_DEMO: false, RATE_LIMITS: false, ...overrides };
}
