/**
 * Exceptions: zone time overruns and kit inventory shortages or overages, raised by the tracking
 * engine. The API adds the names of the thing and zones and the exception's message (fixed texts,
 * in `MSG`) so every screen and export words them the same way.
 */
import { z } from 'zod';
import { EXCEPTION_STATES, EXCEPTION_TYPES, THING_CLASSES } from './constants.js';
import { IsoTime } from './dates.js';
import { Id } from './ids.js';
import { listQuery, sortParam } from './list.js';
import { MSG } from './messages.js';

export const ExceptionTypeSchema = z.enum(EXCEPTION_TYPES);
export const ExceptionStateSchema = z.enum(EXCEPTION_STATES);

/** What happens to an exception: the live stream's and the `exception` webhook's `change`. */
export const EXCEPTION_CHANGES = ['created', 'acknowledged', 'resolved', 'escalated'] as const;
export type ExceptionChange = (typeof EXCEPTION_CHANGES)[number];

/** Who resolved an exception whose condition cleared (a thing left, a count came right). */
export const RESOLVED_BY_SYSTEM = 'system';

export const EXCEPTION_MSG = {
  alreadyResolved: 'The alert is already resolved',
  noteTooLong: 'The note is at most 1000 characters',
  idsRequired: 'ids: at least one exception',
  tooMany: 'ids: at most 500 exceptions at once',
} as const;

/** How a type is named in tables and exports. */
export const EXCEPTION_TYPE_LABELS: Record<(typeof EXCEPTION_TYPES)[number], string> = {
  zoneTimeException: 'Zone time',
  inventoryThingsMissing: 'Inventory shortage',
  inventoryThingsUnexpected: 'Inventory overage',
  thingMissing: 'Thing missing',
  endpointOffline: 'Endpoint offline',
  antennaDisconnected: 'Antenna disconnected',
};

/** The changes a note is given with. */
export const EXCEPTION_NOTE_CHANGES = ['acknowledged', 'resolved'] as const;

/**
 * One note of an exception's history: given with an acknowledgement or a resolution (also a later
 * one that found the exception already so), by whom (their name as it was then) and when.
 */
export const ExceptionNote = z.object({
  change: z.enum(EXCEPTION_NOTE_CHANGES),
  text: z.string(),
  /** The user or API key id. */
  by: z.string(),
  byName: z.string().nullable(),
  at: z.string(),
});
export type ExceptionNote = z.infer<typeof ExceptionNote>;

export const ExceptionRecord = z.object({
  _id: Id,
  type: ExceptionTypeSchema,
  time: z.string(),
  site: Id,
  /** The thing concerned (the kit's parent for a shortage), if any. */
  thing: z.string().nullable(),
  thingName: z.string().nullable(),
  thingClass: z.enum(THING_CLASSES).nullable(),
  zone: z.string().nullable(),
  zoneName: z.string().nullable(),
  /** Where a single kit child was expected (the 'was expected in …' message). */
  expectedZone: z.string().nullable(),
  expectedZoneName: z.string().nullable(),
  multipleThings: z.array(z.string()),
  /** The endpoint of an endpointOffline or antennaDisconnected exception, and the antenna of the latter. */
  endpoint: z.string().nullable(),
  endpointName: z.string().nullable(),
  antenna: z.number().nullable(),
  /** The zone's alert time in nanoseconds (zone time exceptions); the missing time (thingMissing). */
  timeDuration: z.number().nullable(),
  /** When the stay that overran (or the kit's stay) began; when a missing thing was last seen, an offline endpoint last heard from. */
  stayStart: z.string().nullable(),
  /** Set once someone (or the system) resolved the exception; open exceptions have null. */
  resolvedAt: z.string().nullable(),
  state: ExceptionStateSchema,
  /** The user who acknowledged it (id) and their name. */
  acknowledgedBy: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  /** The user who resolved it (id), or 'system' when its condition cleared. */
  resolvedBy: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  /** Every note given with an acknowledgement or a resolution, oldest first. */
  notes: z
    .array(ExceptionNote)
    .describe('Every note given with an acknowledgement or a resolution, oldest first.'),
  /** The text of the last note given with an acknowledgement (null: none). */
  acknowledgementNote: z
    .string()
    .nullable()
    .describe('The text of the last note given with an acknowledgement; null when none was.'),
  /** The text of the last note given with the resolution (null: none). */
  resolutionNote: z
    .string()
    .nullable()
    .describe('The text of the last note given with the resolution; null when none was.'),
  /** The last note of any kind; kept for older clients (read `notes`, `acknowledgementNote`, `resolutionNote`). */
  note: z
    .string()
    .nullable()
    .describe('Deprecated: the last note of `notes`. Read acknowledgementNote and resolutionNote.'),
  /** When it was mailed to the site's escalation list (still open then). */
  escalatedAt: z.string().nullable(),
  /** Reminders mailed to the zone's emails, and the last one's time. */
  reminders: z.number(),
  remindedAt: z.string().nullable(),
  message: z.string(),
});
export type ExceptionRecord = z.infer<typeof ExceptionRecord>;

