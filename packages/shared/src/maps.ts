/** Floor-plan maps: an image plus the coordinates of its corners. */
import { z } from 'zod';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';

export const MAP_MSG = {
  nameRequired: 'Name is required',
  siteImmutable: 'site cannot be changed',
  fileRequired: 'Please choose an image file',
  badImageType: 'Only PNG, JPEG, SVG and WebP images are accepted',
  tooLarge: 'The image is larger than 30 MB',
  tooManyPixels: 'The image is larger than 100 megapixels',
} as const;

/** Map images: at most 30 MB, like every uploaded image, of these types only. */
export const MAP_IMAGE_MAX_BYTES = 30 * 1024 * 1024;
/** Pixels a raster map may declare: every viewer's browser decodes it whole. */
export const MAP_IMAGE_MAX_PIXELS = 100_000_000;
export const MAP_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
} as const;
export type MapImageType = keyof typeof MAP_IMAGE_TYPES;

export const MapPoint = z.tuple([z.number(), z.number()]);
export type MapPoint = z.infer<typeof MapPoint>;

export const MapRecord = z.object({
  _id: Id,
  name: z.string(),
  /** Where the web loads the image (`/api/maps/<id>/image`), '' when none was uploaded. */
  image: z.string(),
  site: Id,
  topLeft: MapPoint,
  botRight: MapPoint,
});
export type MapRecord = z.infer<typeof MapRecord>;

/** `image` is ignored on write: it changes only by uploading (PUT maps/{id}/image). */
export const MapInput = z.object({
  name: z
    .string({ error: MAP_MSG.nameRequired })
    .trim()
    .min(1, MAP_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  site: Id,
  topLeft: MapPoint.default([0, 0]),
  botRight: MapPoint.default([100, 100]),
});
export type MapInput = z.infer<typeof MapInput>;

export const MAP_SORT_FIELDS = ['name', 'timeCreated'] as const;
export const MapListQuery = listQuery(undefined, MAP_SORT_FIELDS).extend({ site: Id });
export type MapListQuery = z.infer<typeof MapListQuery>;

export const mapImageUrl = (id: string) => `/api/maps/${id}/image`;
