// What staff see beside a pending submission (issue 16, step 7): the verified profiles and the
// other pending submissions that hold the same identifiers (by canonical form), and how many
// distinct reports name each, so a report can be corroborated or merged. Staff reads only.
import { z } from 'zod';
import { IDENTIFIER_KINDS } from '../identifiers/types';
import { profileKind } from './common';

/** A verified profile holding the identifier, with the value it shows. */
export const sharingProfileSchema = z.object({
  id: z.number().int(),
  kind: profileKind,
  name: z.string(),
  case_id: z.string(),
  field: z.string(),
  value: z.string(),
});
export type SharingProfile = z.infer<typeof sharingProfileSchema>;

/**
 * Another submission awaiting review that holds it, as the admin panel lists it: a reported
 * profile (with its incidents) or an incident reported on a profile already listed.
 */
export const sharingSubmissionSchema = z.object({
  type: z.enum(['developer', 'project', 'scam']),
  /** the profile's id, or the incident's */
  id: z.number().int(),
  /** the profile's name (for an incident, the name of its profile) */
  name: z.string(),
  /** the profile's kind (for an incident, its profile's): a scam's card reads New Scammer Scam or New Project Scam */
  profile_kind: profileKind,
  /** a reported profile's kind as the panel lists it (NEW_DEVELOPER: New Scammer, else New Case); null for an incident */
  submission_kind: z.string().nullable(),
  field: z.string(),
  value: z.string(),
});
export type SharingSubmission = z.infer<typeof sharingSubmissionSchema>;

export const sharedIdentifierSchema = z.object({
  kind: z.enum(IDENTIFIER_KINDS),
  canonical: z.string(),
  /** where this submission holds it, and as it was written there */
  field: z.string(),
  value: z.string(),
  /** distinct reports naming it: each incident, and each profile's own details, this submission's included */
  reports: z.number().int(),
  profiles: z.array(sharingProfileSchema),
  submissions: z.array(sharingSubmissionSchema),
});
export type SharedIdentifier = z.infer<typeof sharedIdentifierSchema>;

/** On a staff read of a submission: only the identifiers something else holds or another report names too. */
export const sharedIdentifiersField = z.array(sharedIdentifierSchema).optional();
