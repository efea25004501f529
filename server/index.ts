// Boot: configuration -> database (a SQLite file, or PostgreSQL when DATABASE_URL is set: issue 21)
// -> staff user and demo data -> app -> listen -> sync texts, the lookalike index, between
// requests; the search index before it listens.
import { createServer } from 'node:http';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { checkWritable } from './db/write-failure';
import { ensureReserve } from './db/reserve';
import { engineOver, openEngine, type Engine } from './db/engine/engine';
import { ensurePendingIdentifiersOn } from './db/pending-identifiers';
import { seedDemoIfEmptyOn } from './demo/seed-engine';
import { ensureStaffUserOn } from './features/auth/users';
import { fillSyncTextsLater } from './features/sync/sync-texts';
import { buildLookalikesLater } from './features/check/lookalikes';
import { buildSearchIndexNowOn } from './features/search/registry-index';
import { SearchThreads } from './features/search/threads';
import { warmUpMainThread } from './features/search/warm-up';
import { AppError } from './errors';
import { createApp, searchOf } from './app';
import { watchQuietTime } from './http/quiet-time';
import { pruneInBackgroundOn } from './http/prune';

const config = loadConfig();
let stopping = false;
// the registry: SQLite's file opened and migrated here (connection.ts), or a PostgreSQL database
// migrated by the data layer as it opens; every module reaches it through this one engine
const engine: Engine = config.DATABASE_URL ? await openEngine(config.DATABASE_URL) : engineOver(openDatabase(config.DATABASE_PATH));
const sqlite = engine.sqlite ?? null;
const where = sqlite ? `database ${config.DATABASE_PATH}` : `PostgreSQL ${engine.label}`;

// docs/design.md#errors: a SQLite file that cannot be written is said at start, not found at the first write
const writable = sqlite ? checkWritable(sqlite) : { writable: true as const };
if (!writable.writable) {
  console.error(`The database ${config.DATABASE_PATH} cannot be written (${writable.reason}). `
    + 'The registry is served read-only: every write answers 503 until the file (or its disk) can be written.');
}
if (writable.writable) {
  // on SQLite openDatabase made them current; several instances starting at once take turns
  if (!sqlite) await ensurePendingIdentifiersOn(engine);
  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) await ensureStaffUserOn(engine, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoIfEmptyOn(engine);
    if (seeded) console.log(`Seeded demonstration data: ${seeded.profiles} profiles, ${seeded.incidents} incidents.`);
  }
}

// GET /api/search/'s answers (issue 17) on their own threads, each with an index of the registry
// and its own connection (SQLite's file, or a small pool on PostgreSQL), or on this one
// (SEARCH_THREADS=0, an in-memory database); the index is built before the server listens, so
// that its first search answers (~5-10 s at 100k profiles)
const threaded = config.SEARCH_THREADS > 0 && config.DATABASE_PATH !== ':memory:';
const server = createServer();
// the chores below run their steps when no request is in flight, so they do not slow a first sync
const quietTime = watchQuietTime(server);
const searchThreads = threaded
  ? new SearchThreads(new URL('./search-thread.mjs', import.meta.url), config.DATABASE_URL ?? config.DATABASE_PATH, config.SEARCH_THREADS, quietTime.schedule)
  : null;
server.on('request', createApp({ engine, config }, { searchThreads }));
const searchStarted = performance.now();
if (searchThreads) await searchThreads.ready();
else {
  // its identifier values are read ahead on the quiet time
  await buildSearchIndexNowOn(engine, quietTime.schedule, (error) => {
    if (error) console.error('Reading the search index ahead stopped; the searches that need it read it.', error);
  });
}
const searchMs = performance.now() - searchStarted;
if (searchMs > 1_000) console.log(`Built the search index in ${(searchMs / 1000).toFixed(1)} s${searchThreads ? ` (${searchThreads.size} threads)` : ''}.`);
server.listen(config.PORT, config.HOST, () => {
  console.log(`Bustr registry at http://${config.HOST}:${config.PORT} (${where})`);
});
// a database from before migrations/003 (or written by another process) gets its stored sync
// texts between requests, so first syncs stop writing them (docs/decisions/014)
fillSyncTextsLater(engine, (written, error) => {
  if (error) console.error('Storing sync texts stopped; pages write the missing ones as they are read.', error);
  else if (written > 0) console.log(`Stored the sync texts of ${written} profiles.`);
}, { ...quietTime, isOpen: () => !stopping });
// the main thread's part of a search warmed as a load of them warms it, before people's come
// (features/search/warm-up.ts; the threads warm their own part)
if (searchThreads) {
  warmUpMainThread(engine, searchOf({ engine, config }, { searchThreads }), quietTime.schedule, (_answered, error) => {
    if (error && !(error instanceof AppError)) console.error('Warming the search call up stopped; its first searches are slower.', error);
  });
}
// GET /api/check's lookalike index (~2 s at 100k profiles), so the first lookup does not build it
buildLookalikesLater(engine, (error) => {
  if (error) console.error('Building the lookalike index stopped; the first lookup builds it.', error);
}, quietTime);

// a little disk kept for staff sign-ins when a SQLite file's disk fills (db/reserve.ts)
if (sqlite && writable.writable && !ensureReserve(sqlite)) console.warn('No room for the disk reserve beside the database: a full disk may lock staff out.');
// idempotency keys (a day), the audit log (AUDIT_RETENTION_DAYS), expired sessions and counters
pruneInBackgroundOn(engine, { auditRetentionDays: config.AUDIT_RETENTION_DAYS, schedule: quietTime.schedule, isOpen: () => !stopping }, (deleted, error) => {
  if (error) console.error('Pruning old rows stopped; the next round tries again.', error);
  else if (deleted > 0) console.log(`Pruned ${deleted} old rows.`);
  if (sqlite) ensureReserve(sqlite); // made again once there is room
});

function shutdown() {
  stopping = true;
  server.close(() => {
    void Promise.resolve(searchThreads?.close())
      .then(() => engine.close())
      .finally(() => {
        sqlite?.close();
        process.exit(0);
      });
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
