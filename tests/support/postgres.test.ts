// The throwaway PostgreSQL (postgres.ts): its own server on 127.0.0.1, its socket in its own
// folder, gone after stop(); a readable error where the package is missing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_MISSING, POSTGRES_START_TIMEOUT_MS, findPostgresBin, startPostgres } from './postgres';

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('startPostgres', () => {
  it('when started, then it answers on 127.0.0.1 only, with its socket in its own folder, and stop() removes that folder', async () => {
    const started = performance.now();
    const server = await startPostgres();
    const ms = performance.now() - started;
    try {
      expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/bustr`);
      const [settings] = await query(server.url, `SELECT current_database() AS db, current_setting('listen_addresses') AS listen,
        current_setting('unix_socket_directories') AS sockets, current_setting('lc_collate') AS collate`);
      expect(settings).toEqual({ db: 'bustr', listen: '127.0.0.1', sockets: server.dir, collate: 'C.UTF-8' });
      expect(existsSync(join(server.dir, `.s.PGSQL.${server.port}`))).toBe(true);

      const other = await server.newDatabase();
      expect(other).not.toBe(server.url);
      await query(server.url, 'CREATE TABLE only_here (id int)');
      expect(await query(other, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_here'")).toEqual([{ n: 0 }]);
    } finally {
      await server.stop();
    }
    expect(existsSync(server.dir)).toBe(false);
    await expect(query(server.url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
    await server.stop(); // twice is harmless
    console.log(`throwaway PostgreSQL: initdb + start + a database in ${Math.round(ms)} ms`);
  }, POSTGRES_START_TIMEOUT_MS);

  it('when PostgreSQL is not installed, then it says what to install', async () => {
    expect(() => findPostgresBin('/nonexistent/postgresql')).toThrow(POSTGRES_MISSING);
    await expect(startPostgres({ root: '/nonexistent/postgresql' })).rejects.toThrow(
      'PostgreSQL is not installed: apt-get install -y postgresql',
    );
  });
});
