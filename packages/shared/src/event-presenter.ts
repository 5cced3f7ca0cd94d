/** An event as the API presents it, from its row (REST) or the tracking engine's write (the live stream). */
import { NO_THING_ID } from './constants.js';
import type { EventRecord } from './events.js';
import { serialApiId } from './ids.js';

/** What an event is presented from: its stored fields (times as Date or epoch ms). */
export interface EventFields {
  tag: string;
  thingId: string;
  time: Date | number;
  firstTime: Date | number;
  repeatCount: number;
  direction: string;
  endpointId: string | null;
  antenna: number;
  zoneId: string | null;
  locationTagId: string | null;
  alarmTamper: boolean;
  data: unknown;
  /** Peak RSSI (dBm) of the event's last sighting. */
  rssi: number | null;
  /** Absent on an event the engine is writing: no edits yet. */
  edits?: unknown;
}

export interface EventNames {
  endpointName: string | null;
  zoneName: string | null;
  locationTagName: string | null;
}

const iso = (t: Date | number) => new Date(t).toISOString();

/** `id` is the event's bigserial id. */
export function presentEvent(e: EventFields, id: number, names: EventNames): EventRecord {
  const data = (e.data ?? {}) as { cFloat0?: unknown };
  return {
    _id: serialApiId(id),
    tag: e.tag,
    thing: e.thingId,
    time: iso(e.time),
    firstTime: iso(e.firstTime),
    repeatCount: e.repeatCount,
    direction: e.direction,
    endpoint: e.endpointId,
    endpointName: names.endpointName,
    antenna: e.antenna,
    zone: e.zoneId,
    zoneName: names.zoneName,
    locationTag: e.locationTagId,
    locationTagName: names.locationTagName,
    alarmTamper: e.alarmTamper,
    data: typeof data.cFloat0 === 'number' ? { cFloat0: data.cFloat0 } : {},
    rssi: e.rssi,
    edits: Array.isArray(e.edits) ? e.edits : [],
    matched: e.thingId !== NO_THING_ID,
  };
}
