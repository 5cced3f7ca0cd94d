/**
 * processBatch: a batch of sightings → events, thing state, stays, enrollments and messages
 * (location tags, tag → thing, auto-enroll, zones, compaction, order, immediate kill). O(n) over
 * the batch: map lookups only, plus a sort that is skipped when the batch is already in time order
 * (readers send it so).
 */
import { NO_THING_ID } from '@sightline/shared';
import { newId as randomId } from '../../platform/ids.js';
import { Changes } from './changes.js';
import { DEFAULT_MERGE_WINDOW_MS, type EventInput, EventLog } from './compaction.js';
import { resolvePosition } from './coordinates.js';
import { enterZone } from './entry-delay.js';
import { prepareSightings } from './order.js';
import type { BatchResult, NewLocationTag, NewThing } from './outputs.js';
import { blankThing, followSighting } from './thing.js';
import type {
  EndpointLocation,
  EndpointModel,
  EngineOptions,
  EngineSighting,
  EngineState,
  EpochMs,
  LocationTagModel,
  SiteModel,
} from './types.js';
import { resolveZone, targetZone } from './zone.js';

const DEFAULT_FUTURE_TOLERANCE_MS = 5 * 60_000;

export function processBatch(
  model: SiteModel,
  state: EngineState,
  sightings: readonly EngineSighting[],
  now: EpochMs,
  options: EngineOptions = {},
): BatchResult {
  const run = new BatchRun(model, state, now, options);
  for (const sighting of prepareSightings(sightings)) run.apply(sighting);
  return run.finish();
}

class BatchRun {
  private readonly changes: Changes;
  private readonly events: EventLog;
  private readonly enrolledTags = new Map<string, string>();
  private readonly newThings: NewThing[] = [];
  private readonly newLocationTags = new Map<string, NewLocationTag>();
  private readonly locations = new Map<string, EndpointLocation>();
  private readonly newId: () => string;
  private readonly latestAcceptable: EpochMs;

  constructor(
    private readonly model: SiteModel,
    private readonly state: EngineState,
    private readonly now: EpochMs,
    options: EngineOptions,
  ) {
    this.changes = new Changes(model.zones, state.things);
    this.events = new EventLog(state.openEvents, options.mergeWindowMs ?? DEFAULT_MERGE_WINDOW_MS);
    this.newId = options.newId ?? (() => randomId(now));
    this.latestAcceptable = now + (options.futureToleranceMs ?? DEFAULT_FUTURE_TOLERANCE_MS);
  }

  apply(s: EngineSighting): void {
    const endpoint = this.model.endpoints.get(s.endpointId);
    if (!endpoint) return;
    // A reader clock far ahead would otherwise freeze the thing (every later sighting "older").
    const time = s.time > this.latestAcceptable ? this.now : s.time;
    const locationTag = this.newLocationTags.get(s.tag) ?? this.model.locationTags.get(s.tag);
    if (locationTag) {
      this.setLocation(endpoint, locationTag);
      this.recordLocationTagEvent(s, endpoint, locationTag, time);
      return;
    }
    let thingId = this.enrolledTags.get(s.tag) ?? this.state.tags.get(s.tag);
    if (thingId === undefined && endpoint.autoEnroll) thingId = this.enrollThing(s.tag, endpoint);
    else if (thingId === undefined && endpoint.autoEnrollLocations) {
      // Once created it is a location tag like any other: this sighting places the endpoint.
      const created = this.enrollLocationTag(s.tag, endpoint);
      this.setLocation(endpoint, created);
      this.recordLocationTagEvent(s, endpoint, created, time);
      return;
    }
    this.thingSighting(s, endpoint, thingId, time);
  }

