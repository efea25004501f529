import { DEFAULT_CURRENCY } from '../constants';

export const CURRENCY_PATTERN = /^[A-Z0-9]{2,10}$/;

/** product.md#validation: currency input is forced to upper case; product.md#constants: USD when absent. */
export function normalizeCurrency(input: string | null | undefined): string {
  const code = (input ?? '').trim().toUpperCase();
  return code || DEFAULT_CURRENCY;
}
