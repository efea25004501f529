import { describe, expect, it } from 'vitest';
import { actionsFor } from './actions';
import { onlyCard, pendingScam, editRequest, removalRequest, stagedProject, staffProfile } from './test-support';

const summary = (card: Parameters<typeof actionsFor>[0]) =>
  actionsFor(card).map((a) => ({ label: a.label, path: a.path, failure: a.failure(409), asks: a.confirm !== null }));

describe('the decisions of each card', () => {
  it('when it is a new scammer, then Send Back to User rejects and Publish Case verifies, with the Scammer alerts', () => {
    expect(summary(onlyCard({ developers: [staffProfile({ id: 36 })] }))).toEqual([
      { label: 'Send Back to User', path: '/api/developers/36/reject/', failure: 'Reject Scammer failed (409)', asks: true },
      { label: 'Publish Case', path: '/api/developers/36/verify/', failure: 'Verify Scammer failed (409)', asks: false },
    ]);
  });

  it('when it is a new project, then the project paths and the Project alerts are used', () => {
    expect(summary(onlyCard({ projects: [stagedProject({ id: 37 })] }))).toEqual([
      { label: 'Send Back to User', path: '/api/projects/37/reject/', failure: 'Reject Project failed (409)', asks: true },
      { label: 'Publish Case', path: '/api/projects/37/verify/', failure: 'Verify Project failed (409)', asks: false },
    ]);
  });

  it('when it is a new scam, then Reject and Approve moderate the incident', () => {
    expect(summary(onlyCard({ pendingScams: [pendingScam({ id: 101 })] }))).toEqual([
      { label: 'Reject', path: '/api/admin/scams/101/reject/', failure: 'Reject failed', asks: true },
      { label: 'Approve', path: '/api/admin/scams/101/approve/', failure: 'Approve failed', asks: false },
    ]);
  });

  it('when it is an edit request, then Cancel Changes rejects and Confirm Changes approves', () => {
    expect(summary(onlyCard({ editRequests: [editRequest({ id: 3 })] }))).toEqual([
      { label: 'Cancel Changes', path: '/api/admin/developer-edit-requests/3/reject/', failure: 'Reject failed', asks: true },
      { label: 'Confirm Changes', path: '/api/admin/developer-edit-requests/3/approve/', failure: 'Approve failed', asks: false },
    ]);
  });

  it('when it is a removal request, then Delete Request rejects and Remove Scammer processes, both asked first', () => {
    expect(summary(onlyCard({ removalRequests: [removalRequest({ id: 4 })] }))).toEqual([
      { label: 'Delete Request', path: '/api/removal-requests/4/reject/', failure: 'Reject failed', asks: true },
      { label: 'Remove Scammer', path: '/api/removal-requests/4/process/', failure: 'Process failed', asks: true },
    ]);
  });

  it('when the item has no id, then no decision has a path', () => {
    const card = { ...onlyCard({ developers: [staffProfile()] }), id: null };
    expect(actionsFor(card).map((a) => a.path)).toEqual([null, null]);
  });
});
