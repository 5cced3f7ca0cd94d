/**
 * The rows the load statement returns (JSON built by PostgreSQL, times as epoch ms; named `*Json`
 * to tell them from the tables' row types in db/rows.ts) and their mapping to the engine's types.
 * jsonb columns (gates, antennas, data) are read defensively so one odd value cannot stop a
 * reader's batches.
 */
import type { Direction, KillMode, SightingData, ThingClass } from '@sightline/shared';
import { GATE_DIRECTIONS } from '@sightline/shared';
import type {
  AntennaModel,
  EndpointLocation,
  EndpointModel,
  Gate,
  LocationTagModel,
  MapModel,
  OpenEvent,
  ThingState,
  ZoneModel,
} from '../engine/index.js';

export interface ZoneModelJson extends Omit<ZoneModel, 'gates' | 'killMode'> {
  gates: unknown;
  killMode: string;
  emails: string[];
}
export interface EndpointModelJson extends Omit<EndpointModel, 'antennas' | 'location'> {
  name: string;
  antennas: unknown;
  locationTagId: string | null;
}
export type LocationTagModelJson = LocationTagModel & { name: string };
export type MapModelJson = {
  id: string;
  topLeftX: number;
  topLeftY: number;
  botRightX: number;
  botRightY: number;
};
export interface ThingStateJson extends Omit<ThingState, 'class' | 'direction' | 'data' | 'deleted'> {
  tag: string;
  name: string;
  class: string;
  /** Only when loaded for a partition: the thing's smallest tag. */
  partitionKey?: string | null;
  direction: string | null;
  data: unknown;
}
export interface OpenEventJson extends Omit<OpenEvent, 'direction' | 'data'> {
  direction: string;
  data: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const num = (v: unknown, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);
const isDirection = (v: unknown): v is Direction => (GATE_DIRECTIONS as readonly unknown[]).includes(v);

const directionOf = (v: string | null): Direction => (isDirection(v) ? v : 'NEAR');

function dataOf(value: unknown): SightingData {
  return isObject(value) && typeof value.cFloat0 === 'number' ? { cFloat0: value.cFloat0 } : {};
}

function gatesOf(value: unknown): Gate[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((g: unknown) =>
    isObject(g) && typeof g.endpoint === 'string'
      ? [{ endpoint: g.endpoint, direction: directionOf(String(g.direction)), antenna: num(g.antenna, -1) }]
      : [],
  );
}

function antennasOf(value: unknown): AntennaModel[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((a: unknown) => {
    if (!isObject(a)) return [];
    const xy = Array.isArray(a.xycoordinates) ? a.xycoordinates : [];
    const map = typeof a.map === 'string' && a.map ? a.map : null;
    return [{ antenna: Math.trunc(num(a.antenna, 0)), xycoordinates: [num(xy[0], 0), num(xy[1], 0)], map }];
  });
}

export function toZone(row: ZoneModelJson): ZoneModel {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    durationNs: num(row.durationNs, 0),
    entryDelayNs: num(row.entryDelayNs, 0),
    killDuration: num(row.killDuration, 0),
    immediateKill: row.immediateKill,
    killMode: (row.killMode === 'deleteThing' ? 'deleteThing' : 'clearZone') satisfies KillMode,
    gates: gatesOf(row.gates),
  };
}

/** Where an endpoint is when it last read location tag `locationTagId` (null: unknown or none). */
export function locationOf(
  locationTagId: string | null,
  locationTags: ReadonlyMap<string, LocationTagModel>,
): EndpointLocation | null {
  const tag = locationTagId ? locationTags.get(locationTagId) : undefined;
  return tag ? { locationTagId: tag.id, zoneId: tag.zoneId, mapId: tag.mapId, x: tag.x, y: tag.y } : null;
}

export function toEndpoint(
  row: EndpointModelJson,
  locationTags: ReadonlyMap<string, LocationTagModel>,
): EndpointModel {
  return {
    id: row.id,
    siteId: row.siteId,
    externalGate: row.externalGate,
    autoEnroll: row.autoEnroll,
    autoEnrollLocations: row.autoEnrollLocations,
    mapId: row.mapId,
    x: row.x,
    y: row.y,
    antennas: antennasOf(row.antennas),
    location: locationOf(row.locationTagId, locationTags),
  };
}

export function toMap(row: MapModelJson): MapModel {
  return { id: row.id, topLeft: [row.topLeftX, row.topLeftY], botRight: [row.botRightX, row.botRightY] };
}

export function toThing(row: ThingStateJson): ThingState {
  const cls: ThingClass = row.class === 'worker' ? 'worker' : 'item';
  return {
    id: row.id,
    class: cls,
    siteId: row.siteId,
    zoneId: row.zoneId,
    lastZoneTime: row.lastZoneTime,
    pendingZoneId: row.pendingZoneId ?? null,
    pendingZoneSince: row.pendingZoneSince ?? null,
    lastEvent: row.lastEvent,
    lastEndpointTime: row.lastEndpointTime,
    endpointId: row.endpointId,
    direction: row.direction === null ? null : directionOf(row.direction),
    locationTagId: row.locationTagId,
    mapId: row.mapId,
    x: row.x,
    y: row.y,
    alarmTamper: row.alarmTamper,
    alarmTamperTag: row.alarmTamperTag,
    alarmTamperTime: row.alarmTamperTime,
    data: dataOf(row.data),
    parents: row.parents ?? [],
    deleted: false,
  };
}

export function toOpenEvent(row: OpenEventJson): OpenEvent {
  return {
    ...row,
    eventId: Number(row.eventId),
    direction: directionOf(row.direction),
    data: dataOf(row.data),
  };
}
