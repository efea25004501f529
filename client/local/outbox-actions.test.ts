import { describe, expect, it } from 'vitest';
import { describeAction, planCall } from './outbox-actions';
import type { OutboxAction } from './outbox-types';

const wizardIncident = (description: string, extra: Record<string, unknown> = {}) => ({ description, lostAmount: '1500', ...extra });

const report = (name: string, incidents: ReturnType<typeof wizardIncident>[] = []): OutboxAction => ({
  type: 'report-profile', kind: 'developer', profile: { name }, incidents,
});

describe('describeAction and planCall', () => {
  it('when a report has incidents, then its label counts them and its calls create the profile, then each incident on the new id', () => {
    const action = report('Jane Roe', [wizardIncident('first'), wizardIncident('second')]);

    expect(describeAction(action)).toBe('Report scammer Jane Roe with 2 incidents');
    expect(planCall(action, [])).toEqual({ method: 'POST', path: '/api/developers/', json: { name: 'Jane Roe' } });
    expect(planCall(action, [{ id: 42 }])).toEqual({ method: 'POST', path: '/api/developers/42/scams/', json: wizardIncident('first') });
    expect(planCall(action, [{ id: 42 }, { id: 7 }])?.json).toEqual(wizardIncident('second'));
    expect(planCall(action, [{ id: 42 }, { id: 7 }, { id: 8 }])).toBeNull();
  });

  it('when the action is a single call, then there is one documented call and then none', () => {
    const add: OutboxAction = { type: 'add-incident', kind: 'project', profileId: 5, profileName: 'Moon Coin', incident: { description: 'x', lostAmount: 1 } };
    const edit: OutboxAction = { type: 'edit-request', kind: 'developer', profileId: 9, profileName: 'Jane Roe', request: { target_type: 'developer', proposed_changes: { developer: { bio: 'b' } } } };
    const removal: OutboxAction = {
      type: 'removal-request', targetName: '',
      request: { target_type: 'developer', case_id: 'BUSTR-2025-0042', full_name: 'A', contact_information: 'a@b.c', explanation: 'e', developer: 42 },
    };

    expect([add, edit, removal].map(describeAction)).toEqual(['Add an incident to Moon Coin', 'Edit request for Jane Roe', 'Removal request for BUSTR-2025-0042']);
    expect(planCall(add, [])?.path).toBe('/api/projects/5/scams/submit/');
    expect(planCall(edit, [])?.path).toBe('/api/developers/9/edit-request/');
    expect(planCall(removal, [])?.path).toBe('/api/removal-requests/');
    for (const action of [add, edit, removal]) expect(planCall(action, [{ id: 1 }])).toBeNull();
  });
});
