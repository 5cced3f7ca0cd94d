/**
 * Location tags: fixed tags that tell a handheld where it is. A sighting of one sets the
 * endpoint's current location (zone, map, coordinates); it moves no thing.
 */
import { z } from 'zod';
import { LOCATION_TAG_FETCH_LIMIT, QR_SIZE_DEFAULT, QR_SIZES } from './constants.js';
import { ID_PATTERN, Id } from './ids.js';
import { listQuery } from './list.js';
import { MapPoint } from './maps.js';
import { MSG } from './messages.js';
import { EPC_HEX_PATTERN } from './sightings.js';

export const LOCATION_TAG_MSG = {
  nameRequired: 'Name is required',
  tagRequired: 'Tag is required',
  tagHex: 'Tag must be 1 to 128 hex characters',
  siteImmutable: 'site cannot be changed',
  unknownZone: 'unknown zone (it must belong to the same site)',
  unknownMap: 'unknown map (it must belong to the same site)',
  duplicateTag: (tag: string) => `duplicate tag ${tag}: it is already used by a location tag or a thing`,
} as const;

/** A tag as typed in an editor: trimmed, hex, stored upper case. */
export const TagHex = z
  .string({ error: LOCATION_TAG_MSG.tagRequired })
  .trim()
  .min(1, LOCATION_TAG_MSG.tagRequired)
  .regex(EPC_HEX_PATTERN, LOCATION_TAG_MSG.tagHex)
  .transform((v) => v.toUpperCase());

export const LocationTag = z.object({
  _id: Id,
  name: z.string(),
  tag: z.string(),
  zone: Id.nullable(),
  map: Id.nullable(),
  xycoordinates: MapPoint,
  site: Id,
});
export type LocationTag = z.infer<typeof LocationTag>;

/** '' from a cleared select means none. */
const OptionalRef = z
  .string()
  .refine((v) => v === '' || ID_PATTERN.test(v), 'must be a 24-character hex id')
  .nullish()
  .transform((v) => v || null);

export const LocationTagInput = z.object({
  name: z
    .string({ error: LOCATION_TAG_MSG.nameRequired })
    .trim()
    .min(1, LOCATION_TAG_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  tag: TagHex,
  zone: OptionalRef,
  map: OptionalRef,
  xycoordinates: MapPoint.default([0, 0]),
  site: Id,
});
export type LocationTagInput = z.infer<typeof LocationTagInput>;

export const LOCATION_TAG_SORT_FIELDS = ['name', 'tag', 'zone', 'xycoordinates'] as const;
export const LocationTagListQuery = listQuery(LOCATION_TAG_FETCH_LIMIT, LOCATION_TAG_SORT_FIELDS).extend({
  site: Id,
  zone: Id.optional(),
  map: Id.optional(),
});
export type LocationTagListQuery = z.infer<typeof LocationTagListQuery>;

/** `?size=` of the QR code calls: one of `QR_SIZES` (100, 300, 500, 700), Medium (300) by default. */
export const QrSizeQuery = z.object({
  size: z.coerce
    .number()
    .refine((n) => QR_SIZES.some((s) => s.value === n), 'size must be 100, 300, 500 or 700')
    .default(QR_SIZE_DEFAULT),
});
export type QrSizeQuery = z.infer<typeof QrSizeQuery>;
