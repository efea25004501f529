import { describe, expect, it } from 'vitest';
import {
  TARGET_TYPES, editRequestSchema, editRequestSubmitSchema, incidentChangeSchema, profileChangeSchema, proposedChangesSchema,
} from './edit-request';
import { editRequestCaseId } from '../domain/case-id';
import { AMOUNT_RULE_MESSAGE } from '../domain/amount';
import { issuesOf } from '../test-support';

const NO_CHANGE: [string, string] = ['proposed_changes', 'proposed_changes holds no change'];
const BAD_TARGET = "target_type must be 'developer', 'scam' or 'both'";

function request(overrides: Record<string, unknown> = {}) {
  return { developer: 7, target_type: 'developer', proposed_changes: { developer: { bio: 'New bio' } }, ...overrides };
}

describe('editRequestSubmitSchema', () => {
  it("when a profile change is sent without a name, then it is accepted with full_name 'Anonymous' and no contact", () => {
    const result = editRequestSubmitSchema.parse(request());

    expect(result).toEqual({
      developer: 7, target_type: 'developer', full_name: 'Anonymous', contact_information: '',
      proposed_changes: { developer: { bio: 'New bio' } },
    });
  });

  it.each([[''], ['   '], [null]])("when full_name is %j, then it becomes 'Anonymous'", (full_name) => {
    const result = editRequestSubmitSchema.parse(request({ full_name }));

    expect(result.full_name).toBe('Anonymous');
  });

  it('when full_name is given, then it is kept, trimmed', () => {
    const result = editRequestSubmitSchema.parse(request({ full_name: '  Jane Doe ', contact_information: ' jane@example.test ' }));

    expect(result.full_name).toBe('Jane Doe');
    expect(result.contact_information).toBe('jane@example.test');
  });

  it.each(TARGET_TYPES.map((type) => [type]))("when target_type is '%s', then it is accepted", (target_type) => {
    const result = editRequestSubmitSchema.safeParse(request({ target_type }));

    expect(result.success).toBe(true);
  });

  it.each([['project'], ['scam_update'], ['Developer'], [''], [undefined]])('when target_type is %j, then it is refused with the allowed values', (target_type) => {
    const result = editRequestSubmitSchema.safeParse(request({ target_type }));

    expect(issuesOf(result)).toEqual([['target_type', BAD_TARGET]]);
  });

  it('when proposed_changes is empty, then it is refused as holding no change', () => {
    const result = editRequestSubmitSchema.safeParse(request({ proposed_changes: {} }));

    expect(issuesOf(result)).toEqual([NO_CHANGE]);
  });

  it('when proposed_changes is missing, then it is refused on proposed_changes', () => {
    const result = editRequestSubmitSchema.safeParse(request({ proposed_changes: undefined }));

    expect(issuesOf(result).map(([path]) => path)).toEqual(['proposed_changes']);
  });

  it.each([
    ['an empty developer change', { developer: {} }],
    ['an empty append', { append: {} }],
    ['no scam updates and no scam creates', { append: { scam_updates: [], scam_creates: [] } }],
    ['a scam update that sets nothing', { append: { scam_updates: [{ id: 3, set: {} }] } }],
  ])('when proposed_changes holds %s, then it is refused as holding no change', (_name, proposed_changes) => {
    const result = editRequestSubmitSchema.safeParse(request({ target_type: 'both', proposed_changes }));

    expect(issuesOf(result)).toEqual([NO_CHANGE]);
  });

  it('when a scam update sets only the currency, then only the currency is in the change', () => {
    const result = editRequestSubmitSchema.parse(request({
      target_type: 'scam', scam: 3, proposed_changes: { append: { scam_updates: [{ id: 3, set: { currency: 'eur' } }] } },
    }));

    const set = result.proposed_changes.append?.scam_updates?.[0]?.set;
    expect(set).toEqual({ currency: 'EUR' });
    expect(set).not.toHaveProperty('amount');
  });

  it('when a scam update sets the amount and the bank accounts, then they are normalised', () => {
    const result = editRequestSubmitSchema.parse(request({
      target_type: 'scam',
      proposed_changes: { append: { scam_updates: [{ id: '3', set: { amount: '1,250.50', bankAccounts: ['Chase:1', ':'], emails: [' a@x.test ', ''] } }] } },
    }));

    expect(result.proposed_changes.append?.scam_updates).toEqual([
      { id: 3, set: { amount: 1250.5, bankAccounts: [{ bank_name: 'Chase', account: '1' }], emails: ['a@x.test'] } },
    ]);
  });

  it('when a scam update amount breaks the amount rule, then it is refused on that amount', () => {
    const result = editRequestSubmitSchema.safeParse(request({
      target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: 3, set: { amount: 'lots' } }] } },
    }));

    expect(issuesOf(result)).toContainEqual(['proposed_changes.append.scam_updates.0.set.amount', AMOUNT_RULE_MESSAGE]);
  });

  it('when a scam update has no valid id, then it is refused on that id', () => {
    const result = editRequestSubmitSchema.safeParse(request({
      target_type: 'scam', proposed_changes: { append: { scam_updates: [{ id: 0, set: { phones: ['1'] } }] } },
    }));

    expect(issuesOf(result).map(([path]) => path)).toContain('proposed_changes.append.scam_updates.0.id');
  });

  it('when a new incident comes with a description, then it counts as a change', () => {
    const result = editRequestSubmitSchema.safeParse(request({
      target_type: 'scam', proposed_changes: { append: { scam_creates: [{ set: {}, description: 'Another victim' }] } },
    }));

    expect(result.success).toBe(true);
  });

  it('when a new incident has a blank description, then it is refused', () => {
    const result = editRequestSubmitSchema.safeParse(request({
      target_type: 'scam', proposed_changes: { append: { scam_creates: [{ set: { amount: 5 }, description: '  ' }] } },
    }));

    expect(issuesOf(result)).toContainEqual(['proposed_changes.append.scam_creates.0.description', 'a new incident needs a description']);
  });

  it("when the case id comes from editRequestCaseId, then it is accepted", () => {
    const result = editRequestSubmitSchema.safeParse(request({ case_id: editRequestCaseId(42, 2026) }));

    expect(result.success).toBe(true);
    expect(result.data?.case_id).toBe('EDITREQ-2026-0042');
  });

  it('when the case id is a removal case id, then it is refused', () => {
    const result = editRequestSubmitSchema.safeParse(request({ case_id: 'BUSTR-2025-0042' }));

    expect(issuesOf(result)).toEqual([['case_id', 'case_id must look like EDITREQ-2025-0042']]);
  });

  it("when the developer id is the text '42', then it becomes 42", () => {
    const result = editRequestSubmitSchema.parse(request({ developer: '42' }));

    expect(result.developer).toBe(42);
  });

  it('when the developer id is not positive, then it is refused', () => {
    const result = editRequestSubmitSchema.safeParse(request({ developer: 0 }));

    expect(issuesOf(result)).toEqual([['developer', 'must be positive']]);
  });

  it('when the request targets a project, then the project id is accepted', () => {
    const result = editRequestSubmitSchema.parse(request({ developer: undefined, project: 5 }));

    expect(result.project).toBe(5);
  });

  it('when the request has an unknown field, then it is refused', () => {
    const result = editRequestSubmitSchema.safeParse(request({ status: 'approved' }));

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[1]).toContain('status');
  });

  it('when a profile change names a field outside the editable ones, then it is refused', () => {
    const result = editRequestSubmitSchema.safeParse(request({ proposed_changes: { developer: { verification_status: 'verified' } } }));

    expect(result.success).toBe(false);
  });

  it('when proposed_changes has an unknown section, then it is refused', () => {
    const result = editRequestSubmitSchema.safeParse(request({ proposed_changes: { developer: { bio: 'b' }, remove: { id: 1 } } }));

    expect(result.success).toBe(false);
  });
});

