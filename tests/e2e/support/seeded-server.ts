// The real server on a registry of a given size, seeded with the demo generator before it starts
// (the browser tests of a large registry: first visit, the light replica, the helped index build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../server/db/connection';
import { seedDemo } from '../../../server/demo/seeding';
import { startServer, type RunningServer } from './server';

/** A server on `profiles` verified demo profiles (none pending); stop() removes its files. */
export async function startSeededServer(profiles: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bustr-e2e-seeded-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const databasePath = join(dir, 'registry.sqlite');
    const db = openDatabase(databasePath);
    seedDemo(db, { profiles, pending: false });
    db.close();
    const server = await startServer({ env: { DATABASE_PATH: databasePath, SEED_DEMO: '0', ...env } });
    return {
      ...server,
      async stop() {
        await server.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}
