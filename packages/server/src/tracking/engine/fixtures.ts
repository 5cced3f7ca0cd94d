/** Test builders for the engine: a small site (dock → store → shipped) and its things. */
import { buildSiteModel } from './model.js';
import { blankThing } from './thing.js';
import type {
  EndpointModel,
  EngineSighting,
  EngineState,
  LocationTagModel,
  MapModel,
  OpenEvent,
  SiteModel,
  SiteModelInput,
  ThingState,
  ZoneModel,
} from './types.js';

export const SITE = 'site-1';
export const T0 = Date.parse('2024-05-01T08:00:00.000Z');
export const at = (seconds: number) => T0 + seconds * 1000;
export const MINUTE_NS = 60_000_000_000;

export function zone(id: string, overrides: Partial<ZoneModel> = {}): ZoneModel {
  return {
    id,
    siteId: SITE,
    name: `Zone ${id}`,
    durationNs: 0,
    killDuration: 0,
    immediateKill: false,
    killMode: 'clearZone',
    gates: [],
    ...overrides,
  };
}

export function endpoint(id: string, overrides: Partial<EndpointModel> = {}): EndpointModel {
  return {
    id,
    siteId: SITE,
    externalGate: false,
    autoEnroll: false,
    autoEnrollLocations: false,
    mapId: null,
    x: 0,
    y: 0,
    antennas: [],
    location: null,
    ...overrides,
  };
}

export function thing(id: string, overrides: Partial<ThingState> = {}): ThingState {
  return { ...blankThing(id, SITE), ...overrides };
}

export function locationTag(tag: string, overrides: Partial<LocationTagModel> = {}): LocationTagModel {
  return { id: `lt-${tag}`, tag, siteId: SITE, zoneId: null, mapId: null, x: 0, y: 0, ...overrides };
}

export const floorMap: MapModel = { id: 'floor', topLeft: [0, 0], botRight: [200, 100] };

/** dock (gate: reader-a antenna 1 IN), store (reader-a all antennas NEAR), shipped (reader-b OUT). */
export function siteModel(overrides: Partial<SiteModelInput> = {}): SiteModel {
  return buildSiteModel({
    zones: [
      zone('dock', { gates: [{ endpoint: 'reader-a', direction: 'IN', antenna: 1 }] }),
      zone('store', { gates: [{ endpoint: 'reader-a', direction: 'NEAR', antenna: -1 }] }),
      zone('yard'),
    ],
    endpoints: [endpoint('reader-a'), endpoint('reader-b'), endpoint('handheld')],
    locationTags: [],
    maps: [floorMap],
    ...overrides,
  });
}

export function sighting(overrides: Partial<EngineSighting> = {}): EngineSighting {
  return {
    endpointId: 'reader-a',
    tag: 'AA01',
    antenna: 1,
    time: T0,
    direction: 'NEAR',
    alarmTamper: false,
    ...overrides,
  };
}

export function engineState(
  things: ThingState[] = [],
  tags: Record<string, string> = {},
  openEvents: OpenEvent[] = [],
): EngineState {
  return {
    things: new Map(things.map((t) => [t.id, t])),
    tags: new Map(Object.entries(tags)),
    openEvents: new Map(openEvents.map((e) => [e.tag, e])),
  };
}

export function openEvent(overrides: Partial<OpenEvent> = {}): OpenEvent {
  return {
    eventId: 41,
    tag: 'AA01',
    thingId: 'box',
    siteId: SITE,
    endpointId: 'reader-a',
    antenna: 1,
    direction: 'NEAR',
    zoneId: 'store',
    locationTagId: null,
    firstTime: T0,
    time: T0,
    repeatCount: 0,
    alarmTamper: false,
    data: {},
    rssi: null,
    ...overrides,
  };
}

/** Deterministic ids for auto-enrolled things and location tags. */
export function sequentialIds(prefix = 'new'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
