// The one amount rule, used by the Add Scam form before queueing and by the server (product.md#validation, product.md#constants):
// a non-negative number with at most 8 fraction digits. Thousands separators ("1,250.50") are
// accepted because people type them; anything else ("lots", "1e5", "-3") is refused.
import { AMOUNT_MAX, AMOUNT_MAX_FRACTION_DIGITS } from '../constants';

export const AMOUNT_RULE_MESSAGE = `must be an amount like 1250 or 1250.50, with at most ${AMOUNT_MAX_FRACTION_DIGITS} decimals`;

const PLAIN = new RegExp(`^(\\d+)?(\\.\\d{1,${AMOUNT_MAX_FRACTION_DIGITS}})?$`);
const GROUPED = new RegExp(`^\\d{1,3}(,\\d{3})+(\\.\\d{1,${AMOUNT_MAX_FRACTION_DIGITS}})?$`);

/** The amount as a number, or null when the input does not follow the rule. */
export function parseAmount(input: string | number): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0 || input > AMOUNT_MAX) return null;
    // a number with more than 8 decimals is rounded, not refused: it was not typed by a person
    return Number(input.toFixed(AMOUNT_MAX_FRACTION_DIGITS));
  }
  const text = input.trim();
  if (!text || text === '.') return null;
  let digits: string;
  if (PLAIN.test(text)) digits = text;
  else if (GROUPED.test(text)) digits = text.replace(/,/g, '');
  else return null;
  const value = Number(digits);
  if (!Number.isFinite(value) || value > AMOUNT_MAX) return null;
  return value;
}

/** Formats an amount with up to 8 fraction digits and no trailing zeros, en-US grouping. */
export function formatAmount(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: AMOUNT_MAX_FRACTION_DIGITS });
}
