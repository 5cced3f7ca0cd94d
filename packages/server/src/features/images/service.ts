/** The photo catalogue's rules: authorization, scoping, transactions, files after commits. */
import {
  filterIsActive,
  IMAGE_FORMATS,
  IMAGE_MSG,
  type ImageBulkMetaInput,
  type ImageBulkQuery,
  type ImageFilter,
  type ImageFormat,
  type ImageListQuery,
  type ImageMetaInput,
} from '@sightline/shared';
import { and, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { type ImageVariant, imageKeys } from '../../platform/storage/image-keys.js';
import type { Storage } from '../../platform/storage/index.js';
import { categoryNames } from '../categories/repository.js';
import { workerViewFor } from '../privacy/pseudonyms.js';
import { requireSite } from '../sites/service.js';
import { presentImages } from './presenter.js';
import * as repo from './repository.js';

const RESOURCE = 'images';

/**
 * `where` narrowed to the photos the caller may see: a photo of a worker it sees by pseudonym
 * (features/privacy/pseudonyms.ts) is withheld as if it did not exist — from lists, details,
 * files, downloads and bulk changes alike.
 */
async function shownTo(db: Tx, caller: Caller, where: SQL): Promise<SQL> {
  const shown = repo.shownPhotos([...(await workerViewFor(db, caller, false)).maskedSites]);
  return shown ? (and(where, shown) as SQL) : where;
}

export async function listImages(db: Db, caller: Caller, query: ImageListQuery) {
  await requireSite(db, caller, query.site);
  const { rows, total } = await repo.listImages(
    db,
    await shownTo(db, caller, repo.filterWhere(caller.orgId, query)),
    query.limit,
    query.page * query.limit,
  );
  return { items: await presentImages(db, caller.orgId, rows), total };
}

/** An image of the caller's organization on a site the caller may see, not withheld from it, or 404. */
async function requireImage(db: Tx, caller: Caller, id: string) {
  const [row] = await repo.findImagesWhere(db, await shownTo(db, caller, repo.byIds(caller.orgId, [id])));
  if (!row?.siteId || !hasSite(caller, row.siteId)) throw notFound('Image');
  return row;
}

export async function getImage(db: Db, caller: Caller, id: string) {
  const [image] = await presentImages(db, caller.orgId, [await requireImage(db, caller, id)]);
  if (!image) throw notFound('Image');
  return image;
}

/** The storage key and content type of one of an image's files. */
export async function imageFile(db: Db, caller: Caller, id: string, variant: ImageVariant) {
  const row = await requireImage(db, caller, id);
  const type =
    variant === 'original'
      ? (IMAGE_FORMATS[row.format as ImageFormat] ?? 'application/octet-stream')
      : 'image/webp';
  return { key: imageKeys(caller.orgId, id)[variant], type, row };
}

export async function checkCategories(db: Tx, orgId: string, ids: string[]) {
  const known = await categoryNames(db, orgId, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw badRequest(IMAGE_MSG.unknownCategory(unknown));
}

export async function updateMeta(db: Db, caller: Caller, id: string, input: ImageMetaInput) {
  const current = await requireImage(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId ?? undefined);
  await checkCategories(db, caller.orgId, input.categories);
  const row = await repo.updateMeta(db, caller.orgId, id, input);
  if (!row) throw notFound('Image');
  const [image] = await presentImages(db, caller.orgId, [row]);
  if (!image) throw notFound('Image');
  return image;
}

async function removeFiles(storage: Storage, orgId: string, ids: string[]) {
  // After the commit: a failed removal leaves a stray file, never a record without its file.
  for (const id of ids)
    await Promise.all(
      Object.values(imageKeys(orgId, id)).map((key) => storage.delete(key).catch(() => undefined)),
    );
}

export async function deleteImage(db: Db, storage: Storage, caller: Caller, id: string) {
  const current = await requireImage(db, caller, id);
  authorize(caller, RESOURCE, 'delete', current.siteId ?? undefined);
  await db.transaction(async (tx) => {
    await repo.deleteWhere(tx, repo.byIds(caller.orgId, [id]));
    await repo.removeThingPhotos(tx, caller.orgId, [id]);
  });
  await removeFiles(storage, caller.orgId, [id]);
}

/**
 * The images a bulk call or download acts on: the given ids (each one the caller can read, else
 * 404) or the filter (which must name something beyond the site when `needFilter`).
 */
export async function selection(
  db: Tx,
  caller: Caller,
  query: ImageBulkQuery,
  needFilter: boolean,
): Promise<SQL> {
  await requireSite(db, caller, query.site);
  if (query.ids) return idsSelection(db, caller, query.ids);
  if (needFilter && !filterIsActive(query)) throw badRequest(IMAGE_MSG.filterRequired);
  return shownTo(db, caller, repo.filterWhere(caller.orgId, query as ImageFilter));
}

/** Explicit ids: every one an image the caller can read (and is not withheld from it), else 404. */
export async function idsSelection(db: Tx, caller: Caller, ids: string[]): Promise<SQL> {
  const where = await shownTo(db, caller, repo.byIds(caller.orgId, ids));
  const rows = await repo.findImagesWhere(db, where);
  if (rows.length !== ids.length || rows.some((r) => !r.siteId || !hasSite(caller, r.siteId)))
    throw notFound('Image');
  return where;
}

async function authorizeSites(tx: Tx, caller: Caller, where: SQL, action: 'modify' | 'delete') {
  for (const site of await repo.sitesOf(tx, where)) authorize(caller, RESOURCE, action, site ?? undefined);
}

export async function bulkMeta(db: Db, caller: Caller, query: ImageBulkQuery, change: ImageBulkMetaInput) {
  authorize(caller, RESOURCE, 'modify', query.site);
  await checkCategories(db, caller.orgId, change.addCategories);
  return db.transaction(async (tx) => {
    const where = await selection(tx, caller, query, true);
    await authorizeSites(tx, caller, where, 'modify');
    return { count: await repo.bulkChange(tx, where, change) };
  });
}

export async function bulkDelete(db: Db, storage: Storage, caller: Caller, query: ImageBulkQuery) {
  authorize(caller, RESOURCE, 'delete', query.site);
  const ids = await db.transaction(async (tx) => {
    const where = await selection(tx, caller, query, true);
    await authorizeSites(tx, caller, where, 'delete');
    const deleted = await repo.deleteWhere(tx, where);
    await repo.removeThingPhotos(tx, caller.orgId, deleted);
    return deleted;
  });
  await removeFiles(storage, caller.orgId, ids);
  return { count: ids.length };
}