  private thingSighting(
    s: EngineSighting,
    endpoint: EndpointModel,
    thingId: string | undefined,
    time: EpochMs,
  ) {
    const thing = thingId === undefined ? undefined : this.changes.current(thingId);
    const location = this.locations.get(endpoint.id) ?? endpoint.location;
    const resolution = resolveZone(this.model, endpoint, location, s.direction, s.antenna);
    const zoneId = targetZone(resolution, thing?.zoneId ?? null);
    const locationTagId = location?.locationTagId ?? null;
    const input = eventInput(s, endpoint, time, thingId ?? NO_THING_ID, zoneId, locationTagId);
    const { merged } = this.events.record(input);
    if (!thing || thing.deleted) return;
    if (thing.lastEndpointTime !== null && time < thing.lastEndpointTime) return;
    const patch = this.changes.edit(thing.id);
    if (!patch) return;
    const position = resolvePosition(this.model, endpoint, location, s.antenna);
    followSighting(patch, s, time, locationTagId, position);
    // Repeats of the passage that entered an immediate-kill zone (merged into its event) must
    // not bring the thing back into it on every read.
    const reentersKillZone =
      merged && zoneId !== null && this.model.zones.get(zoneId)?.immediateKill === true;
    if (reentersKillZone || resolution.kind === 'unchanged') return;
    const entry = enterZone(patch, zoneId, time, this.model.zones);
    if (entry.kind === 'wait') {
      patch.pendingZoneId = entry.pendingZoneId;
      patch.pendingZoneSince = entry.pendingZoneSince;
      return;
    }
    patch.pendingZoneId = null;
    patch.pendingZoneSince = null;
    this.changes.move(patch, entry.zoneId, entry.at, endpoint.siteId);
  }

  private recordLocationTagEvent(
    s: EngineSighting,
    endpoint: EndpointModel,
    locationTag: LocationTagModel,
    time: EpochMs,
  ): void {
    this.events.record(eventInput(s, endpoint, time, NO_THING_ID, locationTag.zoneId, locationTag.id));
  }

  /** A location-tag sighting places the endpoint; it moves no thing. */
  private setLocation(endpoint: EndpointModel, tag: LocationTagModel): void {
    const current = this.locations.get(endpoint.id) ?? endpoint.location;
    if (current?.locationTagId === tag.id) return;
    const { zoneId, mapId, x, y } = tag;
    this.locations.set(endpoint.id, { locationTagId: tag.id, zoneId, mapId, x, y });
  }

  private enrollThing(tag: string, endpoint: EndpointModel): string {
    const id = this.newId();
    this.enrolledTags.set(tag, id);
    this.newThings.push({ id, name: tag, class: 'item', siteId: endpoint.siteId, tag });
    this.changes.add(blankThing(id, endpoint.siteId));
    return id;
  }

  /** Survey mode: the unknown tag becomes a location tag where the endpoint is. */
  private enrollLocationTag(tag: string, endpoint: EndpointModel): NewLocationTag {
    const created: NewLocationTag = {
      id: this.newId(),
      name: tag,
      tag,
      siteId: endpoint.siteId,
      zoneId: null,
      mapId: endpoint.mapId,
      x: endpoint.x,
      y: endpoint.y,
    };
    this.newLocationTags.set(tag, created);
    return created;
  }

  finish(): BatchResult {
    const events = this.events.writes();
    const things = this.changes.changedThings();
    const tags = new Map(this.state.tags);
    for (const [tag, thingId] of this.enrolledTags) tags.set(tag, thingId);
    return {
      state: { things: this.changes.nextThings(), tags, openEvents: this.events.nextOpenEvents() },
      output: {
        events,
        things,
        newThings: this.newThings,
        newLocationTags: [...this.newLocationTags.values()],
        endpointLocations: [...this.locations].map(([endpointId, l]) => ({
          endpointId,
          locationTagId: l.locationTagId,
        })),
        zoneStays: this.changes.stays,
        exceptions: this.changes.exceptions,
        messages: [
          ...events.map((event) => ({ type: 'event' as const, siteId: event.siteId, event })),
          ...this.changes.messages,
        ],
      },
    };
  }
}

/** The event fields a sighting gives, all present so every input has the same shape. */
function eventInput(
  s: EngineSighting,
  endpoint: EndpointModel,
  time: EpochMs,
  thingId: string,
  zoneId: string | null,
  locationTagId: string | null,
): EventInput {
  return {
    tag: s.tag,
    thingId,
    siteId: endpoint.siteId,
    endpointId: endpoint.id,
    antenna: s.antenna,
    direction: s.direction,
    zoneId,
    locationTagId,
    time,
    data: s.data,
    alarmTamper: s.alarmTamper,
    rssi: s.rssi ?? null,
  };
}
