import { describe, expect, it } from 'vitest';
import { incidentListResponseSchema, incidentSchema, scamDetailSchema } from './incident';
import { issuesOf } from '../test-support';

describe('incidentSchema', () => {
  it('when the incident has only an id, then every other field takes its default', () => {
    const result = incidentSchema.parse({ id: 1 });

    expect(result).toEqual({
      id: 1, description: '', occurred: null, reported: null, amount: null, currency: 'USD',
      types: [], nicknames: [], industries: [], companies: [], company_addresses: [], websites: [],
      telegrams: [], emails: [], phones: [], ip_addresses: [], wallet_addresses: [], bank_names: [],
      bank_accounts: [], avatar: null, status: 'approved',
    });
  });

  it('when the incident uses the primary names, then they are read as given', () => {
    const result = incidentSchema.parse({
      id: 3, description: 'Took the deposit', occurred: '2025-02-01', reported: '2025-02-03T09:00:00Z',
      amount: 1250.5, currency: 'EUR', types: ['Rug Pull'], wallet_addresses: ['0xabc'],
      bank_accounts: [{ bank_name: 'Chase', account: '111' }], status: 'pending',
    });

    expect(result).toMatchObject({
      description: 'Took the deposit', occurred: '2025-02-01', reported: '2025-02-03T09:00:00Z', amount: 1250.5,
      currency: 'EUR', types: ['Rug Pull'], wallet_addresses: ['0xabc'], bank_accounts: [{ bank_name: 'Chase', account: '111' }], status: 'pending',
    });
  });

  it('when the incident uses scam_description, incident_date and scam_amount, then they are read as description, occurred and amount', () => {
    const result = incidentSchema.parse({ id: 1, scam_description: 'Fake raise', incident_date: '2024-11-05', scam_amount: 300 });

    expect(result.description).toBe('Fake raise');
    expect(result.occurred).toBe('2024-11-05');
    expect(result.amount).toBe(300);
  });

  it('when the alternate names are read, then they do not appear in the result', () => {
    const result = incidentSchema.parse({ id: 1, scam_description: 'x', incident_date: '2024-11-05', scam_amount: 3 });

    expect(result).not.toHaveProperty('scam_description');
    expect(result).not.toHaveProperty('incident_date');
    expect(result).not.toHaveProperty('scam_amount');
  });

  it('when both a primary and an alternate name are given, then the primary one wins', () => {
    const result = incidentSchema.parse({
      id: 1, description: 'primary', scam_description: 'alternate', occurred: '2025-01-01', incident_date: '2020-01-01', amount: 10, scam_amount: 99,
    });

    expect(result).toMatchObject({ description: 'primary', occurred: '2025-01-01', amount: 10 });
  });

  it('when the amount arrives as a numeric text, then it is read as a number', () => {
    const result = incidentSchema.parse({ id: 1, scam_amount: '12.5' });

    expect(result.amount).toBe(12.5);
  });

  it('when the amount is not a number at all, then the incident is refused on amount', () => {
    const result = incidentSchema.safeParse({ id: 1, amount: 'lots' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['amount']);
  });

  it.each([[undefined], [null], ['']])('when the currency is %j, then it defaults to USD', (value) => {
    const result = incidentSchema.parse({ id: 1, currency: value });

    expect(result.currency).toBe('USD');
  });

  it('when the currency is given, then it is kept', () => {
    const result = incidentSchema.parse({ id: 1, currency: 'USDT' });

    expect(result.currency).toBe('USDT');
  });

  it("when the bank accounts are 'name:account' strings, then they are read as pairs", () => {
    const result = incidentSchema.parse({ id: 1, bank_accounts: ['Chase:111', 'HSBC: 222', '333', ':'] });

    expect(result.bank_accounts).toEqual([
      { bank_name: 'Chase', account: '111' },
      { bank_name: 'HSBC', account: '222' },
      { bank_name: '', account: '333' },
    ]);
  });

  it('when the id is missing, then the incident is refused', () => {
    const result = incidentSchema.safeParse({ description: 'no id' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['id']);
  });

  it.each([[null], ['incident'], [42]])('when the incident is %j, then it is refused', (value) => {
    const result = incidentSchema.safeParse(value);

    expect(result.success).toBe(false);
  });

  it('when the input object is parsed, then the input itself is not changed', () => {
    const raw = { id: 1, scam_description: 'x', currency: '' };

    incidentSchema.parse(raw);

    expect(raw).toEqual({ id: 1, scam_description: 'x', currency: '' });
  });

  it('when a list field holds a non-string, then the incident is refused', () => {
    const result = incidentSchema.safeParse({ id: 1, emails: [42] });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['emails.0']);
  });
});

describe('incidentListResponseSchema', () => {
  it('when the response holds incidents in either naming, then each is read', () => {
    const result = incidentListResponseSchema.parse({
      incidents: [{ id: 1, description: 'a' }, { id: 2, scam_description: 'b', scam_amount: 5 }],
    });

    expect(result.incidents.map((incident) => [incident.id, incident.description, incident.amount])).toEqual([[1, 'a', null], [2, 'b', 5]]);
  });

  it('when the response has no incidents list, then it is refused', () => {
    const result = incidentListResponseSchema.safeParse({ results: [] });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['incidents']);
  });
});

describe('scamDetailSchema', () => {
  const detail = {
    id: 9, name: 'Ada Example', type: 'Rug Pull', industry: 'DeFi', amountLoss: 1000, currency: 'USD',
    status: 'approved', dateReported: '2025-01-01', description: 'Gone with the funds',
  };

  it('when the detail view has every field, then it is accepted', () => {
    const result = scamDetailSchema.parse(detail);

    expect(result).toEqual(detail);
  });

  it('when the loss is unknown, then null is accepted', () => {
    const result = scamDetailSchema.safeParse({ ...detail, amountLoss: null });

    expect(result.success).toBe(true);
  });

  it('when a field is missing, then it is refused on that field', () => {
    const { dateReported: _omitted, ...rest } = detail;

    const result = scamDetailSchema.safeParse(rest);

    expect(issuesOf(result).map(([path]) => path)).toEqual(['dateReported']);
  });
});
