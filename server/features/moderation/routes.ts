// GET /api/admin/queue-counts/ (issue 18, decision 028): the admin panel's count chips, one count
// per kind of submission awaiting review in the date range the panel lists.
import express from 'express';
import type { AppDeps } from '../../deps';
import { requireStaff } from '../../http/session';
import { parse } from '../../http/validate';
import { queueCountsOn } from '../../read-model/staff-queues';
import { routes } from '../../../shared/contract/routes';

export function moderationRoutes(deps: AppDeps): express.Router {
  const engine = deps.engine;
  const router = express.Router();
  const counts = routes.moderation.counts;
  router.get(counts.pattern, async (req, res) => {
    requireStaff(req);
    res.json(await queueCountsOn(engine.db, parse(counts.query, req.query)));
  });
  return router;
}
