/**
 * The things on one map (GET things?site=&map=, every page). Live `thing` messages invalidate
 * 'things', so markers follow within a second; the 10 s poll runs only while the stream is down.
 */
import { LIST_LIMIT_MAX, MAP_REFRESH_MS, type Thing } from '@sightline/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { keys } from '../../api/keys';
import { useFallbackPolling, useLiveEvents } from '../../api/live';

/** The state part of a live `thing` message (tracking/store/publish.ts). */
type ThingMessage = Pick<
  Thing,
  '_id' | 'zone' | 'map' | 'xycoordinates' | 'lastEvent' | 'lastZoneTime' | 'alarmTamper'
> & { change: 'created' | 'updated' | 'deleted' };

/** A thing's new state applied to the markers at once; things new to the map come with the refetch. */
export function applyThingMessage(things: Thing[], m: ThingMessage, mapId: string): Thing[] {
  const at = things.findIndex((t) => t._id === m._id);
  if (at < 0) return things;
  if (m.change === 'deleted' || m.map !== mapId || m.xycoordinates === null)
    return things.filter((t) => t._id !== m._id);
  const next = [...things];
  const { change: _change, ...state } = m;
  next[at] = { ...(things[at] as Thing), ...state };
  return next;
}

/** At most this many markers (10 pages). */
const MAX_PAGES = 10;

export function useMapThings(siteId: string | undefined, mapId: string | undefined) {
  const refetchInterval = useFallbackPolling(MAP_REFRESH_MS);
  const client = useQueryClient();
  const queryKey = keys.list('things', { site: siteId, map: mapId, all: true });
  useLiveEvents<ThingMessage>('thing', (m) => {
    if (mapId) client.setQueryData<Thing[]>(queryKey, (old) => old && applyThingMessage(old, m, mapId));
  });
  return useQuery({
    queryKey,
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
