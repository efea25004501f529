// product.md#entities-pending-scam ("Pending scam") as staff read it from GET /api/admin/scams/pending/ and /api/admin/scams/{id}/.
import { z } from 'zod';
import { bankAccount } from './common';
import { sharedIdentifiersField } from './shared-identifiers';

export const pendingScamSchema = z.object({
  id: z.number().int(),
  verification_status: z.string(),
  reported: z.string(),
  occurred: z.string().nullable(),
  submitter_contact: z.string(),
  submitted_by: z.string(),
  developer: z.number().int().nullable(),
  project: z.number().int().nullable(),
  developer_name: z.string().nullable(),
  project_name: z.string().nullable(),
  description: z.string(),
  amount: z.number().nullable(),
  currency: z.string(),
  avatar: z.string().nullable(),
  types: z.array(z.string()),
  nicknames: z.array(z.string()),
  industries: z.array(z.string()),
  companies: z.array(z.string()),
  company_addresses: z.array(z.string()),
  websites: z.array(z.string()),
  telegrams: z.array(z.string()),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  ip_addresses: z.array(z.string()),
  wallet_addresses: z.array(z.string()),
  bank_names: z.array(z.string()),
  bank_accounts: z.array(bankAccount),
  /** issue 16: what the verified registry and other submissions share with it (shared-identifiers.ts) */
  shared_identifiers: sharedIdentifiersField,
});
export type PendingScam = z.infer<typeof pendingScamSchema>;
