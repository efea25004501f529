// product.md#entities-edit-request ("Edit request (submit)") and "(as read by admin)"; product.md#validation edit rules.
import { z } from 'zod';
import { GENDERS } from './profile';
import {
  bankAccountList, currency, id, longText, optionalAmount, optionalLongText, shortText, stringList, textInput,
} from './common';
import { EDIT_CASE_ID_PATTERN } from '../domain/case-id';

/** Fields an edit may set on an incident; an absent field stays as it is. */
export const incidentChangeSchema = z.strictObject({
  nicknames: stringList.optional(),
  industries: stringList.optional(),
  scamTypes: stringList.optional(),
  companiesUsed: stringList.optional(),
  companyAddresses: stringList.optional(),
  websites: stringList.optional(),
  emails: stringList.optional(),
  phones: stringList.optional(),
  telegrams: stringList.optional(),
  walletAddresses: stringList.optional(),
  bankAccounts: bankAccountList.optional(),
  ipAddresses: stringList.optional(),
  amount: optionalAmount.optional(), // absent stays absent; null clears the amount
  currency: currency.optional(),
});
export type IncidentChange = z.output<typeof incidentChangeSchema>;

export const profileChangeSchema = z.strictObject({
  name: shortText.min(1, 'name cannot be blank').optional(),
  bio: longText.optional(),
  gender: z.enum(GENDERS).optional(),
  nationality: shortText.optional(),
  languages: stringList.optional(),
  location: shortText.optional(),
});
export type ProfileChange = z.output<typeof profileChangeSchema>;

export const proposedChangesSchema = z.strictObject({
  developer: profileChangeSchema.optional(),
  append: z
    .strictObject({
      scam_updates: z.array(z.strictObject({ id, set: incidentChangeSchema })).max(100).optional(),
      scam_creates: z
        .array(z.strictObject({ set: incidentChangeSchema, description: longText.min(1, 'a new incident needs a description') }))
        .max(100)
        .optional(),
    })
    .optional(),
});
export type ProposedChanges = z.output<typeof proposedChangesSchema>;

export const TARGET_TYPES = ['developer', 'scam', 'both'] as const;

/** POST /api/{developers|projects}/{id}/edit-request/ (product.md#calls). */
export const editRequestSubmitSchema = z
  .strictObject({
    developer: id.optional(),
    project: id.optional(),
    full_name: optionalLongText.transform((v) => v || 'Anonymous'),
    contact_information: optionalLongText,
    case_id: textInput().trim().regex(EDIT_CASE_ID_PATTERN, 'case_id must look like EDITREQ-2025-0042').optional(),
    scam: z.union([id, z.null()]).optional(),
    proposed_changes: proposedChangesSchema,
    target_type: z.enum(TARGET_TYPES, { error: "target_type must be 'developer', 'scam' or 'both'" }),
  })
  .refine((r) => hasAnyChange(r.proposed_changes), { message: 'proposed_changes holds no change', path: ['proposed_changes'] });
export type EditRequestSubmitInput = z.input<typeof editRequestSubmitSchema>;
export type EditRequestSubmit = z.output<typeof editRequestSubmitSchema>;

function hasAnyChange(c: ProposedChanges): boolean {
  const dev = c.developer && Object.values(c.developer).some((v) => v !== undefined);
  const updates = c.append?.scam_updates?.some((u) => Object.values(u.set).some((v) => v !== undefined));
  return Boolean(dev || updates || c.append?.scam_creates?.length);
}

/** product.md#entities-edit-request ("Edit request (as read by admin)"). */
export const editRequestCurrentValuesSchema = z.object({
  developer: z.record(z.string(), z.unknown()),
  scam_updates: z.array(z.object({ id: z.number().int(), set: z.record(z.string(), z.unknown()) })),
});
export type EditRequestCurrentValues = z.infer<typeof editRequestCurrentValuesSchema>;

export const editRequestSchema = z.object({
  id: z.number().int(),
  submitted_at: z.string(),
  submitted_by: z.string(),
  full_name: z.string(),
  contact_information: z.string(),
  case_id: z.string(),
  developer: z.number().int().nullable(),
  project: z.number().int().nullable(),
  scam: z.number().int().nullable(),
  developer_name: z.string().nullable(),
  project_name: z.string().nullable(),
  target_type: z.string(),
  verification_status: z.string(),
  proposed_changes: z.unknown(),
  /** issue 18: each proposed field's value now, in proposed_changes' names (absent from servers before it) */
  current_values: editRequestCurrentValuesSchema.optional(),
});
export type EditRequest = z.infer<typeof editRequestSchema>;

