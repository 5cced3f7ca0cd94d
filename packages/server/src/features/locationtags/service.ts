import { LOCATION_TAG_MSG, type LocationTagInput, type LocationTagListQuery } from '@sightline/shared';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { requireSite } from '../sites/service.js';
import { lockTags, tagOfLocationTag, tagOfThing } from '../things/tags.js';
import { presentLocationTag } from './presenter.js';
import * as repo from './repository.js';

const RESOURCE = 'locationtags';

export async function listLocationTags(db: Db, caller: Caller, query: LocationTagListQuery) {
  await requireSite(db, caller, query.site);
  return repo.listLocationTags(db, caller.orgId, query);
}

async function requireLocationTag(db: Db, caller: Caller, id: string) {
  const row = await repo.findLocationTag(db, caller.orgId, id);
  if (!row || !hasSite(caller, row.siteId)) throw notFound('Location tag');
  return row;
}

export async function getLocationTag(db: Db, caller: Caller, id: string) {
  return presentLocationTag(await requireLocationTag(db, caller, id));
}

async function checkReferences(db: Db, orgId: string, input: LocationTagInput) {
  if (input.zone && !(await repo.zoneOfSite(db, orgId, input.site, input.zone)))
    throw badRequest(`zone: ${LOCATION_TAG_MSG.unknownZone}`, [
      { path: 'zone', message: LOCATION_TAG_MSG.unknownZone },
    ]);
  if (input.map && !(await repo.mapOfSite(db, orgId, input.site, input.map)))
    throw badRequest(`map: ${LOCATION_TAG_MSG.unknownMap}`, [
      { path: 'map', message: LOCATION_TAG_MSG.unknownMap },
    ]);
}

/** Writes under the tag's lock, after checking no thing and no other location tag holds the tag. */
async function withUniqueTag<T>(
  db: Db,
  orgId: string,
  input: LocationTagInput,
  selfId: string | undefined,
  write: (tx: Tx) => Promise<T>,
) {
  const duplicate = badRequest(LOCATION_TAG_MSG.duplicateTag(input.tag));
  try {
    return await db.transaction(async (tx) => {
      await lockTags(tx, orgId, [input.tag]);
      if (await tagOfLocationTag(tx, orgId, [input.tag], selfId)) throw duplicate;
      if (await tagOfThing(tx, orgId, [input.tag])) throw duplicate;
      return write(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate;
    throw error;
  }
}

export async function createLocationTag(db: Db, caller: Caller, input: LocationTagInput) {
  await requireSite(db, caller, input.site);
  authorize(caller, RESOURCE, 'create', input.site);
  await checkReferences(db, caller.orgId, input);
  const row = await withUniqueTag(db, caller.orgId, input, undefined, (tx) =>
    repo.insertLocationTag(tx, caller.orgId, input),
  );
  return presentLocationTag(row);
}

export async function updateLocationTag(db: Db, caller: Caller, id: string, input: LocationTagInput) {
  const current = await requireLocationTag(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId);
  if (input.site !== current.siteId)
    throw badRequest(LOCATION_TAG_MSG.siteImmutable, [
      { path: 'site', message: LOCATION_TAG_MSG.siteImmutable },
    ]);
  await checkReferences(db, caller.orgId, input);
  const row = await withUniqueTag(db, caller.orgId, input, id, (tx) =>
    repo.updateLocationTag(tx, caller.orgId, id, input),
  );
  if (!row) throw notFound('Location tag');
  return presentLocationTag(row);
}

export async function deleteLocationTag(db: Db, caller: Caller, id: string) {
  const current = await requireLocationTag(db, caller, id);
  authorize(caller, RESOURCE, 'delete', current.siteId);
  await repo.deleteLocationTag(db, caller.orgId, id);
}
