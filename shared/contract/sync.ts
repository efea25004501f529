// docs/design.md#sync: GET /api/sync/?since=<rev>&limit=<n>.
import { z } from 'zod';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from '../constants';
import { profileKind } from './common';
import { profileSchema } from './profile';
import type { Incident } from './incident';

/**
 * `form`: 'full' (profiles with their incidents and avatars, as the replica long held them) or
 * 'light' (issue 17: what search, filters, cards and identifier lookup need, in columns; the
 * profile modal fetches the rest on demand; docs/decisions/030-a-lighter-replica-after-the-first-answer.md).
 */
export const syncQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
  form: z.enum(['full', 'light']).default('full'),
});
export type SyncForm = z.infer<typeof syncQuerySchema>['form'];

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

/**
 * A verified profile as the replica stores it: its kind and its approved incidents with it.
 * `details: false` marks one that came in the light form: its incidents and avatar were left out
 * (empty and null here) and are read on demand; the server never sends the field.
 */
export const syncProfileSchema = profileSchema.extend({
  bankAccounts: z.array(syncBankAccount),
  kind: profileKind,
  revision: z.number().int(),
  incidents: z.array(syncIncidentSchema),
  details: z.literal(false).optional(),
});
export type SyncProfile = z.infer<typeof syncProfileSchema>;

const lightProfileShape = syncProfileSchema.omit({ incidents: true, avatar: true, details: true }).shape;
type LightShape = typeof lightProfileShape;
/** The fields a light page carries, one column each, in this order. */
export const SYNC_LIGHT_FIELDS = Object.keys(lightProfileShape) as (keyof LightShape)[];
/** A light page's profiles as columns: field → the values of every profile, in the page's order. */
export const syncLightColumnsSchema = z.object(
  Object.fromEntries(SYNC_LIGHT_FIELDS.map((field) => [field, z.array(lightProfileShape[field])])) as { [K in keyof LightShape]: z.ZodArray<LightShape[K]> },
);
export type SyncLightColumns = z.infer<typeof syncLightColumnsSchema>;

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

/**
 * The light form of a page (`form=light`): the same changes, cursor and tombstones, the profiles
 * in columns (same-kind values side by side compress to about a third of the rows' bytes) and
 * without incidents or avatars. The client turns it into a SyncPage of `details: false` profiles.
 */
export const syncLightPageSchema = syncPageSchema.omit({ profiles: true }).extend({
  form: z.literal('light'),
  columns: syncLightColumnsSchema,
});
export type SyncLightPage = z.infer<typeof syncLightPageSchema>;

/**
 * A profile in the light form: what search, filters and cards need, without its incidents and
 * picture (read when its dialog opens: client/local/details.ts). The search call's pages carry
 * profiles so (docs/decisions/034-light-search-answers-and-a-leaner-search-call.md), as light sync pages do.
 */
export function lightProfile(profile: SyncProfile): SyncProfile {
  return { ...profile, avatar: null, incidents: [], details: false };
}

/** A light page as the SyncPage its profiles make (each `details: false`); throws when its columns differ in length. */
export function fromLightPage({ form: _form, columns, ...rest }: SyncLightPage): SyncPage {
  const count = columns.id.length;
  for (const field of SYNC_LIGHT_FIELDS) {
    if (columns[field].length !== count) throw new Error(`A light sync page's column ${field} has ${columns[field].length} values for ${count} profiles.`);
  }
  const profiles: SyncProfile[] = [];
  for (let i = 0; i < count; i++) {
    const profile: Record<string, unknown> = {};
    for (const field of SYNC_LIGHT_FIELDS) profile[field] = columns[field][i];
    profile.avatar = null;
    profile.incidents = [];
    profile.details = false;
    profiles.push(profile as SyncProfile);
  }
  return { ...rest, profiles };
}
