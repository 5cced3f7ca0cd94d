/**
 * The live stream (GET /api/live, Server-Sent Events): its messages, how many streams a caller may
 * hold open, and the last frame the server sends when it ends a stream because its credential lost
 * the right to it.
 */
import { z } from 'zod';
import { EndpointStatus } from './endpoints.js';
import { EventRecord } from './events.js';
import { EXCEPTION_CHANGES, ExceptionRecord, ExceptionStateSchema } from './exceptions.js';
import { Thing } from './things.js';
import { UserNotification } from './webhooks.js';

/**
 * Open streams a caller may hold on one instance. The console opens one per tab, and a browser
 * holds at most six HTTP/1.1 connections per origin, so a session needs a handful; a user with a
 * few browsers or devices needs a few sessions' worth. An API key counts as a user.
 */
export const LIVE_STREAM_LIMITS = { perSession: 8, perUser: 32 } as const;

export const LIVE_MSG = {
  tooManyForSession: `Too many live streams for this session (at most ${LIVE_STREAM_LIMITS.perSession}): close one first`,
  tooManyForUser: `Too many live streams for this user (at most ${LIVE_STREAM_LIMITS.perUser}): close one first`,
} as const;

/** Event name of the frame that ends a revoked stream. */
export const LIVE_REVOKED_EVENT = 'revoked';

/**
 * Why a stream was ended: the status REST now answers the same credential — 401 (session or key
 * gone, expired or locked) or 404 (the site was deleted or is out of the caller's reach).
 */
export const LiveRevoked = z.object({
  status: z.union([z.literal(401), z.literal(404)]),
  message: z.string(),
});
export type LiveRevoked = z.infer<typeof LiveRevoked>;

/**
 * The messages of the live stream, declared once: the server types what it publishes with them
 * and the console parses every frame with `LiveMessage` (an SSE frame's event name is `type`, its
 * data `data`). A frame's data also carries `at`, the publish time; parsing drops it.
 */
const ThingChange = z.enum(['created', 'updated', 'deleted']);

/** A thing's tracking state after a reader batch or a manual move (not the whole `Thing`). */
export const LiveThingState = Thing.pick({
  _id: true,
  name: true,
  class: true,
  site: true,
  zone: true,
  lastZoneTime: true,
  lastEvent: true,
  lastEndpointTime: true,
  endpoint: true,
  direction: true,
  locationTag: true,
  map: true,
  xycoordinates: true,
  alarmTamper: true,
  alarmTamperTag: true,
  alarmTamperTime: true,
  data: true,
}).extend({
  /** Unknown when the thing was deleted meanwhile. */
  name: z.string().nullable(),
  zoneName: z.string().nullable(),
  change: ThingChange,
});
export type LiveThingState = z.infer<typeof LiveThingState>;

/** A thing created, saved or deleted through the API: the whole record. */
export const LiveThingRecord = z.object({ change: ThingChange, thing: Thing });
export type LiveThingRecord = z.infer<typeof LiveThingRecord>;

/** An import changed many things: only the last one is named. */
export const LiveThingsImported = z.object({
  change: z.literal('imported'),
  thing: z.object({ _id: z.string() }),
});
export type LiveThingsImported = z.infer<typeof LiveThingsImported>;

export const LiveThing = z.union([LiveThingState, LiveThingRecord, LiveThingsImported]);
export type LiveThing = z.infer<typeof LiveThing>;

/** A thing left one zone (or none) for another (or none). */
export const LiveZoneChange = z.object({
  thing: z.string(),
  thingName: z.string().nullable(),
  from: z.string().nullable(),
  fromName: z.string().nullable(),
  to: z.string().nullable(),
  toName: z.string().nullable(),
  time: z.string(),
});
export type LiveZoneChange = z.infer<typeof LiveZoneChange>;

/** An exception just raised: the stored record's id and what the engine found. */
export const LiveException = ExceptionRecord.pick({
  type: true,
  time: true,
  thing: true,
  thingName: true,
  zone: true,
  zoneName: true,
  multipleThings: true,
  timeDuration: true,
  message: true,
}).extend({
  _id: z.string(),
  /** The exception's state after the change (absent: just raised, open). */
  state: ExceptionStateSchema.optional(),
  /** What happened to it (absent: raised). */
  change: z.enum(EXCEPTION_CHANGES).optional(),
});
export type LiveException = z.infer<typeof LiveException>;

/** A reader's status record (a heartbeat or a management event), as stored, with the endpoint's name. */
export const LiveHeartbeat = z
  .object({ endpoint: z.string(), name: z.string() })
  .extend(EndpointStatus.omit({ endpoint: true }).shape);
export type LiveHeartbeat = z.infer<typeof LiveHeartbeat>;

export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), data: EventRecord }),
  z.object({ type: z.literal('zoneChange'), data: LiveZoneChange }),
  z.object({ type: z.literal('thing'), data: LiveThing }),
  z.object({ type: z.literal('exception'), data: LiveException }),
  z.object({ type: z.literal('heartbeat'), data: LiveHeartbeat }),
  /** A message to one user (POST messages/user), on every site's stream. */
  z.object({ type: z.literal('notification'), data: UserNotification }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
export type LiveType = LiveMessage['type'];
/** The data of one type of message. */
export type LiveData<T extends LiveType> = Extract<LiveMessage, { type: T }>['data'];

/** Every message type, in the order of `LiveMessage`. */
export const LIVE_TYPES = LiveMessage.options.map((o) => o.shape.type.value) as readonly LiveType[];

const liveTypes: ReadonlySet<string> = new Set(LIVE_TYPES);
export const isLiveType = (type: string): type is LiveType => liveTypes.has(type);

/**
 * One SSE frame read as a message: its event name and its JSON data. Undefined for a frame of an
 * unknown type, data that is not JSON, or data that does not match its type.
 */
export function parseLiveFrame(event: string, json: string): LiveMessage | undefined {
  if (!isLiveType(event)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = LiveMessage.safeParse({ type: event, data });
  return parsed.success ? parsed.data : undefined;
}
