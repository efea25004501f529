import { describe, expect, it } from 'vitest';
import {
  profileIdOfCaseId, profileLink, readRegistryLink, registryLinkSearch, sameLink, sharedLookup,
} from './registry-link';

// EIP-55's first example address, BIP-173's example P2WPKH address
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('a registry link', () => {
  it('when it has a search, then the search and the Scammers tab are read, with no profile', () => {
    expect(readRegistryLink('?q=t.me%2Faldric_web302')).toEqual({
      query: 't.me/aldric_web302', kind: 'developer', profileId: null, profileParam: null, rewrite: false,
    });
  });

  it('when it says kind=project, then the Projects tab is read; any other kind reads as Scammers', () => {
    expect(readRegistryLink('?q=moon&kind=project').kind).toBe('project');
    expect(readRegistryLink('?kind=projects').kind).toBe('developer');
  });

  it('when it names a profile by its case id, then that profile id is read, in any form of the case id', () => {
    expect(readRegistryLink('?profile=BUSTR-2025-0222')).toMatchObject({ profileId: 222, rewrite: false });
    // another form is read, and the address is to be rewritten to the case id as the app writes it
    expect(readRegistryLink('?profile=bustr-2025-222')).toMatchObject({ profileId: 222, profileParam: 'bustr-2025-222', rewrite: true });
  });

  it('when its profile is not a case id the registry gives out, then no profile id is read but the text is kept', () => {
    expect(readRegistryLink('?profile=hello')).toMatchObject({ profileId: null, profileParam: 'hello' });
    expect(readRegistryLink('?profile=BUSTR-2019-0222')).toMatchObject({ profileId: null });
    expect(profileIdOfCaseId('BUSTR-2025-0000')).toBeNull();
  });

  it('when a link is written and read back, then it is the same link, and the plain registry is no query at all', () => {
    for (const link of [
      { query: '@aldric_web302', kind: 'project' as const, profileId: 222 },
      { query: 'jane roe & co', kind: 'developer' as const, profileId: null },
      { query: '', kind: 'developer' as const, profileId: 7 },
    ]) {
      expect(sameLink(readRegistryLink(registryLinkSearch(link)), link)).toBe(true);
    }
    expect(registryLinkSearch({ query: '', kind: 'developer', profileId: null })).toBe('');
    expect(registryLinkSearch({ query: 'a b', kind: 'project', profileId: 222 })).toBe('?q=a+b&kind=project&profile=BUSTR-2025-0222');
  });

  it("when a profile's own link is made, then it is / with its case id only", () => {
    expect(profileLink(42, 'https://bustr.example')).toBe('https://bustr.example/?profile=BUSTR-2025-0042');
  });

  it('when the address is a share into the app, then its lookup is the search and the address is to be rewritten', () => {
    expect(readRegistryLink('?text=Pay+me+at+https%3A%2F%2Ft.me%2Faldric_web302')).toMatchObject({
      query: '@aldric_web302', kind: 'developer', profileId: null, rewrite: true,
    });
    // a search of its own wins over shared text
    expect(readRegistryLink('?q=jane&text=x')).toMatchObject({ query: 'jane', rewrite: false });
  });
});

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
