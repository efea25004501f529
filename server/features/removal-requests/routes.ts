// product.md#calls: POST /api/removal-requests/ (anyone), the staff queue GET /api/removal-requests/ and
// POST /api/removal-requests/{id}/process/ and /reject/ (no body).
import express from 'express';
import { queueQuery, sendQueuePage } from '../../http/queue-page';
import type { AppDeps } from '../../deps';
import { issueReceipt } from '../../db/receipts';
import { requireStaff, submitterName } from '../../http/session';
import { staffBulkReject, staffDecision, writeRoute } from '../../http/write';
import { removalRequestSubmitSchema } from '../../../shared/contract/removal-request';
import { routes } from '../../../shared/contract/routes';
import {
  listPendingRemovalRequests, processRemovalRequest, rejectRemovalRequest, submitRemovalRequest,
} from './service';

export function removalRequestRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();

  router.post(routes.removalRequests.submit.pattern, writeRoute(db, removalRequestSubmitSchema, (req, input) => {
    const created = submitRemovalRequest(db, input, submitterName(req));
    return { status: 201, body: { ...created, receipt: issueReceipt(db, 'removal_request', created.id) } };
  }));

  // contact details are for staff only
  router.get(routes.removalRequests.pending.pattern, (req, res) => {
    requireStaff(req);
    const query = queueQuery(req, 'removalRequests');
    sendQueuePage(req, res, query, listPendingRemovalRequests(db, query));
  });

  router.post(routes.removalRequests.process.pattern, staffDecision(db, (id, staff) => processRemovalRequest(db, id, staff)));
  router.post(routes.removalRequests.bulkReject.pattern, staffBulkReject(db, 'removal_request', (id, staff) => rejectRemovalRequest(db, id, staff)));
  router.post(routes.removalRequests.reject.pattern, staffDecision(db, (id, staff) => rejectRemovalRequest(db, id, staff)));

  return router;
}
