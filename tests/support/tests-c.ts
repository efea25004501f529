// The demo seed on a test app's registry, for the API tests that run on either engine (issue 21):
// they reach the registry only through the app's data layer (TestApp.engine), never `t.db`.
import type { Engine } from '../../server/db/engine/engine';
import { seedDemo, type SeedOptions, type SeedResult } from '../../server/demo/seeding';

/**
 * Seeds the demo data into the test app's registry (empty of profiles). On SQLite: seedDemo on the
 * engine's connection, as the server's seed does. PostgreSQL is seeded by seedDemoOn
 * (server/demo/seed-engine.ts, being written on the user-cli branch: the seed made in a temporary
 * SQLite file and copied across); once it is merged this becomes `seedDemoOn(t.engine, options)`.
 */
export async function seedDemoOnApp(t: { engine: Engine }, options: SeedOptions = {}): Promise<SeedResult> {
  const { sqlite } = t.engine;
  if (!sqlite) throw new Error('seedDemoOnApp: a test app on PostgreSQL is seeded by seedDemoOn (server/demo/seed-engine.ts)');
  return seedDemo(sqlite, options);
}
