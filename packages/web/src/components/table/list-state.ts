/**
 * The list screen's state in the URL query: page, limit, sort and search live beside
 * `site`, so a list can be bookmarked, shared and restored by the back button. Pure functions.
 */
import { lastPage, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, SEARCH_MIN_LENGTH } from '@sightline/shared';
import type { Query } from '../../api/client';

export interface ListState {
  page: number;
  limit: number;
  sort: string | undefined;
  search: string;
}

export function readListState(params: URLSearchParams, defaultSort?: string): ListState {
  const page = Number(params.get('page'));
  const asked = Number(params.get('limit'));
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(asked) ? asked : PAGE_SIZE_DEFAULT;
  return {
    // A page typed into the URL stays within what the server pages to (page × limit bounded).
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, lastPage(limit)) : 0,
    limit,
    sort: params.get('sort') || defaultSort,
    search: params.get('search') ?? '',
  };
}

/** The query after a change; any change other than the page itself goes back to the first page. */
export function writeListState(params: URLSearchParams, patch: Partial<ListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('limit' in patch) put('limit', patch.limit);
  if ('sort' in patch) put('sort', patch.sort);
  if ('search' in patch) put('search', patch.search?.trim());
  const page = patch.page ?? 0;
  put('page', page > 0 ? page : undefined);
  return next;
}

/**
 * A search of 1-2 characters does not fetch (SEARCH_MIN_LENGTH is 3). Returns the term to commit
 * to the URL, or undefined when the list should stay as it is.
 */
export function committedSearch(input: string, current: string): string | undefined {
  const term = input.trim();
  if (term === current) return undefined;
  if (term.length > 0 && term.length < SEARCH_MIN_LENGTH) return undefined;
  return term;
}

/** Clicking a column header: ascending first, then descending, then ascending again. */
export function toggleSort(current: string | undefined, field: string): string {
  return current === field ? `-${field}` : field;
}

export function sortDirection(current: string | undefined, field: string): 'asc' | 'desc' | undefined {
  if (current === field) return 'asc';
  if (current === `-${field}`) return 'desc';
  return undefined;
}

/**
 * The list call's query (page, limit, sort, search) for the state plus a screen's fixed filters.
 * The URL always says `search`; `searchParam` 'search2' sends it as the fuzzy search instead.
 */
export function listApiQuery(
  state: ListState,
  filters: Query = {},
  searchParam: 'search' | 'search2' = 'search',
): Query {
  return {
    ...filters,
    limit: state.limit,
    page: state.page,
    sort: state.sort,
    [searchParam]: state.search || undefined,
  };
}
