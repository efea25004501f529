import { describe, expect, it } from 'vitest';
import { FILTER_INITIAL_OPTIONS } from '../../../shared/constants';
import { visibleOptions } from './filter-options';
import { facetsOf, manyNationalities, mixedProfiles, replicaProfile } from './filters-test-support';

describe('filter options from the replica', () => {
  it('when profiles have values, then the distinct ones come sorted, each with how many profiles have it, one option per spelling ignoring case', async () => {
    const options = await facetsOf(mixedProfiles());

    expect((await options('Industry'))).toEqual([
      { value: 'DeFi', count: 2 },
      { value: 'Exchange', count: 1 },
      { value: 'Gaming', count: 1 },
      { value: 'NFT', count: 1 },
    ]);
    expect((await options('Scam Type')).map((o) => [o.value, o.count])).toEqual([
      ['Exit Scam', 1], ['Phishing', 1], ['Rug Pull', 2],
    ]);
    expect((await options('Banks')).map((o) => o.value)).toEqual(['Example Bank', 'First Bank', 'Harbor Bank']);
  });

  it('when a location is blank, then the profile counts under Remote', async () => {
    const options = await facetsOf(mixedProfiles());

    expect((await options('Location'))).toEqual([
      { value: 'Berlin', count: 1 },
      { value: 'Lagos', count: 1 },
      { value: 'Remote', count: 2 },
    ]);
  });

  it('when a category has fixed options, then all of them show in their order, with counts by product.md#constants classification', async () => {
    const options = await facetsOf(mixedProfiles());

    expect((await options('Crypto Wallets'))).toEqual([
      { value: 'Ethereum', count: 2 }, // profile 1 (0x) and profile 4 (the sample's 0x address)
      { value: 'Bitcoin', count: 1 },
      { value: 'Litecoin', count: 1 },
      { value: 'Multiple', count: 1 },
      { value: 'Unknown', count: 1 },
    ]);
    expect((await options('IP Addresses')).map((o) => o.value)).toEqual([
      '192.168.x.x', '203.x.x.x', '104.x.x.x', '10.x.x.x', '172.x.x.x', 'Multiple IPs', 'VPN/Proxy', 'Unknown IP',
    ]);
    expect((await options('IP Addresses')).find((o) => o.value === 'VPN/Proxy')?.count).toBe(0);
    expect((await options('Telegram Handles'))).toEqual([
      { value: 'Personal', count: 3 },
      { value: 'Business', count: 3 },
    ]);
  });

  it('when a value is spelled differently in case, then the option keeps the spelling of the lowest id', async () => {
    const options = await facetsOf([replicaProfile(9, { industry: ['defi'] }), replicaProfile(3, { industry: ['DeFi'] })]);

    expect(await options('Industry')).toEqual([{ value: 'DeFi', count: 2 }]);
  });
});

describe('which options show for an option search', () => {
  it('when fewer than 2 characters are typed, then only the first 20 show and the search is marked too short', async () => {
    const options = await (await facetsOf(manyNationalities(25)))('Nationality');

    for (const search of ['', ' ', 'c', 'C ']) {
      const visible = visibleOptions(options, search, 200);
      expect(visible.tooShort).toBe(true);
      expect(visible.total).toBe(25);
      expect(visible.options).toHaveLength(FILTER_INITIAL_OPTIONS);
      expect(visible.options[0]?.value).toBe('Country 01');
    }
  });

  it('when 2 or more characters are typed, then every option containing them shows, ignoring case', async () => {
    const options = await (await facetsOf(manyNationalities(25)))('Nationality');

    const visible = visibleOptions(options, 'RY 2', 200);

    expect(visible.tooShort).toBe(false);
    expect(visible.options.map((o) => o.value)).toEqual(['Country 20', 'Country 21', 'Country 22', 'Country 23', 'Country 24', 'Country 25']);
    expect(visibleOptions(options, 'co', 200).options).toHaveLength(25);
  });

  it('when a search matches more than the limit, then the first ones up to the limit show and the total says how many matched', async () => {
    const options = await (await facetsOf(manyNationalities(25)))('Nationality');

    const visible = visibleOptions(options, 'country', 10);

    expect(visible.options).toHaveLength(10);
    expect(visible.total).toBe(25);
  });
});
