// product.md#calls: GET/POST /api/developers/ and /api/projects/, detail, verify and reject.
import express from 'express';
import { AppError } from '../../errors';
import { findProfileRow } from '../../read-model/queries';
import type { AppDeps } from '../../deps';
import { issueReceipt } from '../../db/receipts';
import { parse, pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { staffBulkReject, staffDecision, writeRoute } from '../../http/write';
import { profileCreateSchema, profileListQuerySchema } from '../../../shared/contract/profile';
import { PROFILE_KINDS, routes } from '../../../shared/contract/routes';
import { sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { awaitingReview, createProfile, moderateProfile, profileDetail, publicListJson } from './service';

export function profileRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  for (const kind of PROFILE_KINDS) {
    router.get(routes.profiles.list[kind].pattern, (req, res) => {
      const query = parse(profileListQuerySchema, req.query);
      const page = { page: query.page, pageSize: query.page_size };
      if (!query.is_verified) {
        requireStaff(req);
        res.json(awaitingReview(db, kind, page, { after: query.after, kind: query.kind, since: query.since, until: query.until }));
        return;
      }
      // public and the same for everyone: the browser may keep it but must ask again (ETag)
      sendCachedAnswer(req, res, publicListJson(db, kind, page));
    });

    router.post(routes.profiles.create[kind].pattern, writeRoute(db, profileCreateSchema, (req, input) => {
      const id = createProfile(db, kind, input, submitterName(req));
      // issue 20: a reference and a private receipt link, in the same transaction
      return { status: 201, body: { id, receipt: issueReceipt(db, kind, id) } };
    }));

    router.get(routes.profiles.detail[kind].pattern, (req, res) => {
      res.json(profileDetail(db, kind, pathId(req.params.id), Boolean(req.user?.is_staff)));
    });

    // only profiles still awaiting review: a bulk rejection never unpublishes one
    router.post(routes.profiles.bulkReject[kind].pattern, staffBulkReject(db, kind, (id, staff) => {
      const row = findProfileRow(db, id, kind);
      if (row && !['unverified', 'pending'].includes(row.verification_status)) throw new AppError(409, 'Already decided.');
      return moderateProfile(db, kind, id, 'reject', staff);
    }));
    for (const decision of ['verify', 'reject'] as const) {
      router.post(routes.profiles[decision][kind].pattern, staffDecision(db, (id, staff) => moderateProfile(db, kind, id, decision, staff)));
    }
  }
  return router;
}

/** The public list pages of the routes above as the lane ahead of Express answers them (http/cached-reads.ts). */
export function profileCachedReads({ db }: AppDeps): CachedRead[] {
  return PROFILE_KINDS.map((kind) => ({
    path: routes.profiles.list[kind].pattern,
    answer(query) {
      const parsed = profileListQuerySchema.safeParse(query);
      // the staff's list of profiles awaiting review is per user: Express answers it
      if (!parsed.success || !parsed.data.is_verified) return null;
      return publicListJson(db, kind, { page: parsed.data.page, pageSize: parsed.data.page_size });
    },
  }));
}
