// "Report it" (issue 16, step 4): which form field an identifier of each kind is reported in,
// and what the wizard does with it: a new report, a question about one in progress, or nothing
// when the report already holds it.
import { describe, expect, it } from 'vitest';
import { IDENTIFIER_FIELDS, IDENTIFIER_KINDS, identify } from '../../../shared/identifiers';
import { FIELD_OF_KIND, LISTED_FIELDS } from './checks/identifier-fields';
import { planPrefill, reportInProgress, withIdentifier } from './prefill';
import { emptyScamDraft } from './scam-draft';
import { emptyWizard, type WizardState } from './wizard-state';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('the field of each identifier kind', () => {
  it('when a kind is reported, then its field is one where listed profiles hold that kind (a case id has none)', () => {
    for (const kind of IDENTIFIER_KINDS) {
      const field = FIELD_OF_KIND[kind];
      if (kind === 'case_id') { expect(field).toBeNull(); continue; }
      expect(field, kind).not.toBeNull();
      const holding = Object.entries(IDENTIFIER_FIELDS).filter(([, kinds]) => (kinds as readonly string[]).includes(kind)).map(([f]) => f);
      // the profile field holding the kind is one the form's field is compared with
      expect(holding.some((f) => LISTED_FIELDS[field!].includes(f)), kind).toBe(true);
    }
  });

  it.each([
    [WALLET, 'walletAddresses'], ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'walletAddresses'], ['+61 491 570 169', 'phoneNumbers'],
    ['t.me/aldric_web303', 'telegramHandles'], ['scam-desk.example', 'websites'], ['mailto:desk@inbox.invalid', 'emails'],
    ['203.0.113.7', 'ipAddresses'], ['GB82 WEST 1234 5698 7654 32', 'bankAccounts'],
  ])('when %s is pasted, then its first reading is reported in %s', (text, field) => {
    expect(FIELD_OF_KIND[identify(text)[0]!.kind]).toBe(field);
  });
});

describe('planPrefill and withIdentifier', () => {
  const wallet = { identifierKind: 'evm', value: ` ${WALLET} ` } as const;

  it('when no report is in progress, then a new one starts on step 1 with a scam holding only the identifier, as typed (trimmed)', () => {
    const idle: WizardState = { ...emptyWizard(), step: 3 };
    expect(reportInProgress(idle)).toBe(false);
    expect(planPrefill(idle, wallet)).toEqual({ action: 'start', field: 'walletAddresses', value: WALLET });

    const { state, scam } = withIdentifier(idle, 'walletAddresses', WALLET, true);
    expect(scam).toBe(1);
    expect(state.step).toBe(1);
    expect(state.incidents).toEqual([{ ...emptyScamDraft(), walletAddresses: [WALLET] }]);
  });

  it('when a report is in progress (a name typed, or a scam being edited), then the person is asked first; added, it is a new last scam and the step stays', () => {
    const named: WizardState = { ...emptyWizard(), step: 2, profile: { ...emptyWizard().profile, name: 'Jane Roe' }, incidents: [emptyScamDraft(['Phishing'])] };
    expect(planPrefill(named, wallet)).toMatchObject({ action: 'ask', field: 'walletAddresses' });
    expect(planPrefill({ ...emptyWizard(), editing: 'new' }, wallet)).toMatchObject({ action: 'ask' });

    const { state, scam } = withIdentifier(named, 'walletAddresses', WALLET, false);
    expect(scam).toBe(2);
    expect(state.step).toBe(2);
    expect(state.profile.name).toBe('Jane Roe');
    expect(state.incidents[0]).toEqual(named.incidents[0]);
    expect(state.incidents[1]!.walletAddresses).toEqual([WALLET]);
  });

  it('when the report already holds the identifier, then nothing changes and it says which scam', () => {
    const holding: WizardState = { ...emptyWizard(), incidents: [emptyScamDraft(), { ...emptyScamDraft(), walletAddresses: [WALLET] }] };
    expect(planPrefill(holding, wallet)).toEqual({ action: 'present', field: 'walletAddresses', value: WALLET, scam: 2 });
  });

  it('when the identifier is a case id or blank, then there is nothing to fill in', () => {
    expect(planPrefill(emptyWizard(), { identifierKind: 'case_id', value: 'BUSTR-2025-0999' })).toEqual({ action: 'none' });
    expect(planPrefill(emptyWizard(), { identifierKind: 'phone', value: '  ' })).toEqual({ action: 'none' });
  });
});
