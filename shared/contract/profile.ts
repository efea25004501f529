// product.md#entities-profile ("Profile"): one shape for scammers (developers) and projects, as the API returns it.
import { z } from 'zod';
import { PROFILE_FETCH_SIZE } from '../constants';
import { storedBankAccount, shortText, optionalShortText, optionalLongText, stringList, textInput } from './common';
import { sharedIdentifiersField } from './shared-identifiers';
import { QUEUE_KINDS, queueDatesSchema } from './admin';

export const GENDERS = ['Male', 'Female', 'Other', 'Not Specified'] as const; // product.md#entities
/** docs/product.md#entities: a profile's gender, one of GENDERS. */
export type Gender = (typeof GENDERS)[number];

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  location: z.string(),
  bio: z.string(),
  gender: z.string(),
  nationality: z.string(),
  languages: z.array(z.string()),
  accent: z.string(),
  geolocation: z.string(),
  company: z.array(z.string()),
  companyAddress: z.array(z.string()),
  scam_type: z.array(z.string()),
  industry: z.array(z.string()),
  email: z.array(z.string()),
  phone: z.array(z.string()),
  telegram: z.array(z.string()),
  website: z.array(z.string()),
  walletAddresses: z.array(z.string()),
  bankAccounts: z.array(storedBankAccount),
  ipAddresses: z.array(z.string()),
  knownPartners: z.array(z.string()),
  companiesUsed: z.array(z.string()),
  currencies: z.array(z.string()),
  bank: z.array(z.string()),
  isVerified: z.boolean(),
  verification_status: z.string(),
  joinedDate: z.string(),
  reported_person_date: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What staff additionally see of a submitted profile (product.md#entities-submission ("Scammer submission (admin view)")). */
export const staffProfileSchema = profileSchema.extend({
  kind: z.string(), // NEW_DEVELOPER for a reported scammer, NEW_PROJECT for a project
  submittedAt: z.string(),
  submittedBy: z.string(),
  coordinatesGeolocation: z.string(),
  /** issue 16: what the verified registry and other submissions share with it (shared-identifiers.ts) */
  shared_identifiers: sharedIdentifiersField,
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** GET /api/developers/ and /api/projects/ answer a plain array or { results } (product.md#calls). */
export const profileListResponseSchema = z.union([
  z.array(profileSchema),
  z.object({ results: z.array(profileSchema) }).loose(),
]);

/**
 * The query of GET /api/developers/ and /api/projects/ (docs/product.md#calls): a page of the
 * verified profiles (`?page_size=9999` asks for all), or with is_verified=false (staff) the
 * profiles awaiting review. Also read by the server's lane for cached reads.
 */
export const profileListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PROFILE_FETCH_SIZE).default(PROFILE_FETCH_SIZE),
  is_verified: z.enum(['true', 'false', 'True', 'False', '1', '0']).optional()
    .transform((v) => (v === undefined ? true : ['true', 'True', '1'].includes(v))),
  // staff's queue (is_verified=false) only, as the other queues (decision 028): after an id, of a kind, in a date range
  after: z.coerce.number().int().min(0).default(0),
  kind: z.enum([...QUEUE_KINDS.developers, ...QUEUE_KINDS.projects], {
    error: `kind must be one of ${[...QUEUE_KINDS.developers, ...QUEUE_KINDS.projects].join(', ')}`,
  }).optional(),
  ...queueDatesSchema.shape,
}).refine((q) => !q.since || !q.until || q.since < q.until, { message: 'since must be before until', path: ['until'] });

/**
 * product.md#entities-profile-create ("Scammer creation payload"), also used for projects. The verification fields are
 * accepted because the spec's client sends them, and then forced by the server: a visitor can
 * never publish their own report.
 */
export const profileCreateSchema = z.strictObject({
  name: shortText.min(1, 'Full name is required'),
  bio: optionalLongText,
  gender: z.union([z.enum(GENDERS), z.literal(''), z.null()]).optional().transform((v) => v || 'Not Specified'),
  location: optionalShortText,
  geolocation: optionalShortText,
  nationality: optionalShortText,
  languages: stringList,
  accent: optionalShortText,
  reported_person_date: textInput().optional(),
  verification_status: textInput().optional(),
  is_verified: z.union([z.boolean(), textInput()]).optional(),
});
export type ProfileCreateInput = z.input<typeof profileCreateSchema>;
export type ProfileCreate = z.output<typeof profileCreateSchema>;

export const createdResponseSchema = z.object({ id: z.number().int() });
