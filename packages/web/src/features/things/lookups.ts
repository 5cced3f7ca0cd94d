/**
 * Names the things screens show in place of ids: zones (of every site the user has, since a thing
 * may stand in another site's zone) and categories. Both go through the standard list keys, so a
 * save or a live invalidation of 'zones' or 'categories' refreshes them too.
 */
import type { Category, Zone } from '@sightline/shared';
import { LIST_LIMIT_MAX, ZONE_FETCH_LIMIT } from '@sightline/shared';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, type ListResult } from '../../api/client';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { zoneKeys } from '../zones/keys';

const LOOKUP_STALE_MS = 60_000;

/** Stable (module level) so TanStack Query reuses the combined map while no list changed. */
const zoneNameMap = (results: UseQueryResult<ListResult<Zone>>[]) =>
  new Map(results.flatMap((r) => r.data?.items ?? []).map((z) => [z._id, z.name]));

/** Zone id → name, over every site of the session. */
export function useZoneNames(): Map<string, string> {
  const { sites } = useSession();
  return useQueries({
    queries: sites.map((site) => {
      const query = { site: site._id, limit: ZONE_FETCH_LIMIT, sort: 'name' };
      return {
        queryKey: zoneKeys.list(query),
        queryFn: ({ signal }: { signal: AbortSignal }) => api.list<Zone>('zones', query, signal),
        staleTime: LOOKUP_STALE_MS,
      };
    }),
    combine: zoneNameMap,
  });
}

/** Every category of the organization (things and photos share one collection), by name. */
export function useCategories() {
  const list = useList<Category>('categories', { limit: LIST_LIMIT_MAX, sort: 'name' });
  const items = list.data?.items;
  return useMemo(() => {
    const all = items ?? [];
    return { all, names: new Map(all.map((c) => [c._id, c.name])) };
  }, [items]);
}
