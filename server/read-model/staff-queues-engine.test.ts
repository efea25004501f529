// The count chips on the data layer (issue 21, docs/decisions/035): queueCountsOn on SQLite and
// PostgreSQL alike, for a fixture with items of every queue and kind inside, on the edges of and
// outside a date range, and items no longer awaiting review. Each chip must be the number of items
// its filter lists (countQueueOn).
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { ALL_QUEUE_KINDS, QUEUE_KINDS, queueOfKind, type QueueCounts, type QueueFilter, type QueueName } from '../../shared/contract/admin';
import { inTransaction, type Engine } from '../db/engine/engine';
import type { Database } from '../db/engine/schema';
import { countQueueOn, queueCountsOn } from './staff-queues';

const engines = useEngines();

const SINCE = '2025-02-01T00:00:00.000Z';
const UNTIL = '2025-03-01T00:00:00.000Z';
const BEFORE = '2025-01-15T00:00:00.000Z';
const INSIDE = '2025-02-10T00:00:00.000Z';

type ProfileStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

async function profile(db: Kysely<Database>, kind: 'developer' | 'project', submissionKind: string, status: ProfileStatus, at: string): Promise<number> {
  return (await db.insertInto('profiles').values({
    kind, name: `${kind} ${submissionKind} ${status} ${at}`, verification_status: status, joined_date: at, reported_person_date: at,
    submitted_at: at, submission_kind: submissionKind,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function incident(db: Kysely<Database>, profileId: number, status: 'pending' | 'approved', at: string): Promise<void> {
  await db.insertInto('incidents').values({ profile_id: profileId, description: 'A scam', reported: at, verification_status: status }).execute();
}

async function editRequest(db: Kysely<Database>, profileId: number, targetType: string, status: 'pending' | 'approved', at: string): Promise<void> {
  await db.insertInto('edit_requests').values({
    profile_id: profileId, full_name: 'Eve', case_id: 'BUSTR-2025-0001', target_type: targetType, proposed_changes: '{}',
    verification_status: status, submitted_at: at,
  }).execute();
}

async function removalRequest(db: Kysely<Database>, targetType: 'developer' | 'project' | 'scam', status: 'pending' | 'processed' | 'rejected', at: string): Promise<void> {
  await db.insertInto('removal_requests').values({
    target_type: targetType, case_id: 'BUSTR-2025-0002', full_name: 'Rob', contact_information: 'rob@example.com',
    explanation: 'Not me.', verification_status: status, submitted_at: at,
  }).execute();
}

/** Every queue and kind: inside the range, on its edges (since counts, until does not), before it, and decided. */
function fixture(engine: Engine): Promise<void> {
  return inTransaction(engine, async (trx) => {
    const d1 = await profile(trx, 'developer', 'NEW_DEVELOPER', 'pending', INSIDE);
    await profile(trx, 'developer', ' new_developer ', 'unverified', SINCE); // the kind's words as the panel reads them
    await profile(trx, 'developer', 'NEW_CASE', 'unverified', INSIDE);
    const verified = await profile(trx, 'developer', 'NEW_DEVELOPER', 'verified', INSIDE);
    await profile(trx, 'developer', 'NEW_CASE', 'pending', BEFORE);
    await profile(trx, 'developer', 'NEW_DEVELOPER', 'unverified', UNTIL);
    await profile(trx, 'project', 'NEW_PROJECT', 'unverified', INSIDE);
    await profile(trx, 'project', 'NEW_PROJECT', 'rejected', INSIDE);
    await profile(trx, 'project', 'NEW_PROJECT', 'pending', UNTIL);
    const project = await profile(trx, 'project', 'NEW_PROJECT', 'verified', INSIDE);

    await incident(trx, verified, 'pending', INSIDE);
    await incident(trx, d1, 'pending', SINCE);
    await incident(trx, project, 'pending', INSIDE);
    await incident(trx, project, 'approved', INSIDE);
    await incident(trx, verified, 'pending', BEFORE);

    await editRequest(trx, verified, 'developer', 'pending', INSIDE);
    await editRequest(trx, verified, ' Scam ', 'pending', INSIDE);
    await editRequest(trx, verified, 'BOTH', 'pending', INSIDE);
    await editRequest(trx, verified, 'both', 'approved', INSIDE);
    await editRequest(trx, verified, 'developer', 'pending', BEFORE);
    await editRequest(trx, verified, 'other', 'pending', INSIDE); // awaiting review, of no kind: in the total only

    await removalRequest(trx, 'developer', 'pending', INSIDE);
    await removalRequest(trx, 'project', 'pending', INSIDE);
    await removalRequest(trx, 'scam', 'pending', INSIDE);
    await removalRequest(trx, 'scam', 'pending', SINCE);
    await removalRequest(trx, 'scam', 'rejected', INSIDE);
    await removalRequest(trx, 'developer', 'processed', INSIDE);
    await removalRequest(trx, 'project', 'pending', UNTIL);
  });
}

const IN_RANGE: QueueCounts = {
  total: 15,
  kinds: {
    'new-scammer': 2, 'new-case': 1, 'new-project': 1, 'new-scammer-scam': 2, 'new-project-scam': 1,
    'edit-scammer': 1, 'edit-scam': 1, 'edit-scammer-scam': 1, 'remove-scammer': 1, 'remove-project': 1, 'remove-scam': 2,
  },
};
const ALL_DATES: QueueCounts = {
  total: 21,
  kinds: {
    'new-scammer': 3, 'new-case': 2, 'new-project': 2, 'new-scammer-scam': 3, 'new-project-scam': 1,
    'edit-scammer': 2, 'edit-scam': 1, 'edit-scammer-scam': 1, 'remove-scammer': 1, 'remove-project': 2, 'remove-scam': 2,
  },
};

type Dates = Pick<QueueFilter, 'since' | 'until'>;
const RANGES: Dates[] = [{}, { since: SINCE, until: UNTIL }, { since: SINCE }, { until: UNTIL }];

/** The chips as the queues' own filters count them: each kind listed on its own, and every queue's items. */
async function countedByFilters(engine: Engine, dates: Dates): Promise<QueueCounts> {
  const kinds = Object.fromEntries(await Promise.all(ALL_QUEUE_KINDS.map(async (kind) =>
    [kind, await countQueueOn(engine.db, queueOfKind(kind), { ...dates, kind })] as const))) as QueueCounts['kinds'];
  let total = 0;
  for (const name of Object.keys(QUEUE_KINDS) as QueueName[]) total += await countQueueOn(engine.db, name, dates);
  return { total, kinds };
}

describe('queueCountsOn', () => {
  it('when items of every queue and kind await review, then each chip counts those submitted in the range, the same on both engines', async () => {
    const [sqlite, postgres] = await engines.onBoth(async (engine) => {
      await fixture(engine);
      const chips = [];
      for (const dates of RANGES) {
        const counts = await queueCountsOn(engine.db, dates);
        expect(counts).toEqual(await countedByFilters(engine, dates));
        chips.push(counts);
      }
      return chips;
    });
    expect(sqlite[0]).toEqual(ALL_DATES);
    expect(sqlite[1]).toEqual(IN_RANGE);
    expect(postgres).toEqual(sqlite);
  });

  it('when nothing awaits review, then every chip is 0', async () => {
    const [sqlite, postgres] = await engines.onBoth((engine) => queueCountsOn(engine.db, { since: SINCE }));
    expect(sqlite).toEqual({ total: 0, kinds: Object.fromEntries(ALL_QUEUE_KINDS.map((kind) => [kind, 0])) });
    expect(postgres).toEqual(sqlite);
  });
});
