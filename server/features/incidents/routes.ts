// product.md#calls: GET/POST …/{id}/scams/, POST …/{id}/scams/submit/, and the staff incident calls
// under /api/admin/scams/.
import express from 'express';
import { AppError } from '../../errors';
import { queueQuery, sendQueuePage } from '../../http/queue-page';
import { decodeAvatar } from '../../http/avatar';
import type { AppDeps } from '../../deps';
import { issueReceipt } from '../../db/receipts';
import { pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { staffBulkReject, staffDecision, writeRoute } from '../../http/write';
import { fromScamSubmit, fromWizardScam, scamSubmitSchema, wizardScamSchema } from '../../../shared/contract/scam-submit';
import { PROFILE_KINDS, routes } from '../../../shared/contract/routes';
import { incidentForStaff, moderateIncident, pendingIncidents, publicIncidents, reportIncident } from './service';

export function incidentRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  for (const kind of PROFILE_KINDS) {
    router.get(routes.incidents.ofProfile[kind].pattern, (req, res) => {
      res.json(publicIncidents(db, kind, pathId(req.params.id), Boolean(req.user?.is_staff)));
    });
    // the report wizard's snake_case payload
    router.post(routes.incidents.report[kind].pattern, decodeAvatar, writeRoute(db, wizardScamSchema, (req, body) => {
      const profileId = pathId(req.params.id);
      const input = fromWizardScam(body);
      const id = reportIncident(db, kind, profileId, input, submitterName(req));
      return { status: 201, body: { id, status: 'pending', receipt: issueReceipt(db, 'incident', id) } };
    }));
    // the Add Scam modal's payload
    router.post(routes.incidents.submit[kind].pattern, decodeAvatar, writeRoute(db, scamSubmitSchema, (req, body) => {
      const profileId = pathId(req.params.id);
      const input = fromScamSubmit(body);
      const id = reportIncident(db, kind, profileId, input, submitterName(req));
      return { status: 201, body: { id, status: 'pending', receipt: issueReceipt(db, 'incident', id) } };
    }));
  }

  router.get(routes.incidents.pending.pattern, (req, res) => {
    requireStaff(req);
    const query = queueQuery(req, 'pendingScams');
    sendQueuePage(req, res, query, pendingIncidents(db, query));
  });
  router.get(routes.incidents.detail.pattern, (req, res) => {
    requireStaff(req);
    res.json(incidentForStaff(db, pathId(req.params.id)));
  });
  // only incidents still awaiting review: a bulk rejection never unpublishes one
  router.post(routes.incidents.bulkReject.pattern, staffBulkReject(db, 'incident', (id, staff) => {
    if (incidentForStaff(db, id).verification_status !== 'pending') throw new AppError(409, 'Already decided.');
    return moderateIncident(db, id, 'reject', staff);
  }));
  for (const decision of ['approve', 'reject'] as const) {
    router.post(routes.incidents[decision].pattern, staffDecision(db, (id, staff) => moderateIncident(db, id, decision, staff)));
  }
  return router;
}
