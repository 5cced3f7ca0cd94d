/**
 * A live `thing` message applied to the cached things: the thing's new state written into the
 * lists, details and maps that hold it; a list refetched only when the thing may enter, leave or
 * move on it (api/live-cache.ts); everything refetched after a create, delete or import.
 */
import type { LiveData, LiveThingState, Thing } from '@sightline/shared';
import { applyToDetails, applyToLists, type ListRule, type LiveCacheContext } from '../../api/live-cache';
import { zoneKeys } from '../zones/keys';
import { thingKeys } from './keys';

/** The things lists' filters a message can decide (the stream is the selected site's). */
const THING_LIST_RULE: ListRule = { fields: ['class', 'zone', 'map'], ignored: ['site'] };

/** The `Thing` fields of a tracking state message. */
function thingStateFields(m: LiveThingState): Partial<Thing> {
  const { change: _change, zoneName: _zoneName, name, ...state } = m;
  return name === null ? state : { ...state, name };
}

/** A thing's new state applied to one map's markers: moved, or dropped once it left the map. */
export function applyToMap(things: Thing[], id: string, state: Partial<Thing>, mapId: string): Thing[] {
  const at = things.findIndex((t) => t._id === id);
  if (at < 0) return things;
  if (state.map !== undefined && (state.map !== mapId || state.xycoordinates === null))
    return things.filter((t) => t._id !== id);
  const next = [...things];
  next[at] = { ...(things[at] as Thing), ...state };
  return next;
}

export function applyThingLive(data: LiveData<'thing'>, { client, invalidate }: LiveCacheContext): void {
  if (data.change === 'imported') {
    invalidate(thingKeys.all());
    return;
  }
  const id = 'thing' in data ? data.thing._id : data._id;
  if (data.change !== 'updated') {
    invalidate(thingKeys.lists());
    invalidate(thingKeys.maps());
    invalidate(thingKeys.detail(id));
    invalidate(zoneKeys.overviews());
    return;
  }
  const state: Partial<Thing> = 'thing' in data ? data.thing : thingStateFields(data);
  applyToDetails(client, thingKeys.detail(id), state);
  applyToLists(client, thingKeys.lists(), id, state, THING_LIST_RULE, invalidate);
  applyToLists(client, thingKeys.allLinks(), id, state, { fields: [] }, invalidate);
  for (const query of client.getQueryCache().findAll({ queryKey: thingKeys.maps() })) {
    const mapId = (query.queryKey.at(-1) as { map?: string } | undefined)?.map;
    const things = query.state.data as Thing[] | undefined;
    if (!mapId || !things) continue;
    if (things.some((t) => t._id === id))
      client.setQueryData<Thing[]>(query.queryKey, (old) => old && applyToMap(old, id, state, mapId));
    // A thing new to this map comes with a refetch of the map's things.
    else if (state.map === mapId && state.xycoordinates) invalidate(query.queryKey);
  }
}
