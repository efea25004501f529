// docs/style.md#s6: the environment is parsed once at boot; a bad value stops the server with a
// list of what is wrong instead of failing later in a request.
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_PATH: z.string().min(1).default('data/registry.sqlite'),
    ADMIN_USERNAME: z.string().trim().min(1).max(150).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    SEED_DEMO: flag(true),
    // set when served over HTTPS (directly or behind a proxy): cookies get Secure, HSTS is sent
    SECURE_COOKIES: flag(false),
    TRUST_PROXY: flag(false),
    CLIENT_DIST: z.string().min(1).default('dist'),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
  });

export type Config = z.output<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The configuration tests use: everything default except what they pass. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), SEED_DEMO: false, ...overrides };
}
