import { afterEach, describe, expect, it, vi } from 'vitest';
import { CASE_ID_PATTERN, EDIT_CASE_ID_PATTERN, caseId, editRequestCaseId } from './case-id';

describe('caseId', () => {
  it.each([
    [42, 'BUSTR-2025-0042'],
    [1, 'BUSTR-2025-0001'],
    [999, 'BUSTR-2025-0999'],
    [9999, 'BUSTR-2025-9999'],
  ])('when the id is %s, then the case id is %s', (value, expected) => {
    const result = caseId(value);

    expect(result).toBe(expected);
  });

  it('when the id is over 9999, then it is shown in full, not truncated', () => {
    const result = caseId(123456);

    expect(result).toBe('BUSTR-2025-123456');
  });

  it('when a case id is made, then it matches the case id pattern', () => {
    const ids = [1, 42, 9999, 10000, 123456].map(caseId);

    expect(ids.every((value) => CASE_ID_PATTERN.test(value))).toBe(true);
  });
});

describe('editRequestCaseId', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("when the id is 42 and the year 2026, then the case id is 'EDITREQ-2026-0042'", () => {
    const result = editRequestCaseId(42, 2026);

    expect(result).toBe('EDITREQ-2026-0042');
  });

  it('when the id is over 9999, then it is shown in full, not truncated', () => {
    const result = editRequestCaseId(10001, 2025);

    expect(result).toBe('EDITREQ-2025-10001');
  });

  it('when no year is given, then the current year is used', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2031, 5, 15, 12, 0, 0));

    const result = editRequestCaseId(7);

    expect(result).toBe('EDITREQ-2031-0007');
  });

  it('when an edit case id is made, then it matches the edit case id pattern and not the removal one', () => {
    const value = editRequestCaseId(42, 2026);

    expect(EDIT_CASE_ID_PATTERN.test(value)).toBe(true);
    expect(CASE_ID_PATTERN.test(value)).toBe(false);
  });
});

describe('case id patterns', () => {
  it.each(['BUSTR-2025-42', 'bustr-2025-0042', 'BUSTR-25-0042', 'BUSTR-2025-0042x', ' BUSTR-2025-0042', 'EDITREQ-2025-0042', ''])(
    "when the text is '%s', then it is not a removal case id",
    (text) => {
      const valid = CASE_ID_PATTERN.test(text);

      expect(valid).toBe(false);
    },
  );

  it.each(['EDITREQ-2025-42', 'editreq-2025-0042', 'EDITREQ-2025-0042 ', 'BUSTR-2025-0042'])(
    "when the text is '%s', then it is not an edit case id",
    (text) => {
      const valid = EDIT_CASE_ID_PATTERN.test(text);

      expect(valid).toBe(false);
    },
  );
});
