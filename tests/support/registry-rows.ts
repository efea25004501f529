// A small registry written straight through the data layer, for the moderation features' tests on
// both engines (tests/support/engines.ts): two public profiles with public incidents, their
// identifiers stored as the registry shows them, and a profile not yet reviewed.
import type { Kysely } from 'kysely';
import { inTransaction, type Engine } from '../../server/db/engine/engine';
import type { Database } from '../../server/db/engine/schema';
import { nextRevisionOn, touchProfileOn } from '../../server/db/revision';
import type { ProfileKind } from '../../shared/contract/common';

/** When every row of it was reported. */
export const AT = '2025-01-01T00:00:00.000Z';

export async function insertProfile(db: Kysely<Database>, kind: ProfileKind, name: string, email: string, status: 'verified' | 'unverified'): Promise<number> {
  const revision = await nextRevisionOn(db);
  return (await db.insertInto('profiles').values({
    kind, name, email: JSON.stringify([email]), verification_status: status, joined_date: AT, reported_person_date: AT,
    submitted_at: AT, submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT', revision,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertIncident(
  db: Kysely<Database>, profileId: number, description: string, email: string, status: 'approved' | 'pending' = 'approved',
): Promise<number> {
  return (await db.insertInto('incidents').values({
    profile_id: profileId, description, reported: AT, amount: 500, emails: JSON.stringify([email]), verification_status: status,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

export interface SmallRegistry { developer: number; incidentA: number; incidentB: number; project: number; projectIncident: number; hidden: number }

/** Alice Example (two incidents) and Moon Token (one), public; Hidden Person, not yet reviewed; `more` adds rows in the same transaction. */
export function smallRegistry<T extends object = object>(
  engine: Engine, more: (trx: Kysely<Database>, rows: SmallRegistry) => Promise<T> = async () => ({}) as T,
): Promise<SmallRegistry & T> {
  return inTransaction(engine, async (trx) => {
    const developer = await insertProfile(trx, 'developer', 'Alice Example', 'alice@example.com', 'verified');
    const project = await insertProfile(trx, 'project', 'Moon Token', 'moon@example.com', 'verified');
    const rows: SmallRegistry = {
      developer,
      incidentA: await insertIncident(trx, developer, 'Rug pull on launch day', 'rug@example.com'),
      incidentB: await insertIncident(trx, developer, 'Fake raise', 'raise@example.com'),
      project,
      projectIncident: await insertIncident(trx, project, 'Exit scam', 'exit@example.com'),
      hidden: await insertProfile(trx, 'developer', 'Hidden Person', 'hidden@example.com', 'unverified'),
    };
    const added = await more(trx, rows);
    for (const id of [developer, project]) await touchProfileOn(trx, id);
    return { ...rows, ...added };
  });
}
