// The five staff queues as SQL (decision 028): what each reads from, what "awaiting review" is, the
// moment it is ordered and narrowed by, and the condition of each of its kinds. The queues' pages
// and the count chips (GET /api/admin/queue-counts/) both read these, so a chip's count is the
// number of items its filter lists. Each condition is valid SQL on SQLite and PostgreSQL alike
// (comparisons, never a bare 1 or 0), read through queueWhereOn on the data layer
// (docs/decisions/035).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/engine/schema';
import { QUEUE_KINDS, type QueueCounts, type QueueFilter, type QueueKind, type QueueName } from '../../shared/contract/admin';

interface QueueSql {
  /** FROM …, with the aliases the conditions use */
  from: string;
  pending: string;
  /** the submission moment: ordered by (at, id), narrowed by since/until */
  at: string;
  /** the item's id, the order's second key */
  id: string;
  kinds: Record<string, string>;
}

const PROFILE_AWAITING = "p.verification_status IN ('unverified', 'pending')";
// the same words as the panel's kind labels (client/features/admin/kind-label.ts)
const isNewScammer = "upper(trim(p.submission_kind)) = 'NEW_DEVELOPER'";
const edit = (word: string) => `lower(trim(e.target_type)) = '${word}'`;
const removal = (...words: string[]) => `lower(trim(r.target_type)) IN (${words.map((w) => `'${w}'`).join(', ')})`;

export const STAFF_QUEUES: Record<QueueName, QueueSql> = {
  developers: {
    from: 'profiles p', pending: `p.kind = 'developer' AND ${PROFILE_AWAITING}`, at: 'p.submitted_at', id: 'p.id',
    kinds: { 'new-scammer': isNewScammer, 'new-case': `NOT (${isNewScammer})` },
  },
  projects: {
    from: 'profiles p', pending: `p.kind = 'project' AND ${PROFILE_AWAITING}`, at: 'p.submitted_at', id: 'p.id',
    kinds: { 'new-project': '1 = 1' },
  },
  pendingScams: {
    from: 'incidents i JOIN profiles p ON p.id = i.profile_id', pending: "i.verification_status = 'pending'", at: 'i.reported', id: 'i.id',
    kinds: { 'new-scammer-scam': "p.kind = 'developer'", 'new-project-scam': "p.kind = 'project'" },
  },
  editRequests: {
    from: 'edit_requests e', pending: "e.verification_status = 'pending'", at: 'e.submitted_at', id: 'e.id',
    kinds: { 'edit-scammer': edit('developer'), 'edit-scam': edit('scam'), 'edit-scammer-scam': edit('both') },
  },
  removalRequests: {
    from: 'removal_requests r', pending: "r.verification_status = 'pending'", at: 'r.submitted_at', id: 'r.id',
    kinds: { 'remove-scammer': removal('developer', 'scammer'), 'remove-project': removal('project'), 'remove-scam': removal('scam') },
  },
};

/** The condition of a kind the queue does not have: nothing is of it. */
const NO_ITEM = '1 = 0';

/**
 * The WHERE of a queue narrowed by a filter, on either engine: a Kysely `sql` fragment with since
 * and until bound as parameters. A kind of another queue never gets here: the route's schema
 * refuses it.
 */
export function queueWhereOn(name: QueueName, filter: QueueFilter): RawBuilder<SqlBool> {
  const queue = STAFF_QUEUES[name];
  const parts = [sql.raw(queue.pending)];
  if (filter.kind) parts.push(sql.raw(`(${queue.kinds[filter.kind] ?? NO_ITEM})`));
  if (filter.since) parts.push(sql`${sql.raw(queue.at)} >= ${filter.since}`);
  if (filter.until) parts.push(sql`${sql.raw(queue.at)} < ${filter.until}`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/**
 * Where a queue's page starts: past the item `after` in (at, id) order, the order every queue
 * page reads in (queueAtOrder, queueIdOrder). An id not in the table (0, or an item since deleted) starts at the
 * beginning. Paging by the last item seen, not by an offset, so an item reviewed meanwhile does
 * not make the next page skip one.
 */
export async function queueAfterOn(db: Kysely<Database>, name: QueueName, after: number): Promise<RawBuilder<SqlBool>> {
  const queue = STAFF_QUEUES[name];
  const { rows } = await sql<{ at: string; id: number }>`SELECT ${sql.raw(queue.at)} AS at, ${sql.raw(queue.id)} AS id
    FROM ${sql.raw(queue.from)} WHERE ${sql.raw(queue.id)} = ${after}`.execute(db);
  const from = rows[0] ?? { at: '', id: 0 };
  return sql<SqlBool>`(${sql.raw(queue.at)}, ${sql.raw(queue.id)}) > (${from.at}, ${from.id})`;
}

/** The order of a queue's pages, oldest first: by its moment, then (queueIdOrder) by id. */
export const queueAtOrder = (name: QueueName) => sql.raw(STAFF_QUEUES[name].at);
export const queueIdOrder = (name: QueueName) => sql.raw(STAFF_QUEUES[name].id);

/** How many items of the queue the filter lists, on either engine. */
export async function countQueueOn(db: Kysely<Database>, name: QueueName, filter: QueueFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.raw(STAFF_QUEUES[name].from)} WHERE ${queueWhereOn(name, filter)}`
    .execute(db);
  return rows[0]!.n;
}

/**
 * The count chips, for either engine: every kind's count in the date range, one query per queue.
 * A kind counts as SUM(CASE WHEN … THEN 1 ELSE 0 END): SUM of a bare condition is SQLite's only
 * (a boolean is no number on PostgreSQL).
 */
export async function queueCountsOn(db: Kysely<Database>, dates: Pick<QueueFilter, 'since' | 'until'>): Promise<QueueCounts> {
  const kinds = {} as Record<QueueKind, number>;
  let total = 0;
  for (const name of Object.keys(QUEUE_KINDS) as QueueName[]) {
    const queue = STAFF_QUEUES[name];
    const own = QUEUE_KINDS[name] as readonly QueueKind[];
    // (COALESCE: SUM over no rows is NULL on both)
    const perKind = own.map((kind, i) => sql`COALESCE(SUM(CASE WHEN ${sql.raw(queue.kinds[kind] ?? NO_ITEM)} THEN 1 ELSE 0 END), 0) AS ${sql.id(`k${i}`)}`);
    const { rows } = await sql<Record<string, number>>`SELECT COUNT(*) AS n, ${sql.join(perKind)}
      FROM ${sql.raw(queue.from)} WHERE ${queueWhereOn(name, { since: dates.since, until: dates.until })}`.execute(db);
    const row = rows[0]!;
    own.forEach((kind, i) => { kinds[kind] = row[`k${i}`] ?? 0; });
    total += row.n ?? 0;
  }
  return { total, kinds };
}
