/**
 * Events and zone stays (zone duration records): the shapes the API answers with,
 * read by the server routes and the web screens (Events, a thing's Events and Zone History tabs).
 */
import { z } from 'zod';
import { EVENTS_QUERY_LIMIT } from './constants.js';
import { IsoTime } from './dates.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { EpcHex } from './sightings.js';

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
  /** Peak RSSI (dBm) of the event's last sighting; null when the reader sent none. */
  rssi: z.number().nullable(),
  edits: z.array(z.unknown()),
  /** The tag matched a known thing (thing !== NO_THING_ID). */
  matched: z.boolean(),
});
export type EventRecord = z.infer<typeof EventRecord>;

/** `GET eventsources?site=`: the site's endpoints for the Events filter, as `[{ _id, name }]`. */
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

/** `a,b,c` → ids, each validated (the Events screen's endpoint filter). */
const EndpointIds = z
  .string()
  .max(25 * 200)
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(Id).max(200));

/** GET events: one site's events, optionally in a range, of some endpoints or of one thing. */
export const EventListQuery = listQuery(EVENTS_QUERY_LIMIT, EVENT_SORT_FIELDS).extend({
  site: Id,
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  endpoint: EndpointIds.optional(),
  thing: Id.optional(),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

/** GET eventsources: the endpoints that produced events at a site (the site is required). */
export const EventSourcesQuery = z.object({ site: Id });

/** GET zonedurations: one site's zone stays, optionally in a range or of one thing. */
export const ZoneDurationQuery = listQuery(EVENTS_QUERY_LIMIT, ZONE_DURATION_SORT_FIELDS).extend({
  site: Id,
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  thing: Id.optional(),
});
export type ZoneDurationQuery = z.infer<typeof ZoneDurationQuery>;

/** POST api/event: place the tag's thing in the zone as if a gate saw it. */
export const ManualEventBody = z.object({ tag: EpcHex, zone: Id });
export type ManualEventBody = z.infer<typeof ManualEventBody>;
