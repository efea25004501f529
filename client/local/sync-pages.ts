// Where a sync page is read, checked and stored (docs/decisions/013-first-sync-pages.md). The
// sync loop (replicator.ts) fetches a page's bytes and hands them to a SyncPageStore, which
// reads and checks them, keeps the page, and answers with what the loop needs to go on (the
// cursor, whether there is more); the loop then asks it to store the page. The registry worker
// is one such store (search.worker.ts): while an empty replica fills, the page's thread never
// parses a page, and the worker offers what it stored to the search index. localPageStore is
// the other, in the page: deltas, and browsers without workers.
import { fromLightPage, syncLightPageSchema, syncPageSchema, type SyncLightPage, type SyncPage, type SyncProfile } from '../../shared/contract/sync';
import { isSyncPage } from '../../shared/contract/sync-page-check';
import { unreadableAnswer } from '../api/http';
import { readSyncMeta, type RegistryDb } from './db';
import { appendChunks, clearReplica, heldRevisions, type ReplicaRemoval, type WrittenChunks } from './replica';

/** What the sync loop reads of a checked page; the page itself stays with the store that checked it. */
export interface CheckedPage {
  /** names the page in the store that checked it */
  key: number;
  cursor: number;
  hasMore: boolean;
  reset: boolean;
  remaining: number;
  /** profiles and tombstones in the page */
  changes: number;
}

export interface SyncPageStore {
  /** Reads a sync page's JSON bytes and checks them against syncPageSchema; throws when they fail. */
  check(body: ArrayBuffer): Promise<CheckedPage>;
  /** Stores a page it checked, with its cursor, in one transaction; says whether the replica changed. */
  store(checked: CheckedPage, startOver: boolean): Promise<boolean>;
}

/** A sync page from its JSON bytes, checked: the compiled check first, zod (which says why) for a page it refuses. */
export function readSyncPage(body: ArrayBuffer): SyncPage {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw unreadableAnswer();
  }
  if ((json as { form?: unknown } | null)?.form === 'light') return readLightPage(json);
  return isSyncPage(json) ? json : syncPageSchema.parse(json);
}

/**
 * A light page (issue 17) as the SyncPage its columns make, its profiles marked `details: false`,
 * checked by the same compiled check; zod says why when it fails.
 */
function readLightPage(json: unknown): SyncPage {
  let page: SyncPage | null = null;
  try {
    page = fromLightPage(json as SyncLightPage);
  } catch {
    // columns missing or of different lengths: zod below names the problem
  }
  if (page && isSyncPage(page)) return page;
  return fromLightPage(syncLightPageSchema.parse(json));
}

/**
 * A sync run has at most two checked pages waiting: the one being stored and the next. Pages of
 * a run that failed in between are never stored; they make way for newer ones.
 */
const HELD_PAGES_MAX = 2;

/** Checked pages by key, until they are stored. */
export class HeldPages {
  private nextKey = 1;
  private readonly pages = new Map<number, SyncPage>();

  hold(page: SyncPage): CheckedPage {
    const key = this.nextKey++;
    this.pages.set(key, page);
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= HELD_PAGES_MAX) break;
      this.pages.delete(oldest);
    }
    const { cursor, hasMore, reset, remaining } = page;
    return { key, cursor, hasMore, reset, remaining, changes: page.profiles.length + page.tombstones.length };
  }

  take(key: number): SyncPage {
    const page = this.pages.get(key);
    if (!page) throw new Error('A sync page was dropped before it was stored; the sync will try again.');
    this.pages.delete(key);
    return page;
  }
}

/** Reads, checks and stores pages in this thread (applySyncPage), offering what it wrote to `onWritten`. */
export function localPageStore(db: RegistryDb, onWritten?: (written: WrittenChunks) => unknown): SyncPageStore {
  const held = new HeldPages();
  return {
    check: async (body) => held.hold(readSyncPage(body)),
    store: (checked, startOver) => applySyncPage(db, held.take(checked.key), startOver, onWritten),
  };
}

type Change = { type: 'profile'; revision: number; profile: SyncPage['profiles'][number] } | { type: 'tombstone'; revision: number; id: number };

/**
 * Stores a checked sync page (applyPage), then offers what it wrote to `onWritten` (the search
 * index in the registry worker). Says whether the replica changed.
 */
export async function applySyncPage(db: RegistryDb, page: SyncPage, startOver: boolean, onWritten?: (written: WrittenChunks) => unknown): Promise<boolean> {
  const written = await applyPage(db, page, startOver);
  if (written.chunks && onWritten) {
    // after the commit: what is offered is stored
    Promise.resolve(onWritten(written.chunks)).catch((error: unknown) => console.error('Indexing a sync page failed', error));
  }
  return written.changed;
}

/** One page, its cursor and the registry version: all or nothing. Says whether the replica changed, and what it wrote. */
async function applyPage(db: RegistryDb, page: SyncPage, startOver: boolean): Promise<{ changed: boolean; chunks: WrittenChunks | null }> {
  return db.transaction('rw', db.chunks, db.chunkKeys, db.meta, async () => {
    const meta = await readSyncMeta(db);
    const epoch = (meta.epoch ?? 0) + (startOver ? 1 : 0);
    if (startOver) await clearReplica(db, epoch);
    // docs/style.md#s8: the server's revision decides. In revision order the last change of an id
    // wins; a change older than the version we hold is ignored, so a tombstone wins over an
    // older version and never over a newer one.
    const changes: Change[] = [
      ...page.profiles.map((profile): Change => ({ type: 'profile', revision: profile.revision, profile })),
      ...page.tombstones.map((t): Change => ({ type: 'tombstone', revision: t.revision, id: t.id })),
    ].sort((a, b) => a.revision - b.revision);
    const latest = new Map<number, Change>();
    for (const change of changes) latest.set(change.type === 'profile' ? change.profile.id : change.id, change);
    const held = await heldRevisions([...latest.keys()], db);

    const upserts: SyncProfile[] = [];
    const removals: ReplicaRemoval[] = [];
    for (const [id, change] of latest) {
      const heldRevision = held.get(id);
      if (heldRevision !== undefined && heldRevision > change.revision) continue;
      if (change.type === 'profile') upserts.push(change.profile);
      // a tombstone of a profile this replica never held changes nothing
      else if (heldRevision !== undefined) removals.push({ id, revision: change.revision });
    }
    const span = await appendChunks(db, upserts, removals);

    const changed = startOver || upserts.length > 0 || removals.length > 0;
    await db.meta.put({
      key: 'sync',
      value: {
        cursor: page.cursor,
        // the replica is up to date only once the last page is in
        lastSyncedAt: page.hasMore ? meta.lastSyncedAt : Date.now(),
        registryVersion: meta.registryVersion + (changed ? 1 : 0),
        epoch,
      },
    });
    const chunks = span ? { epoch, first: span.first, last: span.last, profiles: upserts, removed: removals.map((r) => r.id) } : null;
    return { changed, chunks };
  });
}
