import { describe, expect, it } from 'vitest';
import { AMOUNT_RULE_MESSAGE, formatAmount, parseAmount } from './amount';
import { AMOUNT_MAX } from '../constants';

describe('parseAmount, typed text', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['1250', 1250],
    ['007', 7],
    ['1250.5', 1250.5],
    ['1250.50', 1250.5],
    ['0.1', 0.1],
  ])("when the term is '%s', then the amount is %s", (term, expected) => {
    const result = parseAmount(term);

    expect(result).toBe(expected);
  });

  it('when the term has exactly 8 decimals, then every decimal is kept', () => {
    const result = parseAmount('0.12345678');

    expect(result).toBe(0.12345678);
  });

  it('when the term has 9 decimals, then the amount is invalid', () => {
    const result = parseAmount('0.123456789');

    expect(result).toBeNull();
  });

  it.each(['lots', '1e5', '1E5', '-3', '+3', '', '   ', '.', '1.', '1.2.3', '0x10', 'Infinity', 'NaN', '1 250', '12 USD', '$12', '١٢'])(
    "when the term is '%s', then the amount is invalid",
    (term) => {
      const result = parseAmount(term);

      expect(result).toBeNull();
    },
  );

  it("when the term is '1,250.50', then the thousands separator is accepted and the amount is 1250.5", () => {
    const result = parseAmount('1,250.50');

    expect(result).toBe(1250.5);
  });

  it.each([
    ['12,345', 12345],
    ['1,234,567', 1234567],
    ['999,999.12345678', 999999.12345678],
  ])("when the grouped term is '%s', then the amount is %s", (term, expected) => {
    const result = parseAmount(term);

    expect(result).toBe(expected);
  });

  it.each(['1,25', '1,2500', '12,34,567', '1234,567', ',123', '1,', '1,250.123456789'])(
    "when the separators are misplaced as in '%s', then the amount is invalid",
    (term) => {
      const result = parseAmount(term);

      expect(result).toBeNull();
    },
  );

  it('when the term is surrounded by spaces, then the spaces are ignored', () => {
    const result = parseAmount('  42.5 \t');

    expect(result).toBe(42.5);
  });

  it("when the term starts with the decimal point as in '.5', then the amount is 0.5", () => {
    const result = parseAmount('.5');

    expect(result).toBe(0.5);
  });

  it('when the term is exactly the largest amount, then it is accepted', () => {
    const result = parseAmount(String(AMOUNT_MAX));

    expect(result).toBe(AMOUNT_MAX);
  });

  it('when the term is above the largest amount, then the amount is invalid', () => {
    const result = parseAmount(String(AMOUNT_MAX + 1));

    expect(result).toBeNull();
  });
});

describe('parseAmount, numbers', () => {
  it('when the number is a whole number, then it is kept as is', () => {
    const result = parseAmount(1250);

    expect(result).toBe(1250);
  });

  it('when the number has more than 8 decimals, then it is rounded to 8 decimals', () => {
    const result = parseAmount(1.123456789);

    expect(result).toBe(1.12345679);
  });

  it('when the number is smaller than the 8th decimal, then it rounds to 0', () => {
    const result = parseAmount(0.000000001);

    expect(result).toBe(0);
  });

  it('when the number is negative zero, then the amount is a plain 0', () => {
    const result = parseAmount(-0);

    expect(Object.is(result, 0)).toBe(true);
  });

  it.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, AMOUNT_MAX * 10])(
    'when the number is %s, then the amount is invalid',
    (value) => {
      const result = parseAmount(value);

      expect(result).toBeNull();
    },
  );
});

describe('formatAmount', () => {
  it.each([
    [0, '0'],
    [1250, '1,250'],
    [1250.5, '1,250.5'],
    [1234567.1, '1,234,567.1'],
    [0.00000001, '0.00000001'],
    [0.12345678, '0.12345678'],
  ])('when the amount is %s, then it shows as %s', (value, expected) => {
    const result = formatAmount(value);

    expect(result).toBe(expected);
  });

  it('when the amount has more than 8 decimals, then it shows at most 8', () => {
    const result = formatAmount(0.123456789);

    expect(result).toBe('0.12345679');
  });

  it('when a formatted amount is parsed again, then the same amount comes back', () => {
    const amounts = [0, 1, 1250.5, 999999.12345678, 0.00000001, 12345678.9];

    const roundTripped = amounts.map((value) => parseAmount(formatAmount(value)));

    expect(roundTripped).toEqual(amounts);
  });
});

describe('AMOUNT_RULE_MESSAGE', () => {
  it('when the rule is shown to a person, then it names the 8-decimal limit and an example', () => {
    const message = AMOUNT_RULE_MESSAGE;

    expect(message).toContain('8 decimals');
    expect(message).toContain('1250.50');
  });
});
