/**
 * Manual move (`POST api/event {tag, zone}`): places the thing as if a gate saw
 * it — a new (never compacted) event without an endpoint, the stay closed, immediate kill
 * applied. An unknown tag is recorded against the "no thing" id, like any unknown sighting.
 */
import { NO_THING_ID } from '@sightline/shared';
import { Changes } from './changes.js';
import { EventLog } from './compaction.js';
import type { BatchResult } from './outputs.js';
import { emptyOutput } from './outputs.js';
import type { EngineState, EpochMs, SiteModel } from './types.js';

export interface ManualMove {
  tag: string;
  /** null = off site. */
  zoneId: string | null;
  /** The site the move was made in (the zone's, or the selected one). */
  siteId: string;
}

export function manualMove(
  model: SiteModel,
  state: EngineState,
  move: ManualMove,
  now: EpochMs,
): BatchResult {
  const changes = new Changes(model.zones, state.things);
  const events = new EventLog(state.openEvents);
  const thingId = state.tags.get(move.tag);
  const current = thingId === undefined ? undefined : changes.current(thingId);
  const thing = current && !current.deleted ? changes.edit(current.id) : undefined;
  const siteId = (move.zoneId === null ? undefined : model.zones.get(move.zoneId)?.siteId) ?? move.siteId;
  events.record(
    {
      tag: move.tag,
      thingId: thingId ?? NO_THING_ID,
      siteId,
      endpointId: null,
      antenna: 0,
      direction: 'NEAR',
      zoneId: move.zoneId,
      locationTagId: null,
      time: now,
      data: undefined,
      alarmTamper: current?.alarmTamper ?? false,
      rssi: null,
    },
    false,
  );
  if (thing) {
    const moved = thing.zoneId !== move.zoneId;
    thing.lastEvent = now;
    thing.lastEndpointTime = now;
    thing.endpointId = null;
    thing.direction = 'NEAR';
    thing.locationTagId = null;
    if (moved) {
      // Placed by hand: its previous map position no longer holds.
      thing.mapId = null;
      thing.x = null;
      thing.y = null;
    }
    changes.move(thing, move.zoneId, now, siteId);
  }
  const eventWrites = events.writes();
  const things = changes.changedThings();
  return {
    state: { things: changes.nextThings(), tags: state.tags, openEvents: events.nextOpenEvents() },
    output: {
      ...emptyOutput(),
      events: eventWrites,
      things,
      zoneStays: changes.stays,
      exceptions: changes.exceptions,
      messages: [
        ...eventWrites.map((event) => ({ type: 'event' as const, siteId: event.siteId, event })),
        ...changes.messages,
      ],
    },
  };
}
