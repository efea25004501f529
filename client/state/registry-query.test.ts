import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeFilterCount, applySearch, clearFilters, getRegistryQuery, setFilterValues, setKind, setPage, setSearch,
  showLink, toggleFilterValue, useRegistryQuery,
} from './registry-query';

beforeEach(() => useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 }));

describe('the registry query', () => {
  it('when the search, a filter or the kind changes, then the page goes back to 1', () => {
    setPage(4); setSearch('jane');
    expect(getRegistryQuery().page).toBe(1);
    setPage(4); toggleFilterValue('Industry', 'DeFi');
    expect(getRegistryQuery().page).toBe(1);
    setPage(4); setKind('project');
    expect(getRegistryQuery().page).toBe(1);
  });

  it('when a value is toggled twice, then the category disappears', () => {
    toggleFilterValue('Industry', 'DeFi');
    expect(getRegistryQuery().filters).toEqual({ Industry: ['DeFi'] });
    toggleFilterValue('Industry', 'DeFi');
    expect(getRegistryQuery().filters).toEqual({});
  });

  it('when filters are cleared, then search and filters go and the kind stays', () => {
    setKind('project'); setSearch('x'); setFilterValues('Banks', ['Acme']);
    clearFilters();
    expect(getRegistryQuery()).toMatchObject({ kind: 'project', query: '', filters: {}, page: 1 });
  });

  it('when a saved search is applied, then its query and filters replace the current ones', () => {
    setFilterValues('Banks', ['Acme']);
    applySearch('moon', { Industry: ['DeFi', 'NFT'] });
    expect(getRegistryQuery()).toMatchObject({ query: 'moon', filters: { Industry: ['DeFi', 'NFT'] } });
    expect(activeFilterCount(getRegistryQuery().filters)).toBe(2);
  });
});

describe('a link shown in the registry', () => {
  it('when its search or tab differs, then both are taken, the filters stay and the page goes back to 1', () => {
    setFilterValues('Banks', ['Acme']); setPage(3);
    showLink('@aldric_web302', 'project');
    expect(getRegistryQuery()).toMatchObject({ query: '@aldric_web302', kind: 'project', filters: { Banks: ['Acme'] }, page: 1 });
  });

  it('when its search and tab are the ones shown, then nothing changes, not even the page', () => {
    setSearch('jane'); setPage(3);
    showLink('jane', 'developer');
    expect(getRegistryQuery().page).toBe(3);
  });
});
