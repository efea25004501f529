// GET /api/receipts/:token/ (issue 20): what became of a submission, for whoever holds its token.
// An unknown token and a malformed one answer the same 404, so a guess learns nothing; the answer
// holds the status and its times, never the submission's contents (README.md "Receipts").
import express from 'express';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { findReceiptOn, receiptStatusOn } from '../../db/receipts';
import { routes } from '../../../shared/contract/routes';
import { RECEIPT_TOKEN, type Receipt } from '../../../shared/contract/receipt';

export function receiptRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  router.get(routes.receipts.read.pattern, async (req, res) => {
    const token = String(req.params.token);
    const row = RECEIPT_TOKEN.test(token) ? await findReceiptOn(engine.db, token) : undefined;
    if (!row) throw notFound('That receipt');
    const { status, changedAt } = await receiptStatusOn(engine.db, row);
    const answer: Receipt = { reference: row.reference, kind: row.kind, status, submitted_at: row.submitted_at, changed_at: changedAt };
    res.json(answer);
  });
  return router;
}
