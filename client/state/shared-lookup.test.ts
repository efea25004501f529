import { describe, expect, it } from 'vitest';
import { sharedLookup } from './shared-lookup';

// EIP-55's first example address, BIP-173's example P2WPKH address
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('what a share into the app looks up', () => {
  it.each([
    [{ text: 'Pay me at https://t.me/aldric_web302' }, '@aldric_web302'],
    [{ text: 'My channel: https://t.me/aldric_web302.' }, '@aldric_web302'],
    [{ title: 'Aldric', text: 'https://t.me/aldric_web302' }, '@aldric_web302'],
    [{ text: 'Write to aldric_web302 on Telegram' }, '@aldric_web302'],
    [{ text: 'Call me on +61 491 570 159 tomorrow' }, '+61491570159'],
    [{ text: `Send it to ethereum:${EVM}@1?value=1e18 now` }, EVM],
    [{ text: `pay ${EVM.toLowerCase()}` }, EVM],
    [{ text: `bitcoin:${BECH32}?amount=0.05` }, BECH32],
    [{ title: 'Great deal', text: 'Visit http://www.site.example/login?ref=ad' }, 'site.example'],
    [{ url: 'https://site.example/offer', text: 'Look at this' }, 'site.example'],
    [{ text: 'write to mailto:Name@Inbox.invalid' }, 'name@inbox.invalid'],
  ])('when %j is shared, then the lookup is %s', (shared, lookup) => {
    expect(sharedLookup(shared)).toBe(lookup);
  });

  it('when an identifier in the share is not valid, then it is searched as it was sent', () => {
    // EIP-55's address with one letter's case changed: the checksum fails
    const broken = `0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`;
    expect(sharedLookup({ text: `pay ${broken} today` })).toBe(broken);
  });

  it('when nothing in the share reads as an identifier, then the text is the lookup, its spaces collapsed', () => {
    expect(sharedLookup({ text: '  Jane   Roe\nscammer ' })).toBe('Jane Roe scammer');
    expect(sharedLookup({ title: 'Only a title' })).toBe('Only a title');
  });

  it('when the share has ordinary words only, then none of them is taken for a Telegram handle', () => {
    expect(sharedLookup({ text: 'please check this person' })).toBe('please check this person');
  });
});
