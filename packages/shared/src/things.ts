/**
 * Things: items and workers, each with a home site and the tracking state of its newest sighting.
 * The state fields are written only by the tracking engine: they are read-only here (a record
 * sent back takes them as they are, see SERVER_CHANGES).
 */
import { z } from 'zod';
import { THING_CLASSES } from './constants.js';
import { isoTime } from './dates.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MapPoint } from './maps.js';
import { MSG } from './messages.js';
import { EPC_HEX_PATTERN } from './sightings.js';

export const THING_MSG = {
  nameRequired: 'Name is required',
  tagHex: 'tags must be 1 to 128 hex characters',
  duplicateTag: (tag: string) =>
    `duplicate tag ${tag}: it is already used by another thing or a location tag`,
  unknownCategory: (id: string) => `unknown category: ${id}`,
  unknownPhoto: (id: string) => `unknown photo: ${id}`,
  parentGone: MSG.parentGone,
  ownParent: 'A thing cannot be its own parent',
  parentCycle: 'A thing cannot be the parent of one of its own parents',
} as const;

/**
 * A worker's personal-data export and erasure reach the worker's rows on every site: they are an
 * organization-wide administrator's (403 to a caller limited to some sites).
 */
export const PERSONAL_DATA_MSG = {
  allSitesOnly:
    "A worker's personal data spans every site: exporting or erasing it needs erase on things for All Sites and a caller of All Sites",
  workersOnly: 'Only a worker has personal data to export or erase: this thing is not a worker',
} as const;

export const ThingClassSchema = z.enum(THING_CLASSES);

/** The access resource of a class: workers have their own. */
export const thingResource = (cls: z.infer<typeof ThingClassSchema>) =>
  cls === 'worker' ? 'workers' : 'things';

const Tag = z
  .string()
  .trim()
  .regex(EPC_HEX_PATTERN, THING_MSG.tagHex)
  .transform((v) => v.toUpperCase());
/** tag1 and tag2: '' (or null) means none. */
const OptionalTag = z
  .string()
  .trim()
  .refine((v) => v === '' || EPC_HEX_PATTERN.test(v), THING_MSG.tagHex)
  .transform((v) => v.toUpperCase())
  .nullish()
  .transform((v) => v ?? '');
/** Comma separated tags of a query (`tags=A,B`), upper case. */
const TagList = z
  .string()
  .max(5000)
  .transform((v) =>
    v
      .split(',')
      .map((t) => t.trim().toUpperCase())
      .filter(Boolean),
  );

export const ThingData = z.object({ cFloat0: z.number().optional() });

/**
 * A field the server changes with every sighting (the newest reader, its time and direction, the
 * sighting data): a record sent back a moment later carries an older value that is not a change the
 * client asks for, so a PUT ignores it. The other server-owned fields (the zone and location, the
 * tamper alarm, the times) change when the thing moves or is edited: a PUT that sends another value
 * is a 400 naming the field.
 */
export const SERVER_CHANGES = { 'x-server-changes': true } as const;

export const Thing = z.object({
  _id: Id,
  name: z.string(),
  description: z.string(),
  serial: z.string(),
  class: ThingClassSchema,
  tag1: z.string(),
  tag2: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  labels: z.array(z.string()),
  timeCreated: z.string(),
  timeModified: z.string(),
  parents: z.array(z.string()),
  photo: z.array(z.string()),
  /**
   * Home site: the selected site when the thing was created or imported. A site's list shows the
   * things whose home site it is or whose current zone lies in it.
   */
  site: z.string(),
  // state (read-only)
  zone: z.string().nullable(),
  lastZoneTime: z.string().nullable(),
  lastEvent: z.string().nullable(),
  lastEndpointTime: z.string().nullable().meta(SERVER_CHANGES),
  endpoint: z.string().nullable().meta(SERVER_CHANGES),
  direction: z.string().nullable().meta(SERVER_CHANGES),
  locationTag: z.string().nullable(),
  map: z.string().nullable(),
  /** Fractions 0-1 of the map. */
  xycoordinates: MapPoint.nullable(),
  alarmTamper: z.boolean(),
  alarmTamperTag: z.string().nullable(),
  alarmTamperTime: z.string().nullable(),
  data: ThingData.meta(SERVER_CHANGES),
});
export type Thing = z.infer<typeof Thing>;

/** The whole thing as the editor sends it; unknown and state fields are stripped. */
export const ThingInput = z.object({
  name: z
    .string({ error: THING_MSG.nameRequired })
    .trim()
    .min(1, THING_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  description: z.string().max(2000).default(''),
  serial: z.string().trim().max(200).default(''),
  class: ThingClassSchema.default('item'),
  tag1: OptionalTag,
  tag2: OptionalTag,
  tags: z.array(Tag).max(100).default([]),
  categories: z.array(Id).max(200).default([]),
  labels: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
  parents: z.array(Id).max(200).default([]),
  photo: z.array(Id).max(1000).default([]),
  site: Id,
});
export type ThingInput = z.infer<typeof ThingInput>;
/** On PUT the home site may be left out (unchanged). */
export const ThingUpdateInput = ThingInput.extend({ site: Id.optional() });
export type ThingUpdateInput = z.infer<typeof ThingUpdateInput>;

const ThingFilters = {
  /** Things whose home site is this site or whose current zone is in it. */
  site: Id.optional(),
  class: ThingClassSchema.optional(),
  category: Id.optional(),
  tags: TagList.optional(),
  zone: Id.optional(),
  map: Id.optional(),
  /** Things changed or seen at or after this time. */
  after: isoTime('Invalid ISO datetime').optional(),
};

export const THING_SORT_FIELDS = [
  'name',
  'serial',
  'class',
  'description',
  'zone',
  'lastZoneTime',
  'lastEvent',
  'timeCreated',
  'timeModified',
] as const;
export const ThingListQuery = listQuery(undefined, THING_SORT_FIELDS).extend(ThingFilters);
export type ThingListQuery = z.infer<typeof ThingListQuery>;

export const ThingExportQuery = z.object({
  ...ThingFilters,
  sort: ThingListQuery.shape.sort,
  search: ThingListQuery.shape.search,
  search2: ThingListQuery.shape.search2,
});
export type ThingExportQuery = z.infer<typeof ThingExportQuery>;
