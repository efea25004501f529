import { describe, expect, it } from 'vitest';
import { formatByCurrency, formatDollars, formatMoney, formatTotalLoss, incidentDate, toScamDetail, totalLoss } from './profile-data';
import { localIncident } from './test-support';

describe('incident dates', () => {
  it('when an incident has an occurred date-time, then its date is the first 10 characters', () => {
    expect(incidentDate({ occurred: '2024-03-14T09:30:00Z', reported: '2024-04-01T12:00:00Z' })).toBe('2024-03-14');
  });

  it('when it has no occurred date, then the reported date stands in, and nothing gives an empty text', () => {
    expect(incidentDate({ occurred: null, reported: '2024-04-01T12:00:00Z' })).toBe('2024-04-01');
    expect(incidentDate({ occurred: null, reported: null })).toBe('');
  });
});

describe('total reported loss', () => {
  it('when every amount is in dollars, then the total is their sum in dollars', () => {
    const loss = totalLoss([{ amount: 1500, currency: 'USD' }, { amount: 250.5, currency: 'usd' }, { amount: null, currency: 'USD' }]);

    expect(loss).toEqual({ dollars: 1750.5, unconverted: [] });
    expect(formatTotalLoss(loss)).toEqual({ headline: '$1,750.50', note: null });
  });

  it('when amounts are in dollar stablecoins, then they count as dollars', () => {
    expect(totalLoss([{ amount: 100, currency: 'USDT' }, { amount: 50, currency: 'usdc' }]).dollars).toBe(150);
  });

  it('when some amounts are in other currencies, then they are never shown as dollars but listed beside the total', () => {
    const loss = totalLoss([{ amount: 2.5, currency: 'BTC' }, { amount: 1000, currency: 'USD' }, { amount: 0.125, currency: 'btc' }]);

    expect(loss).toEqual({ dollars: 1000, unconverted: [{ currency: 'BTC', amount: 2.625 }] });
    expect(formatTotalLoss(loss)).toEqual({ headline: '$1,000', note: 'Plus, not converted: 2.625 BTC' });
  });

  it('when nothing was in dollars, then the headline is the amounts as reported, not a dollar figure', () => {
    const loss = totalLoss([{ amount: 4.574888, currency: 'BTC' }]);

    expect(formatTotalLoss(loss).headline).toBe('4.574888 BTC');
    expect(formatTotalLoss(loss).headline).not.toContain('$');
  });

  it('when there is nothing to add, then it reads $0; whole dollars show no cents', () => {
    expect(formatTotalLoss(totalLoss([])).headline).toBe('$0');
    expect(formatDollars(1234567)).toBe('$1,234,567');
    expect(formatByCurrency([{ currency: 'USD', amount: 1000 }, { currency: 'BTC', amount: 2.5 }])).toBe('1,000 USD + 2.5 BTC');
  });
});

describe('scam detail view', () => {
  it('when built from an incident, then it has the fields of product.md#entities with types and industries joined', () => {
    const incident = localIncident(42, {
      id: 9, types: ['Rug Pull', 'Exit Scam'], industries: ['DeFi', 'NFT'], amount: 0.12345678, currency: 'btc',
    });

    expect(toScamDetail(incident, 'Ada Example')).toEqual({
      id: 9, name: 'Ada Example', type: 'Rug Pull, Exit Scam', industry: 'DeFi, NFT', amountLoss: 0.12345678,
      currency: 'BTC', status: 'approved', dateReported: '2024-04-01', description: incident.description,
    });
    expect(formatMoney(0.12345678, 'btc')).toBe('0.12345678 BTC');
    expect(formatMoney(null, 'USD')).toBeNull();
  });
});
