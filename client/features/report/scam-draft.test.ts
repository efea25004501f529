import { describe, expect, it } from 'vitest';
import { scamSubmitSchema, wizardScamSchema } from '../../../shared/contract/scam-submit';
import { profileCreateSchema } from '../../../shared/contract/profile';
import { dataUrl, tinyPng } from '../../../shared/test-support';
import {
  emptyScamDraft, normalizeScamDraft, payloadProblems, preselectedScamTypes, scamDraftHasContent, scamDraftReady,
  toScamSubmit, toWizardScam, type ScamDraft,
} from './scam-draft';
import { emptyWizard, normalizeWizard, toProfileCreate, wizardHasContent } from './wizard-state';

const filled = (extra: Partial<ScamDraft> = {}): ScamDraft => ({
  ...emptyScamDraft(),
  description: ' Promised returns, took the deposit ',
  lostAmount: '1,250.50',
  currency: 'usdt',
  nickname: ['JR'],
  companiesUsed: ['Acme Ventures'],
  company_address: ['1 Harbour Road'],
  industries: ['DeFi'],
  scamTypes: ['Rug Pull'],
  websites: ['acme.example'],
  emails: ['jr@acme.example'],
  phoneNumbers: ['+1 555 0100'],
  telegramHandles: ['@jr'],
  walletAddresses: ['0xabc'],
  bankNames: ['Example Bank', '', 'Third Bank'],
  bankAccounts: ['0001', '', ''],
  ipAddresses: ['203.0.113.7'],
  scamDate: '2025-03-14',
  victimsContact: ' me@example.test ',
  avatar: dataUrl('image/png', tinyPng()),
  ...extra,
});

describe('scam drafts (product.md#entities, product.md#validation, product.md#constants)', () => {
  it('when the active filters hold scam types, then only the known labels are preselected, in the spec order', () => {
    expect(preselectedScamTypes(['Phishing', 'Ponzi', 'Rug Pull'])).toEqual(['Rug Pull', 'Phishing']);
    expect(preselectedScamTypes(undefined)).toEqual([]);
  });

  it('when fresh, then the currency is USD and there is no content, even with preselected scam types', () => {
    const base = emptyScamDraft(['Phishing']);
    expect(base.currency).toBe('USD');
    expect(scamDraftHasContent(base, base)).toBe(false);
    expect(scamDraftHasContent({ ...base, currency: 'usd' }, base)).toBe(false);
    expect(scamDraftHasContent({ ...base, websites: ['a.example'] }, base)).toBe(true);
    expect(scamDraftHasContent({ ...base, scamTypes: [] }, base)).toBe(true);
  });

  it('when description or lost amount is blank, then the draft is not ready', () => {
    expect(scamDraftReady(filled({ description: '  ' }))).toBe(false);
    expect(scamDraftReady(filled({ lostAmount: '' }))).toBe(false);
    expect(scamDraftReady(filled())).toBe(true);
  });

  it('when the amount breaks the rule, then the problem says so; a good one passes', () => {
    expect(payloadProblems(filled({ lostAmount: 'lots' }), 'submit').lostAmount).toMatch(/^Lost amount must be an amount like/);
    expect(payloadProblems(filled(), 'submit')).toEqual({});
  });

  it('when built as the Scam submit payload, then banks pair by position, the amount is a number, and the schema accepts it', () => {
    const payload = toScamSubmit(filled());

    expect(payload).toMatchObject({
      description: 'Promised returns, took the deposit', lostAmount: 1250.5, currency: 'USDT', victimsContact: 'me@example.test',
      nicknames: ['JR'], companyAddresses: ['1 Harbour Road'], phones: ['+1 555 0100'], telegrams: ['@jr'], scamDate: '2025-03-14',
      bankAccounts: [{ bank_name: 'Example Bank', account: '0001' }, { bank_name: 'Third Bank', account: '' }],
    });
    expect(scamSubmitSchema.safeParse(payload).success).toBe(true);
  });

  it('when built as the Wizard scam payload, then its names are snake_case, it is unverified, and the schema accepts it', () => {
    const payload = toWizardScam(filled());

    expect(payload).toMatchObject({
      nickname: ['JR'], companies_used: ['Acme Ventures'], company_address: ['1 Harbour Road'], industry: ['DeFi'], scam_type: ['Rug Pull'],
      website: ['acme.example'], email: ['jr@acme.example'], phone: ['+1 555 0100'], telegram: ['@jr'], wallet_addresses: ['0xabc'],
      ip_addresses: ['203.0.113.7'], lostAmount: 1250.5, currency: 'USDT', verification_status: 'unverified', is_verified: false,
    });
    expect(wizardScamSchema.safeParse(payload).success).toBe(true);
  });

  it('when a stored draft is from another version, then missing fields are empty and odd ones dropped', () => {
    expect(normalizeScamDraft({ description: 'old', websites: 'not a list', extra: 1 })).toEqual({ ...emptyScamDraft(), description: 'old' });
    expect(normalizeScamDraft('garbage')).toBeNull();
  });
});

describe('wizard state (product.md#entities, product.md#states)', () => {
  it('when nothing is typed, then the wizard has no content; a name or a scam is content', () => {
    expect(wizardHasContent(emptyWizard())).toBe(false);
    expect(wizardHasContent({ ...emptyWizard(), step: 2 })).toBe(false);
    expect(wizardHasContent({ ...emptyWizard(), profile: { ...emptyWizard().profile, name: 'J' } })).toBe(true);
    expect(wizardHasContent({ ...emptyWizard(), incidents: [filled()] })).toBe(true);
  });

  it('when built, then the Scammer creation payload is reported now, unverified, and the schema accepts it', () => {
    const now = new Date('2025-05-01T12:00:00Z');
    const payload = toProfileCreate({ ...emptyWizard().profile, name: ' Jane Roe ', languages: ['English'], bio: 'Fake jobs' }, now);

    expect(payload).toEqual({
      name: 'Jane Roe', bio: 'Fake jobs', gender: 'Not Specified', location: '', geolocation: '', nationality: '', languages: ['English'],
      accent: '', reported_person_date: '2025-05-01T12:00:00.000Z', verification_status: 'unverified', is_verified: false,
    });
    expect(profileCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('when a stored wizard is unreadable in parts, then those parts are empty and empty scams are dropped', () => {
    const state = normalizeWizard({ step: 7, profile: { name: 'Jane', gender: 'Robot', languages: ['English', 3] }, incidents: [{}, { description: 'x' }], editing: 5 });
    expect(state).toMatchObject({ step: 1, profile: { name: 'Jane', gender: 'Not Specified', languages: ['English'] }, editing: null });
    expect(state?.incidents.map((d) => d.description)).toEqual(['x']);
  });
});
