import { describe, expect, it } from 'vitest';
import { fromScamSubmit, fromWizardScam, scamSubmitSchema, wizardScamSchema } from './scam-submit';
import { AMOUNT_RULE_MESSAGE } from '../domain/amount';
import { dataUrl, issuesOf, textBytes, tinyJpeg, tinyPng } from '../test-support';

describe('scamSubmitSchema', () => {
  it('when only a description and a lost amount are given, then the rest takes its defaults', () => {
    const result = scamSubmitSchema.parse({ description: 'Took the deposit', lostAmount: '1,250.50' });

    expect(result).toEqual({
      description: 'Took the deposit', lostAmount: 1250.5, currency: 'USD', victimsContact: '', avatar: null, scamDate: null,
      nicknames: [], industries: [], scamTypes: [], companiesUsed: [], companyAddresses: [], websites: [], emails: [],
      phones: [], telegrams: [], walletAddresses: [], bankAccounts: [], ipAddresses: [],
    });
  });

  it('when the description is missing, then the payload is refused on description', () => {
    const result = scamSubmitSchema.safeParse({ lostAmount: 10 });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['description']);
  });

  it.each(['', '   ', '\n\t'])("when the description is %j, then 'Description is required'", (description) => {
    const result = scamSubmitSchema.safeParse({ description, lostAmount: 10 });

    expect(issuesOf(result)).toEqual([['description', 'Description is required']]);
  });

  it("when the lost amount is missing, then 'Lost amount is required'", () => {
    const result = scamSubmitSchema.safeParse({ description: 'd' });

    expect(issuesOf(result)).toEqual([['lostAmount', 'Lost amount is required']]);
  });

  it('when the lost amount is blank, then the payload is refused on lostAmount', () => {
    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount: '  ' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['lostAmount']);
  });

  it.each(['lots', '1e5', '-3', '0.123456789', '1,25'])("when the lost amount is '%s', then it is refused with the amount rule", (lostAmount) => {
    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount });

    expect(issuesOf(result)).toEqual([['lostAmount', AMOUNT_RULE_MESSAGE]]);
  });

  it.each([
    ['0.12345678', 0.12345678],
    ['1250', 1250],
    [99.5, 99.5],
    [1.123456789, 1.12345679],
  ])('when the lost amount is %j, then it becomes %s', (lostAmount, expected) => {
    const result = scamSubmitSchema.parse({ description: 'd', lostAmount });

    expect(result.lostAmount).toBe(expected);
  });

  it('when the lost amount is a boolean, then it is refused as required', () => {
    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount: true });

    expect(issuesOf(result)).toEqual([['lostAmount', 'Lost amount is required']]);
  });

  it("when the currency is 'usdt', then it is upper-cased", () => {
    const result = scamSubmitSchema.parse({ description: 'd', lostAmount: 1, currency: 'usdt' });

    expect(result.currency).toBe('USDT');
  });

  it('when the currency is not a code, then it is refused on currency', () => {
    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount: 1, currency: 'US dollars' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['currency']);
  });

  it('when the lists carry spaces, blanks and repeats, then each list is cleaned', () => {
    const result = scamSubmitSchema.parse({
      description: 'd', lostAmount: 1, emails: [' a@example.test ', '', 'a@example.test'], websites: 'https://example.test',
    });

    expect(result.emails).toEqual(['a@example.test']);
    expect(result.websites).toEqual(['https://example.test']);
  });

  it("when the bank accounts mix pairs and 'name:account' strings, then all become pairs without empty ones", () => {
    const result = scamSubmitSchema.parse({
      description: 'd', lostAmount: 1, bankAccounts: [{ bank_name: 'Chase', account: '1' }, 'HSBC:2', { bank_name: '', account: '' }],
    });

    expect(result.bankAccounts).toEqual([{ bank_name: 'Chase', account: '1' }, { bank_name: 'HSBC', account: '2' }]);
  });

  it('when the avatar is a PNG data URL, then it is kept', () => {
    const image = dataUrl('image/png', tinyPng());

    const result = scamSubmitSchema.parse({ description: 'd', lostAmount: 1, avatar: image });

    expect(result.avatar).toBe(image);
  });

  it('when the avatar is an SVG data URL, then the payload is refused on avatar', () => {
    const image = dataUrl('image/svg+xml', textBytes('<svg xmlns="http://www.w3.org/2000/svg"/>'));

    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount: 1, avatar: image });

    expect(issuesOf(result)).toEqual([['avatar', 'must be a PNG, JPEG or WebP image']]);
  });

  it('when the scam date is not a date, then the payload is refused on scamDate', () => {
    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount: 1, scamDate: '03/14/2025' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['scamDate']);
  });

  it('when the payload has an unknown field, then it is refused', () => {
    const result = scamSubmitSchema.safeParse({ description: 'd', lostAmount: 1, amount: 1 });

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[1]).toContain('amount');
  });

  it('when the payload is mapped to a new incident, then every field lands under the incident name', () => {
    const payload = scamSubmitSchema.parse({
      description: 'd', lostAmount: '10', currency: 'eur', victimsContact: 'me@example.test', scamDate: '2025-01-02',
      nicknames: ['n'], industries: ['i'], scamTypes: ['t'], companiesUsed: ['c'], companyAddresses: ['a'], websites: ['w'],
      emails: ['e'], phones: ['p'], telegrams: ['tg'], walletAddresses: ['0x1'], bankAccounts: ['B:1'], ipAddresses: ['10.0.0.1'],
    });

    const incident = fromScamSubmit(payload);

    expect(incident).toEqual({
      description: 'd', amount: 10, currency: 'EUR', occurred: '2025-01-02', submitterContact: 'me@example.test', avatar: null,
      nicknames: ['n'], industries: ['i'], types: ['t'], companies: ['c'], company_addresses: ['a'], websites: ['w'],
      emails: ['e'], phones: ['p'], telegrams: ['tg'], wallet_addresses: ['0x1'], bank_accounts: [{ bank_name: 'B', account: '1' }],
      ip_addresses: ['10.0.0.1'],
    });
  });
});

