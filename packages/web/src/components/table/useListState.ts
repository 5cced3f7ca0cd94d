/** The URL-backed list state plus the debounced search box that feeds it. */
import { SEARCH_DEBOUNCE_MS } from '@sightline/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../useDebouncedValue';
import { committedSearch, type ListState, readListState, writeListState } from './list-state';

export function useListState(defaultSort?: string) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, defaultSort), [params, defaultSort]);
  const update = useCallback(
    (patch: Partial<ListState>) => setParams((prev) => writeListState(prev, patch)),
    [setParams],
  );

  const [searchInput, setSearchInput] = useState(state.search);
  const committed = useRef(state.search);
  const debounced = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    const term = committedSearch(debounced, committed.current);
    if (term === undefined) return;
    committed.current = term;
    update({ search: term });
  }, [debounced, update]);
  // A search changed from outside (back button, a link) replaces what the box shows.
  useEffect(() => {
    if (state.search === committed.current) return;
    committed.current = state.search;
    setSearchInput(state.search);
  }, [state.search]);

  return { state, update, searchInput, setSearchInput };
}
