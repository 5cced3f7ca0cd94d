/**
 * The things on one map (GET things?site=&map=, every page). Live `thing` messages move their
 * markers in the cache (features/things/live.ts), so markers follow within the coalescing window
 * without refetching; a thing new to the map refetches them. The 10 s poll runs only while the
 * stream is down.
 */
import { LIST_LIMIT_MAX, MAP_REFRESH_MS, type Thing } from '@sightline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useFallbackPolling } from '../../api/live';
import { thingKeys } from '../things/keys';

/** At most this many markers (10 pages). */
const MAX_PAGES = 10;

export function useMapThings(siteId: string | undefined, mapId: string | undefined) {
  const refetchInterval = useFallbackPolling(MAP_REFRESH_MS);
  return useQuery({
    queryKey: thingKeys.map(siteId, mapId),
    queryFn: async ({ signal }) => {
      const all: Thing[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const { items, total } = await api.list<Thing>(
          'things',
          { site: siteId, map: mapId, limit: LIST_LIMIT_MAX, page, sort: 'name' },
          signal,
        );
        all.push(...items);
        if (all.length >= total || items.length < LIST_LIMIT_MAX) break;
      }
      return all.filter((t) => t.map === mapId && t.xycoordinates !== null);
    },
    enabled: siteId !== undefined && mapId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
