import { describe, expect, it } from 'vitest';
import { CURRENCY_PATTERN, normalizeCurrency } from './currency';
import { DEFAULT_CURRENCY } from '../constants';

describe('normalizeCurrency', () => {
  it.each([
    ['usd', 'USD'],
    ['eur', 'EUR'],
    ['Usdt', 'USDT'],
    ['  btc ', 'BTC'],
    ['GBP', 'GBP'],
  ])("when the code typed is '%s', then it becomes '%s'", (input, expected) => {
    const result = normalizeCurrency(input);

    expect(result).toBe(expected);
  });

  it.each([[undefined], [null], [''], ['   ']])('when the code is %j, then the currency is USD', (input) => {
    const result = normalizeCurrency(input);

    expect(result).toBe('USD');
    expect(result).toBe(DEFAULT_CURRENCY);
  });
});

describe('CURRENCY_PATTERN', () => {
  it.each(['USD', 'EUR', 'USDT', 'BTC', 'ETH2', 'ABCDEFGHIJ', 'XX'])("when the code is '%s', then it is a valid code", (code) => {
    const valid = CURRENCY_PATTERN.test(code);

    expect(valid).toBe(true);
  });

  it.each(['usd', 'U', 'ABCDEFGHIJK', 'US DOLLAR', '$', 'US$', 'EUR-', '', ' USD'])(
    "when the code is '%s', then it is not a valid code",
    (code) => {
      const valid = CURRENCY_PATTERN.test(code);

      expect(valid).toBe(false);
    },
  );
});
