// Issue 20, open data (README.md "Open data"): what the exports of the verified registry hold.
// Only what the public registry shows (read-model/rows.ts toProfile, toIncident): never anything of
// the people who reported it (docs/product.md#roles: reporters' contact details are for staff only).
import { z } from 'zod';
import { profileKind } from './common';
import { profileSchema } from './profile';
import { syncIncidentSchema } from './sync';

/** The licence of the registry's data, named in each export, the README and the page footer. */
export const DATA_LICENCE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;
/** Who to credit under the licence. */
export const DATA_ATTRIBUTION = 'Bustr registry';

/** A verified profile in the JSON export: as the registry shows it, with its kind, case id and approved incidents. */
export const exportProfileSchema = profileSchema.extend({
  kind: profileKind,
  case_id: z.string(),
  incidents: z.array(syncIncidentSchema),
});
export type ExportProfile = z.infer<typeof exportProfileSchema>;

/** GET /api/export/registry.json */
export const registryExportSchema = z.object({
  licence: z.literal(DATA_LICENCE.name),
  licence_url: z.literal(DATA_LICENCE.url),
  attribution: z.string(),
  /** the registry revision the export was made at; GET /api/sync/?since=<revision> gives what changed after it */
  revision: z.number().int().min(0),
  generated_at: z.string(),
  profiles: z.array(exportProfileSchema),
});
export type RegistryExport = z.infer<typeof registryExportSchema>;

/** The columns of GET /api/export/registry.csv, in order: one row per identifier a verified profile holds. */
export const REGISTRY_CSV_COLUMNS = ['profile_id', 'case_id', 'kind', 'name', 'identifier_kind', 'canonical_identifier', 'value', 'listed_since'] as const;

const stixCommon = { spec_version: z.literal('2.1'), id: z.string(), created: z.string(), modified: z.string() };

/** GET /api/export/registry.stix.json: a STIX 2.1 bundle (the objects this export writes). */
export const stixBundleSchema = z.object({
  type: z.literal('bundle'),
  id: z.string().regex(/^bundle--[0-9a-f-]{36}$/),
  objects: z.array(z.union([
    z.object({ type: z.literal('identity'), ...stixCommon, name: z.string(), identity_class: z.string() }),
    z.object({
      type: z.literal('marking-definition'), spec_version: z.literal('2.1'), id: z.string(), created: z.string(),
      definition_type: z.literal('statement'), definition: z.object({ statement: z.string() }),
    }),
    z.object({
      type: z.literal('indicator'), ...stixCommon, name: z.string(), description: z.string(),
      indicator_types: z.array(z.string()), pattern: z.string(), pattern_type: z.literal('stix'), valid_from: z.string(),
      created_by_ref: z.string(), object_marking_refs: z.array(z.string()),
      external_references: z.array(z.object({ source_name: z.string(), external_id: z.string() })),
    }),
  ])),
});

const ranked = z.array(z.object({ label: z.string(), count: z.number().int(), profiles: z.number().int() }));

/** GET /api/stats/: the figures of shared/domain/registry-stats.ts, at a revision. */
export const registryStatsAnswerSchema = z.object({
  revision: z.number().int().min(0),
  scammers: z.number().int(),
  projects: z.number().int(),
  incidents: z.number().int(),
  losses: z.array(z.object({ currency: z.string(), total: z.number(), incidents: z.number().int() })),
  monthly: z.record(z.string(), z.array(z.object({ month: z.string(), total: z.number() }))),
  scamTypes: ranked,
  identifierKinds: ranked,
});
