// GET /api/sync/?since=<rev>&limit=<n> (DESIGN.md "Replica sync"); public, like the registry.
import express from 'express';
import type { AppDeps } from '../../deps';
import { parse } from '../../http/validate';
import { syncQuerySchema } from '../../../shared/contract/sync';
import { syncPage } from './service';

export function syncRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  router.get('/api/sync/', (req, res) => {
    const { since, limit } = parse(syncQuerySchema, req.query);
    res.json(syncPage(db, since, limit));
  });
  return router;
}
