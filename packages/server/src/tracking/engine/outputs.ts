/** What a run of the engine asks the DB layer to write, and the live messages it produces. */
import type { ExceptionType, ThingClass } from '@sightline/shared';
import type { EngineState, EpochMs, LocationTagModel, OpenEvent, ThingState } from './types.js';

export interface EventWrite extends OpenEvent {
  /** Sightings merged into the event in this batch (for `repeat_count = repeat_count + n`). */
  addedRepeats: number;
  /** This is the tag's open event after the batch: upsert tag_state with it. */
  open: boolean;
}

export interface ZoneStay {
  thingId: string;
  zoneId: string;
  siteId: string;
  timeStart: EpochMs;
  timeEnd: EpochMs;
  timeDurationNs: number;
}

export interface ExceptionRecord {
  type: ExceptionType;
  siteId: string;
  time: EpochMs;
  thingId: string | null;
  zoneId: string | null;
  multipleThings: string[];
  timeDurationNs: number | null;
  /** With type, thing and zone: the once-per-stay key (unique index exceptions_stay_uq). */
  stayStart: EpochMs | null;
  expectedZoneId: string | null;
  /** The fixed message text (`exceptionMessage` in @sightline/shared), for mail and the live stream. */
  message: string;
}

export interface NewThing {
  id: string;
  name: string;
  class: ThingClass;
  siteId: string;
  tag: string;
}

export type NewLocationTag = LocationTagModel & { name: string };

interface EndpointLocationUpdate {
  endpointId: string;
  locationTagId: string;
}

export type EngineMessage =
  | { type: 'event'; siteId: string; event: EventWrite }
  | {
      type: 'zoneChange';
      siteId: string;
      thingId: string;
      fromZoneId: string | null;
      toZoneId: string | null;
      time: EpochMs;
    }
  | { type: 'thing'; change: 'created' | 'updated' | 'deleted'; siteId: string; thing: ThingState }
  | { type: 'exception'; siteId: string; exception: ExceptionRecord };

export interface EngineOutput {
  events: EventWrite[];
  /** Full new state of every thing that changed. */
  things: ThingState[];
  newThings: NewThing[];
  newLocationTags: NewLocationTag[];
  endpointLocations: EndpointLocationUpdate[];
  zoneStays: ZoneStay[];
  /** Insert with ON CONFLICT DO NOTHING on exceptions_stay_uq; mail only the rows inserted. */
  exceptions: ExceptionRecord[];
  messages: EngineMessage[];
}

export interface BatchResult {
  state: EngineState;
  output: EngineOutput;
}

export function emptyOutput(): EngineOutput {
  return {
    events: [],
    things: [],
    newThings: [],
    newLocationTags: [],
    endpointLocations: [],
    zoneStays: [],
    exceptions: [],
    messages: [],
  };
}
