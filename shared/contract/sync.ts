// DESIGN.md "Replica sync": GET /api/sync/?since=<rev>&limit=<n>.
import { z } from 'zod';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from '../constants';
import { profileKind } from './common';
import { profileSchema } from './profile';
import { incidentSchema } from './incident';

export const syncQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
});

/** A verified profile as the replica stores it: its kind and its approved incidents with it. */
export const syncProfileSchema = profileSchema.extend({
  kind: profileKind,
  revision: z.number().int(),
  incidents: z.array(incidentSchema),
});
export type SyncProfile = z.infer<typeof syncProfileSchema>;

export const tombstoneSchema = z.object({ kind: profileKind, id: z.number().int(), revision: z.number().int() });
export type Tombstone = z.infer<typeof tombstoneSchema>;

export const syncPageSchema = z.object({
  profiles: z.array(syncProfileSchema),
  tombstones: z.array(tombstoneSchema),
  /** the revision to ask from next time */
  cursor: z.number().int(),
  hasMore: z.boolean(),
  /** changes still to come after this page, so a first sync can show its progress */
  remaining: z.number().int().min(0),
  /** true when `since` is ahead of the server (its database was replaced): start over from 0 */
  reset: z.boolean(),
});
export type SyncPage = z.infer<typeof syncPageSchema>;
