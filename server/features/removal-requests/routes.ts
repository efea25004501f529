// product.md#calls: POST /api/removal-requests/ (anyone), the staff queue GET /api/removal-requests/ and
// POST /api/removal-requests/{id}/process/ and /reject/ (no body). On the data layer (issue 21,
// docs/decisions/035): each write one transaction through engineWriteRoute.
import express from 'express';
import { queueQuery, sendQueuePage } from '../../http/queue-page';
import type { AppDeps } from '../../deps';
import { pendingIdentifiersAfterWrite } from '../../db/pending-identifiers';
import { issueReceiptOn } from '../../db/receipts';
import { requireStaff, submitterName } from '../../http/session';
import { engineStaffBulkReject, engineStaffDecision, engineWriteRoute } from '../../http/write';
import { removalRequestSubmitSchema } from '../../../shared/contract/removal-request';
import { routes } from '../../../shared/contract/routes';
import {
  listPendingRemovalRequests, processRemovalRequest, rejectRemovalRequest, submitRemovalRequest,
} from './service';

export function removalRequestRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  const afterWrite = pendingIdentifiersAfterWrite(engine);

  router.post(routes.removalRequests.submit.pattern, engineWriteRoute(engine, removalRequestSubmitSchema, async (trx, req, input) => {
    const created = await submitRemovalRequest(trx, input, submitterName(req));
    return { status: 201, body: { ...created, receipt: await issueReceiptOn(trx, 'removal_request', created.id) } };
  }, afterWrite));

  // contact details are for staff only
  router.get(routes.removalRequests.pending.pattern, async (req, res) => {
    requireStaff(req);
    const query = queueQuery(req, 'removalRequests');
    sendQueuePage(req, res, query, await listPendingRemovalRequests(engine.db, query));
  });

  router.post(routes.removalRequests.process.pattern, engineStaffDecision(engine, processRemovalRequest, afterWrite));
  router.post(routes.removalRequests.bulkReject.pattern, engineStaffBulkReject(engine, 'removal_request', rejectRemovalRequest, afterWrite));
  router.post(routes.removalRequests.reject.pattern, engineStaffDecision(engine, rejectRemovalRequest, afterWrite));

  return router;
}
