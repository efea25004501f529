import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, memberClient, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportProfile } from '../../test-flows';
import { FILTER_CATEGORIES } from '../../../shared/search/facets';
import { routes } from '../../../shared/contract/routes';

let t: TestApp;
let anon: Client;
let member: Client;
beforeEach(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  const staff = await staffClient(t);
  member = await memberClient(t);
  await publishedProfile(anon, staff, 'developers', { name: 'A', nationality: 'Maltese', languages: ['English', 'Maltese'], location: '' }, [
    { industries: ['DeFi', 'NFT'], scamTypes: ['Rug Pull'], bankAccounts: [{ bank_name: 'Acme Bank', account: '1' }] },
  ]);
  await reportProfile(anon, 'developers', { name: 'Unverified', nationality: 'Secretish' });
});
afterEach(() => t.close());

describe('filter options', () => {
  it('when an anonymous visitor asks, then the answer is 401 as documented', async () => {
    const res = await anon.get(routes.filterOptions.list.path());
    expect(res.status).toBe(401);
    expect(res.body.error).toBeTruthy();
  });

  it('when a signed-in user asks, then every category of spec 9 has its options from verified data only', async () => {
    const res = await member.get(routes.filterOptions.list.path());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...FILTER_CATEGORIES].sort());
    expect(res.body.Nationality).toEqual(['Maltese']);
    expect(res.body.Industry).toEqual(['DeFi', 'NFT']);
    expect(res.body.Location).toEqual(['Remote']);
    expect(res.body.Banks).toEqual(['Acme Bank']);
    expect(res.body['Crypto Wallets']).toEqual(['Ethereum', 'Bitcoin', 'Litecoin', 'Multiple', 'Unknown']);
    expect(res.body['IP Addresses']).toContain('VPN/Proxy');
    expect(res.body['Telegram Handles']).toEqual(['Personal', 'Business']);
  });

  it('when a category and a search of 2 or more characters are given, then only matching options come back', async () => {
    const res = await member.get(routes.filterOptions.list.path({ query: { category: 'Languages', search: 'mal' } }));
    expect(res.body).toEqual({ Languages: ['Maltese'] });
    const short = await member.get(routes.filterOptions.list.path({ query: { category: 'Languages', search: 'm' } }));
    expect(short.body).toEqual({ Languages: ['English', 'Maltese'] });
  });

  it('when the category is unknown, then 400 names the allowed ones', async () => {
    const res = await member.get('/api/filter-options/?category=Shoe%20Size');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Industry');
  });
});
