/**
 * POST api/images?site= (multipart): each `file` part is spooled to a temporary file while hashed,
 * checked and thumbnailed, and its three files stored; the text fields (tags, categories, thing,
 * category) may come before or after the files. Rows are written in one transaction at the end; on
 * any failure every stored file is removed, so a refused upload leaves nothing behind.
 */
import {
  can,
  IMAGE_MSG,
  type Image,
  ImageUploadFields,
  THINGS_CATEGORY,
  thingResource,
} from '@sightline/shared';
import type { NewImageRow } from '../../db/rows.js';
import { authorize } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { stageClock } from '../../platform/stage-clock.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import { spoolUpload, type Upload } from '../../platform/storage/spool.js';
import { ensureCategory, findCategoryByName } from '../categories/repository.js';
import { requireSite } from '../sites/service.js';
import { requireThing } from '../things/service.js';
import { presentImages } from './presenter.js';
import { processImage } from './process.js';
import * as repo from './repository.js';
import { checkCategories } from './service.js';

export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Upload }
  | { type: 'field'; fieldname: string; value: unknown };

/** The diagnostics channel an upload's stage timings are published on (bench/images.ts listens). */
const UPLOAD_TIMINGS = 'sightline:images:upload';

/** Keeps a client's file name only as a label: no path, no control characters, bounded. */
const safeName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .split('')
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200) || 'image';

export async function uploadImages(
  ctx: AppContext,
  caller: Caller,
  siteId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<Image[]> {
  const { db, storage } = ctx;
  await requireSite(db, caller, siteId);
  authorize(caller, 'images', 'create', siteId);
  // A Map: a field named __proto__ is just a name.
  const fields = new Map<string, unknown[]>();
  const rows: NewImageRow[] = [];
  const stored: string[] = [];
  const clock = stageClock(UPLOAD_TIMINGS);
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), part.value]);
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(`unexpected file field: ${part.fieldname}`);
      const spooled = await clock.time('receive', () => spoolUpload(part.file));
      try {
        if (spooled.truncated) throw new HttpError(413, IMAGE_MSG.tooLarge);
        const image = await clock.time('image', () => processImage(spooled.file, spooled.head, clock));
        const id = newId();
        const keys = imageKeys(caller.orgId, id);
        stored.push(id);
        // The three files side by side; the original is moved from the spool, not copied.
        await clock.time('store', () =>
          Promise.all([
            storage.putFile(keys.original, spooled.file, `image/${image.format}`),
            storage.put(keys.thumb, image.thumb, 'image/webp'),
            storage.put(keys.mini, image.mini, 'image/webp'),
          ]),
        );
        const now = new Date();
        rows.push({
          id,
          orgId: caller.orgId,
          siteId,
          timestamp: image.takenAt ?? now,
          timeCreated: now,
          uploader: caller.kind === 'user' ? caller.id : null,
          longitude: image.coordinates[0],
          latitude: image.coordinates[1],
          fileName: safeName(part.filename),
          bytes: spooled.bytes,
          sizeX: image.width,
          sizeY: image.height,
          format: image.format,
          orientation: image.orientation,
          make: image.make,
          model: image.model,
          device: [image.make, image.model].filter(Boolean).join(' '),
          sha256: spooled.sha256,
        });
      } finally {
        await spooled.remove();
      }
    }
    if (!rows.length) throw badRequest(IMAGE_MSG.fileRequired);
    const parsed = ImageUploadFields.safeParse({
      tags: fields.get('tags') ?? [],
      categories: fields.get('categories') ?? [],
      thing: fields.get('thing')?.[0],
      category: fields.get('category')?.[0],
    });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
    }
    const saved = await clock.time('database', () => save(ctx, caller, rows, parsed.data));
    clock.publish({ files: rows.length });
    return saved;
  } catch (err) {
    for (const id of stored)
      await Promise.all(
        Object.values(imageKeys(caller.orgId, id)).map((k) => storage.delete(k).catch(() => undefined)),
      );
    throw err;
  }
}

async function save(ctx: AppContext, caller: Caller, rows: NewImageRow[], fields: ImageUploadFields) {
  const { db } = ctx;
  await checkCategories(db, caller.orgId, fields.categories);
  const thing = fields.thing
    ? await requireThing(db, caller, fields.thing).catch(() => undefined)
    : undefined;
  if (fields.thing && !thing) throw badRequest(IMAGE_MSG.unknownThing);
  if (thing)
    authorize(caller, thingResource(thing.class === 'worker' ? 'worker' : 'item'), 'modify', thing.siteId);
  // Creating a category by name needs create on categories, except the Photo tab's own "Things".
  const named = fields.category ? await findCategoryByName(db, caller.orgId, fields.category) : undefined;
  if (fields.category && !named && fields.category !== THINGS_CATEGORY) {
    const siteId = rows[0]?.siteId ?? undefined;
    if (!can(caller.rules, 'image-categories', 'create', siteId))
      throw forbidden('You do not have permission to create image-categories');
  }
  const tags = [...new Set(fields.tags)];
  const values = (categories: string[]) => rows.map((row) => ({ ...row, tags, categories }));
  // One statement is atomic by itself: a transaction only when a category or a thing is written too.
  const saved =
    !thing && !fields.category
      ? await repo.insertImages(db, values([...new Set(fields.categories)]))
      : await db.transaction(async (tx) => {
          const extra = fields.category ? [(await ensureCategory(tx, caller.orgId, fields.category)).id] : [];
          const inserted = await repo.insertImages(
            tx,
            values([...new Set([...fields.categories, ...extra])]),
          );
          if (thing)
            await repo.addThingPhotos(
              tx,
              caller.orgId,
              thing.id,
              inserted.map((r) => r.id),
            );
          return inserted;
        });
  return presentImages(db, caller.orgId, saved);
}
