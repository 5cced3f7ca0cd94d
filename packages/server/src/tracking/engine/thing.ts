/** A thing's state as a sighting changes it. */
import type { MapPosition } from './coordinates.js';
import type { EngineSighting, EpochMs, ThingState } from './types.js';

/** The state of a thing created by auto-enroll, before its first sighting applies. */
export function blankThing(id: string, siteId: string): ThingState {
  return {
    id,
    class: 'item',
    siteId,
    zoneId: null,
    lastZoneTime: null,
    lastEvent: null,
    lastEndpointTime: null,
    endpointId: null,
    direction: null,
    locationTagId: null,
    mapId: null,
    x: null,
    y: null,
    alarmTamper: false,
    alarmTamperTag: null,
    alarmTamperTime: null,
    data: {},
    parents: [],
    deleted: false,
  };
}

/** Thing state follows its newest sighting: endpoint, direction, location, position, data, alarm. */
export function followSighting(
  thing: ThingState,
  s: EngineSighting,
  time: EpochMs,
  locationTagId: string | null,
  position: MapPosition | undefined,
): void {
  thing.lastEndpointTime = time;
  thing.lastEvent = time;
  thing.endpointId = s.endpointId;
  thing.direction = s.direction;
  thing.locationTagId = locationTagId;
  thing.mapId = position?.mapId ?? null;
  thing.x = position?.x ?? null;
  thing.y = position?.y ?? null;
  if (s.data?.cFloat0 !== undefined) thing.data = { ...thing.data, cFloat0: s.data.cFloat0 };
  // The alarm's tag and time mark when it started; clearing it keeps them as the last alarm.
  if (s.alarmTamper && !thing.alarmTamper) {
    thing.alarmTamperTag = s.tag;
    thing.alarmTamperTime = time;
  }
  thing.alarmTamper = s.alarmTamper;
}
