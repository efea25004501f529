// The data layer's twins of the write spine (docs/decisions/035): auditOn and issueReceiptOn do
// what audit and issueReceipt do: on SQLite the same rows as the synchronous functions, and the
// same on PostgreSQL; a receipt reads the same (findReceiptOn, receiptStatusOn) after either.
// pendingRequestOn and rejectRequestOn give the same messages and rows on both engines (their
// synchronous twins, like the receipt reads', are gone with their last caller).
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import { audit, auditOn } from './audit';
import { openDatabase, type Db } from './connection';
import { engineOver, inTransaction, openEngine, type Engine } from './engine/engine';
import type { Database } from './engine/schema';
import { pendingRequestOn, rejectRequestOn } from './pending-requests';
import { findReceiptOn, issueReceipt, issueReceiptOn, receiptStatusOn } from './receipts';

const engines = useEngines();

/** A profile and an edit request on it, written through Kysely on any engine; the request's id. */
async function editRequestOn(db: Kysely<Database>): Promise<number> {
  const profile = await db.insertInto('profiles').values({
    kind: 'developer', name: 'Ada', joined_date: '2026-01-01', reported_person_date: '2026-01-02',
    submitted_at: '2026-01-02T00:00:00.000Z', submission_kind: 'report',
  }).returning('id').executeTakeFirstOrThrow();
  const request = await db.insertInto('edit_requests').values({
    profile_id: profile.id, scam_id: null, full_name: 'Ada', case_id: 'BUSTR-2026-0001', target_type: 'developer',
    proposed_changes: '{}', submitted_at: '2026-01-03T00:00:00.000Z',
  }).returning('id').executeTakeFirstOrThrow();
  return request.id;
}

/** What a story of one edit request leaves, without the moments and tokens that differ run to run. */
interface Story { refusedMissing: string; before: string; rejected: unknown; refusedAgain: string; after: string; audit: unknown[]; reference: string }

const message = (run: () => unknown) => Promise.resolve().then(run).then(() => 'accepted', (error: Error) => error.message);

/** The story with the synchronous functions that remain, on an app's SQLite connection (the requests' twins over it). */
async function storySync(db: Db, engine: Engine): Promise<Story> {
  const id = await editRequestOn(engine.db);
  const { token, reference } = db.transaction(() => issueReceipt(db, 'edit_request', id))();
  const row = (await findReceiptOn(engine.db, token))!;
  const refusedMissing = await message(() => inTransaction(engine, (trx) => pendingRequestOn(trx, 'edit', id + 100)));
  const before = (await receiptStatusOn(engine.db, row)).status;
  const rejected = await inTransaction(engine, (trx) => rejectRequestOn(trx, 'edit', id, 'staff'));
  audit(db, { actor: 'staff', action: 'note' });
  const refusedAgain = await message(() => inTransaction(engine, (trx) => pendingRequestOn(trx, 'edit', id)));
  return { refusedMissing, before, rejected, refusedAgain, after: (await receiptStatusOn(engine.db, row)).status, audit: await auditRows(engine), reference };
}

/** The same story with the twins, on any engine. */
async function storyOn(engine: Engine): Promise<Story> {
  const id = await editRequestOn(engine.db);
  const { token, reference } = await inTransaction(engine, (trx) => issueReceiptOn(trx, 'edit_request', id));
  const row = (await findReceiptOn(engine.db, token))!;
  const refusedMissing = await message(() => inTransaction(engine, (trx) => pendingRequestOn(trx, 'edit', id + 100)));
  const before = (await receiptStatusOn(engine.db, row)).status;
  const rejected = await inTransaction(engine, (trx) => rejectRequestOn(trx, 'edit', id, 'staff'));
  await auditOn(engine.db, { actor: 'staff', action: 'note' });
  const refusedAgain = await message(() => inTransaction(engine, (trx) => pendingRequestOn(trx, 'edit', id)));
  return { refusedMissing, before, rejected, refusedAgain, after: (await receiptStatusOn(engine.db, row)).status, audit: await auditRows(engine), reference };
}

const auditRows = (engine: Engine) => engine.db.selectFrom('audit_log')
  .select(['actor', 'action', 'target_kind', 'target_id', 'before', 'after']).orderBy('id').execute();

describe('the write spine on the data layer', () => {
  it('when a receipt is issued, its request rejected and an entry audited, then the twins do what the synchronous functions do, on both engines', async () => {
    const files = [openDatabase(engines.sqlitePath()), openDatabase(engines.sqlitePath())];
    const opened = [engineOver(files[0]!), engineOver(files[1]!), await openEngine(await engines.postgresUrl())];
    try {
      const stories = [await storySync(files[0]!, opened[0]!), await storyOn(opened[1]!), await storyOn(opened[2]!)];

      expect(stories[0]).toMatchObject({
        refusedMissing: 'That edit request was not found.', before: 'in_review', after: 'not_accepted',
        refusedAgain: 'This edit request was already rejected; only a pending request can be moderated.',
        reference: 'EDIT-0001',
      });
      expect(stories[0]!.audit).toHaveLength(2);
      expect(stories[1]).toEqual(stories[0]);
      expect(stories[2]).toEqual(stories[0]);
      expect(await opened[2]!.db.selectFrom('receipts').select(['reference', 'kind', 'target_id']).execute())
        .toEqual(await opened[0]!.db.selectFrom('receipts').select(['reference', 'kind', 'target_id']).execute());
    } finally {
      for (const engine of opened) await engine.close();
      for (const file of files) file.close();
    }
  });
});
