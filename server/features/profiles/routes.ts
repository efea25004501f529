// spec §7: GET/POST /api/developers/ and /api/projects/, detail, verify and reject.
import express from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { parse, pathId } from '../../http/validate';
import { requireStaff, submitterName } from '../../http/session';
import { writeRoute } from '../../http/write';
import { profileCreateSchema } from '../../../shared/contract/profile';
import { PROFILE_FETCH_SIZE } from '../../../shared/constants';
import { PROFILE_PATHS } from '../../http/profile-paths';
import { sendCachedAnswer } from '../../http/cached-answer';
import type { CachedRead } from '../../http/cached-reads';
import { awaitingReview, createProfile, moderateProfile, profileDetail, publicListJson } from './service';

/** GET <base>/: also read by the lane ahead of Express for the public pages (profileCachedReads) */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PROFILE_FETCH_SIZE).default(PROFILE_FETCH_SIZE),
  is_verified: z.enum(['true', 'false', 'True', 'False', '1', '0']).optional()
    .transform((v) => (v === undefined ? true : ['true', 'True', '1'].includes(v))),
});

export function profileRoutes({ db }: AppDeps): express.Router {
  const router = express.Router();
  for (const [base, kind] of PROFILE_PATHS) {
    router.get(`${base}/`, (req, res) => {
      const query = parse(listQuery, req.query);
      const page = { page: query.page, pageSize: query.page_size };
      if (!query.is_verified) {
        requireStaff(req);
        res.json(awaitingReview(db, kind, page));
        return;
      }
      // public and the same for everyone: the browser may keep it but must ask again (ETag)
      sendCachedAnswer(req, res, publicListJson(db, kind, page));
    });

    router.post(`${base}/`, writeRoute(db, (req) => {
      const input = parse(profileCreateSchema, req.body);
      return { status: 201, body: { id: createProfile(db, kind, input, submitterName(req)) } };
    }));

    router.get(`${base}/:id/`, (req, res) => {
      res.json(profileDetail(db, kind, pathId(req.params.id), Boolean(req.user?.is_staff)));
    });

    for (const decision of ['verify', 'reject'] as const) {
      router.post(`${base}/:id/${decision}/`, writeRoute(db, (req) => {
        const staff = requireStaff(req);
        return { status: 200, body: moderateProfile(db, kind, pathId(req.params.id), decision, staff.username) };
      }));
    }
  }
  return router;
}

/** The public list pages of the routes above as the lane ahead of Express answers them (http/cached-reads.ts). */
export function profileCachedReads({ db }: AppDeps): CachedRead[] {
  return PROFILE_PATHS.map(([base, kind]) => ({
    path: `${base}/`,
    answer(query) {
      const parsed = listQuery.safeParse(query);
      // the staff's list of profiles awaiting review is per user: Express answers it
      if (!parsed.success || !parsed.data.is_verified) return null;
      return publicListJson(db, kind, { page: parsed.data.page, pageSize: parsed.data.page_size });
    },
  }));
}
