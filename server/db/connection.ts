// Opens the SQLite file with the settings every process needs, then brings its schema up to
// date with the numbered migrations beside this file, and the identifier tables (migrations/006
// and migrations/011) up to date with shared/identifiers.
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProfileIdentifiers } from './profile-identifiers';
import { ensurePendingIdentifiers } from './pending-identifiers';

export type Db = Database.Database;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL'); // readers never wait for the writer
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000'); // several processes may share the file (docs/design.md#scale)
  db.pragma('synchronous = NORMAL'); // safe with WAL; a power cut loses at most the last commit
  migrate(db);
  return db;
}

/** How much of the file a reader maps (more than a 100k registry's ~700 MB). */
const READER_MMAP_BYTES = 4 * 1024 ** 3;

/**
 * Another connection to a database a process has opened (openDatabase ran its migrations): a
 * search thread's (features/search/threads.ts). It writes only what it may skip (a page text
 * kept for later), so it waits little for the writer: a moment, not openDatabase's 5 s.
 */
export function openReader(path: string): Db {
  const db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 100');
  // pages read straight from the file's mapping rather than copied into a 2 MB cache: a search
  // answer reads ~60 pages scattered over a large registry (its profiles' rows and texts), ~40%
  // less time than a pread each (decision 034); only address space, the OS shares the pages
  db.pragma(`mmap_size = ${READER_MMAP_BYTES}`);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
  for (const file of files) {
    const version = Number.parseInt(file, 10);
    if (version <= current) continue;
    const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  }
  // a step SQL cannot take: the canonical forms of every public profile's identifiers, written when
  // the table is new (migrations/006) or of another format (~10 s at 100k profiles, once)
  ensureProfileIdentifiers(db);
  // the same for what awaits review (migrations/011), and the profiles writers outside the API left stale
  ensurePendingIdentifiers(db);
}

/** Each connection's transaction runner: better-sqlite3's wrapper, made once (readInTransaction). */
const runners = new WeakMap<Db, (read: () => unknown) => unknown>();

/**
 * `read` run in one transaction on `db` (BEGIN, or a savepoint inside one), for a read asked many
 * times a second (a search thread's answers): better-sqlite3's `db.transaction(fn)()` makes its
 * wrapper anew each call, four functions with their properties defined, ~10 µs, several times
 * the BEGIN and COMMIT it runs; this makes it once per connection.
 */
export function readInTransaction<T>(db: Db, read: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((inside: () => unknown) => inside());
    runners.set(db, run);
  }
  return run(read) as T;
}