/** A thing listed on an exception's detail screen. */
export const ExceptionThing = z.object({
  _id: Id,
  name: z.string(),
  class: z.enum(THING_CLASSES),
  zone: z.string().nullable(),
  zoneName: z.string().nullable(),
  lastZoneTime: z.string().nullable(),
});
export type ExceptionThing = z.infer<typeof ExceptionThing>;

/** GET exceptions/{id}: the record plus the things of `multipleThings` (deleted ones left out). */
export const ExceptionDetail = ExceptionRecord.extend({ things: z.array(ExceptionThing) });
export type ExceptionDetail = z.infer<typeof ExceptionDetail>;

const Flag = z.enum(['true', 'false']).transform((v) => v === 'true');

const ExceptionFilters = {
  site: Id.optional(),
  /** Exceptions about this thing: as the thing, or one of `multipleThings`. */
  thing: Id.optional(),
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  type: ExceptionTypeSchema.optional(),
  /** Exceptions in this zone. */
  zone: Id.optional(),
  /** true: only unresolved exceptions; false: only resolved ones. */
  open: Flag.optional(),
  /** Comma-separated states, e.g. open,acknowledged. */
  state: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(z.array(ExceptionStateSchema).min(1))
    .optional(),
};
const siteOrThing = {
  check: (q: { site?: string; thing?: string }) => q.site !== undefined || q.thing !== undefined,
  message: { message: 'site or thing is required', path: ['site'] },
};

/** GET exceptions: query after, before, site, sort (default -time, newest first). */
export const EXCEPTION_SORT_FIELDS = ['time', 'type'] as const;
export const ExceptionListQuery = listQuery(undefined, EXCEPTION_SORT_FIELDS)
  .extend(ExceptionFilters)
  .refine(siteOrThing.check, siteOrThing.message);
export type ExceptionListQuery = z.infer<typeof ExceptionListQuery>;

/** GET exceptions/export: the report's rows for one site and date range, as xlsx. */
export const ExceptionExportQuery = z.object({
  site: Id,
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  type: ExceptionTypeSchema.optional(),
  sort: sortParam(EXCEPTION_SORT_FIELDS),
});
export type ExceptionExportQuery = z.infer<typeof ExceptionExportQuery>;

/**
 * A note is trimmed; one of nothing but spaces is no note at all (it never erases or adds one).
 */
const Note = z
  .string()
  .trim()
  .max(1000, EXCEPTION_MSG.noteTooLong)
  .transform((text) => (text === '' ? undefined : text))
  .describe(
    "Kept in the exception's notes with the change it came with; trimmed, at most 1000 characters; blank is no note.",
  );

/** POST exceptions/{id}/acknowledge and /resolve: an optional note. */
export const ExceptionStateBody = z.object({ note: Note.optional() });
export type ExceptionStateBody = z.infer<typeof ExceptionStateBody>;

/** POST exceptions/acknowledge and exceptions/resolve: many at once, all or none. */
export const ExceptionBulkBody = z.object({
  ids: z.array(Id).min(1, EXCEPTION_MSG.idsRequired).max(500, EXCEPTION_MSG.tooMany),
  note: Note.optional(),
});
export type ExceptionBulkBody = z.infer<typeof ExceptionBulkBody>;

const NS_PER_MINUTE = 60_000_000_000;
const NS_PER_HOUR = 3_600_000_000_000;
/** The missing time in hours as the message shows it (at most two decimals). */
const alertHours = (ns: number | null) => Number(((ns ?? 0) / NS_PER_HOUR).toFixed(2));

/** The alert time in minutes as the message shows it (at most two decimals). */
export const alertMinutes = (ns: number | null) => Number(((ns ?? 0) / NS_PER_MINUTE).toFixed(2));

/**
 * The message of an exception, by type. The texts are fixed: the console, clients and tests match
 * them. Unknown zone names fall back to the id.
 */
export function exceptionMessage(e: {
  type: string;
  thing?: string | null;
  thingName?: string | null;
  endpoint?: string | null;
  endpointName?: string | null;
  antenna?: number | null;
  stayStart?: string | null;
  zone: string | null;
  zoneName: string | null;
  expectedZone: string | null;
  expectedZoneName: string | null;
  timeDuration: number | null;
}): string {
  const zone = e.zoneName ?? e.zone ?? '';
  const endpoint = e.endpointName ?? e.endpoint ?? '';
  if (e.type === 'thingMissing')
    return MSG.exceptionThingMissing(e.thingName ?? e.thing ?? '', alertHours(e.timeDuration));
  if (e.type === 'endpointOffline') return MSG.exceptionEndpointOffline(endpoint, e.stayStart ?? '');
  if (e.type === 'antennaDisconnected') return MSG.exceptionAntennaDisconnected(e.antenna ?? 0, endpoint);
  if (e.expectedZone !== null) return MSG.exceptionWrongZone(e.expectedZoneName ?? e.expectedZone, zone);
  if (e.type === 'inventoryThingsMissing') return MSG.exceptionShortage(zone);
  if (e.type === 'inventoryThingsUnexpected') return MSG.exceptionOverage(zone);
  return MSG.exceptionTime(zone, alertMinutes(e.timeDuration));
}
