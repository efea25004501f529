import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../test-support';
import { identify } from './identify';
import { profileIdentifiers } from './profile-identifiers';

describe('profileIdentifiers', () => {
  it('when a profile has one value in each identifier field, then each is listed with its field and value', () => {
    const profile = sampleProfile({
      id: 169,
      walletAddresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
      phone: ['+61 (0)491 570 159'],
      email: ['Name@Inbox.Invalid'],
      website: ['https://www.site.example/login'],
      telegram: ['@Aldric_Web302'],
      ipAddresses: ['203.0.113.7'],
      bankAccounts: [{ bank_name: 'Example Bank', account: 'ACCT-29938799' }, { bank_name: 'Other', account: 'GB82 WEST 1234 5698 7654 32' }],
    });

    const result = profileIdentifiers(profile);

    expect(result).toEqual([
      { kind: 'case_id', canonical: 'BUSTR-2025-0169', valid: true, field: 'id', value: 'BUSTR-2025-0169' },
      { kind: 'evm', canonical: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', valid: true, field: 'walletAddresses', value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      { kind: 'btc', canonical: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', valid: true, field: 'walletAddresses', value: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
      { kind: 'phone', canonical: '+61491570159', valid: true, field: 'phone', value: '+61 (0)491 570 159' },
      { kind: 'email', canonical: 'name@inbox.invalid', valid: true, field: 'email', value: 'Name@Inbox.Invalid' },
      { kind: 'domain', canonical: 'site.example', valid: true, field: 'website', value: 'https://www.site.example/login' },
      { kind: 'telegram', canonical: 'aldric_web302', valid: true, field: 'telegram', value: '@Aldric_Web302' },
      { kind: 'ipv4', canonical: '203.0.113.7', valid: true, field: 'ipAddresses', value: '203.0.113.7' },
      { kind: 'bank_account', canonical: 'ACCT29938799', valid: true, field: 'bankAccounts', value: 'ACCT-29938799' },
      { kind: 'iban', canonical: 'GB82WEST12345698765432', valid: true, field: 'bankAccounts', value: 'GB82 WEST 1234 5698 7654 32' },
    ]);
  });

  it('when a pasted form of a stored value is identified, then one of its readings equals the stored canonical form', () => {
    const profile = sampleProfile({ phone: ['+61 (0)491 570 159'], telegram: ['aldric_web302'], website: ['site.example'] });
    const stored = profileIdentifiers(profile);

    for (const pasted of ['tel:+61491570159', 'https://t.me/aldric_web302', 'http://site.example/login?ref=ad']) {
      const readings = identify(pasted);
      expect(stored.some((s) => readings.some((r) => r.kind === s.kind && r.canonical === s.canonical))).toBe(true);
    }
  });

  it('when a website is a t.me link, then it is listed as the Telegram handle, not the domain t.me', () => {
    const result = profileIdentifiers(sampleProfile({ website: ['https://t.me/aldric_web302'], telegram: [] }));

    expect(result.filter((r) => r.field === 'website')).toEqual([
      { kind: 'telegram', canonical: 'aldric_web302', valid: true, field: 'website', value: 'https://t.me/aldric_web302' },
    ]);
  });

  it('when two fields hold the same identifier, then it is listed once, from the first field', () => {
    const result = profileIdentifiers(sampleProfile({ website: ['https://t.me/aldric_web302'], telegram: ['@aldric_web302'] }));

    expect(result.filter((r) => r.kind === 'telegram')).toEqual([
      { kind: 'telegram', canonical: 'aldric_web302', valid: true, field: 'website', value: 'https://t.me/aldric_web302' },
    ]);
  });

  it('when a stored value is not valid for its kind, then it is still listed, as not valid', () => {
    const result = profileIdentifiers(sampleProfile({ walletAddresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee'], phone: ['555-0117'] }));

    expect(result.filter((r) => r.field === 'walletAddresses' || r.field === 'phone')).toEqual([
      { kind: 'evm', canonical: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaee', valid: false, field: 'walletAddresses', value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee' },
      { kind: 'phone', canonical: '5550117', valid: false, field: 'phone', value: '555-0117' },
    ]);
  });

  it('when a stored value is free text, then it is left out', () => {
    const result = profileIdentifiers(sampleProfile({ walletAddresses: ['Unknown'], phone: ['ask on Telegram'], email: ['none'] }));

    expect(result.map((r) => r.field)).not.toContain('walletAddresses');
    expect(result.map((r) => r.field)).not.toContain('phone');
    expect(result.map((r) => r.field)).not.toContain('email');
  });
});
