import { MAP_IMAGE_MAX_BYTES, MAP_MSG, type MapInput, type MapListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/index.js';
import type { Spooled } from '../../platform/storage/spool.js';
import { requireSite } from '../sites/service.js';
import { mapKey, removeMapImage, storeMapImage } from './files.js';
import { presentMap } from './presenter.js';
import * as repo from './repository.js';

const RESOURCE = 'maps';

export async function listMaps(db: Db, caller: Caller, query: MapListQuery) {
  await requireSite(db, caller, query.site);
  return repo.listMaps(db, caller.orgId, query);
}

async function requireMap(db: Db, caller: Caller, id: string) {
  const row = await repo.findMap(db, caller.orgId, id);
  if (!row || !hasSite(caller, row.siteId)) throw notFound('Map');
  return row;
}

export async function getMap(db: Db, caller: Caller, id: string) {
  return presentMap(await requireMap(db, caller, id));
}

export async function createMap(db: Db, caller: Caller, input: MapInput) {
  await requireSite(db, caller, input.site);
  authorize(caller, RESOURCE, 'create', input.site);
  return presentMap(await repo.insertMap(db, caller.orgId, input));
}

export async function updateMap(db: Db, caller: Caller, id: string, input: MapInput) {
  const current = await requireMap(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId);
  if (input.site !== current.siteId)
    throw badRequest(MAP_MSG.siteImmutable, [{ path: 'site', message: MAP_MSG.siteImmutable }]);
  const row = await repo.updateMap(db, caller.orgId, id, input);
  if (!row) throw notFound('Map');
  return presentMap(row);
}

export async function deleteMap(db: Db, storage: Storage, caller: Caller, id: string) {
  const current = await requireMap(db, caller, id);
  authorize(caller, RESOURCE, 'delete', current.siteId);
  await db.transaction((tx) => repo.deleteMap(tx, caller.orgId, id));
  await removeMapImage(storage, current.image);
}

/** The request's one file, spooled; undefined when the request carried no file. */
type ImageUpload = () => Promise<Spooled | undefined>;

export async function uploadMapImage(
  db: Db,
  storage: Storage,
  caller: Caller,
  id: string,
  upload: ImageUpload,
) {
  const current = await requireMap(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId);
  const file = await upload();
  if (!file) throw badRequest(MAP_MSG.fileRequired);
  let stored: Awaited<ReturnType<typeof storeMapImage>>;
  try {
    stored = await storeMapImage(storage, id, file);
  } finally {
    await file.remove();
  }
  if (!stored) throw badRequest(MAP_MSG.badImageType);
  const row = await repo.setMapImage(db, caller.orgId, id, stored.fileName, stored.type);
  if (current.image && current.image !== stored.fileName) await removeMapImage(storage, current.image);
  if (!row) throw notFound('Map');
  return presentMap(row);
}

/** The stored image of a map the caller may see: its storage key and type. */
export async function mapImage(db: Db, caller: Caller, id: string) {
  const row = await requireMap(db, caller, id);
  if (!row.image) throw notFound('Map image');
  return { type: row.imageType, key: mapKey(row.image) };
}

export const MAP_IMAGE_LIMITS = { fileSize: MAP_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 };
