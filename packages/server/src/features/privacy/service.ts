/**
 * A worker's right of access and erasure. Erasure removes the thing and every row that names it or
 * its tags, and takes its name, serial and tags out of the audit rows written before (the chain
 * still verifies); the audit keeps that an erasure happened, by whom and of which thing id.
 */
import type { Db } from '../../db/client.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import { eraseFromAudit } from '../audit/repository.js';
import * as repo from './repository.js';

/** A thing of the caller's organization on a site the caller may see, live or deleted, or 404. */
export async function requireAnyThing(db: Db, caller: Caller, id: string) {
  const thing = await repo.findAnyThing(db, caller.orgId, id);
  if (!thing || !hasSite(caller, thing.siteId)) throw notFound('Thing');
  return thing;
}

export async function eraseThing(ctx: AppContext, caller: Caller, id: string) {
  const { db, storage } = ctx;
  const thing = await requireAnyThing(db, caller, id);
  authorize(caller, 'things', 'erase', thing.siteId);
  const tags = await repo.tagsOf(db, thing);
  const { erased, photoIds } = await db.transaction(async (tx) => {
    const done = await repo.eraseThingRows(tx, thing, tags);
    const auditRows = await eraseFromAudit(tx, caller.orgId, id, [thing.name, thing.serial, ...tags]);
    return { ...done, erased: { ...done.erased, auditRows } };
  });
  await Promise.all(
    photoIds.flatMap((photo) =>
      Object.values(imageKeys(caller.orgId, photo)).map((key) => storage.delete(key).catch(() => undefined)),
    ),
  );
  return { erased };
}
