/**
 * A worker's right of access and erasure. Erasure removes the thing and every row that names it or
 * its tags, and takes its name, serial and tags out of the audit rows written before (the chain
 * still verifies); the audit keeps that an erasure happened, by whom and of which thing id.
 */
import { ALL_SITES, can, PERSONAL_DATA_MSG } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import { eraseFromAudit } from '../audit/repository.js';
import * as repo from './repository.js';

/** A thing of the caller's organization on a site the caller may see, live or deleted, or 404. */
async function requireAnyThing(db: Db, caller: Caller, id: string) {
  const thing = await repo.findAnyThing(db, caller.orgId, id);
  if (!thing || !hasSite(caller, thing.siteId)) throw notFound('Thing');
  return thing;
}

/**
 * A worker of the caller's reach whose personal data the caller may export or erase, or 403. Both
 * reach the worker's rows on every site (events, stays and exceptions where it was seen, the audit
 * rows naming it), so both need `erase` on things for All Sites and a caller of All Sites: a
 * site-limited caller would otherwise read or delete what other sites hold. The data subject's
 * right of access and erasure is served by an organization-wide administrator. Only a worker is a
 * person: another thing is a 400, so an erasure never scrubs the audit of an item's name.
 */
export async function requireErasableThing(db: Db, caller: Caller, id: string) {
  const thing = await requireAnyThing(db, caller, id);
  authorize(caller, 'things', 'erase', thing.siteId);
  if (siteScope(caller) || !can(caller.rules, 'things', 'erase', ALL_SITES))
    throw forbidden(PERSONAL_DATA_MSG.allSitesOnly);
  if (thing.class !== 'worker') throw badRequest(PERSONAL_DATA_MSG.workersOnly);
  return thing;
}

export async function eraseThing(ctx: AppContext, caller: Caller, id: string) {
  const { db, storage } = ctx;
  const thing = await requireErasableThing(db, caller, id);
  const tags = await repo.tagsOf(db, thing);
  const { erased, photoIds } = await db.transaction(async (tx) => {
    // Read before they are deleted: the audit rows about its exceptions are the worker's too.
    const exceptionIds = await repo.exceptionIdsNaming(tx, thing);
    const done = await repo.eraseThingRows(tx, thing, tags);
    const terms = [thing.name, thing.serial, ...tags];
    const auditRows = await eraseFromAudit(tx, caller.orgId, [id, ...exceptionIds], terms);
    return { ...done, erased: { ...done.erased, auditRows } };
  });
  await Promise.all(
    photoIds.flatMap((photo) =>
      Object.values(imageKeys(caller.orgId, photo)).map((key) => storage.delete(key).catch(() => undefined)),
    ),
  );
  return { erased };
}
