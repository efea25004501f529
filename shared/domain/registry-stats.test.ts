// The statistics' sums (issue 20) over profiles made here: counts, losses by currency and month,
// rankings.
import { describe, expect, it } from 'vitest';
import type { Incident } from '../contract/incident';
import type { SyncProfile } from '../contract/sync';
import { CHART_MONTHS, registryStats, TOP_SCAM_TYPES } from './registry-stats';

const incident = (over: Partial<Incident>): Incident => ({
  id: 1, description: '', occurred: null, reported: null, amount: null, currency: 'USD', types: [], nicknames: [], industries: [],
  companies: [], company_addresses: [], websites: [], telegrams: [], emails: [], phones: [], ip_addresses: [], wallet_addresses: [],
  bank_names: [], bank_accounts: [], avatar: null, status: 'approved', ...over,
});

const profile = (id: number, over: Partial<SyncProfile> = {}): SyncProfile => ({
  id, name: `P${id}`, nickname: '', avatar: null, location: '', bio: '', gender: '', nationality: '', languages: [], accent: '',
  geolocation: '', company: [], companyAddress: [], scam_type: [], industry: [], email: [], phone: [], telegram: [], website: [],
  walletAddresses: [], bankAccounts: [], ipAddresses: [], knownPartners: [], companiesUsed: [], currencies: [], bank: [],
  isVerified: true, verification_status: 'verified', joinedDate: '', reported_person_date: '', kind: 'developer', revision: 1,
  incidents: [], ...over,
});

describe('registryStats', () => {
  it('when profiles have incidents in several currencies, then losses are summed per currency and per month, most incidents first', () => {
    const stats = registryStats([
      profile(1, { incidents: [
        incident({ amount: 100, occurred: '2025-03-04' }), incident({ amount: 50, occurred: '2025-03-20T10:00:00Z' }),
        incident({ amount: 2, currency: 'BTC', occurred: '2025-01-01' }),
      ] }),
      profile(2, { kind: 'project', incidents: [incident({ amount: 25, occurred: null, reported: '2025-01-15' }), incident({ amount: null })] }),
    ]);
    expect(stats).toMatchObject({ scammers: 1, projects: 1, incidents: 5 });
    expect(stats.losses).toEqual([
      { currency: 'USD', total: 175, incidents: 3 },
      { currency: 'BTC', total: 2, incidents: 1 },
    ]);
    const usd = stats.monthly.USD!;
    expect(usd).toHaveLength(CHART_MONTHS);
    expect(usd.at(-1)).toEqual({ month: '2025-03', total: 150 });
    expect(usd.at(-2)).toEqual({ month: '2025-02', total: 0 });
    expect(usd.at(-3)).toEqual({ month: '2025-01', total: 25 });
    expect(usd[0]!.month).toBe('2023-04');
  });

  it('when profiles name scam types and identifiers, then the most common come first, each profile counted once', () => {
    const many = Array.from({ length: TOP_SCAM_TYPES + 3 }, (_, i) => `Type ${String(i).padStart(2, '0')}`);
    const stats = registryStats([
      profile(1, { scam_type: ['Rug Pull', 'Rug Pull', 'Phishing'], walletAddresses: ['a', 'b'], telegram: ['@x'] }),
      profile(2, { scam_type: ['Rug Pull', ...many], walletAddresses: ['c'] }),
    ]);
    expect(stats.scamTypes[0]).toEqual({ label: 'Rug Pull', count: 2, profiles: 2 });
    expect(stats.scamTypes).toHaveLength(TOP_SCAM_TYPES);
    expect(stats.identifierKinds).toEqual([
      { label: 'Wallet addresses', count: 3, profiles: 2 },
      { label: 'Telegram handles', count: 1, profiles: 1 },
    ]);
  });

  it('when the registry is empty, then every figure is zero and nothing is ranked', () => {
    expect(registryStats([])).toEqual({ scammers: 0, projects: 0, incidents: 0, losses: [], monthly: {}, scamTypes: [], identifierKinds: [] });
  });
});
