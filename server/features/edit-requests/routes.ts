// product.md#calls: POST /api/{developers|projects}/{id}/edit-request/ (anyone), and the staff queue
// GET /api/admin/developer-edit-requests/ with its /approve/ and /reject/ (no body). On the data
// layer (issue 21, docs/decisions/035): each write one transaction through engineWriteRoute.
import express from 'express';
import { queueQuery, sendQueuePage } from '../../http/queue-page';
import type { AppDeps } from '../../deps';
import { pendingIdentifiersAfterWrite } from '../../db/pending-identifiers';
import { issueReceiptOn } from '../../db/receipts';
import { pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { engineStaffBulkReject, engineStaffDecision, engineWriteRoute } from '../../http/write';
import { editRequestSubmitSchema } from '../../../shared/contract/edit-request';
import { PROFILE_KINDS, routes } from '../../../shared/contract/routes';
import { approveEditRequest, listPendingEditRequests, rejectEditRequest, submitEditRequest } from './service';

export function editRequestRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  const afterWrite = pendingIdentifiersAfterWrite(engine);

  for (const kind of PROFILE_KINDS) {
    router.post(routes.editRequests.submit[kind].pattern, engineWriteRoute(engine, editRequestSubmitSchema, async (trx, req, input) => {
      const profileId = pathId(req.params.id);
      const created = await submitEditRequest(trx, { kind, profileId, input, submittedBy: submitterName(req) });
      return { status: 201, body: { ...created, receipt: await issueReceiptOn(trx, 'edit_request', created.id) } };
    }, afterWrite));
  }

  // contact details are for staff only
  router.get(routes.editRequests.pending.pattern, async (req, res) => {
    requireStaff(req);
    const query = queueQuery(req, 'editRequests');
    sendQueuePage(req, res, query, await listPendingEditRequests(engine.db, query));
  });

  router.post(routes.editRequests.approve.pattern, engineStaffDecision(engine, approveEditRequest, afterWrite));
  router.post(routes.editRequests.bulkReject.pattern, engineStaffBulkReject(engine, 'edit_request', rejectEditRequest, afterWrite));
  router.post(routes.editRequests.reject.pattern, engineStaffDecision(engine, rejectEditRequest, afterWrite));

  return router;
}
