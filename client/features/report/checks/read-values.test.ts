import { describe, expect, it } from 'vitest';
import { IDENTIFIER_PROBLEMS } from '../../../../shared/identifiers';
import { readValue } from './read-values';

// EIP-55's example address, and the same with its last letter's case flipped
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EIP55_FLIPPED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
// BIP-173's example P2WPKH address
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('readValue: an identifier field\'s value, as the report forms check it', () => {
  it('when a wallet passes its checksum, then there is no warning', () => {
    expect(readValue('walletAddresses', EIP55)).toMatchObject({ identifier: { kind: 'evm', valid: true }, warning: null });
    expect(readValue('walletAddresses', BECH32)).toMatchObject({ identifier: { kind: 'btc', valid: true }, warning: null });
  });

  it('when an EVM address fails EIP-55, then it warns with the checksum sentence', () => {
    expect(readValue('walletAddresses', EIP55_FLIPPED)).toEqual({
      identifier: expect.objectContaining({ kind: 'evm', valid: false, problem: 'checksum' }),
      warning: 'Not a valid Ethereum wallet address.',
      reason: IDENTIFIER_PROBLEMS.checksum,
    });
  });

  it('when a bech32 address has one character changed, then it is a Bitcoin address with a wrong checksum', () => {
    expect(readValue('walletAddresses', `${BECH32.slice(0, -1)}5`)).toMatchObject({
      identifier: { kind: 'btc', valid: false }, warning: 'Not a valid Bitcoin wallet address.', reason: IDENTIFIER_PROBLEMS.checksum,
    });
  });

  it('when a value is no kind its field holds, then it says what the field expects', () => {
    expect(readValue('walletAddresses', 'my wallet')).toMatchObject({ identifier: null, warning: 'Not a wallet address.' });
    expect(readValue('phoneNumbers', 'call me')).toMatchObject({ identifier: null, warning: 'Not a phone number.' });
    expect(readValue('emails', 'nope')).toMatchObject({ identifier: null, warning: 'Not an email address.', reason: IDENTIFIER_PROBLEMS.email_format });
    expect(readValue('ipAddresses', 'localhost')).toMatchObject({ identifier: null, warning: 'Not an IP address.' });
  });

  it('when a phone number is valid for its country, then there is no warning; digits alone say the country code is missing', () => {
    expect(readValue('phoneNumbers', '+61 491 570 159')).toMatchObject({ identifier: { canonical: '+61491570159' }, warning: null });
    expect(readValue('phoneNumbers', '+61 491 570')).toMatchObject({ warning: 'Not a valid phone number.', reason: IDENTIFIER_PROBLEMS.invalid_number });
    expect(readValue('phoneNumbers', '555-0117')).toMatchObject({
      warning: 'A phone number without its country code.', reason: IDENTIFIER_PROBLEMS.country_code_missing,
    });
  });

  it('when a website is a t.me link, then it is read as the Telegram handle; a bare word is not a website', () => {
    expect(readValue('websites', 'https://t.me/aldric_web302')).toMatchObject({ identifier: { kind: 'telegram', canonical: 'aldric_web302' }, warning: null });
    expect(readValue('websites', 'http://www.site.example/login?ref=ad')).toMatchObject({ identifier: { kind: 'domain', canonical: 'site.example' }, warning: null });
    expect(readValue('websites', 'scamsite')).toEqual({
      identifier: expect.objectContaining({ kind: 'domain', valid: false, problem: 'no_ending' }),
      warning: 'Not a valid website.',
      reason: 'It has no ending: a website needs one, such as .com in site.com.',
    });
  });

  it('when a Telegram handle breaks Telegram\'s rules, then it is still read, with the rules as the reason', () => {
    expect(readValue('telegramHandles', '@aldric_web302')).toMatchObject({ warning: null });
    expect(readValue('telegramHandles', '@ab')).toMatchObject({
      identifier: { kind: 'telegram', canonical: 'ab' }, warning: 'Not a valid Telegram handle.', reason: IDENTIFIER_PROBLEMS.handle_rules,
    });
  });

  it('when a bank account is an IBAN, then mod-97 is checked; another account number is taken as it is', () => {
    expect(readValue('bankAccounts', 'DE89 3704 0044 0532 0130 00')).toMatchObject({ identifier: { kind: 'iban' }, warning: null });
    expect(readValue('bankAccounts', 'DE89 3704 0044 0532 0130 01')).toMatchObject({ warning: 'Not a valid IBAN.', reason: IDENTIFIER_PROBLEMS.checksum });
    // a character missing: the length is wrong (the checksum fails too, but that is not what to tell)
    expect(readValue('bankAccounts', 'DE89 3704 0044 0532 0130 0')).toMatchObject({
      identifier: { kind: 'iban', problem: 'iban_length' }, warning: 'Not a valid IBAN.',
      reason: 'It is not as long as an IBAN of its country is: a character is probably missing or extra.',
    });
    expect(readValue('bankAccounts', 'ACCT-29938799')).toMatchObject({ identifier: { kind: 'bank_account' }, warning: null });
  });

  it('when an IPv4 address has an octet over 255, then it warns', () => {
    expect(readValue('ipAddresses', '203.0.113.7')).toMatchObject({ warning: null });
    expect(readValue('ipAddresses', '203.0.113.300')).toMatchObject({ warning: 'Not a valid IP address.', reason: IDENTIFIER_PROBLEMS.octet_range });
  });
});
