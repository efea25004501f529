// Seeded registries for the bench: SQLite files made once with the demo generator
// (server/demo/seeding.ts) and kept in the temp folder, so a second run does not seed again.
// Runs that write (servers, the browser's delta) get a copy. Every public profile's sync text
// is stored in them (docs/decisions/014), as a long-running server's database has it.
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/connection';
import { DEFAULT_SEED, seedDemo } from '../server/demo/seeding';
import { fillSyncTexts, syncTextsMissing } from '../server/features/sync/sync-texts';
import { log } from './figures';

const CACHE_DIR = join(tmpdir(), 'bustr-bench');

/**
 * A digest of the demo generator's sources: a registry seeded by an older generator (other
 * names, identifiers of another form) gets another file name, so it is never reused.
 */
function demoVersion(): string {
  const dir = new URL('../server/demo/', import.meta.url);
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).sort()) {
    hash.update(name).update(readFileSync(new URL(name, dir)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** A database with `profiles` verified profiles (no pending work), made on first use. */
export function seededDatabase(profiles: number): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  const path = join(CACHE_DIR, `registry-${profiles}-seed${DEFAULT_SEED}-${demoVersion()}.sqlite`);
  const done = `${path}.done`;
  if (existsSync(path) && existsSync(done)) {
    storeSyncTexts(path);
    return path;
  }
  for (const suffix of ['', '-wal', '-shm', '.done']) rmSync(`${path}${suffix}`, { force: true });
  log(`seeding ${profiles} profiles into ${path} (once; later runs reuse it)`);
  const started = performance.now();
  const db = openDatabase(path);
  seedDemo(db, { profiles, pending: false });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  writeFileSync(done, new Date().toISOString());
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return path;
}

/** A registry seeded before sync texts were stored gets them, once, in place (the seed stores them now). */
function storeSyncTexts(path: string): void {
  const db = openDatabase(path);
  try {
    if (!syncTextsMissing(db)) return;
    log(`storing the sync texts of ${path} (once; later runs reuse them)`);
    const started = performance.now();
    const written = fillSyncTexts(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
    log(`stored ${written} sync texts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    db.close();
  }
}

/** A private copy of a seeded database, removed by the returned cleanup. */
export function copyOf(path: string): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bustr-bench-run-'));
  const copy = join(dir, 'registry.sqlite');
  copyFileSync(path, copy);
  // on disk before anything is measured: the kernel writing the copy back (~0.5 GB at 100k)
  // would otherwise compete with what is measured next (IndexedDB writes most of all)
  const fd = openSync(copy, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return { path: copy, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
