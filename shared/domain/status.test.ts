import { describe, expect, it } from 'vitest';
import { AWAITING_REVIEW, VERIFICATION_STATUSES, isAwaitingReview, normalizeStatus, statusBadgeLabel } from './status';

describe('normalizeStatus', () => {
  it.each(VERIFICATION_STATUSES.map((status) => [status]))("when the status is '%s', then it is kept", (status) => {
    const result = normalizeStatus(status);

    expect(result).toBe(status);
  });

  it.each([
    ['Verified', 'verified'],
    ['  REJECTED ', 'rejected'],
    ['\tUnverified\n', 'unverified'],
    ['Approved', 'approved'],
    ['PROCESSED', 'processed'],
  ])("when the status is '%s', then case and surrounding spaces are ignored and it reads as '%s'", (status, expected) => {
    const result = normalizeStatus(status);

    expect(result).toBe(expected);
  });

  it.each([['archived'], [''], ['   '], [null], [undefined], [42], [true], [{ status: 'verified' }], ['ver ified']])(
    "when the status is %j, then it reads as 'pending'",
    (status) => {
      const result = normalizeStatus(status);

      expect(result).toBe('pending');
    },
  );
});

describe('statusBadgeLabel', () => {
  it.each([
    ['unverified', 'Unverified'],
    ['pending', 'Pending'],
    ['processed', 'Processed'],
    ['rejected', 'Rejected'],
    ['approved', 'Approved'],
    ['verified', 'Verified'],
  ])("when the status is '%s', then the badge reads '%s'", (status, label) => {
    const result = statusBadgeLabel(status);

    expect(result).toBe(label);
  });

  it("when the status is written in another case with spaces, then the badge still reads its label", () => {
    const result = statusBadgeLabel('  ReJeCtEd ');

    expect(result).toBe('Rejected');
  });

  it.each([['archived'], [''], [null], [undefined], [7]])("when the status is %j, then the badge reads 'Pending'", (status) => {
    const result = statusBadgeLabel(status);

    expect(result).toBe('Pending');
  });

  it('when every known status is labelled, then each label is distinct', () => {
    const labels = VERIFICATION_STATUSES.map(statusBadgeLabel);

    expect(new Set(labels).size).toBe(VERIFICATION_STATUSES.length);
  });
});

describe('isAwaitingReview', () => {
  it.each(['pending', 'unverified', ' Pending ', 'UNVERIFIED'])("when the status is '%s', then it awaits review", (status) => {
    const result = isAwaitingReview(status);

    expect(result).toBe(true);
  });

  it.each(['verified', 'approved', 'processed', 'rejected', ' Verified '])("when the status is '%s', then it does not await review", (status) => {
    const result = isAwaitingReview(status);

    expect(result).toBe(false);
  });

  it("when the status is unknown, then it reads as 'pending' and so awaits review", () => {
    const result = isAwaitingReview('something-new');

    expect(result).toBe(true);
  });

  it('when the awaiting set is read, then it holds exactly pending and unverified', () => {
    const members = [...AWAITING_REVIEW].sort();

    expect(members).toEqual(['pending', 'unverified']);
  });
});

describe('VERIFICATION_STATUSES', () => {
  it('when the statuses are listed, then they are the six the spec and the design name', () => {
    const statuses = [...VERIFICATION_STATUSES].sort();

    expect(statuses).toEqual(['approved', 'pending', 'processed', 'rejected', 'unverified', 'verified']);
  });
});