describe('wizardScamSchema', () => {
  it('when only a description and a lost amount are given, then the lists are empty and the currency USD', () => {
    const result = wizardScamSchema.parse({ description: 'd', lostAmount: '5' });

    expect(result).toMatchObject({
      description: 'd', lostAmount: 5, currency: 'USD', nickname: [], website: [], bank_accounts: [], scamDate: null, avatar: null,
    });
  });

  it('when the description is blank, then it is refused with the required message', () => {
    const result = wizardScamSchema.safeParse({ description: '  ', lostAmount: 1 });

    expect(issuesOf(result)).toEqual([['description', 'Description is required']]);
  });

  it("when the lost amount is missing, then 'Lost amount is required'", () => {
    const result = wizardScamSchema.safeParse({ description: 'd' });

    expect(issuesOf(result)).toEqual([['lostAmount', 'Lost amount is required']]);
  });

  it('when the lost amount breaks the amount rule, then it is refused with the amount rule', () => {
    const result = wizardScamSchema.safeParse({ description: 'd', lostAmount: 'lots' });

    expect(issuesOf(result)).toEqual([['lostAmount', AMOUNT_RULE_MESSAGE]]);
  });

  it('when both required fields are missing, then both are reported', () => {
    const result = wizardScamSchema.safeParse({});

    expect(issuesOf(result).map(([path]) => path).sort()).toEqual(['description', 'lostAmount']);
  });

  it('when the singular names carry a single string, then each becomes a one-item list', () => {
    const result = wizardScamSchema.parse({
      description: 'd', lostAmount: 1, nickname: ' ada ', website: 'https://example.test', email: 'a@example.test', telegram: '@ada',
    });

    expect(result).toMatchObject({ nickname: ['ada'], website: ['https://example.test'], email: ['a@example.test'], telegram: ['@ada'] });
  });

  it('when the wizard sends the verification fields, then the payload is accepted', () => {
    const result = wizardScamSchema.safeParse({ description: 'd', lostAmount: 1, verification_status: 'unverified', is_verified: false });

    expect(result.success).toBe(true);
  });

  it('when the payload uses the camelCase list names of the other payload, then it is refused', () => {
    const result = wizardScamSchema.safeParse({ description: 'd', lostAmount: 1, nicknames: ['ada'] });

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[1]).toContain('nicknames');
  });

  it('when the avatar is a JPEG declared as a PNG, then the payload is refused on avatar', () => {
    const result = wizardScamSchema.safeParse({ description: 'd', lostAmount: 1, avatar: dataUrl('image/png', tinyJpeg()) });

    expect(issuesOf(result)).toEqual([['avatar', 'must be a PNG, JPEG or WebP image']]);
  });

  it('when the payload is mapped to a new incident, then every field lands under the incident name', () => {
    const image = dataUrl('image/jpeg', tinyJpeg());
    const payload = wizardScamSchema.parse({
      description: 'd', lostAmount: 2.5, currency: 'btc', scamDate: '2025-03-04', victimsContact: 'v', avatar: image,
      nickname: 'n', companies_used: ['c'], company_address: ['a'], industry: ['i'], scam_type: ['t'], website: ['w'], email: ['e'],
      phone: ['p'], telegram: ['tg'], wallet_addresses: ['0x1'], bank_accounts: [{ bank_name: 'B', account: '1' }], ip_addresses: ['10.0.0.1'],
    });

    const incident = fromWizardScam(payload);

    expect(incident).toEqual({
      description: 'd', amount: 2.5, currency: 'BTC', occurred: '2025-03-04', submitterContact: 'v', avatar: image,
      nicknames: ['n'], industries: ['i'], types: ['t'], companies: ['c'], company_addresses: ['a'], websites: ['w'],
      emails: ['e'], phones: ['p'], telegrams: ['tg'], wallet_addresses: ['0x1'], bank_accounts: [{ bank_name: 'B', account: '1' }],
      ip_addresses: ['10.0.0.1'],
    });
  });
});
