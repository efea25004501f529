// product.md#entities-incident ("Incident"), as read. The API writes the primary names; the schema also accepts the
// alternates the spec lists (scam_description, incident_date, scam_amount, 'name:account').
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../constants';
import { storedBankAccountList } from './common';

const list = z.array(z.string()).default([]);

const incidentFields = z.object({
  id: z.number().int(),
  description: z.string().default(''),
  occurred: z.string().nullable().default(null),
  reported: z.string().nullable().default(null),
  amount: z.coerce.number().nullable().default(null),
  currency: z.string().default(DEFAULT_CURRENCY),
  types: list,
  nicknames: list,
  industries: list,
  companies: list,
  company_addresses: list,
  websites: list,
  telegrams: list,
  emails: list,
  phones: list,
  ip_addresses: list,
  wallet_addresses: list,
  bank_names: list,
  bank_accounts: storedBankAccountList,
  avatar: z.string().nullable().default(null),
  status: z.string().default('approved'),
});

export const incidentSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const r = { ...(raw as Record<string, unknown>) };
  if (r.description === undefined && r.scam_description !== undefined) r.description = r.scam_description;
  if (r.occurred === undefined && r.incident_date !== undefined) r.occurred = r.incident_date;
  if (r.amount === undefined && r.scam_amount !== undefined) r.amount = r.scam_amount;
  if (r.currency == null || r.currency === '') r.currency = DEFAULT_CURRENCY;
  delete r.scam_description; delete r.incident_date; delete r.scam_amount;
  return r;
}, incidentFields);
export type Incident = z.output<typeof incidentSchema>;

/** GET /api/{developers|projects}/{id}/scams/ (product.md#calls). */
export const incidentListResponseSchema = z.object({ incidents: z.array(incidentSchema) });

/** product.md#entities-scam-detail ("Scam detail view"). */
export const scamDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  industry: z.string(),
  amountLoss: z.number().nullable(),
  currency: z.string(),
  status: z.string(),
  dateReported: z.string(),
  description: z.string(),
});
export type ScamDetail = z.infer<typeof scamDetailSchema>;
