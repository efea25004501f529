import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../test-support';
import { indexedProfile, upsertsDelta } from './from-replica';

describe('taking in the replica', () => {
  it('when a sync profile is taken in, then its incidents and revision are left out', () => {
    const profile = { ...sampleProfile({ id: 7 }), kind: 'developer' as const };
    expect(indexedProfile({ ...profile, incidents: [], revision: 12 })).toEqual(profile);
  });

  it('when a delta is small or under a quarter of the index, then it is upserted; a larger one builds the index again', () => {
    expect(upsertsDelta(0, 200)).toBe(true);
    expect(upsertsDelta(0, 201)).toBe(false);
    expect(upsertsDelta(10_000, 2_500)).toBe(true);
    expect(upsertsDelta(10_000, 2_501)).toBe(false);
  });
});
