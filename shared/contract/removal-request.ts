// product.md#entities-removal-request ("Removal request"), submit and as read; product.md#validation messages.
import { z } from 'zod';
import { id, requiredText, textInput } from './common';
import { MAX_SHORT_TEXT } from '../constants';
import { CASE_ID_PATTERN } from '../domain/case-id';

export const REMOVAL_MESSAGES = {
  fullName: 'Please enter your full name.',
  contact: 'Please provide your contact information.',
  explanation: 'Please provide an explanation for the removal request.',
} as const;

export const REMOVAL_TARGET_TYPES = ['developer', 'project', 'scam'] as const;
export type RemovalTargetType = (typeof REMOVAL_TARGET_TYPES)[number];

/** POST /api/removal-requests/: one of developer, project or scam names the target. */
export const removalRequestSubmitSchema = z
  .strictObject({
    target_type: z.enum(REMOVAL_TARGET_TYPES, { error: "target_type must be 'developer', 'project' or 'scam'" }),
    case_id: textInput().trim().regex(CASE_ID_PATTERN, 'case_id must look like BUSTR-2025-0042'),
    full_name: requiredText(REMOVAL_MESSAGES.fullName, MAX_SHORT_TEXT),
    contact_information: requiredText(REMOVAL_MESSAGES.contact),
    explanation: requiredText(REMOVAL_MESSAGES.explanation),
    developer: z.union([id, z.null()]).optional(),
    project: z.union([id, z.null()]).optional(),
    scam: z.union([id, z.null()]).optional(),
  })
  .refine((r) => r[r.target_type] != null, { message: 'the target id for target_type is missing', path: ['target_type'] });
export type RemovalRequestSubmitInput = z.input<typeof removalRequestSubmitSchema>;
export type RemovalRequestSubmit = z.output<typeof removalRequestSubmitSchema>;

export const removalRequestSchema = z.object({
  id: z.number().int(),
  submitted_at: z.string(),
  case_id: z.string(),
  full_name: z.string(),
  contact_information: z.string(),
  explanation: z.string(),
  developer: z.number().int().nullable(),
  project: z.number().int().nullable(),
  scam: z.number().int().nullable(),
  target_type: z.string(),
  developer_name: z.string().nullable(),
  project_name: z.string().nullable(),
  scam_description: z.string().nullable(),
  verification_status: z.string(),
});
export type RemovalRequest = z.infer<typeof removalRequestSchema>;
