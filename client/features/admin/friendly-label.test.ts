import { describe, expect, it } from 'vitest';
import { friendlyLabel } from './friendly-label';

describe('friendly labels of changed fields', () => {
  it('when the field is one the spec names, then its friendly label is used', () => {
    expect(['scamTypes', 'ipAddresses', 'bankAccounts', 'companiesUsed', 'companyAddresses', 'walletAddresses', 'occurred', 'amount']
      .map(friendlyLabel))
      .toEqual(['Scam Types', 'IP Addresses', 'Bank Accounts', 'Companies Used', 'Company Addresses', 'Wallet Addresses', 'Occurred', 'Amount']);
  });

  it('when the same field comes in snake_case, then it gets the same label', () => {
    expect(friendlyLabel('ip_addresses')).toBe('IP Addresses');
    expect(friendlyLabel('wallet_addresses')).toBe('Wallet Addresses');
  });

  it('when the field is any other, then its name is split into capitalised words', () => {
    expect(friendlyLabel('nationality')).toBe('Nationality');
    expect(friendlyLabel('telegrams')).toBe('Telegrams');
    expect(friendlyLabel('knownPartners')).toBe('Known Partners');
    expect(friendlyLabel('company_address')).toBe('Company Address');
    expect(friendlyLabel('phones')).toBe('Phones');
  });
});
