/**
 * Events and zone stays (SPEC §3 Event, Zone duration record): the shapes the API answers with,
 * read by the server routes and the web screens (Events, a thing's Events and Zone History tabs).
 */
import { z } from 'zod';

export const EventRecord = z.object({
  _id: z.string(),
  tag: z.string(),
  thing: z.string(),
  /** Last seen. */
  time: z.string(),
  /** First sighting of the compacted event ("Last Full Event"). */
  firstTime: z.string(),
  repeatCount: z.number(),
  direction: z.string(),
  endpoint: z.string().nullable(),
  endpointName: z.string().nullable(),
  antenna: z.number(),
  zone: z.string().nullable(),
  zoneName: z.string().nullable(),
  locationTag: z.string().nullable(),
  locationTagName: z.string().nullable(),
  alarmTamper: z.boolean(),
  data: z.object({ cFloat0: z.number().optional() }),
  edits: z.array(z.unknown()),
  /** The tag matched a known thing (thing !== NO_THING_ID). */
  matched: z.boolean(),
});
export type EventRecord = z.infer<typeof EventRecord>;

/** `GET eventsources?site=`: the site's endpoints for the Events filter (DESIGN §5). */
export const EventSource = z.object({ _id: z.string(), name: z.string() });
export type EventSource = z.infer<typeof EventSource>;

/** A closed zone stay (`GET zonedurations`). */
export const ZoneDurationRecord = z.object({
  _id: z.string(),
  thing: z.string(),
  thingName: z.string().nullable(),
  zone: z.string(),
  zoneName: z.string().nullable(),
  timeStart: z.string(),
  timeEnd: z.string(),
  /** Nanoseconds. */
  timeDuration: z.number(),
});
export type ZoneDurationRecord = z.infer<typeof ZoneDurationRecord>;

export const EVENT_SORT_FIELDS = ['time', 'firstTime', 'tag', 'repeatCount', 'antenna', 'direction'] as const;
export const ZONE_DURATION_SORT_FIELDS = ['timeStart', 'timeEnd', 'timeDuration'] as const;
