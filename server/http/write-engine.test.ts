// engineWriteRoute (write.ts, issue 21, docs/decisions/035): a write, its idempotency record and
// what every write leaves current in one transaction, on both engines; and on PostgreSQL, two app
// instances that receive the same Idempotency-Key at once make one record.
import express from 'express';
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useEngines } from '../../tests/support/engines';
import { IDEMPOTENCY_HEADER } from '../../shared/constants';
import { openEngine, type Engine } from '../db/engine/engine';
import { AppError } from '../errors';
import { errorHandler } from './errors';
import { engineWriteRoute } from './write';

const engines = useEngines();

const noteSchema = z.object({ text: z.string().min(1), fail: z.boolean().optional(), wait: z.boolean().optional() });

/** An app instance over `engine` with one write: a note in the audit log, refused after writing when asked to. */
function instance(engine: Engine) {
  const afterWrites: string[] = [];
  const app = express();
  app.use(express.json());
  app.post('/api/notes/', engineWriteRoute(engine, noteSchema, async (trx, _req, { text, fail, wait }) => {
    const row = await trx.insertInto('audit_log')
      .values({ at: new Date().toISOString(), actor: 'test', action: 'note', target_kind: null, target_id: null, before: null, after: JSON.stringify({ text }) })
      .returning('id').executeTakeFirstOrThrow();
    // (PostgreSQL only: a slow write, so that the same key's second request arrives meanwhile)
    if (wait) await sql`SELECT pg_sleep(0.1)`.execute(trx);
    if (fail) throw new AppError(409, 'This note cannot be written.');
    return { status: 201, body: { id: row.id, text } };
  }, async () => {
    afterWrites.push('done');
  }));
  app.use(errorHandler);
  return { app, afterWrites };
}

const notes = async (engine: Engine) => (await engine.db.selectFrom('audit_log').select('after').where('action', '=', 'note').execute()).map((r) => r.after);
const keys = async (engine: Engine) => Number((await engine.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const onBoth = (test: (engine: Engine) => Promise<void>) => engines.onBoth(test);

describe('engineWriteRoute', () => {
  it('when a write succeeds, fails or is a bad request, then all of it or none of it is stored, with what every write leaves current', async () => {
    await onBoth(async (engine) => {
      const { app, afterWrites } = instance(engine);
      const ok = await request(app).post('/api/notes/').send({ text: 'first' });
      expect([engine.kind, ok.status, ok.body.text]).toEqual([engine.kind, 201, 'first']);
      const refused = await request(app).post('/api/notes/').send({ text: 'second', fail: true });
      expect([refused.status, refused.body]).toEqual([409, { error: 'This note cannot be written.' }]);
      const bad = await request(app).post('/api/notes/').send({ text: '' });
      expect(bad.status).toBe(400);

      expect(await notes(engine)).toEqual([JSON.stringify({ text: 'first' })]);
      expect(afterWrites).toEqual(['done']);
    });
  });

  it('when a key comes again, then the stored answer is replayed and nothing is written; with another request, then 422', async () => {
    await onBoth(async (engine) => {
      const { app } = instance(engine);
      const first = await request(app).post('/api/notes/').set(IDEMPOTENCY_HEADER, 'note-key-0001').send({ text: 'once' });
      const again = await request(app).post('/api/notes/').set(IDEMPOTENCY_HEADER, 'note-key-0001').send({ text: 'once' });
      const other = await request(app).post('/api/notes/').set(IDEMPOTENCY_HEADER, 'note-key-0001').send({ text: 'twice' });
      const badKey = await request(app).post('/api/notes/').set(IDEMPOTENCY_HEADER, 'no').send({ text: 'once' });

      expect([first.status, again.status, again.body, again.headers['idempotent-replayed']]).toEqual([201, 201, first.body, 'true']);
      expect(other.status).toBe(422);
      expect(badKey.status).toBe(400);
      expect(await notes(engine)).toEqual([JSON.stringify({ text: 'once' })]);
      expect(await keys(engine)).toBe(1);
    });
  });

  it('when two instances on one PostgreSQL database receive the same key at once, then one record is made and every answer is its answer', async () => {
    const url = await engines.postgresUrl();
    const instances = [await openEngine(url), await openEngine(url)];
    try {
      const apps = instances.map((engine) => instance(engine).app);
      const sends = Array.from({ length: 6 }, (_, i) =>
        request(apps[i % 2]!).post('/api/notes/').set(IDEMPOTENCY_HEADER, 'shared-key-0001').send({ text: 'at once', wait: true }));
      const answers = await Promise.all(sends);

      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
      expect(await notes(instances[0]!)).toEqual([JSON.stringify({ text: 'at once' })]);
      expect(await keys(instances[1]!)).toBe(1);
    } finally {
      for (const engine of instances) await engine.close();
    }
  });
});
