// How the admin panel writes dates and amounts (product.md#screens-admin ("Admin panel"): en-US, short month, day,
// year, hour, minute; product.md#constants: amounts with up to 8 fraction digits, default USD). Every date in
// the panel goes through formatAdminDate, so there is one formatter and one look.
import { DEFAULT_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/domain/amount';

/** The one date formatter of the panel: "Nov 2, 2025, 6:23 PM". */
export const ADMIN_DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit',
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Placeholder for a value that was not given. */
export const DASH = '—';

/**
 * A timestamp ('2025-11-02T18:23:07.000Z') or a calendar date ('2025-05-20') as epoch ms; a
 * calendar date is local midnight, so it never shows as the day before west of Greenwich.
 * null when absent or unreadable.
 */
export function parseAdminDate(value: string | null | undefined): number | null {
  if (!value || !value.trim()) return null;
  const text = value.trim();
  const date = DATE_ONLY.exec(text);
  if (date) return new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3])).getTime();
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * "Nov 2, 2025, 6:23 PM". A calendar date keeps the formatter's month, day and year and drops
 * the time, which it never had ("May 20, 2025", not "May 20, 2025, 12:00 AM").
 * Absent or unreadable values give null, so the caller chooses the words for "unknown".
 */
export function formatAdminDate(value: string | null | undefined): string | null {
  const ms = parseAdminDate(value);
  if (ms === null) return null;
  if (!DATE_ONLY.test(value!.trim())) return ADMIN_DATE_FORMAT.format(ms);
  const parts = ADMIN_DATE_FORMAT.formatToParts(ms);
  const yearAt = parts.findIndex((p) => p.type === 'year');
  return parts.slice(0, yearAt + 1).map((p) => p.value).join('');
}

/**
 * A day, never a time: for an incident's "occurred", which is a calendar date even when it came
 * with a time ('2025-05-20T10:30:00Z' reads "May 20, 2025", the day as written, like the profile
 * modal's first 10 characters, product.md#screens-profile). null when absent or unreadable.
 */
export function formatAdminDay(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  const day = text.slice(0, 10);
  return DATE_ONLY.test(day) && (text.length === 10 || text[10] === 'T' || text[10] === ' ') ? formatAdminDate(day) : formatAdminDate(text);
}

/** product.md#screens: "amount as currency code plus number (up to 8 decimals, default USD, or a dash)". */
export function formatScamAmount(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return DASH;
  return `${currencyCode(currency)} ${formatAmount(amount)}`;
}

/** The currency code as shown: upper case, USD when none was given. */
export function currencyCode(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  return code || DEFAULT_CURRENCY;
}

/** A text as shown in a read-only field: trimmed, or a dash. */
export function orDash(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text || DASH;
}
