import { describe, expect, it } from 'vitest';
import { pendingScamSchema } from './admin';
import { issuesOf } from '../test-support';

function pendingScam(overrides: Record<string, unknown> = {}) {
  return {
    id: 21, verification_status: 'pending', reported: '2025-03-01T10:00:00Z', occurred: '2025-02-27', submitter_contact: 'v@example.test',
    submitted_by: 'visitor', developer: 7, project: null, developer_name: 'Ada Example', project_name: null,
    description: 'Took the deposit', amount: 1250.5, currency: 'USD', avatar: null, types: ['Rug Pull'], nicknames: [],
    industries: ['DeFi'], companies: [], company_addresses: [], websites: [], telegrams: [], emails: [], phones: [],
    ip_addresses: [], wallet_addresses: ['0xabc'], bank_names: ['Chase'], bank_accounts: [{ bank_name: 'Chase', account: '1' }],
    ...overrides,
  };
}

describe('pendingScamSchema', () => {
  it('when staff read a pending scam with every field, then it is accepted unchanged', () => {
    const scam = pendingScam();

    const result = pendingScamSchema.parse(scam);

    expect(result).toEqual(scam);
  });

  it('when the scam belongs to a project and its amount and date are unknown, then the nulls are accepted', () => {
    const result = pendingScamSchema.safeParse(pendingScam({ developer: null, developer_name: null, project: 3, project_name: 'Coin', amount: null, occurred: null }));

    expect(result.success).toBe(true);
  });

  it('when the submitter contact is missing, then it is refused on that field', () => {
    const { submitter_contact: _omitted, ...rest } = pendingScam();

    const result = pendingScamSchema.safeParse(rest);

    expect(issuesOf(result).map(([path]) => path)).toEqual(['submitter_contact']);
  });

  it('when the amount is a text, then it is refused on amount', () => {
    const result = pendingScamSchema.safeParse(pendingScam({ amount: '1250.50' }));

    expect(issuesOf(result).map(([path]) => path)).toEqual(['amount']);
  });

  it('when a bank account carries an unknown field, then it is refused', () => {
    const result = pendingScamSchema.safeParse(pendingScam({ bank_accounts: [{ bank_name: 'Chase', account: '1', swift: 'X' }] }));

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[0]).toBe('bank_accounts.0');
  });
});
