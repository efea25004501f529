import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_EMPTY_MESSAGE, savedSearchCreateSchema, savedSearchSchema } from './saved-search';
import { MAX_SHORT_TEXT } from '../constants';
import { issuesOf } from '../test-support';

describe('savedSearchCreateSchema', () => {
  it('when a name and a query are given, then the search is accepted with no filters', () => {
    const result = savedSearchCreateSchema.parse({ name: 'Rug pulls', query: ' rug ' });

    expect(result).toEqual({ name: 'Rug pulls', filters: {}, query: 'rug' });
  });

  it('when a name and one filter are given, then the search is accepted with an empty query', () => {
    const result = savedSearchCreateSchema.parse({ name: ' DeFi ', filters: { Industry: [' DeFi '] } });

    expect(result).toEqual({ name: 'DeFi', filters: { Industry: ['DeFi'] }, query: '' });
  });

  it.each([[''], ['   '], ['\t']])('when the name is %j, then it is refused for its name', (name) => {
    const result = savedSearchCreateSchema.safeParse({ name, query: 'rug' });

    expect(issuesOf(result)).toEqual([['name', 'Give the search a name']]);
  });

  it('when the name is missing, then it is refused on name', () => {
    const result = savedSearchCreateSchema.safeParse({ query: 'rug' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['name']);
  });

  it('when the name is over the short text limit, then it is refused', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'x'.repeat(MAX_SHORT_TEXT + 1), query: 'rug' });

    expect(issuesOf(result).map(([path]) => path)).toEqual(['name']);
  });

  it('when there is neither a filter nor a query, then it is refused as empty', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'Nothing' });

    expect(issuesOf(result)).toEqual([['', SAVED_SEARCH_EMPTY_MESSAGE]]);
  });

  it('when the query is only spaces and there are no filters, then it is refused as empty', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'Nothing', query: '    ' });

    expect(issuesOf(result)).toEqual([['', SAVED_SEARCH_EMPTY_MESSAGE]]);
  });

  it('when every filter category is an empty list, then it is refused as empty', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'Nothing', filters: { Industry: [], Banks: [] } });

    expect(issuesOf(result)).toEqual([['', SAVED_SEARCH_EMPTY_MESSAGE]]);
  });

  it('when the only filter values are blank, then it is refused as empty', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'Nothing', filters: { Industry: ['  ', ''] } });

    expect(issuesOf(result)).toEqual([['', SAVED_SEARCH_EMPTY_MESSAGE]]);
  });

  it('when a filter list mixes values and blanks, then the blanks are dropped', () => {
    const result = savedSearchCreateSchema.parse({ name: 'DeFi', filters: { Industry: ['DeFi', ' ', 'NFT'] } });

    expect(result.filters).toEqual({ Industry: ['DeFi', 'NFT'] });
  });

  it('when a filter value is not a string, then it is refused', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'x', filters: { Industry: [1] } });

    expect(result.success).toBe(false);
  });

  it('when the filters are a list rather than a map of categories, then it is refused', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'x', filters: ['DeFi'] });

    expect(issuesOf(result).map(([path]) => path)).toContain('filters');
  });

  it('when the search has an unknown field, then it is refused', () => {
    const result = savedSearchCreateSchema.safeParse({ name: 'x', query: 'rug', savedAt: '2025-01-01' });

    expect(result.success).toBe(false);
    expect(issuesOf(result)[0]?.[1]).toContain('savedAt');
  });
});

describe('savedSearchSchema', () => {
  const saved = { id: 3, name: 'Rug pulls', filters: { 'Scam Type': ['Rug Pull'] }, query: '', savedAt: '2025-01-01T00:00:00Z' };

  it('when the server returns a saved search with a numeric id, then it is accepted', () => {
    const result = savedSearchSchema.parse(saved);

    expect(result).toEqual(saved);
  });

  it('when the id is a text, then it is accepted too', () => {
    const result = savedSearchSchema.parse({ ...saved, id: 'a1b2' });

    expect(result.id).toBe('a1b2');
  });

  it('when savedAt is missing, then it is refused', () => {
    const { savedAt: _omitted, ...rest } = saved;

    const result = savedSearchSchema.safeParse(rest);

    expect(issuesOf(result).map(([path]) => path)).toEqual(['savedAt']);
  });
});
