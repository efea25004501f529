import { describe, expect, it } from 'vitest';
import { countByKind, EMPTY_LISTS, toCards } from './cards';
import { editRequest, localIso, pendingScam, removalRequest, stagedProject, staffProfile } from './test-support';

describe('the cards of the admin panel', () => {
  it('when the five lists arrive, then one card per item awaiting review shows, oldest first', () => {
    const cards = toCards({
      developers: [staffProfile({ id: 1, name: 'Newest Person', submittedAt: localIso(2025, 12, 20, 9) })],
      projects: [stagedProject({ id: 2, submittedAt: localIso(2025, 11, 11, 18, 5) })],
      pendingScams: [pendingScam({ id: 3, reported: '2025-05-31' })],
      editRequests: [editRequest({ id: 4, submitted_at: localIso(2025, 12, 12, 14, 31) })],
      removalRequests: [removalRequest({ id: 5, submitted_at: localIso(2025, 11, 10, 11, 20) })],
    });
    expect(cards.map((c) => [c.key, c.kind, c.name])).toEqual([
      ['scam:3', 'New Project Scam', 'EmberFlow Labs'],
      ['removal:5', 'Remove Scammer', 'Anselm Lockridge'],
      ['project:2', 'New Project', 'LunaBridge'],
      ['edit:4', 'Edit Scammer & Scam', 'Aldric Drummond'],
      ['developer:1', 'New Scammer', 'Newest Person'],
    ]);
  });

  it('when an item is no longer awaiting review, then it has no card; pending and unverified both count', () => {
    const cards = toCards({
      ...EMPTY_LISTS,
      developers: [
        staffProfile({ id: 1, verification_status: 'unverified' }),
        staffProfile({ id: 2, verification_status: 'verified' }),
        staffProfile({ id: 3, verification_status: 'Pending' }),
        staffProfile({ id: 4, verification_status: 'rejected' }),
      ],
      removalRequests: [removalRequest({ id: 7, verification_status: 'processed' })],
    });
    expect(cards.map((c) => c.key)).toEqual(['developer:1', 'developer:3']);
  });

  it('when a card is made, then it carries the id, submitter, date and status of its item', () => {
    const [card] = toCards({ ...EMPTY_LISTS, developers: [staffProfile()] });
    expect(card).toMatchObject({
      type: 'developer', kind: 'New Scammer', id: 36, name: 'Thea Underhill',
      submittedAt: localIso(2025, 11, 2, 18, 23), submitter: 'Anonymous', status: 'unverified',
    });
  });

  it("when a target has no name, then the card reads 'Request'", () => {
    const [card] = toCards({
      ...EMPTY_LISTS,
      removalRequests: [removalRequest({ target_type: 'scam', developer: null, developer_name: null, scam: 72, scam_description: 'KYC fraud.' })],
    });
    expect(card).toMatchObject({ kind: 'Remove Scam', name: 'Request' });
  });

  it('when a removal is of a scam, then it is a Remove Scam even though it carries its profile id and name', () => {
    const [card] = toCards({
      ...EMPTY_LISTS,
      removalRequests: [removalRequest({ target_type: 'scam', developer: 20, scam: 72 })],
    });
    expect(card).toMatchObject({ kind: 'Remove Scam', name: 'Anselm Lockridge' });
  });

  it('when a removal is asked, then the requester is the submitter; elsewhere a blank submitter is Anonymous', () => {
    const cards = toCards({
      ...EMPTY_LISTS,
      removalRequests: [removalRequest()],
      pendingScams: [pendingScam({ submitted_by: ' ' })],
    });
    expect(cards.map((c) => c.submitter)).toEqual(['Anonymous', 'Fiora Fairbrook']);
  });

  it('when cards are counted, then each kind is counted once, in the order of the kinds', () => {
    const cards = toCards({
      ...EMPTY_LISTS,
      developers: [staffProfile({ id: 1 }), staffProfile({ id: 2, kind: 'OTHER' }), staffProfile({ id: 3 })],
      removalRequests: [removalRequest()],
    });
    expect(countByKind(cards)).toEqual([
      { kind: 'New Scammer', count: 2 }, { kind: 'New Case', count: 1 }, { kind: 'Remove Scammer', count: 1 },
    ]);
  });
});
