import { DEFAULT_CURRENCY } from '../constants';

export const CURRENCY_PATTERN = /^[A-Z0-9]{2,10}$/;

/** spec §5: currency input is forced to upper case; §9: USD when absent. */
export function normalizeCurrency(input: string | null | undefined): string {
  const code = (input ?? '').trim().toUpperCase();
  return code || DEFAULT_CURRENCY;
}
