import { describe, expect, it } from 'vitest';
import { AMOUNT_RULE_MESSAGE } from '../../../shared/domain/amount';
import {
  amountText, buildEditRequest, EDIT_REQUEST_CONTACT, incidentForm, MISSING_TARGET_ID, NOTHING_CHANGED, profileForm,
  type EditRequestDraft, type IncidentForm, type ProfileForm,
} from './edit-request-form';
import { localIncident, localProfile } from './test-support';

const profile = localProfile({ id: 42, gender: 'Female', languages: ['English'] });
const incident = localIncident(42, {
  id: 7, amount: 1500, currency: 'USD', emails: ['a@example.test'],
  bank_accounts: [{ bank_name: 'Example Bank', account: '0001' }],
});

function draft(profileEdits: Partial<ProfileForm> = {}, incidentEdits: Partial<IncidentForm> = {}, extra: Partial<EditRequestDraft> = {}): EditRequestDraft {
  const initialProfile = profileForm(profile);
  const initialIncident = incidentForm(incident);
  return {
    profileId: 42, incidentId: 7, initialProfile, profile: { ...initialProfile, ...profileEdits },
    initialIncident, incident: { ...initialIncident, ...incidentEdits }, year: 2025, ...extra,
  };
}

describe('building an edit request', () => {
  it('when only profile fields changed, then only they are sent, under developer, with target_type developer', () => {
    const built = buildEditRequest(draft({ bio: '  A new bio  ', languages: ['English', 'French'] }));

    expect(built).toEqual({
      ok: true, profileId: 42,
      request: {
        developer: 42, full_name: 'Anonymous', contact_information: EDIT_REQUEST_CONTACT, case_id: 'EDITREQ-2025-0042', scam: 7,
        proposed_changes: { developer: { bio: 'A new bio', languages: ['English', 'French'] } }, target_type: 'developer',
      },
    });
  });

  it('when incident fields changed, then one scam update carries only them: amount a number, currency upper case, banks paired', () => {
    const built = buildEditRequest(draft({}, {
      amount: '2,500.75', currency: 'usdt',
      banks: [{ bank_name: 'Example Bank', account: '0001' }, { bank_name: ' ', account: '' }, { bank_name: '', account: '9999' }],
    }));

    expect(built.ok && built.request.proposed_changes).toEqual({
      append: { scam_updates: [{ id: 7, set: {
        amount: 2500.75, currency: 'USDT',
        bankAccounts: [{ bank_name: 'Example Bank', account: '0001' }, { bank_name: '', account: '9999' }],
      } }] },
    });
    expect(built.ok && built.request.target_type).toBe('scam');
  });

  it('when both changed, then target_type is both', () => {
    const built = buildEditRequest(draft({ gender: 'Other' }, { emails: ['a@example.test', 'b@example.test'] }));

    expect(built.ok && built.request.target_type).toBe('both');
    expect(built.ok && built.request.proposed_changes).toEqual({
      developer: { gender: 'Other' },
      append: { scam_updates: [{ id: 7, set: { emails: ['a@example.test', 'b@example.test'] } }] },
    });
  });

  it('when the same values are typed again, or amount and currency are emptied, then nothing changed and nothing is built', () => {
    expect(buildEditRequest(draft({ name: ' Ada Example ' }, { amount: '1500.00', currency: 'usd' }))).toEqual({ ok: false, message: NOTHING_CHANGED });
    expect(buildEditRequest(draft({}, { amount: '', currency: '' }))).toEqual({ ok: false, message: NOTHING_CHANGED });
  });

  it.each([[undefined], [Number.NaN], ['abc'], [0], [-3], [1.5]])('when the target id is %j, then it says Missing target id', (profileId) => {
    expect(buildEditRequest(draft({ bio: 'x' }, {}, { profileId }))).toEqual({ ok: false, message: MISSING_TARGET_ID });
  });

  it('when incident fields changed but the incident id is not a number, then it says Missing target id', () => {
    expect(buildEditRequest(draft({}, { currency: 'EUR' }, { incidentId: 'seven' }))).toEqual({ ok: false, message: MISSING_TARGET_ID });
  });

  it('when the amount breaks the amount rule, then the rule is the message, by the amount field', () => {
    expect(buildEditRequest(draft({}, { amount: '1e5' }))).toEqual({ ok: false, field: 'amount', message: `Amount ${AMOUNT_RULE_MESSAGE}.` });
  });

  it('when the shared schema refuses a value, then it names the field', () => {
    const built = buildEditRequest(draft({ name: '   ' }));

    expect(built).toEqual({ ok: false, message: 'Please check the name: name cannot be blank.' });
  });

  it('when an amount is prefilled, then it reads as typed: no grouping, no exponent', () => {
    expect(amountText(1234567.5)).toBe('1234567.5');
    expect(amountText(0.00000001)).toBe('0.00000001');
    expect(amountText(null)).toBe('');
  });
});
