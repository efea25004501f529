// The fast keys of identifier-keys.ts are profileIdentifiers()' keys, value for value and profile
// for profile, whatever the value: valid identifiers of every kind, the shapes the fast paths
// read, and those they leave to shared/identifiers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseId } from '../../domain/case-id';
import { identifierKey, profileIdentifierKeys } from '../reference';
import { sampleProfile } from '../../test-support';
import { fieldKey, identifierKeys, readKey } from './identifier-keys';
import { ACCOUNTS, EMAILS, HANDLES, IPS, PHONES, WALLETS, WEBSITES } from './test-identifiers';

const FIELDS = [
  ['walletAddresses', WALLETS], ['phone', PHONES], ['email', EMAILS], ['website', WEBSITES], ['telegram', HANDLES],
  ['ipAddresses', IPS], ['bankAccounts', ACCOUNTS],
] as const;

describe('identifier keys', () => {
  it.each(FIELDS)('when a %s value is keyed, then its key is the one shared/identifiers reads', (field, values) => {
    fc.assert(fc.property(values, (value) => {
      expect(fieldKey(field, value)).toBe(readKey(field, value));
    }), { numRuns: 3000 });
  });

  it('when a profile is keyed, then its keys and its case id are profileIdentifiers() keys, each once', () => {
    const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { maxLength: 3 });
    fc.assert(fc.property(
      fc.record({
        id: fc.integer({ min: 1, max: 99_999 }), walletAddresses: list(WALLETS), phone: list(PHONES), email: list(EMAILS),
        website: list(WEBSITES), telegram: list(HANDLES), ipAddresses: list(IPS),
        bankAccounts: list(ACCOUNTS.map((account) => ({ bank_name: 'Bank', account }))),
      }),
      (fields) => {
        const profile = { ...sampleProfile(), ...fields };
        const keys = identifierKeys(profile);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set([identifierKey('case_id', caseId(profile.id)), ...keys])).toEqual(profileIdentifierKeys(profile));
      },
    ), { numRuns: 500 });
  });

  it.each([
    ['phone', '+61 (0)491 570 159', 'phone:+61491570159'],
    ['phone', '+1 (843) 555-0117', 'phone:+18435550117'],
    ['walletAddresses', '0x42D2F4D64ac9F123a7789Eb68dB85f1ADCcc0D94', 'evm:0x42d2f4d64ac9f123a7789eb68db85f1adccc0d94'],
    ['walletAddresses', 'LT4KnH1rQeZbTHBLm6BeeCrcwhjsAF61Xj', 'ltc:LT4KnH1rQeZbTHBLm6BeeCrcwhjsAF61Xj'],
    ['website', 'https://WWW.CoinHaven.example/airdrop', 'domain:coinhaven.example'],
    ['website', 'https://t.me/aldric_web302', 'telegram:aldric_web302'],
    ['telegram', '@Aldric_Web302', 'telegram:aldric_web302'],
    ['bankAccounts', 'DE12 5001 0517 0648 4898 90', 'iban:DE12500105170648489890'],
    ['bankAccounts', 'ACCT-29938799', 'bank_account:ACCT29938799'],
  ] as const)('when the %s value %s is keyed, then its key is %s', (field, value, key) => {
    expect(fieldKey(field, value)).toBe(key);
  });
});
