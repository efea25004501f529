// docs/design.md#sync: GET /api/sync/?since=<rev>&limit=<n>.
import { z } from 'zod';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from '../constants';
import { profileKind } from './common';
import { profileSchema } from './profile';
import type { Incident } from './incident';

export const syncQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
});

const syncBankAccount = z.object({ bank_name: z.string(), account: z.string() });
const strings = z.array(z.string());

/**
 * An approved incident as the sync sends it: every field there, nothing to fill in, rename or
 * trim (incidentSchema's preprocess and defaults are for the spec's older shapes). With the
 * profile below, a page that passes is exactly what its JSON text says, so the client can check
 * a page and hand its text on (client/local/replicator.ts) instead of writing it again.
 */
export const syncIncidentSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  occurred: z.string().nullable(),
  reported: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string(),
  types: strings,
  nicknames: strings,
  industries: strings,
  companies: strings,
  company_addresses: strings,
  websites: strings,
  telegrams: strings,
  emails: strings,
  phones: strings,
  ip_addresses: strings,
  wallet_addresses: strings,
  bank_names: strings,
  bank_accounts: z.array(syncBankAccount),
  avatar: z.string().nullable(),
  status: z.string(),
}) satisfies z.ZodType<Incident>;

/** A verified profile as the replica stores it: its kind and its approved incidents with it. */
export const syncProfileSchema = profileSchema.extend({
  bankAccounts: z.array(syncBankAccount),
  kind: profileKind,
  revision: z.number().int(),
  incidents: z.array(syncIncidentSchema),
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
