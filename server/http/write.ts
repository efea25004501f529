// Every write runs as one transaction, on SQLite or PostgreSQL (docs/decisions/035). With an
// `Idempotency-Key` (docs/design.md#outbox), the key, a hash of the request and the response are
// stored in that same transaction, so a replay after a lost response gets the stored answer and
// writes nothing; the same key with another request is a 422.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../shared/constants';
import { AppError } from '../errors';
import { requireStaff } from './session';
import { parse, pathId } from './validate';
import { auditOn } from '../db/audit';
import { bulkRejectSchema, type BulkRejectAnswer } from '../../shared/contract/admin';
import { inTransaction, type AfterWrite, type Engine } from '../db/engine/engine';
import type { Database } from '../db/engine/schema';

export interface WriteResult { status: number; body: unknown }

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

/** The key's header, checked: undefined without one; a 400 when it is not a key. */
function idempotencyKey(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new AppError(400, `${IDEMPOTENCY_HEADER} must be 8 to 200 letters, digits or . _ : -`);
  }
  return key;
}

const KEY_REUSED = `This ${IDEMPOTENCY_HEADER} was already used for a different request.`;

function requestHash(req: Request): string {
  return createHash('sha256')
    .update(`${req.method} ${req.path}\n${req.user?.id ?? 'anonymous'}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
}

/** A write of a module moved onto the data layer (decision 035): its work in the write's transaction. */
export type EngineWrite<Body> = (trx: Kysely<Database>, req: Request, body: Body) => Promise<WriteResult>;

/**
 * A write route, for either engine (issue 21, docs/decisions/035): the body read with `body`
 * before the transaction (a bad request is a 400 without holding the write lock), then the write,
 * its idempotency record and `afterWrite` (what every write must leave current: the pending
 * identifiers, db/pending-identifiers.ts pendingIdentifiersAfterWrite) in one transaction
 * (inTransaction). On PostgreSQL several app instances may receive the same key at once: each
 * takes a lock on the key inside its transaction (pg_advisory_xact_lock), so the second waits for
 * the first to commit, then finds its record and replays it; one record, one write. On SQLite the
 * transaction's write lock does the same.
 */
export function engineWriteRoute(engine: Engine, body: null, handle: EngineWrite<undefined>, afterWrite: AfterWrite): RequestHandler;
export function engineWriteRoute<S extends z.ZodType>(engine: Engine, body: S, handle: EngineWrite<z.output<S>>, afterWrite: AfterWrite): RequestHandler;
export function engineWriteRoute<S extends z.ZodType>(
  engine: Engine,
  body: S | null,
  handle: EngineWrite<z.output<S> | undefined>,
  afterWrite: AfterWrite,
): RequestHandler {
  return async (req, res) => {
    const key = idempotencyKey(req);
    const parsed = body ? parse(body, req.body) : undefined;
    const result = await inTransaction(engine, async (trx) => {
      const hashed = key === undefined ? null : requestHash(req);
      if (key !== undefined) {
        if (engine.kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        const stored = await trx.selectFrom('idempotency_keys').select(['request_hash', 'status', 'body']).where('key', '=', key).executeTakeFirst();
        if (stored) {
          if (stored.request_hash !== hashed) throw new AppError(422, KEY_REUSED);
          return { status: stored.status, body: JSON.parse(stored.body) as unknown, replayed: true };
        }
      }
      const written = await handle(trx, req, parsed);
      if (key !== undefined && hashed !== null) {
        await trx.insertInto('idempotency_keys')
          .values({ key, request_hash: hashed, status: written.status, body: JSON.stringify(written.body ?? null), created_at: Date.now() })
          .execute();
      }
      await afterWrite(trx);
      return { ...written, replayed: false };
    });
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status).json(result.body ?? null);
  };
}

/**
 * A staff decision on the item at `:id` (verify, approve, reject, process): staff only, one
 * transaction with its idempotency record like any write, answered 200 with what `decide` returns
 * (run in the write's transaction).
 */
export function engineStaffDecision(
  engine: Engine, decide: (trx: Kysely<Database>, id: number, staffName: string) => Promise<unknown>, afterWrite: AfterWrite,
): RequestHandler {
  return engineWriteRoute(engine, null, async (trx, req) => {
    const staff = requireStaff(req);
    return { status: 200, body: await decide(trx, pathId(req.params.id), staff.username) };
  }, afterWrite);
}

/**
 * A staff rejection of many items of one queue (docs/design.md#moderation): one transaction, each
 * item through the same `reject` as its own button; an item `reject` refuses (already decided,
 * gone: an AppError) is skipped and said so. The reason goes to the audit log with the ids.
 */
export function engineStaffBulkReject(
  engine: Engine, what: string, reject: (trx: Kysely<Database>, id: number, staffName: string) => Promise<unknown>, afterWrite: AfterWrite,
): RequestHandler {
  // the body is read after the staff check: a visitor learns nothing of it
  return engineWriteRoute(engine, null, async (trx, req) => {
    const staff = requireStaff(req);
    const { ids, reason } = parse(bulkRejectSchema, req.body);
    const answer: BulkRejectAnswer = { rejected: [], skipped: [] };
    for (const id of new Set(ids)) {
      try {
        // `reject` refuses before it writes, so a refusal leaves nothing half done
        await reject(trx, id, staff.username);
        answer.rejected.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answer.skipped.push({ id, reason: error.message });
      }
    }
    await auditOn(trx, { actor: staff.username, action: `${what}.bulk_reject`, after: { ids: answer.rejected, reason: reason ?? null } });
    return { status: 200, body: answer };
  }, afterWrite);
}
