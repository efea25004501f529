import { describe, expect, it } from 'vitest';
import { kindLabel } from './kind-label';

describe('kind labels', () => {
  it('when a developer submission is NEW_DEVELOPER, then it is a New Scammer, otherwise a New Case', () => {
    expect(kindLabel({ list: 'developers', kind: 'NEW_DEVELOPER' })).toBe('New Scammer');
    expect(kindLabel({ list: 'developers', kind: 'ADDITIONAL_INFO' })).toBe('New Case');
    expect(kindLabel({ list: 'developers', kind: null })).toBe('New Case');
  });

  it('when it is a project submission, then it is a New Project', () => {
    expect(kindLabel({ list: 'projects' })).toBe('New Project');
  });

  it('when a pending scam belongs to a project or a developer, then it is a New Project Scam or a New Scammer Scam', () => {
    expect(kindLabel({ list: 'pendingScams', developer: null, project: 14 })).toBe('New Project Scam');
    expect(kindLabel({ list: 'pendingScams', developer: 31, project: null })).toBe('New Scammer Scam');
    expect(kindLabel({ list: 'pendingScams', developer: null, project: null })).toBeNull();
  });

  it('when an edit request targets the developer, a scam or both, then the label says which', () => {
    expect(kindLabel({ list: 'editRequests', target_type: 'developer' })).toBe('Edit Scammer');
    expect(kindLabel({ list: 'editRequests', target_type: 'scam' })).toBe('Edit Scam');
    expect(kindLabel({ list: 'editRequests', target_type: ' Both ' })).toBe('Edit Scammer & Scam');
    expect(kindLabel({ list: 'editRequests', target_type: 'avatar' })).toBeNull();
  });

  it('when a removal targets a project, a scam or a developer, then the label follows target_type only', () => {
    expect(kindLabel({ list: 'removalRequests', target_type: 'project' })).toBe('Remove Project');
    expect(kindLabel({ list: 'removalRequests', target_type: 'scam' })).toBe('Remove Scam');
    expect(kindLabel({ list: 'removalRequests', target_type: 'developer' })).toBe('Remove Scammer');
    expect(kindLabel({ list: 'removalRequests', target_type: 'scammer' })).toBe('Remove Scammer');
    expect(kindLabel({ list: 'removalRequests', target_type: '' })).toBeNull();
  });
});
