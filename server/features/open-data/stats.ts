// GET /api/stats/ (issue 20): the registry in figures for API users, the same figures the app's
// /stats page sums from its replica (shared/domain/registry-stats.ts), here from SQL aggregates
// over the public registry: verified profiles with their lists joined with their approved
// incidents' (docs/decisions/002), as the registry shows them. Serialised once per revision.
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import { answerCache, type CachedAnswer } from '../../read-model/answer-cache';
import { statsFromTotals, type IdentifierField, type StatsTotals } from '../../../shared/domain/registry-stats';

const PUBLIC = "p.verification_status = 'verified'";
const APPROVED = `i.verification_status = 'approved' AND i.profile_id = p.id AND ${PUBLIC}`;

/** A list field as the registry shows it: the profile's values and its approved incidents', one row per profile and value. */
const listValues = (own: string, ofIncidents: string, value = 'j.value') => `
  SELECT p.id AS pid, ${value} AS v FROM profiles p, json_each(p.${own}) j WHERE ${PUBLIC}
  UNION
  SELECT p.id, ${value} FROM incidents i JOIN profiles p ON ${APPROVED}, json_each(i.${ofIncidents}) j`;

const FIELDS: Record<IdentifierField, string> = {
  walletAddresses: listValues('wallet_addresses', 'wallet_addresses'),
  website: listValues('website', 'websites'),
  email: listValues('email', 'emails'),
  phone: listValues('phone', 'phones'),
  telegram: listValues('telegram', 'telegrams'),
  ipAddresses: listValues('ip_addresses', 'ip_addresses'),
  // an account is its bank and number together (read-model/rows.ts uniqueAccounts)
  bankAccounts: listValues('bank_accounts', 'bank_accounts', "json_extract(j.value, '$.bank_name') || char(0) || json_extract(j.value, '$.account')"),
};

function totals(db: Db): StatsTotals {
  const kinds = db.prepare(`SELECT kind, COUNT(*) AS n FROM profiles p WHERE ${PUBLIC} GROUP BY kind`).all() as { kind: string; n: number }[];
  const incidents = db.prepare(`SELECT COUNT(*) FROM incidents i JOIN profiles p ON ${APPROVED}`).pluck().get() as number;
  const t: StatsTotals = {
    scammers: kinds.find((k) => k.kind === 'developer')?.n ?? 0,
    projects: kinds.find((k) => k.kind === 'project')?.n ?? 0,
    incidents, losses: new Map(), monthly: new Map(), scamTypes: new Map(), identifiers: new Map(),
  };
  const CURRENCY = "COALESCE(NULLIF(i.currency, ''), 'USD')";
  for (const row of db.prepare(`SELECT ${CURRENCY} AS currency, SUM(i.amount) AS total, COUNT(*) AS n
      FROM incidents i JOIN profiles p ON ${APPROVED} WHERE i.amount > 0 GROUP BY 1`).all() as { currency: string; total: number; n: number }[]) {
    t.losses.set(row.currency, { currency: row.currency, total: row.total, incidents: row.n });
  }
  // the month as shared/domain/registry-stats.ts incidentMonth reads it: 'YYYY-MM' at the start of occurred, else reported
  for (const row of db.prepare(`SELECT ${CURRENCY} AS currency, substr(COALESCE(i.occurred, i.reported), 1, 7) AS month, SUM(i.amount) AS total
      FROM incidents i JOIN profiles p ON ${APPROVED}
      WHERE i.amount > 0 AND COALESCE(i.occurred, i.reported) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]*' GROUP BY 1, 2`).all() as { currency: string; month: string; total: number }[]) {
    let months = t.monthly.get(row.currency);
    if (!months) t.monthly.set(row.currency, (months = new Map()));
    months.set(row.month, row.total);
  }
  for (const row of db.prepare(`SELECT v, COUNT(*) AS n FROM (${listValues('scam_type', 'types')}) GROUP BY v`).all() as { v: string; n: number }[]) {
    t.scamTypes.set(row.v, row.n);
  }
  for (const [field, sql] of Object.entries(FIELDS) as [IdentifierField, string][]) {
    const row = db.prepare(`SELECT COUNT(*) AS count, COUNT(DISTINCT pid) AS profiles FROM (${sql})`).get() as { count: number; profiles: number };
    if (row.count > 0) t.identifiers.set(field, row);
  }
  return t;
}

/** The figures as JSON, made once per revision. */
export function statsJson(db: Db): CachedAnswer {
  const revision = currentRevision(db);
  return answerCache(db, 'stats').get('stats', revision, () => ({
    revision,
    bytes: Buffer.from(JSON.stringify({ revision, ...statsFromTotals(totals(db)) })),
    etag: `"stats-${revision}"`,
  }));
}
