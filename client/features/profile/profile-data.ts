// What the profile modal and the scam detail modal compute from replica rows: incident dates,
// the total reported loss, the scam detail view (product.md#screens-profile ("Profile modal"), "Scam detail modal", product.md#entities).
import { DEFAULT_CURRENCY } from '../../../shared/constants';
import type { ScamDetail } from '../../../shared/contract/incident';
import { formatAmount } from '../../../shared/domain/amount';
import { normalizeCurrency } from '../../../shared/domain/currency';
import type { LocalIncident } from '../../local';

/** product.md#screens: an incident's date shows its first 10 characters (when it happened, else when it was reported). */
export function incidentDate(incident: Pick<LocalIncident, 'occurred' | 'reported'>): string {
  return (incident.occurred ?? incident.reported ?? '').slice(0, 10);
}

/** product.md#screens: the reported date of the scam detail view, first 10 characters too. */
export function reportedDate(incident: Pick<LocalIncident, 'reported'>): string {
  return (incident.reported ?? '').slice(0, 10);
}

export interface CurrencyAmount { currency: string; amount: number }

/** Currencies that are dollars or pegged one-to-one to them: summed as dollars. */
export const DOLLAR_CURRENCIES: ReadonlySet<string> = new Set([DEFAULT_CURRENCY, 'USDT', 'USDC', 'BUSD', 'DAI', 'TUSD', 'USDP', 'PYUSD']);

export interface TotalLoss {
  /** the amounts reported in dollars (or dollar stablecoins), added up */
  dollars: number;
  /** amounts in other currencies, per currency in order of first appearance: never shown as dollars */
  unconverted: CurrencyAmount[];
}

/**
 * product.md#screens: "total reported loss in dollars summed from incidents". The registry keeps no
 * exchange rates (and must work offline), so only dollar amounts are summed as dollars; 2 BTC
 * is never shown as "$2". Other currencies are listed beside the total as reported.
 * Incidents without an amount add nothing.
 */
export function totalLoss(incidents: readonly Pick<LocalIncident, 'amount' | 'currency'>[]): TotalLoss {
  let dollarsTotal = 0;
  const others = new Map<string, number>();
  for (const { amount, currency } of incidents) {
    if (amount == null || !Number.isFinite(amount)) continue;
    const code = normalizeCurrency(currency);
    if (DOLLAR_CURRENCIES.has(code)) dollarsTotal += amount;
    else others.set(code, (others.get(code) ?? 0) + amount);
  }
  return { dollars: dollarsTotal, unconverted: [...others].map(([currency, amount]) => ({ currency, amount })) };
}

/** The headline of the total: dollars, or the other currencies when nothing was in dollars. */
export function formatTotalLoss(loss: TotalLoss): { headline: string; note: string | null } {
  if (loss.unconverted.length === 0) return { headline: formatDollars(loss.dollars), note: null };
  if (loss.dollars === 0) return { headline: formatByCurrency(loss.unconverted), note: 'Not in dollars: no exchange rates are applied.' };
  return { headline: formatDollars(loss.dollars), note: `Plus, not converted: ${formatByCurrency(loss.unconverted)}` };
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

/** product.md#entities-scam-detail ("Scam detail view") from a replica incident and its profile's name. */
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

/** product.md#constants: amounts up to 8 decimals with their currency, e.g. "0.12345678 BTC". */
export function formatMoney(amount: number | null, currency: string): string | null {
  return amount == null ? null : `${formatAmount(amount)} ${normalizeCurrency(currency)}`;
}
