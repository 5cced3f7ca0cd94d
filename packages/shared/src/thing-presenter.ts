/**
 * A thing as the API presents it, from its row (REST, exports) or its tracking state (the live
 * stream). One field table for both, and for the SQL that writes the things list's JSON.
 */
import { THING_CLASSES } from './constants.js';
import { type FieldTable, fieldsOf, plain, presentField, presentFields } from './presenter.js';
import { Thing } from './things.js';

type Time = Date | number;

/** What a thing is presented from: its stored fields (times as Date or epoch ms). */
export interface ThingFields {
  id: string;
  name: string;
  description: string;
  serial: string;
  class: string;
  tag1: string | null;
  tag2: string | null;
  tags: string[];
  categories: string[];
  labels: string[];
  timeCreated: Time;
  timeModified: Time;
  parents: string[];
  photo: string[];
  siteId: string;
  zoneId: string | null;
  lastZoneTime: Time | null;
  lastEvent: Time | null;
  lastEndpointTime: Time | null;
  endpointId: string | null;
  direction: string | null;
  locationTagId: string | null;
  mapId: string | null;
  x: number | null;
  y: number | null;
  alarmTamper: boolean;
  alarmTamperTag: string | null;
  alarmTamperTime: Time | null;
  data: unknown;
}

export const THING_FIELDS: FieldTable<Thing> = fieldsOf(Thing, {
  _id: plain('id'),
  class: { kind: 'oneOf', from: 'class', values: THING_CLASSES, fallback: 'item' },
  tag1: { kind: 'textOrEmpty', from: 'tag1' },
  tag2: { kind: 'textOrEmpty', from: 'tag2' },
  timeCreated: { kind: 'time', from: 'timeCreated' },
  timeModified: { kind: 'time', from: 'timeModified' },
  site: plain('siteId'),
  zone: plain('zoneId'),
  lastZoneTime: { kind: 'time', from: 'lastZoneTime' },
  lastEvent: { kind: 'time', from: 'lastEvent' },
  lastEndpointTime: { kind: 'time', from: 'lastEndpointTime' },
  endpoint: plain('endpointId'),
  locationTag: plain('locationTagId'),
  map: plain('mapId'),
  xycoordinates: { kind: 'point', from: ['x', 'y'] },
  alarmTamperTime: { kind: 'time', from: 'alarmTamperTime' },
  data: { kind: 'sightingData', from: 'data' },
});

export function presentThing(row: ThingFields): Thing {
  return presentFields(THING_FIELDS, row);
}

/** The tracking state's fields of a thing, as its live message writes them after its zone's name. */
const STATE_KEYS = [
  'lastZoneTime',
  'lastEvent',
  'lastEndpointTime',
  'endpoint',
  'direction',
  'locationTag',
  'map',
  'xycoordinates',
  'alarmTamper',
  'alarmTamperTag',
  'alarmTamperTime',
  'data',
] as const satisfies readonly (keyof Thing)[];

/** The fields tracking state holds (the engine's `ThingState` has them under these names). */
export type ThingStateFields = Pick<
  ThingFields,
  | 'id'
  | 'class'
  | 'siteId'
  | 'zoneId'
  | 'lastZoneTime'
  | 'lastEvent'
  | 'lastEndpointTime'
  | 'endpointId'
  | 'direction'
  | 'locationTagId'
  | 'mapId'
  | 'x'
  | 'y'
  | 'alarmTamper'
  | 'alarmTamperTag'
  | 'alarmTamperTime'
  | 'data'
>;

/** A live `thing` message: the thing's tracking state after a change, with its and its zone's names. */
/** What happened to a thing a live `thing` message carries. */
export type ThingChange = 'created' | 'updated' | 'deleted';

export type ThingStateRecord = Pick<
  Thing,
  '_id' | 'class' | 'site' | 'zone' | (typeof STATE_KEYS)[number]
> & {
  change: ThingChange;
  name: string | null;
  zoneName: string | null;
};

export function presentThingState(
  state: ThingStateFields,
  change: ThingChange,
  names: { name: string | null; zoneName: string | null },
): ThingStateRecord {
  const field = <K extends keyof Thing>(key: K) => presentField(THING_FIELDS, key, state) as Thing[K];
  const record: Record<string, unknown> = {
    _id: field('_id'),
    change,
    name: names.name,
    class: field('class'),
    site: field('site'),
    zone: field('zone'),
    zoneName: names.zoneName,
  };
  for (const key of STATE_KEYS) record[key] = field(key);
  return record as ThingStateRecord;
}
