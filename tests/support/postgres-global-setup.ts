// Once before the API tests that run on PostgreSQL (vitest.config.ts, project 'node-postgres'): one
// throwaway server for the whole run (tests/support/postgres.ts) and a database migrated once to be
// the template of every test app's own (server/test-support.ts makeTestApp: CREATE DATABASE …
// TEMPLATE, ~30 ms, where migrating each would take ~1 s).
import type { TestProject } from 'vitest/node';
import { openEngine } from '../../server/db/engine/engine';
import { startPostgres } from './postgres';

/** The migrated database every test app's database is a copy of. */
export const TEMPLATE_DATABASE = 'bustr_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the throwaway server's URL for the postgres database (made and dropped there) */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const template = await server.newDatabase();
  const engine = await openEngine(template); // migrates it
  await engine.close();
  const admin = server.url.replace(/\/[^/]+$/, '/postgres');
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const name = new URL(template).pathname.slice(1);
    await client.query(`ALTER DATABASE ${name} RENAME TO ${TEMPLATE_DATABASE}`);
    await client.query(`ALTER DATABASE ${TEMPLATE_DATABASE} IS_TEMPLATE true`);
  } finally {
    await client.end();
  }
  project.provide('postgresAdminUrl', admin);
  return () => server.stop();
}
