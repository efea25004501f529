import { describe, expect, it } from 'vitest';
import { syncPageSchema, syncProfileSchema, syncQuerySchema, tombstoneSchema } from './sync';
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from '../constants';
import { issuesOf, sampleProfile } from '../test-support';

describe('syncQuerySchema', () => {
  it('when no query is given, then it starts from revision 0 with the default page size, in the full form', () => {
    const result = syncQuerySchema.parse({});

    expect(result).toEqual({ since: 0, limit: SYNC_PAGE_DEFAULT, form: 'full' });
  });

  it('when since and limit arrive as query texts, then they become numbers', () => {
    const result = syncQuerySchema.parse({ since: '120', limit: '50', form: 'light' });

    expect(result).toEqual({ since: 120, limit: 50, form: 'light' });
  });

  it('when the limit is the largest page, then it is accepted', () => {
    const result = syncQuerySchema.parse({ limit: String(SYNC_PAGE_MAX) });

    expect(result.limit).toBe(SYNC_PAGE_MAX);
  });

  it.each([
    ['a negative since', { since: '-1' }, 'since'],
    ['a fractional since', { since: '1.5' }, 'since'],
    ['a since that is not a number', { since: 'abc' }, 'since'],
    ['a zero limit', { limit: '0' }, 'limit'],
    ['a limit above the largest page', { limit: String(SYNC_PAGE_MAX + 1) }, 'limit'],
  ])('when the query has %s, then it is refused on that field', (_name, query, field) => {
    const result = syncQuerySchema.safeParse(query);

    expect(issuesOf(result).map(([path]) => path)).toEqual([field]);
  });
});

describe('syncProfileSchema', () => {
  it('when a replicated profile carries its kind, revision and complete incidents, then it passes unchanged', () => {
    const incident = {
      id: 1, description: 'x', occurred: null, reported: '2024-01-02', amount: 10, currency: 'USD', types: [], nicknames: [], industries: [],
      companies: [], company_addresses: [], websites: [], telegrams: [], emails: [], phones: [], ip_addresses: [], wallet_addresses: [],
      bank_names: ['B'], bank_accounts: [{ bank_name: 'B', account: ' 1 ' }], avatar: null, status: 'approved',
    };
    const profile = { ...sampleProfile(), kind: 'developer', revision: 12, incidents: [incident] };

    expect(syncProfileSchema.parse(profile)).toStrictEqual(profile);
  });

  it('when an incident comes in an older shape (renamed or missing fields), then the profile is refused: the sync sends them complete', () => {
    const result = syncProfileSchema.safeParse({
      ...sampleProfile(), kind: 'developer', revision: 12, incidents: [{ id: 1, scam_description: 'x', bank_accounts: ['B:1'] }],
    });

    expect(result.success).toBe(false);
    expect(issuesOf(result).map(([path]) => path)).toContain('incidents.0.description');
  });

  it("when the kind is 'scammer', then the profile is refused on kind", () => {
    const result = syncProfileSchema.safeParse({ ...sampleProfile(), kind: 'scammer', revision: 1, incidents: [] });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['kind']);
  });

  it('when the revision is missing, then the profile is refused on revision', () => {
    const result = syncProfileSchema.safeParse({ ...sampleProfile(), kind: 'project', incidents: [] });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['revision']);
  });
});

describe('tombstoneSchema', () => {
  it('when a tombstone names kind, id and revision, then it is accepted', () => {
    const result = tombstoneSchema.parse({ kind: 'project', id: 3, revision: 40 });

    expect(result).toEqual({ kind: 'project', id: 3, revision: 40 });
  });

  it('when the id is a text, then it is refused', () => {
    const result = tombstoneSchema.safeParse({ kind: 'project', id: '3', revision: 40 });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['id']);
  });
});

describe('syncPageSchema', () => {
  it('when a page has profiles, tombstones, a cursor and its flags, then it is accepted', () => {
    const page = {
      profiles: [{ ...sampleProfile(), kind: 'developer', revision: 5, incidents: [] }],
      tombstones: [{ kind: 'developer', id: 9, revision: 6 }],
      cursor: 6, hasMore: false, remaining: 0, reset: false,
    };

    const result = syncPageSchema.parse(page);

    expect(result.cursor).toBe(6);
    expect(result.profiles).toHaveLength(1);
    expect(result.tombstones).toEqual([{ kind: 'developer', id: 9, revision: 6 }]);
  });

  it('when the reset flag is missing, then the page is refused', () => {
    const result = syncPageSchema.safeParse({ profiles: [], tombstones: [], cursor: 0, hasMore: false, remaining: 0 });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['reset']);
  });
});
