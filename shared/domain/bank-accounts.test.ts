import { describe, expect, it } from 'vitest';
import { formatBankAccount, pairBankAccounts, parseBankAccountString } from './bank-accounts';

describe('pairBankAccounts', () => {
  it('when names and accounts are given, then they are paired by position', () => {
    const result = pairBankAccounts(['Chase', 'HSBC'], ['111', '222']);

    expect(result).toEqual([
      { bank_name: 'Chase', account: '111' },
      { bank_name: 'HSBC', account: '222' },
    ]);
  });

  it('when both sides of a pair are empty, then that pair is dropped and the others keep their order', () => {
    const result = pairBankAccounts(['Chase', '', 'HSBC'], ['111', '', '333']);

    expect(result).toEqual([
      { bank_name: 'Chase', account: '111' },
      { bank_name: 'HSBC', account: '333' },
    ]);
  });

  it('when both sides of a pair are only spaces, then that pair is dropped', () => {
    const result = pairBankAccounts(['  '], [' \t ']);

    expect(result).toEqual([]);
  });

  it('when only one side of a pair is filled, then the pair is kept with the other side empty', () => {
    const result = pairBankAccounts(['Chase', ''], ['', '222']);

    expect(result).toEqual([
      { bank_name: 'Chase', account: '' },
      { bank_name: '', account: '222' },
    ]);
  });

  it('when there are more accounts than names, then the extra accounts pair with an empty name', () => {
    const result = pairBankAccounts(['Chase'], ['111', '222']);

    expect(result).toEqual([
      { bank_name: 'Chase', account: '111' },
      { bank_name: '', account: '222' },
    ]);
  });

  it('when there are more names than accounts, then the extra names pair with an empty account', () => {
    const result = pairBankAccounts(['Chase', 'HSBC'], ['111']);

    expect(result).toEqual([
      { bank_name: 'Chase', account: '111' },
      { bank_name: 'HSBC', account: '' },
    ]);
  });

  it('when the values have surrounding spaces, then they are trimmed', () => {
    const result = pairBankAccounts([' Chase '], ['  111 ']);

    expect(result).toEqual([{ bank_name: 'Chase', account: '111' }]);
  });

  it('when both lists are empty, then there are no pairs', () => {
    const result = pairBankAccounts([], []);

    expect(result).toEqual([]);
  });
});

describe('parseBankAccountString', () => {
  it("when the entry is 'name:account', then the name and the account are split at the colon", () => {
    const result = parseBankAccountString('Chase:123456');

    expect(result).toEqual({ bank_name: 'Chase', account: '123456' });
  });

  it('when the entry has spaces around the colon, then both sides are trimmed', () => {
    const result = parseBankAccountString('  Chase :  123456 ');

    expect(result).toEqual({ bank_name: 'Chase', account: '123456' });
  });

  it('when the account itself holds a colon, then only the first colon splits', () => {
    const result = parseBankAccountString('IBAN:DE89:3704:0044');

    expect(result).toEqual({ bank_name: 'IBAN', account: 'DE89:3704:0044' });
  });

  it('when the entry has no colon, then it is an account without a bank name', () => {
    const result = parseBankAccountString(' 123456 ');

    expect(result).toEqual({ bank_name: '', account: '123456' });
  });

  it('when the entry starts with the colon, then the bank name is empty', () => {
    const result = parseBankAccountString(':123456');

    expect(result).toEqual({ bank_name: '', account: '123456' });
  });

  it('when the entry ends with the colon, then the account is empty', () => {
    const result = parseBankAccountString('Chase:');

    expect(result).toEqual({ bank_name: 'Chase', account: '' });
  });
});

describe('formatBankAccount', () => {
  it('when both sides are present, then it shows the bank name, a colon and the account', () => {
    const result = formatBankAccount({ bank_name: 'Chase', account: '123456' });

    expect(result).toBe('Chase: 123456');
  });

  it('when the bank name is empty, then only the account shows', () => {
    const result = formatBankAccount({ bank_name: '', account: '123456' });

    expect(result).toBe('123456');
  });

  it('when the account is empty, then only the bank name shows', () => {
    const result = formatBankAccount({ bank_name: 'Chase', account: '' });

    expect(result).toBe('Chase');
  });

  it('when both sides are empty, then nothing shows', () => {
    const result = formatBankAccount({ bank_name: '', account: '' });

    expect(result).toBe('');
  });

  it('when a formatted pair is parsed again, then the same pair comes back', () => {
    const pairs = [
      { bank_name: 'Chase', account: '123456' },
      { bank_name: '', account: '123456' },
      { bank_name: 'IBAN', account: 'DE89:3704' },
    ];

    const roundTripped = pairs.map((pair) => parseBankAccountString(formatBankAccount(pair)));

    expect(roundTripped).toEqual(pairs);
  });
});
