/**
 * Types of the tracking engine. The engine is pure: a thin DB layer loads a
 * `SiteModel` (configuration) and an `EngineState` (the things, tags and open events a batch
 * touches) in one round of queries, calls the engine, and writes its `EngineOutput` in one round.
 * Times are epoch milliseconds; durations written out are nanoseconds, as the API gives every duration.
 */
import type {
  Antenna,
  Direction,
  Gate,
  KillMode,
  MapPoint,
  SightingData,
  ThingClass,
} from '@sightline/shared';
import type { EpochMs, NormalizedSighting } from '../formats/types.js';

export type { EpochMs, Gate, KillMode };

type XY = MapPoint;

// ---- configuration (gates and antennas: the shared shapes stored as jsonb) ----

export interface ZoneModel {
  id: string;
  siteId: string;
  name: string;
  /** Alert time in ns; 0 = no time exception. */
  durationNs: number;
  /** Entry delay in ns: a move in counts once the thing was seen here that long (0 or absent: at once). */
  entryDelayNs?: number;
  /** Hours without a sighting before a thing is killed; 0 = never. */
  killDuration: number;
  immediateKill: boolean;
  killMode: KillMode;
  gates: readonly Gate[];
}

/** An endpoint antenna as stored (endpoints.antennas): map null = the endpoint's map. */
export type AntennaModel = Antenna;

/** Where an endpoint currently is, set by the last location tag it read (handhelds). */
export interface EndpointLocation {
  locationTagId: string;
  zoneId: string | null;
  mapId: string | null;
  x: number;
  y: number;
}

export interface EndpointModel {
  id: string;
  siteId: string;
  externalGate: boolean;
  autoEnroll: boolean;
  autoEnrollLocations: boolean;
  mapId: string | null;
  x: number;
  y: number;
  antennas: readonly AntennaModel[];
  location: EndpointLocation | null;
}

export interface LocationTagModel {
  id: string;
  tag: string;
  siteId: string;
  zoneId: string | null;
  mapId: string | null;
  x: number;
  y: number;
}

export interface MapModel {
  id: string;
  topLeft: XY;
  botRight: XY;
}

/** What the DB layer loads: every zone of the organization (stays may close in another site). */
export interface SiteModelInput {
  zones: readonly ZoneModel[];
  endpoints: readonly EndpointModel[];
  locationTags: readonly LocationTagModel[];
  maps: readonly MapModel[];
}

export interface IndexedGate {
  zoneId: string;
  direction: Direction;
  antenna: number;
}

/** The configuration, indexed once per load (`buildSiteModel`). */
export interface SiteModel {
  zones: ReadonlyMap<string, ZoneModel>;
  endpoints: ReadonlyMap<string, EndpointModel>;
  /** By tag (EPC). */
  locationTags: ReadonlyMap<string, LocationTagModel>;
  maps: ReadonlyMap<string, MapModel>;
  /** Gates by endpoint id, antenna-specific gates first. */
  gatesByEndpoint: ReadonlyMap<string, readonly IndexedGate[]>;
}

// ---- state ----

export interface ThingState {
  id: string;
  class: ThingClass;
  /** Home site: the selected site when the thing was created or imported. */
  siteId: string;
  zoneId: string | null;
  /** Entry time of the current stay (or of going off site). */
  lastZoneTime: EpochMs | null;
  /** A zone the thing is seen in but whose entry delay has not passed yet (entry-delay.ts). */
  pendingZoneId?: string | null;
  /** The first sighting in the pending zone. */
  pendingZoneSince?: EpochMs | null;
  /** Time of the newest event that moved or touched the thing (sighting or manual move). */
  lastEvent: EpochMs | null;
  /** Time of the newest sighting; older sightings move nothing. */
  lastEndpointTime: EpochMs | null;
  endpointId: string | null;
  direction: Direction | null;
  locationTagId: string | null;
  mapId: string | null;
  /** Fractions 0-1 of the map. */
  x: number | null;
  y: number | null;
  alarmTamper: boolean;
  alarmTamperTag: string | null;
  alarmTamperTime: EpochMs | null;
  data: SightingData;
  parents: readonly string[];
  deleted: boolean;
}

/** The compactable event of a tag (table tag_state joined with its event). */
export interface OpenEvent {
  /** null = not stored yet. */
  eventId: number | null;
  tag: string;
  thingId: string;
  siteId: string;
  endpointId: string | null;
  antenna: number;
  direction: Direction;
  zoneId: string | null;
  locationTagId: string | null;
  firstTime: EpochMs;
  time: EpochMs;
  repeatCount: number;
  alarmTamper: boolean;
  data: SightingData;
  /** Peak RSSI (dBm) of the last sighting; null when it had none. */
  rssi: number | null;
}

export interface EngineState {
  things: ReadonlyMap<string, ThingState>;
  /** Tag index: tag → thing id (tag1, tag2, tags[]). */
  tags: ReadonlyMap<string, string>;
  /** Open event by tag. */
  openEvents: ReadonlyMap<string, OpenEvent>;
}

export interface EngineSighting extends NormalizedSighting {
  endpointId: string;
}

export interface EngineOptions {
  /** The compaction merge window; default 60 s. */
  mergeWindowMs?: number;
  /** Sightings further in the future than this (reader clock ahead) count as `now`. Default 5 min. */
  futureToleranceMs?: number;
  /** Id generator for auto-enrolled things and location tags. */
  newId?: () => string;
}
