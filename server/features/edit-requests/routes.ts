// spec §7: POST /api/{developers|projects}/{id}/edit-request/ (anyone), and the staff queue
// GET /api/admin/developer-edit-requests/ with its /approve/ and /reject/ (no body).
import express from 'express';
import type { AppDeps } from '../../deps';
import { parse, pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { writeRoute } from '../../http/write';
import { editRequestSubmitSchema } from '../../../shared/contract/edit-request';
import type { ProfileKind } from '../../../shared/contract/common';
import { approveEditRequest, listPendingEditRequests, rejectEditRequest, submitEditRequest } from './service';

const SUBMIT_PATHS: ReadonlyArray<readonly [string, ProfileKind]> = [
  ['/api/developers/:id/edit-request/', 'developer'],
  ['/api/projects/:id/edit-request/', 'project'],
];

const ADMIN_BASE = '/api/admin/developer-edit-requests';

export function editRequestRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();

  for (const [path, kind] of SUBMIT_PATHS) {
    router.post(path, writeRoute(db, (req) => {
      const profileId = pathId(req.params.id);
      const input = parse(editRequestSubmitSchema, req.body);
      return { status: 201, body: submitEditRequest(db, { kind, profileId, input, submittedBy: submitterName(req) }) };
    }));
  }

  // contact details are for staff only
  router.get(`${ADMIN_BASE}/`, (req, res) => {
    requireStaff(req);
    res.json(listPendingEditRequests(db));
  });

  router.post(`${ADMIN_BASE}/:id/approve/`, writeRoute(db, (req) => {
    const staff = requireStaff(req);
    return { status: 200, body: approveEditRequest(db, pathId(req.params.id), staff.username) };
  }));

  router.post(`${ADMIN_BASE}/:id/reject/`, writeRoute(db, (req) => {
    const staff = requireStaff(req);
    return { status: 200, body: rejectEditRequest(db, pathId(req.params.id), staff.username) };
  }));

  return router;
}
