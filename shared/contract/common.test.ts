import { describe, expect, it } from 'vitest';
import {
  amount, avatar, bankAccount, bankAccountList, currency, dateText, id, longText, looseBoolean,
  optionalAmount, optionalDate, optionalLongText, optionalShortText, profileKind, shortText, stringList,
} from './common';
import { AMOUNT_RULE_MESSAGE } from '../domain/amount';
import { MAX_LIST_ITEMS, MAX_LIST_ITEM_CHARS, MAX_LONG_TEXT, MAX_SHORT_TEXT } from '../constants';
import { dataUrl, issuesOf, textBytes, tinyPng } from '../test-support';

describe('shortText and longText', () => {
  it('when a short text has surrounding spaces, then they are trimmed', () => {
    const result = shortText.parse('  Ada  ');

    expect(result).toBe('Ada');
  });

  it('when a short text is exactly the limit, then it is accepted', () => {
    const result = shortText.safeParse('x'.repeat(MAX_SHORT_TEXT));

    expect(result.success).toBe(true);
  });

  it('when a short text is over the limit, then it is refused with the limit in the message', () => {
    const result = shortText.safeParse('x'.repeat(MAX_SHORT_TEXT + 1));

    expect(issuesOf(result)).toEqual([['', `must be at most ${MAX_SHORT_TEXT} characters`]]);
  });

  it('when a long text is over its limit, then it is refused', () => {
    const accepted = longText.safeParse('x'.repeat(MAX_LONG_TEXT));
    const refused = longText.safeParse('x'.repeat(MAX_LONG_TEXT + 1));

    expect(accepted.success).toBe(true);
    expect(issuesOf(refused)).toEqual([['', `must be at most ${MAX_LONG_TEXT} characters`]]);
  });

  it.each([[undefined], [null]])('when an optional text is %j, then it becomes an empty text', (value) => {
    const short = optionalShortText.parse(value);
    const long = optionalLongText.parse(value);

    expect(short).toBe('');
    expect(long).toBe('');
  });

  it('when an optional text is a number, then it is refused', () => {
    const result = optionalShortText.safeParse(42);

    expect(result.success).toBe(false);
  });
});

describe('stringList', () => {
  it('when the items have surrounding spaces, then each is trimmed', () => {
    const result = stringList.parse(['  a ', 'b\t']);

    expect(result).toEqual(['a', 'b']);
  });

  it('when some items are blank, then they are dropped', () => {
    const result = stringList.parse(['a', '', '   ', 'b']);

    expect(result).toEqual(['a', 'b']);
  });

  it('when an item repeats, even with other spacing, then only its first occurrence is kept', () => {
    const result = stringList.parse(['b', 'a', ' b', 'a ', 'c']);

    expect(result).toEqual(['b', 'a', 'c']);
  });

  it('when items differ only in case, then both are kept', () => {
    const result = stringList.parse(['Rug Pull', 'rug pull']);

    expect(result).toEqual(['Rug Pull', 'rug pull']);
  });

  it('when a single string is given, then it is a one-item list', () => {
    const result = stringList.parse('  ada ');

    expect(result).toEqual(['ada']);
  });

  it('when a single blank string is given, then the list is empty', () => {
    const result = stringList.parse('   ');

    expect(result).toEqual([]);
  });

  it.each([[undefined], [null], [[]]])('when the list is %j, then it is empty', (value) => {
    const result = stringList.parse(value);

    expect(result).toEqual([]);
  });

  it('when an item is not a string, then the list is refused', () => {
    const result = stringList.safeParse(['a', 42]);

    expect(result.success).toBe(false);
  });

  it('when an item is longer than the item limit, then the list is refused', () => {
    const result = stringList.safeParse(['ok', 'x'.repeat(MAX_LIST_ITEM_CHARS + 1)]);

    expect(issuesOf(result)).toEqual([['1', `items must be at most ${MAX_LIST_ITEM_CHARS} characters`]]);
  });

  it('when a single string is longer than the item limit, then it is refused like a list item', () => {
    const result = stringList.safeParse('x'.repeat(MAX_LIST_ITEM_CHARS + 1));

    expect(result.success).toBe(false);
    expect(issuesOf(result).map(([, message]) => message)).toContain(`items must be at most ${MAX_LIST_ITEM_CHARS} characters`);
  });

  it('when the list has exactly the item limit, then it is accepted', () => {
    const items = Array.from({ length: MAX_LIST_ITEMS }, (_, i) => `item ${i}`);

    const result = stringList.safeParse(items);

    expect(result.success).toBe(true);
  });

  it('when the list has more distinct items than the limit, then it is refused', () => {
    const items = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => `item ${i}`);

    const result = stringList.safeParse(items);

    expect(issuesOf(result)).toEqual([['', `must have at most ${MAX_LIST_ITEMS} items`]]);
  });

  it('when many repeated items collapse under the limit, then the list is accepted', () => {
    const items = Array.from({ length: MAX_LIST_ITEMS + 50 }, () => 'same');

    const result = stringList.parse(items);

    expect(result).toEqual(['same']);
  });
});

