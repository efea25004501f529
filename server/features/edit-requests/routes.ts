// product.md#calls: POST /api/{developers|projects}/{id}/edit-request/ (anyone), and the staff queue
// GET /api/admin/developer-edit-requests/ with its /approve/ and /reject/ (no body).
import express from 'express';
import { queueQuery, sendQueuePage } from '../../http/queue-page';
import type { AppDeps } from '../../deps';
import { issueReceipt } from '../../db/receipts';
import { pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { staffBulkReject, staffDecision, writeRoute } from '../../http/write';
import { editRequestSubmitSchema } from '../../../shared/contract/edit-request';
import { PROFILE_KINDS, routes } from '../../../shared/contract/routes';
import { approveEditRequest, listPendingEditRequests, rejectEditRequest, submitEditRequest } from './service';

export function editRequestRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();

  for (const kind of PROFILE_KINDS) {
    router.post(routes.editRequests.submit[kind].pattern, writeRoute(db, editRequestSubmitSchema, (req, input) => {
      const profileId = pathId(req.params.id);
      const created = submitEditRequest(db, { kind, profileId, input, submittedBy: submitterName(req) });
      return { status: 201, body: { ...created, receipt: issueReceipt(db, 'edit_request', created.id) } };
    }));
  }

  // contact details are for staff only
  router.get(routes.editRequests.pending.pattern, (req, res) => {
    requireStaff(req);
    const query = queueQuery(req, 'editRequests');
    sendQueuePage(req, res, query, listPendingEditRequests(db, query));
  });

  router.post(routes.editRequests.approve.pattern, staffDecision(db, (id, staff) => approveEditRequest(db, id, staff)));
  router.post(routes.editRequests.bulkReject.pattern, staffBulkReject(db, 'edit_request', (id, staff) => rejectEditRequest(db, id, staff)));
  router.post(routes.editRequests.reject.pattern, staffDecision(db, (id, staff) => rejectEditRequest(db, id, staff)));

  return router;
}
