import { describe, expect, it } from 'vitest';
import { REMOVAL_MESSAGES, REMOVAL_TARGET_TYPES, removalRequestSchema, removalRequestSubmitSchema } from './removal-request';
import { caseId } from '../domain/case-id';
import { issuesOf } from '../test-support';

const MISSING_TARGET = 'the target id for target_type is missing';

function removal(overrides: Record<string, unknown> = {}) {
  return {
    target_type: 'developer', case_id: 'BUSTR-2025-0007', full_name: 'Ada Example', contact_information: 'ada@example.test',
    explanation: 'This is not me.', developer: 7, ...overrides,
  };
}

describe('removalRequestSubmitSchema', () => {
  it('when every field is filled for a developer, then the request is accepted', () => {
    const result = removalRequestSubmitSchema.parse(removal());

    expect(result).toEqual(removal());
  });

  it.each([
    ['developer', { developer: 7 }],
    ['project', { developer: undefined, project: 3 }],
    ['scam', { developer: undefined, scam: 11 }],
  ])("when target_type is '%s' and its id is given, then the request is accepted", (target_type, ids) => {
    const result = removalRequestSubmitSchema.safeParse(removal({ target_type, ...ids }));

    expect(result.success).toBe(true);
  });

  it.each(['', '   ', '\t\n'])("when the full name is %j, then 'Please enter your full name.'", (full_name) => {
    const result = removalRequestSubmitSchema.safeParse(removal({ full_name }));

    expect(issuesOf(result)).toEqual([['full_name', 'Please enter your full name.']]);
  });

  it.each(['', '   ', '\t\n'])("when the contact information is %j, then 'Please provide your contact information.'", (contact_information) => {
    const result = removalRequestSubmitSchema.safeParse(removal({ contact_information }));

    expect(issuesOf(result)).toEqual([['contact_information', 'Please provide your contact information.']]);
  });

  it.each(['', '   ', '\t\n'])("when the explanation is %j, then 'Please provide an explanation for the removal request.'", (explanation) => {
    const result = removalRequestSubmitSchema.safeParse(removal({ explanation }));

    expect(issuesOf(result)).toEqual([['explanation', 'Please provide an explanation for the removal request.']]);
  });

  it('when all three texts are blank, then the three spec messages come in the form order', () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ full_name: ' ', contact_information: ' ', explanation: ' ' }));

    expect(issuesOf(result).map(([, message]) => message)).toEqual([
      REMOVAL_MESSAGES.fullName, REMOVAL_MESSAGES.contact, REMOVAL_MESSAGES.explanation,
    ]);
  });

  it('when the messages are read, then they are the exact texts of the spec', () => {
    const messages = REMOVAL_MESSAGES;

    expect(messages).toEqual({
      fullName: 'Please enter your full name.',
      contact: 'Please provide your contact information.',
      explanation: 'Please provide an explanation for the removal request.',
    });
  });

  it('when the texts have surrounding spaces, then they are trimmed', () => {
    const result = removalRequestSubmitSchema.parse(removal({ full_name: '  Ada ', contact_information: ' a@x.test ', explanation: ' Not me. ' }));

    expect(result).toMatchObject({ full_name: 'Ada', contact_information: 'a@x.test', explanation: 'Not me.' });
  });

  it("when target_type is 'scam' but only a developer id is given, then the missing target id is reported", () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ target_type: 'scam', developer: 7 }));

    expect(issuesOf(result)).toEqual([['target_type', MISSING_TARGET]]);
  });

  it("when target_type is 'project' and the project id is null, then the missing target id is reported", () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ target_type: 'project', developer: undefined, project: null }));

    expect(issuesOf(result)).toEqual([['target_type', MISSING_TARGET]]);
  });

  it('when no target id is given at all, then the missing target id is reported', () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ developer: undefined }));

    expect(issuesOf(result)).toEqual([['target_type', MISSING_TARGET]]);
  });

  it("when the target id is the text '12', then it becomes 12", () => {
    const result = removalRequestSubmitSchema.parse(removal({ target_type: 'scam', developer: undefined, scam: '12' }));

    expect(result.scam).toBe(12);
  });

  it('when the target id is not positive, then it is refused on that id', () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ developer: -1 }));

    expect(issuesOf(result).map(([path]) => path)).toContain('developer');
  });

  it.each([['scammer'], ['both'], [''], [undefined]])('when target_type is %j, then it is refused with the allowed values', (target_type) => {
    const result = removalRequestSubmitSchema.safeParse(removal({ target_type }));

    expect(issuesOf(result)).toContainEqual(['target_type', "target_type must be 'developer', 'project' or 'scam'"]);
  });

  it('when the case id comes from caseId, then it is accepted', () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ case_id: caseId(12345) }));

    expect(result.success).toBe(true);
  });

  it.each(['EDITREQ-2025-0007', 'BUSTR-2025-7', '', undefined])('when the case id is %j, then it is refused', (case_id) => {
    const result = removalRequestSubmitSchema.safeParse(removal({ case_id }));

    expect(issuesOf(result).map(([path]) => path)).toEqual(['case_id']);
  });

  it('when the request has an unknown field, then it is refused', () => {
    const result = removalRequestSubmitSchema.safeParse(removal({ verification_status: 'processed' }));

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[1]).toContain('verification_status');
  });

  it('when the target types are listed, then they are developer, project and scam', () => {
    const types = [...REMOVAL_TARGET_TYPES];

    expect(types).toEqual(['developer', 'project', 'scam']);
  });
});

describe('removalRequestSchema', () => {
  const read = {
    id: 4, submitted_at: '2025-01-01T00:00:00Z', case_id: 'BUSTR-2025-0011', full_name: 'Ada', contact_information: 'a@x.test',
    explanation: 'Not me', developer: null, project: null, scam: 11, target_type: 'scam', developer_name: null,
    project_name: null, scam_description: 'Took the deposit', verification_status: 'pending',
  };

  it('when staff read a removal request, then it is accepted', () => {
    const result = removalRequestSchema.parse(read);

    expect(result).toEqual(read);
  });

  it('when the explanation is missing, then it is refused', () => {
    const { explanation: _omitted, ...rest } = read;

    const result = removalRequestSchema.safeParse(rest);

    expect(issuesOf(result).map(([path]) => path)).toEqual(['explanation']);
  });
});