describe('amount', () => {
  it("when the amount is '1,250.50', then it becomes the number 1250.5", () => {
    const result = amount.parse('1,250.50');

    expect(result).toBe(1250.5);
  });

  it('when the amount is a number with 9 decimals, then it is rounded to 8', () => {
    const result = amount.parse(0.123456789);

    expect(result).toBe(0.12345679);
  });

  it.each(['lots', '1e5', '-3', '', '0.123456789'])("when the amount is '%s', then it is refused with the amount rule", (value) => {
    const result = amount.safeParse(value);

    expect(issuesOf(result)).toEqual([['', AMOUNT_RULE_MESSAGE]]);
  });

  it('when the amount is a negative number, then it is refused with the amount rule', () => {
    const result = amount.safeParse(-3);

    expect(issuesOf(result)).toEqual([['', AMOUNT_RULE_MESSAGE]]);
  });

  it.each([[null], [undefined], [true]])('when the amount is %j, then it is refused', (value) => {
    const result = amount.safeParse(value);

    expect(result.success).toBe(false);
  });
});

describe('optionalAmount', () => {
  it.each([[undefined], [null], [''], ['   ']])('when the amount is %j, then it is null', (value) => {
    const result = optionalAmount.parse(value);

    expect(result).toBeNull();
  });

  it("when the amount is '12.5', then it becomes 12.5", () => {
    const result = optionalAmount.parse('12.5');

    expect(result).toBe(12.5);
  });

  it("when the amount is 'lots', then it is refused with the amount rule", () => {
    const result = optionalAmount.safeParse('lots');

    expect(issuesOf(result)).toEqual([['', AMOUNT_RULE_MESSAGE]]);
  });
});

describe('currency', () => {
  it.each([[undefined], [null], [''], ['  ']])('when the currency is %j, then it defaults to USD', (value) => {
    const result = currency.parse(value);

    expect(result).toBe('USD');
  });

  it("when the currency is 'eur', then it is upper-cased to 'EUR'", () => {
    const result = currency.parse(' eur ');

    expect(result).toBe('EUR');
  });

  it("when the currency is 'usdt', then it is upper-cased to 'USDT'", () => {
    const result = currency.parse('usdt');

    expect(result).toBe('USDT');
  });

  it.each(['US DOLLAR', '$', 'U', 'ABCDEFGHIJK', 'US$', 'eur€'])("when the currency is '%s', then it is refused", (value) => {
    const result = currency.safeParse(value);

    expect(issuesOf(result)).toEqual([['', 'must be a currency code of 2 to 10 letters or digits, like USD or USDT']]);
  });

  it('when the currency is a number, then it is refused', () => {
    const result = currency.safeParse(840);

    expect(result.success).toBe(false);
  });
});

describe('dateText and optionalDate', () => {
  it('when the date is a calendar date, then it is kept', () => {
    const result = dateText.parse('2025-03-14');

    expect(result).toBe('2025-03-14');
  });

  it('when the date is a date-time, then it is kept as given', () => {
    const result = dateText.parse(' 2025-03-14T10:30:00Z ');

    expect(result).toBe('2025-03-14T10:30:00Z');
  });

  it.each(['14/03/2025', 'March 14, 2025', '2025-13-45', '20250314', 'yesterday', ''])("when the date is '%s', then it is refused", (value) => {
    const result = dateText.safeParse(value);

    expect(issuesOf(result)).toEqual([['', 'must be a date like 2025-03-14']]);
  });

  it.each([[undefined], [null], ['']])('when an optional date is %j, then it is null', (value) => {
    const result = optionalDate.parse(value);

    expect(result).toBeNull();
  });

  it('when an optional date is given, then it is kept', () => {
    const result = optionalDate.parse('2024-12-31');

    expect(result).toBe('2024-12-31');
  });

  it('when an optional date is not a date, then it is refused', () => {
    const result = optionalDate.safeParse('soon');

    expect(result.success).toBe(false);
  });
});

