// The registry in figures (issue 20; docs/product.md#screens-stats): the statistics page sums
// the replica's profiles one at a time (client/local visitReplica), so it needs no network and
// never holds the registry whole; the server's GET /api/stats/ gives the same figures from SQL
// aggregates (server/features/open-data/stats.ts), both finished by statsFromTotals. Pure.
import type { SyncProfile } from '../contract/sync';

/** How many scam types the page lists. */
export const TOP_SCAM_TYPES = 10;
/** How many months the chart shows, up to the last month with a reported loss. */
export const CHART_MONTHS = 24;

/** The profile fields that hold identifiers, by the name the page gives their kind. */
export const IDENTIFIER_KIND_LABELS = {
  walletAddresses: 'Wallet addresses',
  website: 'Websites',
  email: 'E-mail addresses',
  phone: 'Phone numbers',
  telegram: 'Telegram handles',
  ipAddresses: 'IP addresses',
  bankAccounts: 'Bank accounts',
} as const;
export type IdentifierField = keyof typeof IDENTIFIER_KIND_LABELS;

export interface CurrencyLoss { currency: string; total: number; incidents: number }
export interface MonthLoss { month: string; total: number }
export interface Ranked { label: string; count: number; profiles: number }

export interface RegistryStats {
  scammers: number;
  projects: number;
  incidents: number;
  /** every currency with a reported loss, most incidents first */
  losses: CurrencyLoss[];
  /** per currency: the CHART_MONTHS months up to its last month with a loss, oldest first (months without one are 0) */
  monthly: Record<string, MonthLoss[]>;
  /** most common first; count is the profiles that name it */
  scamTypes: Ranked[];
  /** most common first; count is the identifiers, profiles those holding one */
  identifierKinds: Ranked[];
}

const MONTH = /^(\d{4})-(\d{2})/;

/** The months from `last` back, CHART_MONTHS of them, oldest first: '2025-03'… */
function monthsUpTo(last: string): string[] {
  const [, y, m] = MONTH.exec(last)!;
  let year = Number(y);
  let month = Number(m);
  const out: string[] = [];
  for (let i = 0; i < CHART_MONTHS; i++) {
    out.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) { month = 12; year -= 1; }
  }
  return out.reverse();
}

/** What both ways of summing gather before the figures are made (statsFromTotals). */
export interface StatsTotals {
  scammers: number;
  projects: number;
  incidents: number;
  losses: Map<string, CurrencyLoss>;
  /** per currency, per month ('2025-03'): the sum of losses */
  monthly: Map<string, Map<string, number>>;
  /** scam type → profiles naming it */
  scamTypes: Map<string, number>;
  /** field → identifiers and profiles holding one */
  identifiers: Map<IdentifierField, { count: number; profiles: number }>;
}

/** The figures from their totals: months filled in, rankings sorted and cut. */
export function statsFromTotals(t: StatsTotals): RegistryStats {
  const monthly: Record<string, MonthLoss[]> = {};
  for (const [currency, months] of t.monthly) {
    const last = [...months.keys()].sort().at(-1);
    if (last) monthly[currency] = monthsUpTo(last).map((month) => ({ month, total: months.get(month) ?? 0 }));
  }
  return {
    scammers: t.scammers,
    projects: t.projects,
    incidents: t.incidents,
    losses: [...t.losses.values()].sort((a, b) => b.incidents - a.incidents || b.total - a.total || compare(a.currency, b.currency)),
    monthly,
    scamTypes: [...t.scamTypes]
      .map(([label, count]) => ({ label, count, profiles: count }))
      .sort((a, b) => b.count - a.count || compare(a.label, b.label))
      .slice(0, TOP_SCAM_TYPES),
    identifierKinds: [...t.identifiers]
      .map(([field, { count, profiles }]) => ({ label: IDENTIFIER_KIND_LABELS[field], count, profiles }))
      .sort((a, b) => b.count - a.count || compare(a.label, b.label)),
  };
}

/** One order on both sides (localeCompare differs between Node and browsers). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The month an incident counts in: when it occurred, else when it was reported ('2025-03'). */
export const incidentMonth = (occurred: string | null, reported: string | null): string | undefined => MONTH.exec(occurred ?? reported ?? '')?.[0];

/** Sums profiles as they come (add), then gives the figures (result). */
export class StatsAccumulator {
  private readonly t: StatsTotals = {
    scammers: 0, projects: 0, incidents: 0, losses: new Map(), monthly: new Map(), scamTypes: new Map(), identifiers: new Map(),
  };

  add(profile: SyncProfile): void {
    const t = this.t;
    if (profile.kind === 'project') t.projects += 1;
    else t.scammers += 1;
    for (const type of new Set(profile.scam_type)) t.scamTypes.set(type, (t.scamTypes.get(type) ?? 0) + 1);
    for (const field of Object.keys(IDENTIFIER_KIND_LABELS) as IdentifierField[]) {
      const count = profile[field].length;
      if (count === 0) continue;
      const entry = t.identifiers.get(field) ?? { count: 0, profiles: 0 };
      entry.count += count;
      entry.profiles += 1;
      t.identifiers.set(field, entry);
    }
    for (const incident of profile.incidents) {
      t.incidents += 1;
      if (incident.amount === null || !Number.isFinite(incident.amount) || incident.amount <= 0) continue;
      const currency = incident.currency || 'USD';
      const loss = t.losses.get(currency) ?? { currency, total: 0, incidents: 0 };
      loss.total += incident.amount;
      loss.incidents += 1;
      t.losses.set(currency, loss);
      const month = incidentMonth(incident.occurred, incident.reported);
      if (!month) continue;
      let months = t.monthly.get(currency);
      if (!months) t.monthly.set(currency, (months = new Map()));
      months.set(month, (months.get(month) ?? 0) + incident.amount);
    }
  }

  result(): RegistryStats {
    return statsFromTotals(this.t);
  }
}

/** The figures of a list of profiles (tests; the page sums the replica as it reads it). */
export function registryStats(profiles: Iterable<SyncProfile>): RegistryStats {
  const sum = new StatsAccumulator();
  for (const profile of profiles) sum.add(profile);
  return sum.result();
}
