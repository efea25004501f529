import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatAdminDay, formatScamAmount, orDash, parseAdminDate } from './format';
import { localIso } from './test-support';

describe('admin dates', () => {
  it('when a timestamp is shown, then it reads en-US with short month, day, year, hour and minute', () => {
    expect(formatAdminDate(localIso(2025, 11, 2, 18, 23))).toBe('Nov 2, 2025, 6:23 PM');
    expect(formatAdminDate(localIso(2025, 3, 14, 9, 5))).toBe('Mar 14, 2025, 9:05 AM');
  });

  it('when a calendar date is shown, then it keeps its day and invents no time', () => {
    expect(formatAdminDate('2025-05-20')).toBe('May 20, 2025');
    expect(parseAdminDate('2025-05-20')).toBe(new Date(2025, 4, 20).getTime());
  });

  it('when an incident\'s day is shown, then it is the day as written, with no time, even when a time came with it', () => {
    expect(formatAdminDay('2025-05-20')).toBe('May 20, 2025');
    expect(formatAdminDay('2025-05-20T23:30:00Z')).toBe('May 20, 2025');
    expect(formatAdminDay(null)).toBeNull();
    expect(formatAdminDay('soon')).toBeNull();
  });

  it('when the date is absent, blank or unreadable, then there is no date', () => {
    expect(formatAdminDate(null)).toBeNull();
    expect(formatAdminDate('  ')).toBeNull();
    expect(formatAdminDate('last Tuesday')).toBeNull();
  });
});

describe('admin amounts', () => {
  it('when an amount has 8 decimals, then all 8 show after the currency code', () => {
    expect(formatScamAmount(98.57370001, 'ETH')).toBe('ETH 98.57370001');
  });

  it('when an amount is large, then it is grouped en-US and trailing zeros are dropped', () => {
    expect(formatScamAmount(1250000.5, 'usdt')).toBe('USDT 1,250,000.5');
  });

  it('when no currency is given, then it is USD', () => {
    expect(formatScamAmount(700, '')).toBe('USD 700');
    expect(formatScamAmount(700, null)).toBe('USD 700');
  });

  it('when there is no amount, then a dash shows', () => {
    expect(formatScamAmount(null, 'ETH')).toBe('—');
  });

  it('when a text is blank, then a dash shows instead', () => {
    expect(orDash('  ')).toBe('—');
    expect(orDash(' Lisbon ')).toBe('Lisbon');
  });
});