describe('avatar', () => {
  it.each([[undefined], [null], [''], ['  ']])('when the avatar is %j, then it is null', (value) => {
    const result = avatar.parse(value);

    expect(result).toBeNull();
  });

  it('when the avatar is a PNG data URL with surrounding spaces, then it is kept, trimmed', () => {
    const value = dataUrl('image/png', tinyPng());

    const result = avatar.parse(`  ${value}\n`);

    expect(result).toBe(value);
  });

  it('when the avatar is an SVG data URL, then it is refused with the reason', () => {
    const value = dataUrl('image/svg+xml', textBytes('<svg xmlns="http://www.w3.org/2000/svg"/>'));

    const result = avatar.safeParse(value);

    expect(issuesOf(result)).toEqual([['', 'must be a PNG, JPEG or WebP image']]);
  });

  it('when the avatar is a cut base64 text, then it is refused as an issue, not thrown', () => {
    const parse = () => avatar.safeParse('data:image/png;base64,iVBORw0KG');

    expect(parse).not.toThrow();
    expect(parse().success).toBe(false);
  });
});

describe('bankAccount and bankAccountList', () => {
  it('when a bank account has an unknown field, then it is refused', () => {
    const result = bankAccount.safeParse({ bank_name: 'Chase', account: '1', iban: 'x' });

    expect(result.success).toBe(false);
  });

  it('when a bank account has surrounding spaces, then both sides are trimmed', () => {
    const result = bankAccount.parse({ bank_name: ' Chase ', account: ' 1 ' });

    expect(result).toEqual({ bank_name: 'Chase', account: '1' });
  });

  it("when the list mixes objects and 'name:account' strings, then all become pairs", () => {
    const result = bankAccountList.parse([{ bank_name: 'Chase', account: '111' }, 'HSBC:222', '333']);

    expect(result).toEqual([
      { bank_name: 'Chase', account: '111' },
      { bank_name: 'HSBC', account: '222' },
      { bank_name: '', account: '333' },
    ]);
  });

  it('when an entry is empty on both sides, then it is dropped', () => {
    const result = bankAccountList.parse([{ bank_name: ' ', account: '' }, ':', '', 'Chase:1']);

    expect(result).toEqual([{ bank_name: 'Chase', account: '1' }]);
  });

  it('when the same pair appears as an object and as a string, then it is kept once', () => {
    const result = bankAccountList.parse([{ bank_name: 'Chase', account: '1' }, 'Chase : 1']);

    expect(result).toEqual([{ bank_name: 'Chase', account: '1' }]);
  });

  it.each([[undefined], [null], [[]]])('when the list is %j, then it is empty', (value) => {
    const result = bankAccountList.parse(value);

    expect(result).toEqual([]);
  });

  it('when the list has more distinct pairs than the limit, then it is refused', () => {
    const entries = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => `Bank:${i}`);

    const result = bankAccountList.safeParse(entries);

    expect(issuesOf(result)).toEqual([['', `must have at most ${MAX_LIST_ITEMS} items`]]);
  });
});

describe('id', () => {
  it.each([[42, 42], ['42', 42], [' 7 ', 7]])('when the id is %j, then it is the number %s', (value, expected) => {
    const result = id.parse(value);

    expect(result).toBe(expected);
  });

  it.each([[0], [-1], ['-5']])('when the id is %j, then it is refused as not positive', (value) => {
    const result = id.safeParse(value);

    expect(issuesOf(result)).toEqual([['', 'must be positive']]);
  });

  it('when the id has a fraction, then it is refused as not whole', () => {
    const result = id.safeParse('1.5');

    expect(issuesOf(result)).toEqual([['', 'must be a whole number']]);
  });

  it("when the id is 'abc', then it is refused as not a number", () => {
    const result = id.safeParse('abc');

    expect(issuesOf(result)).toEqual([['', 'must be a number']]);
  });
});

describe('looseBoolean', () => {
  it.each([[true], ['true']])('when the value is %j, then it is true', (value) => {
    const result = looseBoolean.parse(value);

    expect(result).toBe(true);
  });

  it.each([[false], ['false'], ['TRUE'], ['1'], ['yes'], ['']])('when the value is %j, then it is false', (value) => {
    const result = looseBoolean.parse(value);

    expect(result).toBe(false);
  });

  it.each([[1], [null], [undefined]])('when the value is %j, then it is refused', (value) => {
    const result = looseBoolean.safeParse(value);

    expect(result.success).toBe(false);
  });
});

describe('profileKind', () => {
  it.each(['developer', 'project'])("when the kind is '%s', then it is accepted", (value) => {
    const result = profileKind.safeParse(value);

    expect(result.success).toBe(true);
  });

  it.each(['scammer', 'scam', 'Developer'])("when the kind is '%s', then it is refused", (value) => {
    const result = profileKind.safeParse(value);

    expect(result.success).toBe(false);
  });
});
