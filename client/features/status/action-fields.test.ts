import { describe, expect, it } from 'vitest';
import type { OutboxAction } from '../../local/outbox-types';
import { applyEdits, editableGroups, humanize } from './action-fields';

const report: OutboxAction = {
  type: 'report-profile',
  kind: 'developer',
  profile: { name: 'Jane Roe', languages: ['English'] },
  incidents: [{ description: 'Took the money', lostAmount: 1200, currency: 'USD', scam_type: ['Rug Pull'], avatar: 'data:image/png;base64,AAAA' }],
};

describe('the generic action editor', () => {
  it('when an action is a report, then its profile and each incident are groups of text and list fields', () => {
    const { groups, sent } = editableGroups(report);

    expect(groups.map((g) => g.title)).toEqual(['Profile', 'Incident 1']);
    expect(sent).toEqual([]);
    expect(groups[0]!.fields.map((f) => [f.label, f.kind, f.value])).toEqual([
      ['Name', 'text', 'Jane Roe'],
      ['Languages', 'list', 'English'],
    ]);
    expect(groups[1]!.fields.map((f) => f.label)).toEqual(['Description', 'Lost amount', 'Currency', 'Scam type']);
  });

  it('when fields say which record is meant or hold an avatar, then they are not offered', () => {
    const action: OutboxAction = {
      type: 'add-incident', kind: 'project', profileId: 7, profileName: 'Moon Coin',
      incident: { description: 'x', lostAmount: '5', avatar: null },
    };

    const labels = editableGroups(action).groups.flatMap((g) => g.fields.map((f) => f.label));

    expect(labels).toEqual(['Description', 'Lost amount']);
  });

  it('when the server already accepted the profile, then only the incidents are offered', () => {
    const { groups, sent } = editableGroups(report, 1);

    expect(groups.map((g) => g.title)).toEqual(['Incident 1']);
    expect(sent).toEqual(['Profile']);
  });

  it('when texts are edited, then a copy carries them and lists are split at commas without blanks', () => {
    const { groups } = editableGroups(report);

    const edited = applyEdits(report, groups, {
      'profile.name': 'Jane Q. Roe',
      'incidents.0.scam_type': 'Rug Pull, , Phishing ',
    });

    expect(edited).toMatchObject({
      profile: { name: 'Jane Q. Roe', languages: ['English'] },
      incidents: [{ description: 'Took the money', lostAmount: 1200, scam_type: ['Rug Pull', 'Phishing'] }],
    });
    expect(report.profile.name).toBe('Jane Roe');
  });

  it('when a key is camelCase or snake_case, then its label reads as words', () => {
    expect(humanize('walletAddresses')).toBe('Wallet addresses');
    expect(humanize('company_address')).toBe('Company address');
  });
});