describe('profileChangeSchema', () => {
  it('when the name is blank, then it is refused', () => {
    const result = profileChangeSchema.safeParse({ name: '   ' });

    expect(issuesOf(result)).toEqual([['name', 'name cannot be blank']]);
  });

  it('when the gender is not one of the options, then it is refused', () => {
    const result = profileChangeSchema.safeParse({ gender: 'Robot' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['gender']);
  });

  it('when only some fields are given, then only those are in the change', () => {
    const result = profileChangeSchema.parse({ location: ' Lisbon ', languages: ['pt', 'pt', 'en'] });

    expect(result).toEqual({ location: 'Lisbon', languages: ['pt', 'en'] });
  });
});

describe('incidentChangeSchema', () => {
  it('when the change is empty, then it stays empty', () => {
    const result = incidentChangeSchema.parse({});

    expect(Object.keys(result)).toEqual([]);
  });

  it('when the amount is set to null, then the change clears the amount explicitly', () => {
    const result = incidentChangeSchema.parse({ amount: null });

    expect(result).toEqual({ amount: null });
  });

  it("when the currency is 'usdt', then it is upper-cased", () => {
    const result = incidentChangeSchema.parse({ currency: 'usdt' });

    expect(result.currency).toBe('USDT');
  });

  it('when the change uses an incident field name instead of the edit name, then it is refused', () => {
    const result = incidentChangeSchema.safeParse({ wallet_addresses: ['0x1'] });

    expect(result.success).toBe(false);
  });
});

describe('proposedChangesSchema', () => {
  it('when more than 100 scam updates are proposed, then it is refused', () => {
    const scam_updates = Array.from({ length: 101 }, (_, i) => ({ id: i + 1, set: { phones: ['1'] } }));

    const result = proposedChangesSchema.safeParse({ append: { scam_updates } });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['append.scam_updates']);
  });
});

describe('editRequestSchema', () => {
  const read = {
    id: 1, submitted_at: '2025-01-01T00:00:00Z', submitted_by: 'visitor', full_name: 'Anonymous', contact_information: '',
    case_id: 'EDITREQ-2025-0007', developer: 7, project: null, scam: null, developer_name: 'Ada', project_name: null,
    target_type: 'developer', verification_status: 'pending', proposed_changes: { developer: { bio: 'x' } },
  };

  it('when staff read an edit request, then it is accepted with its changes as given', () => {
    const result = editRequestSchema.parse(read);

    expect(result).toEqual(read);
  });

  it('when the submission time is missing, then it is refused', () => {
    const { submitted_at: _omitted, ...rest } = read;

    const result = editRequestSchema.safeParse(rest);

    expect(issuesOf(result).map(([path]) => path)).toEqual(['submitted_at']);
  });
});
