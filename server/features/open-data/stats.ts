// GET /api/stats/ (issue 20): the registry in figures for API users, the same figures the app's
// /stats page sums from its replica (shared/domain/registry-stats.ts), here from SQL aggregates
// over the public registry: verified profiles with their lists joined with their approved
// incidents' (docs/decisions/002), as the registry shows them. Serialised once per revision.
// On the data layer (issue 21, docs/decisions/035): the same aggregates on SQLite and PostgreSQL,
// but for how each unpacks a JSON list (LIST_SQL).
import { sql, type Kysely } from 'kysely';
import type { Engine, EngineKind } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevisionOn, revisionNow } from '../../db/revision';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { statsFromTotals, type IdentifierField, type StatsTotals } from '../../../shared/domain/registry-stats';
import { atOneMoment } from './moment';

const PUBLIC = "p.verification_status = 'verified'";
const APPROVED = `i.verification_status = 'approved' AND i.profile_id = p.id AND ${PUBLIC}`;

/**
 * How each engine reads the elements of a JSON list column (lists are JSON text on both), as a
 * table `j` whose `value` is a string element's text (an object's JSON text), and a bank account's
 * key in it: its bank and number together (read-model/rows.ts uniqueAccounts). PostgreSQL's text
 * cannot hold SQLite's char(0) separator: chr(1) parts them there (the key is only compared).
 */
const LIST_SQL: Record<EngineKind, { elements: (column: string) => string; account: string }> = {
  sqlite: {
    elements: (column) => `json_each(${column}) j`,
    account: "json_extract(j.value, '$.bank_name') || char(0) || json_extract(j.value, '$.account')",
  },
  postgres: {
    elements: (column) => `json_array_elements_text(${column}::json) AS j(value)`,
    account: "(j.value::json ->> 'bank_name') || chr(1) || (j.value::json ->> 'account')",
  },
};

/** A list field as the registry shows it: the profile's values and its approved incidents', one row per profile and value. */
const listValues = (kind: EngineKind, own: string, ofIncidents: string, value = 'j.value') => `
  SELECT p.id AS pid, ${value} AS v FROM profiles p, ${LIST_SQL[kind].elements(`p.${own}`)} WHERE ${PUBLIC}
  UNION
  SELECT p.id, ${value} FROM incidents i JOIN profiles p ON ${APPROVED}, ${LIST_SQL[kind].elements(`i.${ofIncidents}`)}`;

const fields = (kind: EngineKind): Record<IdentifierField, string> => ({
  walletAddresses: listValues(kind, 'wallet_addresses', 'wallet_addresses'),
  website: listValues(kind, 'website', 'websites'),
  email: listValues(kind, 'email', 'emails'),
  phone: listValues(kind, 'phone', 'phones'),
  telegram: listValues(kind, 'telegram', 'telegrams'),
  ipAddresses: listValues(kind, 'ip_addresses', 'ip_addresses'),
  bankAccounts: listValues(kind, 'bank_accounts', 'bank_accounts', LIST_SQL[kind].account),
});

/**
 * `text` starts as 'YYYY-MM' (shared/domain/registry-stats.ts incidentMonth), on both engines: each
 * of its first seven characters compared as one (SQLite's GLOB and PostgreSQL's ~ are each one's own).
 */
function startsWithMonth(text: string): string {
  const digit = (at: number) => `substr(${text}, ${at}, 1) BETWEEN '0' AND '9'`;
  return `(${[1, 2, 3, 4].map(digit).join(' AND ')} AND substr(${text}, 5, 1) = '-' AND ${digit(6)} AND ${digit(7)})`;
}

const rowsOf = async <R>(db: Kysely<Database>, text: string): Promise<R[]> => (await sql.raw<R>(text).execute(db)).rows;

async function totals(db: Kysely<Database>, kind: EngineKind): Promise<StatsTotals> {
  const kinds = await rowsOf<{ kind: string; n: number }>(db, `SELECT kind, COUNT(*) AS n FROM profiles p WHERE ${PUBLIC} GROUP BY kind`);
  const [{ n: incidents }] = await rowsOf<{ n: number }>(db, `SELECT COUNT(*) AS n FROM incidents i JOIN profiles p ON ${APPROVED}`) as [{ n: number }];
  const t: StatsTotals = {
    scammers: kinds.find((k) => k.kind === 'developer')?.n ?? 0,
    projects: kinds.find((k) => k.kind === 'project')?.n ?? 0,
    incidents, losses: new Map(), monthly: new Map(), scamTypes: new Map(), identifiers: new Map(),
  };
  const CURRENCY = "COALESCE(NULLIF(i.currency, ''), 'USD')";
  for (const row of await rowsOf<{ currency: string; total: number; n: number }>(db, `SELECT ${CURRENCY} AS currency, SUM(i.amount) AS total, COUNT(*) AS n
      FROM incidents i JOIN profiles p ON ${APPROVED} WHERE i.amount > 0 GROUP BY 1`)) {
    t.losses.set(row.currency, { currency: row.currency, total: row.total, incidents: row.n });
  }
  // the month as shared/domain/registry-stats.ts incidentMonth reads it: 'YYYY-MM' at the start of
  // occurred, else reported; in order (the answer's currencies are in the order they first come)
  const when = 'COALESCE(i.occurred, i.reported)';
  for (const row of await rowsOf<{ currency: string; month: string; total: number }>(db, `SELECT ${CURRENCY} AS currency, substr(${when}, 1, 7) AS month, SUM(i.amount) AS total
      FROM incidents i JOIN profiles p ON ${APPROVED}
      WHERE i.amount > 0 AND ${startsWithMonth(when)} GROUP BY 1, 2 ORDER BY 1, 2`)) {
    let months = t.monthly.get(row.currency);
    if (!months) t.monthly.set(row.currency, (months = new Map()));
    months.set(row.month, row.total);
  }
  for (const row of await rowsOf<{ v: string; n: number }>(db, `SELECT v, COUNT(*) AS n FROM (${listValues(kind, 'scam_type', 'types')}) AS l GROUP BY v`)) {
    t.scamTypes.set(row.v, row.n);
  }
  for (const [field, list] of Object.entries(fields(kind)) as [IdentifierField, string][]) {
    const [row] = await rowsOf<{ count: number; profiles: number }>(db, `SELECT COUNT(*) AS count, COUNT(DISTINCT pid) AS profiles FROM (${list}) AS l`);
    if (row && row.count > 0) t.identifiers.set(field, row);
  }
  return t;
}

/** The figures as JSON, made once per revision: its figures and its revision read at one moment. */
export async function statsJson(engine: Engine): Promise<CachedAnswer> {
  return engineCache(engine, 'stats').getAsync('stats', await revisionNow(engine), () => atOneMoment(engine, async (db) => {
    const revision = await currentRevisionOn(db);
    return {
      revision,
      bytes: Buffer.from(JSON.stringify({ revision, ...statsFromTotals(await totals(db, engine.kind)) })),
      etag: `"stats-${revision}"`,
    };
  }));
}
