import { describe, expect, it } from 'vitest';
import { changedFields, hasNoChanges } from './changed-fields';
import { editRequest } from './test-support';

describe('changed fields of an edit request', () => {
  it('when profile fields change, then each shows with its label and lists are joined by commas; empty values are hidden', () => {
    const view = changedFields(editRequest().proposed_changes);
    expect(view.profile).toEqual([
      { name: 'bio', label: 'Bio', value: 'Alleged former exchange employee who sold private allocations.' },
      { name: 'location', label: 'Location', value: 'Berlin, Germany' },
      { name: 'languages', label: 'Languages', value: 'Tagalog, Russian' },
    ]);
  });

  it('when an incident is updated, then its id and changed fields show, the amount with up to 8 decimals', () => {
    const view = changedFields(editRequest().proposed_changes);
    expect(view.incidentUpdates).toEqual([{
      id: 61,
      fields: [
        { name: 'amount', label: 'Amount', value: '155,851.12345678' },
        { name: 'currency', label: 'Currency', value: 'USDT' },
        { name: 'walletAddresses', label: 'Wallet Addresses', value: '0x02eb7e1d7e9911b4edb39b8d1dad27e85be79239' },
        { name: 'telegrams', label: 'Telegrams', value: '@aldric_nft17' },
      ],
    }]);
  });

  it('when a new incident is drafted, then its description comes first and bank accounts read bank, colon, account', () => {
    const view = changedFields(editRequest().proposed_changes);
    expect(view.newIncidents).toEqual([{
      fields: [
        { name: 'description', label: 'Description', value: 'Victims were promised returns that never materialised.' },
        { name: 'scamTypes', label: 'Scam Types', value: 'Phishing' },
        { name: 'industries', label: 'Industries', value: 'Blockchain Infrastructure' },
        { name: 'websites', label: 'Websites', value: 'https://aldricdrummond.dev.example' },
        { name: 'ipAddresses', label: 'IP Addresses', value: '203.0.113.218' },
        { name: 'bankAccounts', label: 'Bank Accounts', value: 'Example National Bank: ACCT-46736925' },
        { name: 'amount', label: 'Amount', value: '62,424.59' },
        { name: 'currency', label: 'Currency', value: 'USD' },
      ],
    }]);
  });

  it("when bank accounts come as 'name:account' strings, then they read the same way", () => {
    const view = changedFields({ append: { scam_updates: [{ id: 5, set: { bankAccounts: ['Demo Bank:ACCT-1', 'ACCT-2'] } }] } });
    expect(view.incidentUpdates[0]?.fields).toEqual([{ name: 'bankAccounts', label: 'Bank Accounts', value: 'Demo Bank: ACCT-1, ACCT-2' }]);
  });

  it('when an update changes nothing visible, then it is left out', () => {
    const view = changedFields({ append: { scam_updates: [{ id: 5, set: { emails: [], amount: null } }] } });
    expect(view.incidentUpdates).toEqual([]);
    expect(hasNoChanges(view)).toBe(true);
  });

  it('when the server sends the current values, then each field carries its value now, and lists say what is added and dropped', () => {
    const view = changedFields(editRequest().proposed_changes, {
      developer: { bio: 'Sold fake allocations.', location: 'Berlin, Germany', languages: ['Russian', 'German'], nationality: 'Estonian' },
      scam_updates: [{ id: 61, set: { amount: 1000, currency: 'USD', walletAddresses: [], telegrams: ['@aldric_nft17'], emails: ['a@example.com'] } }],
    });
    expect(view.profile).toEqual([
      { name: 'bio', label: 'Bio', value: 'Alleged former exchange employee who sold private allocations.', current: 'Sold fake allocations.' },
      { name: 'location', label: 'Location', value: 'Berlin, Germany', current: 'Berlin, Germany' },
      { name: 'languages', label: 'Languages', value: 'Tagalog, Russian', current: 'Russian, German', diff: { now: ['Russian', 'German'], proposed: ['Tagalog', 'Russian'], added: ['Tagalog'], removed: ['German'] } },
      // emptying a field that holds something is a change: it shows
      { name: 'nationality', label: 'Nationality', value: '', current: 'Estonian' },
    ]);
    expect(view.incidentUpdates[0]?.fields).toContainEqual({ name: 'amount', label: 'Amount', value: '155,851.12345678', current: '1,000' });
    expect(view.incidentUpdates[0]?.fields).toContainEqual({ name: 'emails', label: 'Emails', value: '', current: 'a@example.com', diff: { now: ['a@example.com'], proposed: [], added: [], removed: ['a@example.com'] } });
  });

  it('when proposed_changes is not an object, then nothing shows and nothing throws', () => {
    for (const junk of [null, 'x', 3, [], { developer: 'x', append: { scam_updates: 'y', scam_creates: [null] } }]) {
      expect(hasNoChanges(changedFields(junk))).toBe(true);
    }
  });
});
