// The statistics page's figures (issue 20; docs/product.md#screens-stats), summed from the
// replica's profiles one at a time (client/local visitReplica), so they need no network and the
// registry is never held whole. Pure: tests feed it profiles.
import type { SyncProfile } from '../../../shared/contract/sync';

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
type IdentifierField = keyof typeof IDENTIFIER_KIND_LABELS;

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

/** Sums profiles as they come (add), then gives the figures (result). */
export class StatsAccumulator {
  private scammers = 0;
  private projects = 0;
  private incidents = 0;
  private readonly losses = new Map<string, CurrencyLoss>();
  private readonly monthly = new Map<string, Map<string, number>>();
  private readonly scamTypes = new Map<string, number>();
  private readonly identifiers = new Map<IdentifierField, { count: number; profiles: number }>();

  add(profile: SyncProfile): void {
    if (profile.kind === 'project') this.projects += 1;
    else this.scammers += 1;
    for (const type of new Set(profile.scam_type)) this.scamTypes.set(type, (this.scamTypes.get(type) ?? 0) + 1);
    for (const field of Object.keys(IDENTIFIER_KIND_LABELS) as IdentifierField[]) {
      const count = profile[field].length;
      if (count === 0) continue;
      const entry = this.identifiers.get(field) ?? { count: 0, profiles: 0 };
      entry.count += count;
      entry.profiles += 1;
      this.identifiers.set(field, entry);
    }
    for (const incident of profile.incidents) {
      this.incidents += 1;
      if (incident.amount === null || !Number.isFinite(incident.amount) || incident.amount <= 0) continue;
      const currency = incident.currency || 'USD';
      const loss = this.losses.get(currency) ?? { currency, total: 0, incidents: 0 };
      loss.total += incident.amount;
      loss.incidents += 1;
      this.losses.set(currency, loss);
      const month = MONTH.exec(incident.occurred ?? incident.reported ?? '')?.[0];
      if (!month) continue;
      let months = this.monthly.get(currency);
      if (!months) this.monthly.set(currency, (months = new Map()));
      months.set(month, (months.get(month) ?? 0) + incident.amount);
    }
  }

  result(): RegistryStats {
    const monthly: Record<string, MonthLoss[]> = {};
    for (const [currency, months] of this.monthly) {
      const last = [...months.keys()].sort().at(-1)!;
      monthly[currency] = monthsUpTo(last).map((month) => ({ month, total: months.get(month) ?? 0 }));
    }
    return {
      scammers: this.scammers,
      projects: this.projects,
      incidents: this.incidents,
      losses: [...this.losses.values()].sort((a, b) => b.incidents - a.incidents || b.total - a.total || a.currency.localeCompare(b.currency)),
      monthly,
      scamTypes: [...this.scamTypes]
        .map(([label, count]) => ({ label, count, profiles: count }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
        .slice(0, TOP_SCAM_TYPES),
      identifierKinds: [...this.identifiers]
        .map(([field, { count, profiles }]) => ({ label: IDENTIFIER_KIND_LABELS[field], count, profiles }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    };
  }
}

/** The figures of a list of profiles (tests; the page sums the replica as it reads it). */
export function registryStats(profiles: Iterable<SyncProfile>): RegistryStats {
  const sum = new StatsAccumulator();
  for (const profile of profiles) sum.add(profile);
  return sum.result();
}
