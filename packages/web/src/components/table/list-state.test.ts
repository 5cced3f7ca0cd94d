import { ListQuery, lastPage } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  committedSearch,
  listApiQuery,
  readListState,
  sortDirection,
  toggleSort,
  writeListState,
} from './list-state';

describe('list URL state', () => {
  it('reads defaults from an empty query', () => {
    expect(readListState(new URLSearchParams(''), 'name')).toEqual({
      page: 0,
      limit: 25,
      sort: 'name',
      search: '',
    });
  });

  it('reads page, limit, sort and search, ignoring invalid values', () => {
    const s = readListState(new URLSearchParams('site=a&page=2&limit=100&sort=-name&search=ali'));
    expect(s).toEqual({ page: 2, limit: 100, sort: '-name', search: 'ali' });
    expect(readListState(new URLSearchParams('page=-3&limit=7')).page).toBe(0);
    expect(readListState(new URLSearchParams('page=x&limit=7')).limit).toBe(25);
  });

  it('never asks for a page past the last one the server pages to', () => {
    const huge = readListState(new URLSearchParams('page=9007199254740991&limit=100'));
    expect(huge.page).toBe(lastPage(100));
    expect(ListQuery.safeParse(listApiQuery(huge)).success).toBe(true);
    expect(readListState(new URLSearchParams('page=1e308')).page).toBe(0);
  });

  it('keeps the site and other params and resets the page on any non-page change', () => {
    const params = new URLSearchParams('site=abc&page=3&limit=10');
    const next = writeListState(params, { search: 'bob' });
    expect(next.get('site')).toBe('abc');
    expect(next.get('search')).toBe('bob');
    expect(next.get('page')).toBeNull();
    expect(next.get('limit')).toBe('10');
    expect(writeListState(params, { page: 4 }).get('page')).toBe('4');
    expect(writeListState(params, { search: '' }).has('search')).toBe(false);
  });

  it('lists the API query with an empty search left out', () => {
    const state = readListState(new URLSearchParams('page=1&sort=name'));
    expect(listApiQuery(state, { site: 's1' })).toEqual({
      site: 's1',
      limit: 25,
      page: 1,
      sort: 'name',
      search: undefined,
    });
  });

  it('sends the search as search2 for fuzzy lists, keeping `search` in the URL', () => {
    const state = readListState(new URLSearchParams('search=drill'));
    const query = listApiQuery(state, {}, 'search2');
    expect(query.search2).toBe('drill');
    expect(query).not.toHaveProperty('search');
  });
});

describe('search rule (1-2 characters do not fetch)', () => {
  it('commits three characters or more', () => {
    expect(committedSearch('ali', '')).toBe('ali');
    expect(committedSearch('  alice ', '')).toBe('alice');
  });
  it('does not commit one or two characters', () => {
    expect(committedSearch('a', '')).toBeUndefined();
    expect(committedSearch('al', 'ali')).toBeUndefined();
  });
  it('commits clearing the box, and nothing when unchanged', () => {
    expect(committedSearch('', 'ali')).toBe('');
    expect(committedSearch('ali', 'ali')).toBeUndefined();
  });
});

describe('sort toggle', () => {
  it('cycles ascending and descending', () => {
    expect(toggleSort(undefined, 'name')).toBe('name');
    expect(toggleSort('name', 'name')).toBe('-name');
    expect(toggleSort('-name', 'name')).toBe('name');
    expect(toggleSort('-name', 'username')).toBe('username');
    expect(sortDirection('-name', 'name')).toBe('desc');
    expect(sortDirection('name', 'username')).toBeUndefined();
  });
});
