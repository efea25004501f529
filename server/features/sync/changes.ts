// The changes a sync page holds (docs/design.md, replica sync): public profiles and tombstones
// after a cursor, in revision order. Both ways of writing a page read them: the object form (service.ts)
// and the text form (page-text.ts), so they live here, below both.
// On the data layer (issue 21, docs/decisions/035): SQLite keeps its prepared statements (the sync
// delta's p99 and the first sync have budgets there), PostgreSQL reads the same changes with Kysely
// (changePageOn); what a page makes of them is written once (pageOf).
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/engine/schema';
import { currentRevision, currentRevisionOn } from '../../db/revision';
import type { ProfileKind } from '../../../shared/contract/common';

export interface Change { type: 'profile' | 'tombstone'; kind: ProfileKind; id: number; revision: number }

/** The changes of one page, and what the answer says about the rest. */
export interface ChangePage {
  changes: Change[];
  cursor: number;
  hasMore: boolean;
  remaining: number;
  reset: boolean;
}

// Both read profiles_public_revision alone (migrations/002): the public profiles in revision
// order with their kind, so neither reads a profile row to test its status.
export const CHANGES = `SELECT type, kind, id, revision FROM (
    SELECT 'profile' AS type, kind, id, revision FROM profiles WHERE verification_status = 'verified' AND revision > @since
    UNION ALL
    SELECT 'tombstone' AS type, kind, id, revision FROM tombstones WHERE revision > @since
  ) ORDER BY revision LIMIT @limit`;
export const REMAINING = `SELECT (SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified' AND revision > @cursor)
    + (SELECT COUNT(*) FROM tombstones WHERE revision > @cursor) AS n`;

/** Where a page starts: a cursor from the future means the database was replaced, and the replica starts over. */
function startOf(head: number, requestedSince: number): { reset: boolean; since: number } {
  const reset = requestedSince > head;
  return { reset, since: reset ? 0 : requestedSince };
}

/** The page the first `limit + 1` changes after `since` make (what remains is read after, only when there is more). */
function pageOf(head: number, start: { reset: boolean; since: number }, limit: number, found: Change[]): ChangePage {
  const hasMore = found.length > limit;
  const changes = hasMore ? found.slice(0, limit) : found;
  // with nothing left, the cursor jumps to the head: revisions spent on non-public changes are skipped
  const cursor = hasMore ? changes[changes.length - 1]!.revision : Math.max(head, start.since);
  return { changes, cursor, hasMore, remaining: 0, reset: start.reset };
}

/** The changes after `requestedSince` that make a page, its cursor and what is left. Call inside the page's transaction. */
export function changePage(db: Db, requestedSince: number, limit: number): ChangePage {
  const head = currentRevision(db);
  const start = startOf(head, requestedSince);
  const found = db.prepare(CHANGES).all({ since: start.since, limit: limit + 1 }) as Change[];
  const page = pageOf(head, start, limit, found);
  if (page.hasMore) page.remaining = (db.prepare(REMAINING).get({ cursor: page.cursor }) as { n: number }).n;
  return page;
}

/**
 * changePage on the data layer (PostgreSQL's page; the same on SQLite). Call it inside the page's
 * transaction: on PostgreSQL a REPEATABLE READ one, so that the head, the changes and what
 * remains are of one registry.
 */
export async function changePageOn(db: Kysely<Database>, requestedSince: number, limit: number): Promise<ChangePage> {
  const head = await currentRevisionOn(db);
  const start = startOf(head, requestedSince);
  const found = await changesAfterOn(db, start.since, limit + 1);
  const page = pageOf(head, start, limit, found);
  if (page.hasMore) page.remaining = await remainingAfterOn(db, page.cursor);
  return page;
}

/**
 * CHANGES in Kysely: the public profiles and tombstones after `since`, in revision order, `limit`
 * of them. Each side ordered and limited on its own first, so that PostgreSQL reads the first
 * `limit` of each from its index by revision (profiles_public_revision, tombstones_revision)
 * rather than sorting everything after `since` (a first sync's early pages: most of the registry).
 */
async function changesAfterOn(db: Kysely<Database>, since: number, limit: number): Promise<Change[]> {
  const profiles = db.selectFrom('profiles')
    .select([sql<Change['type']>`'profile'`.as('type'), 'kind', 'id', 'revision'])
    .where('verification_status', '=', 'verified').where('revision', '>', since)
    .orderBy('revision').limit(limit);
  const tombstones = db.selectFrom('tombstones')
    .select([sql<Change['type']>`'tombstone'`.as('type'), sql<ProfileKind>`kind`.as('kind'), 'id', 'revision'])
    .where('revision', '>', since)
    .orderBy('revision').limit(limit);
  return db.selectFrom(db.selectFrom(profiles.as('p')).selectAll().unionAll(db.selectFrom(tombstones.as('t')).selectAll()).as('changes'))
    .select(['type', 'kind', 'id', 'revision'])
    .orderBy('revision').limit(limit)
    .execute();
}

/** REMAINING in Kysely: the changes after `cursor`. */
async function remainingAfterOn(db: Kysely<Database>, cursor: number): Promise<number> {
  const row = await db.selectNoFrom((eb) => [
    eb.selectFrom('profiles').select(eb.fn.countAll<number>().as('n'))
      .where('verification_status', '=', 'verified').where('revision', '>', cursor).as('profiles'),
    eb.selectFrom('tombstones').select(eb.fn.countAll<number>().as('n')).where('revision', '>', cursor).as('tombstones'),
  ]).executeTakeFirstOrThrow();
  return Number(row.profiles) + Number(row.tombstones);
}
