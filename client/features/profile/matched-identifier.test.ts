import { describe, expect, it } from 'vitest';
import { matchedIdentifier } from './matched-identifier';
import { localProfile } from './test-support';

// EIP-55's first example address; BIP-173's example address; a number of Australia's range for fiction
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BECH32 = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';

const aldric = localProfile({
  id: 222, name: 'Aldric Web',
  walletAddresses: [EVM, BECH32], telegram: ['@aldric_web302'], phone: ['+61 (0)491 570 159'],
  email: ['Name@Inbox.invalid'], website: ['https://site.example'], ipAddresses: ['203.0.113.9'],
  bankAccounts: [{ bank_name: 'Example Bank', account: 'ACCT-29938799' }],
});

describe('the identifier a search matched', () => {
  it.each([
    ['t.me/aldric_web302', 'telegram', '@aldric_web302'],
    ['https://t.me/aldric_web302', 'telegram', '@aldric_web302'],
    ['aldric_web302', 'telegram', '@aldric_web302'],
    ['+61491570159', 'phone', '+61 (0)491 570 159'],
    ['tel:+61491570159', 'phone', '+61 (0)491 570 159'],
    ['www.site.example', 'website', 'https://site.example'],
    ['http://site.example/login?ref=ad', 'website', 'https://site.example'],
    ['mailto:name@inbox.invalid', 'email', 'Name@Inbox.invalid'],
    [`ethereum:${EVM}@1?value=1e18`, 'walletAddresses', EVM],
    [`eip155:1:${EVM.toLowerCase()}`, 'walletAddresses', EVM],
    [`bitcoin:${BECH32.toLowerCase()}?amount=0.05`, 'walletAddresses', BECH32],
    ['acct 2993 8799', 'bankAccounts', 'ACCT-29938799'],
    ['ACCT-29938799', 'bankAccounts', 'ACCT-29938799'],
    ['203.0.113.9:8080', 'ipAddresses', '203.0.113.9'],
  ])('when the search is %s, then the match is the %s value %s', (query, field, value) => {
    const found = matchedIdentifier(aldric, query);
    expect(found ? [found.field, found.value] : [null, null]).toEqual([field, value]);
  });

  it('when one word of a longer search is an identifier of the profile, then that one matches', () => {
    expect(matchedIdentifier(aldric, 'scam t.me/aldric_web302')?.field).toBe('telegram');
  });

  it('when the search is one digit off, a name, empty, or the case id shown at the top, then nothing matches', () => {
    for (const query of ['+61491570158', `${EVM.slice(0, -1)}e`, 'Aldric Web', '  ', 'BUSTR-2025-0222']) {
      expect(matchedIdentifier(aldric, query)).toBeNull();
    }
  });
});
