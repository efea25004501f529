// product.md#calls: GET/POST …/{id}/scams/, POST …/{id}/scams/submit/, and the staff incident calls
// under /api/admin/scams/. On the data layer (issue 21, docs/decisions/035): each write one
// transaction through engineWriteRoute.
import express from 'express';
import { queueQuery, sendQueuePage } from '../../http/queue-page';
import { decodeAvatar } from '../../http/avatar';
import type { AppDeps } from '../../deps';
import { pendingIdentifiersAfterWrite } from '../../db/pending-identifiers';
import { issueReceiptOn } from '../../db/receipts';
import { pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { engineStaffBulkReject, engineStaffDecision, engineWriteRoute } from '../../http/write';
import { fromScamSubmit, fromWizardScam, scamSubmitSchema, wizardScamSchema } from '../../../shared/contract/scam-submit';
import { PROFILE_KINDS, routes } from '../../../shared/contract/routes';
import { incidentForStaff, moderateIncident, pendingIncidents, publicIncidents, rejectPendingIncident, reportIncident } from './service';

export function incidentRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  const afterWrite = pendingIdentifiersAfterWrite(engine);
  for (const kind of PROFILE_KINDS) {
    router.get(routes.incidents.ofProfile[kind].pattern, async (req, res) => {
      res.json(await publicIncidents(engine.db, kind, pathId(req.params.id), Boolean(req.user?.is_staff)));
    });
    // decodeAvatar first: the image is decoded (sharp) before the write's transaction, never inside it
    // the report wizard's snake_case payload
    router.post(routes.incidents.report[kind].pattern, decodeAvatar, engineWriteRoute(engine, wizardScamSchema, async (trx, req, body) => {
      const id = await reportIncident(trx, kind, pathId(req.params.id), fromWizardScam(body), submitterName(req));
      return { status: 201, body: { id, status: 'pending', receipt: await issueReceiptOn(trx, 'incident', id) } };
    }, afterWrite));
    // the Add Scam modal's payload
    router.post(routes.incidents.submit[kind].pattern, decodeAvatar, engineWriteRoute(engine, scamSubmitSchema, async (trx, req, body) => {
      const id = await reportIncident(trx, kind, pathId(req.params.id), fromScamSubmit(body), submitterName(req));
      return { status: 201, body: { id, status: 'pending', receipt: await issueReceiptOn(trx, 'incident', id) } };
    }, afterWrite));
  }

  router.get(routes.incidents.pending.pattern, async (req, res) => {
    requireStaff(req);
    const query = queueQuery(req, 'pendingScams');
    sendQueuePage(req, res, query, await pendingIncidents(engine.db, query));
  });
  router.get(routes.incidents.detail.pattern, async (req, res) => {
    requireStaff(req);
    res.json(await incidentForStaff(engine.db, pathId(req.params.id)));
  });
  router.post(routes.incidents.bulkReject.pattern, engineStaffBulkReject(engine, 'incident', rejectPendingIncident, afterWrite));
  for (const decision of ['approve', 'reject'] as const) {
    router.post(routes.incidents[decision].pattern, engineStaffDecision(engine, (trx, id, staff) => moderateIncident(trx, id, decision, staff), afterWrite));
  }
  return router;
}
