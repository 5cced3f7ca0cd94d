/**
 * Images (photos): the record, the upload and edit calls, the texts the image screens show, and
 * the filter. The filter is one schema used by the list, every bulk call and the downloads.
 */
import { z } from 'zod';
import { isoTime } from './dates.js';
import { Id } from './ids.js';
import { paging } from './list.js';

export const IMAGE_MAX_BYTES = 30 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 100_000_000;
export const IMAGE_THUMB_PX = 320;
export const IMAGE_MINI_PX = 64;
/**
 * Files the console uploads at once. One: a photo without an EXIF date is dated by its upload, so
 * files sent side by side would be dated by whichever finished first, not in the order chosen
 * (bench:images measures what three at once would gain: 1.2–1.4× for a batch).
 */
export const IMAGE_UPLOAD_CONCURRENCY = 1;
/** Files per upload request. */
export const IMAGE_MAX_FILES = 50;
export const IMAGE_LIST_MAX = 1000;
/** The category the thing Photo tab files its uploads under, created when first needed. */
export const THINGS_CATEGORY = 'Things';

export const IMAGE_MSG = {
  notImage: 'The file is not an image (JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF)',
  tooLarge: 'The image is larger than 30 MB',
  tooManyPixels: 'The image is larger than 100 megapixels',
  badExif: "The photo's EXIF data is malformed: its directories loop or are too many",
  fileRequired: 'Choose at least one image file',
  filterRequired: 'Give ids or at least one filter',
  unknownCategory: (id: string) => `unknown category: ${id}`,
  unknownThing: 'unknown thing',
  noChange: 'Nothing to change: add or remove tags or categories',
  badDate: 'must be a date (ISO 8601)',
} as const;

/** The texts the image screens show. They are fixed: the console, clients and tests match them. */
export const IMAGE_TEXT = {
  uploadError: 'Error uploading file',
  editError: 'Error editing images',
  deleteError: 'Error deleting images',
  createCategoryFailed: 'Failed to create category',
  getCategoriesFailed: 'Failed to get categories',
  deleteImageFailed: 'Failed to delete image',
  savePhotoFailed: 'Failed to save photo - ',
} as const;

/** Formats sharp reports for what it can decode, and their content types. */
export const IMAGE_FORMATS = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  heif: 'image/heif',
  avif: 'image/avif',
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tiff: 'tif',
  heif: 'heic',
  avif: 'avif',
};

const noNul = (s: string) => !s.includes('\u0000');
export const ImageTag = z
  .string()
  .trim()
  .min(1, 'a tag cannot be empty')
  .max(100, 'a tag has at most 100 characters')
  .refine(noNul, 'must not contain NUL');
const Tags = z.array(ImageTag).max(100, 'at most 100 tags');
const CategoryIds = z.array(Id).max(100, 'at most 100 categories');

export const ImageCategoryRef = z.object({ id: Id, name: z.string() });

/** An image's categories: ids, or the `{ id, name }` an image answers with (sent back as read). */
const CategoryRefsOrIds = z
  .array(z.union([Id, z.object({ id: Id, name: z.string() }).transform((c) => c.id)]))
  .max(100, 'at most 100 categories');

export const Image = z.object({
  _id: Id,
  id: Id,
  site: z.string().nullable(),
  timestamp: z.string(),
  timeCreated: z.string(),
  uploader: z.string().nullable(),
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  annotation: z.string(),
  tags: z.array(z.string()),
  categories: z.array(ImageCategoryRef),
  fileName: z.string(),
  sha256: z.string(),
  cloud_photos: z.object({ bytes: z.number(), sizeX: z.number(), sizeY: z.number(), format: z.string() }),
  exif_data: z.object({
    orientation: z.object({ value: z.number() }),
    make: z.string(),
    model: z.string(),
  }),
});
export type Image = z.infer<typeof Image>;

/** PUT images/{id}/meta. */
export const ImageMetaInput = z.strictObject({
  annotation: z.string().max(5000).refine(noNul, 'must not contain NUL').default(''),
  tags: Tags.default([]),
  categories: CategoryRefsOrIds.default([]),
});
export type ImageMetaInput = z.infer<typeof ImageMetaInput>;

/** A repeatable query parameter: absent = none (so not required), once = one item, or many. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(item).max(100)).default([]);
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const date = isoTime(IMAGE_MSG.badDate).optional();

/**
 * The images search filter as query parameters (list, bulk edit, bulk delete, downloads): filters
 * AND unless `or`; text in comment, tags and category names, word or `partial`; a date range;
 * without tags, without categories.
 */
export const ImageFilter = z.object({
  site: Id,
  category: repeated(Id),
  tag: repeated(ImageTag),
  uploader: Id.optional(),
  search: z.string().trim().max(200).refine(noNul, 'must not contain NUL').optional(),
  partial: flag,
  start: date,
  end: date,
  or: flag,
  notags: flag,
  nocategories: flag,
});
export type ImageFilter = z.infer<typeof ImageFilter>;

/**
 * Whether a filter names anything beyond the site: then, with no image selected, bulk actions
 * apply to the query.
 */
export function filterIsActive(f: Partial<ImageFilter>): boolean {
  return Boolean(
    f.category?.length ||
      f.tag?.length ||
      f.uploader ||
      f.search ||
      f.start ||
      f.end ||
      f.notags ||
      f.nocategories,
  );
}

export const ImageListQuery = paging(IMAGE_LIST_MAX, 25).extend(ImageFilter.shape);
export type ImageListQuery = z.infer<typeof ImageListQuery>;

/** Comma-separated ids (`a,b,c`), as in images/{ids}/zip and `ids=` of the bulk calls. */
export const IdList = z
  .string()
  .max(25 * 5000)
  .transform((s) => [...new Set(s.split(',').filter(Boolean))])
  .pipe(z.array(Id).min(1, 'give at least one id').max(5000, 'at most 5000 ids'));

/** Bulk calls: the filter, or explicit ids (then the filter's other fields are ignored). */
export const ImageBulkQuery = ImageFilter.extend({ ids: IdList.optional() });
export type ImageBulkQuery = z.infer<typeof ImageBulkQuery>;

export const ImageIdsParams = z.object({ ids: IdList });

/** PUT images/meta: tags and categories added to and removed from every chosen image. */
export const ImageBulkMetaInput = z
  .strictObject({
    addTags: Tags.default([]),
    removeTags: Tags.default([]),
    addCategories: CategoryIds.default([]),
    removeCategories: CategoryIds.default([]),
  })
  .refine(
    (b) => b.addTags.length + b.removeTags.length + b.addCategories.length + b.removeCategories.length > 0,
    IMAGE_MSG.noChange,
  );
export type ImageBulkMetaInput = z.infer<typeof ImageBulkMetaInput>;

export const ImageCount = z.object({ count: z.number() });

/** Multipart text fields of POST images. */
export const ImageUploadFields = z.object({
  tags: Tags.default([]),
  categories: CategoryIds.default([]),
  thing: Id.optional(),
  category: z.string().trim().min(1).max(200).refine(noNul, 'must not contain NUL').optional(),
});
export type ImageUploadFields = z.infer<typeof ImageUploadFields>;

/** The CSV columns of images/{ids}/csv, in order. */
export const IMAGE_CSV_COLUMNS = [
  'id',
  'fileName',
  'timestamp',
  'timeCreated',
  'uploader',
  'longitude',
  'latitude',
  'annotation',
  'tags',
  'categories',
  'bytes',
  'sizeX',
  'sizeY',
  'format',
  'orientation',
  'make',
  'model',
  'sha256',
  'site',
] as const;
