/**
 * Links that keep the selected site: every route carries `?site=`, so screens build
 * paths with these helpers instead of bare strings.
 */
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Query } from '../api/client';
import { toSearch } from '../api/client';

/** `sitePath('users/new', 'abc')` → '/users/new?site=abc'; extra query values are appended. */
export function sitePath(path: string, site: string | null | undefined, query: Query = {}): string {
  const pathname = path.startsWith('/') ? path : `/${path}`;
  return pathname + toSearch({ site: site ?? undefined, ...query });
}

export function useSitePath() {
  const [search] = useSearchParams();
  const site = search.get('site');
  return useCallback((path: string, query?: Query) => sitePath(path, site, query), [site]);
}

export function useSiteNavigate() {
  const navigate = useNavigate();
  const toPath = useSitePath();
  return useCallback(
    (path: string, options?: { query?: Query; replace?: boolean }) =>
      navigate(toPath(path, options?.query), { replace: options?.replace }),
    [navigate, toPath],
  );
}
