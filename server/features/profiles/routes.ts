// product.md#calls: GET/POST /api/developers/ and /api/projects/, detail, verify and reject.
// On the data layer (issue 21, docs/decisions/035): each write one transaction through
// engineWriteRoute; the public list pages are answered from the engine's snapshot and answer cache.
import express from 'express';
import type { AppDeps } from '../../deps';
import { pendingIdentifiersAfterWrite } from '../../db/pending-identifiers';
import { issueReceiptOn } from '../../db/receipts';
import { parse, pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { engineStaffBulkReject, engineStaffDecision, engineWriteRoute } from '../../http/write';
import { profileCreateSchema, profileListQuerySchema } from '../../../shared/contract/profile';
import { PROFILE_KINDS, routes } from '../../../shared/contract/routes';
import { sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { awaitingReview, createProfile, moderateProfile, profileDetail, publicListJson, rejectAwaitingProfile } from './service';

export function profileRoutes(deps: AppDeps): express.Router {
  const router = express.Router();
  const engine = deps.engine;
  const afterWrite = pendingIdentifiersAfterWrite(engine);
  for (const kind of PROFILE_KINDS) {
    router.get(routes.profiles.list[kind].pattern, async (req, res) => {
      const query = parse(profileListQuerySchema, req.query);
      const page = { page: query.page, pageSize: query.page_size };
      if (!query.is_verified) {
        requireStaff(req);
        res.json(await awaitingReview(engine.db, kind, page, { after: query.after, kind: query.kind, since: query.since, until: query.until }));
        return;
      }
      // public and the same for everyone: the browser may keep it but must ask again (ETag)
      sendCachedAnswer(req, res, await publicListJson(engine, kind, page));
    });

    router.post(routes.profiles.create[kind].pattern, engineWriteRoute(engine, profileCreateSchema, async (trx, req, input) => {
      const id = await createProfile(trx, kind, input, submitterName(req));
      // issue 20: a reference and a private receipt link, in the same transaction
      return { status: 201, body: { id, receipt: await issueReceiptOn(trx, kind, id) } };
    }, afterWrite));

    router.get(routes.profiles.detail[kind].pattern, async (req, res) => {
      res.json(await profileDetail(engine.db, kind, pathId(req.params.id), Boolean(req.user?.is_staff)));
    });

    // only profiles still awaiting review: a bulk rejection never unpublishes one
    router.post(routes.profiles.bulkReject[kind].pattern,
      engineStaffBulkReject(engine, kind, (trx, id, staff) => rejectAwaitingProfile(trx, kind, id, staff), afterWrite));
    for (const decision of ['verify', 'reject'] as const) {
      router.post(routes.profiles[decision][kind].pattern,
        engineStaffDecision(engine, (trx, id, staff) => moderateProfile(trx, kind, id, decision, staff), afterWrite));
    }
  }
  return router;
}

/** The public list pages of the routes above as the lane ahead of Express answers them (http/cached-reads.ts). */
export function profileCachedReads(deps: AppDeps): CachedRead[] {
  const engine = deps.engine;
  return PROFILE_KINDS.map((kind) => ({
    path: routes.profiles.list[kind].pattern,
    answer(query) {
      const parsed = profileListQuerySchema.safeParse(query);
      // the staff's list of profiles awaiting review is per user: Express answers it
      if (!parsed.success || !parsed.data.is_verified) return null;
      return publicListJson(engine, kind, { page: parsed.data.page, pageSize: parsed.data.page_size });
    },
  }));
}
