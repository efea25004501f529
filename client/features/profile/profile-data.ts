// What the profile modal and the scam detail modal compute from replica rows: incident dates,
// the total reported loss, the scam detail view (spec §2 "Profile modal", "Scam detail modal", §3).
import { DEFAULT_CURRENCY } from '../../../shared/constants';
import type { ScamDetail } from '../../../shared/contract/incident';
import { formatAmount } from '../../../shared/domain/amount';
import { normalizeCurrency } from '../../../shared/domain/currency';
import type { LocalIncident } from '../../local';

/** spec §2: an incident's date shows its first 10 characters (when it happened, else when it was reported). */
export function incidentDate(incident: Pick<LocalIncident, 'occurred' | 'reported'>): string {
  return (incident.occurred ?? incident.reported ?? '').slice(0, 10);
}

/** spec §2: the reported date of the scam detail view, first 10 characters too. */
export function reportedDate(incident: Pick<LocalIncident, 'reported'>): string {
  return (incident.reported ?? '').slice(0, 10);
}

export interface CurrencyAmount { currency: string; amount: number }

export interface TotalLoss {
  /** every reported amount added up, as the spec's "total reported loss in dollars" does */
  total: number;
  /** the same amounts per currency: dollars first, then in order of first appearance */
  byCurrency: CurrencyAmount[];
  /** true when some amounts are not in dollars: the total then adds them as reported, unconverted */
  mixed: boolean;
}

/**
 * spec §2: "total reported loss in dollars summed from incidents". The registry keeps no
 * exchange rates (and must work offline), so amounts in other currencies cannot be converted:
 * the total adds every amount as reported, and `mixed` tells the modal to say so and show the
 * per-currency amounts beside it. Incidents without an amount add nothing.
 */
export function totalLoss(incidents: readonly Pick<LocalIncident, 'amount' | 'currency'>[]): TotalLoss {
  const sums = new Map<string, number>();
  let total = 0;
  for (const { amount, currency } of incidents) {
    if (amount == null || !Number.isFinite(amount)) continue;
    const code = normalizeCurrency(currency);
    sums.set(code, (sums.get(code) ?? 0) + amount);
    total += amount;
  }
  // dollars first, as the total is read in dollars; the others in order of first appearance
  const byCurrency = [...sums].map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => Number(b.currency === DEFAULT_CURRENCY) - Number(a.currency === DEFAULT_CURRENCY));
  return { total, byCurrency, mixed: byCurrency.some((c) => c.currency !== DEFAULT_CURRENCY) };
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency', currency: 'USD', trailingZeroDisplay: 'stripIfInteger',
});

/** 12500 -> "$12,500", 1250.5 -> "$1,250.50" */
export function formatDollars(value: number): string {
  return dollars.format(value);
}

/** "1,500 USD + 2.5 BTC" */
export function formatByCurrency(amounts: readonly CurrencyAmount[]): string {
  return amounts.map((a) => `${formatAmount(a.amount)} ${a.currency}`).join(' + ');
}

/** spec §3 "Scam detail view" from a replica incident and its profile's name. */
export function toScamDetail(incident: LocalIncident, name: string): ScamDetail {
  return {
    id: incident.id,
    name,
    type: incident.types.join(', '),
    industry: incident.industries.join(', '),
    amountLoss: incident.amount,
    currency: normalizeCurrency(incident.currency),
    status: incident.status,
    dateReported: reportedDate(incident),
    description: incident.description,
  };
}

/** spec §9: amounts up to 8 decimals with their currency, e.g. "0.12345678 BTC". */
export function formatMoney(amount: number | null, currency: string): string | null {
  return amount == null ? null : `${formatAmount(amount)} ${normalizeCurrency(currency)}`;
}
