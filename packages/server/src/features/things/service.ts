/**
 * Rules of things: access per class (items and workers are separate access resources), home site
 * (the selected site when created), unique tags, parent links (parents exist, no loops).
 */
import {
  type ListQuery,
  THING_MSG,
  type ThingClass,
  type ThingInput,
  type ThingListQuery,
  type ThingUpdateInput,
  thingResource,
} from '@sightline/shared';
import { inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ThingRow } from '../../db/rows.js';
import { images, things, zones } from '../../db/schema.js';
import { authorize, hasSite, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { LivePublish } from '../../platform/live.js';
import { assertReadable, type Referable } from '../../platform/references.js';
import { categoryNames } from '../categories/repository.js';
import { isMasked, masksAny, maskThing, workerViewFor } from '../privacy/pseudonyms.js';
import { hidesWorkers, requireSite, sitesShowingWorkers } from '../sites/service.js';
import { enqueueThingWebhooks } from '../webhooks/outbox.js';
import * as links from './links.js';
import { presentThing } from './presenter.js';
import * as repo from './repository.js';
import { lockTags, replaceThingTags, tagOfLocationTag, tagsOf } from './tags.js';

type Deps = Pick<AppContext, 'db' | 'live'>;

/** A page of things as the API's JSON text (repository `asJson`): the list route sends it as is. */
export async function listThings(db: Db, caller: Caller, query: ThingListQuery) {
  const view = await workerViewFor(db, caller);
  const pseudonymousSites = [...view.maskedSites];
  const filter = {
    ...query,
    orgId: caller.orgId,
    scope: siteScope(caller),
    ...(await workerFilter(db, caller, query.site)),
    pseudonymousSites,
  };
  const { rows, total, totalCapped } = await repo.listThings(db, filter, undefined, true, repo.asJson);
  // The JSON texts are parsed again only when a worker may be pseudonymous to this caller.
  const json = masksAny(view) ? rows.map((r) => JSON.stringify(maskThing(view, JSON.parse(r)))) : rows;
  return { json: `[${json.join(',')}]`, total, totalCapped };
}

/**
 * How a thing list leaves out hidden workers (the setting hideWorkers): for one site, that site's
 * setting; without one, each of the caller's sites' (a worker is listed where it shows).
 */
export async function workerFilter(
  db: Db,
  caller: Caller,
  site: string | undefined,
): Promise<{ hideWorkers?: boolean; workerSites?: string[] }> {
  if (site) return { hideWorkers: hidesWorkers(await requireSite(db, caller, site)) };
  return { workerSites: await sitesShowingWorkers(db, caller) };
}

/**
 * A live thing the caller may see (its home site or its current zone's site), or 404. A worker
 * is answered as absent unless one of those sites shows workers (hideWorkers hides it entirely).
 */
export async function requireThing(db: Db, caller: Caller, id: string) {
  const found = await repo.findThing(db, caller.orgId, id);
  if (!found) throw notFound('Thing');
  const { thing, zoneSiteId } = found;
  const seenOn = [thing.siteId, ...(zoneSiteId ? [zoneSiteId] : [])].filter((s) => hasSite(caller, s));
  if (!seenOn.length) throw notFound('Thing');
  if (thing.class === 'worker') {
    const showing = await sitesShowingWorkers(db, caller, seenOn);
    if (showing && !showing.length) throw notFound('Thing');
  }
  return thing;
}

export async function getThing(db: Db, caller: Caller, id: string) {
  const thing = presentThing(await requireThing(db, caller, id));
  return maskThing(await workerViewFor(db, caller), thing);
}

async function checkCategories(db: Db, orgId: string, ids: string[]) {
  const known = await categoryNames(db, orgId, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw badRequest(THING_MSG.unknownCategory(unknown));
}

/** A thing a site-limited caller reads: home site in its sites, or its current zone is. */
export const readableThing: Referable = {
  table: things,
  id: things.id,
  orgId: things.orgId,
  siteId: things.siteId,
  alsoVisible: (sites) =>
    sites.length
      ? sql`${things.zoneId} in (select ${zones.id} from ${zones} where ${inArray(zones.siteId, sites)})`
      : undefined,
  where: isNull(things.deletedAt),
};

/**
 * Parents must be live things the caller can read (a thing of another site it cannot read is
 * answered like a missing one), never the thing itself nor one of its descendants.
 */
async function checkParents(db: Db, caller: Caller, parents: string[], selfId?: string) {
  const orgId = caller.orgId;
  if (selfId && parents.includes(selfId)) throw badRequest(THING_MSG.ownParent);
  await assertReadable(db, caller, readableThing, parents, () => badRequest(THING_MSG.parentGone));
  if (selfId && (await links.isAncestorOf(db, orgId, selfId, parents)))
    throw badRequest(THING_MSG.parentCycle);
}

const readableImage: Referable = {
  table: images,
  id: images.id,
  orgId: images.orgId,
  siteId: images.siteId,
};

/**
 * Photos newly added to a thing must be images the caller can read; ids already on the thing stay
 * (an image deleted since is shown as missing, not a reason to refuse the whole edit).
 */
async function checkPhotos(db: Db, caller: Caller, photo: string[], current: readonly string[] = []) {
  const added = photo.filter((id) => !current.includes(id));
  await assertReadable(db, caller, readableImage, added, (id) => badRequest(THING_MSG.unknownPhoto(id)));
}

/** Runs `write` with the thing's tags locked and free, then makes them the thing's: all or nothing. */
async function withTags(
  db: Db,
  orgId: string,
  input: ThingInput,
  write: (tx: Tx) => Promise<ThingRow>,
  change: 'created' | 'updated',
) {
  const tags = tagsOf(input);
  const fallback = badRequest(THING_MSG.duplicateTag(tags.join(', ')));
  try {
    return await db.transaction(async (tx) => {
      await lockTags(tx, orgId, tags);
      const heldByLocationTag = await tagOfLocationTag(tx, orgId, tags);
      if (heldByLocationTag) throw badRequest(THING_MSG.duplicateTag(heldByLocationTag));
      const row = await write(tx);
      const heldByThing = await replaceThingTags(tx, orgId, row.id, tags);
      if (heldByThing) throw badRequest(THING_MSG.duplicateTag(heldByThing));
      await enqueueThingWebhooks(tx, orgId, change, row.id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fallback;
    throw error;
  }
}

function publish(deps: Deps, caller: Caller, change: 'created' | 'updated' | 'deleted', row: ThingRow) {
  const message: LivePublish = {
    type: 'thing',
    orgId: caller.orgId,
    siteId: row.siteId,
    ...(row.class === 'worker' ? { workers: [row.id] } : {}),
    data: { change, thing: presentThing(row) },
    at: Date.now(),
  };
  // Live updates are best effort: the write is committed whatever the bus says.
  deps.live.publish([message]).catch(() => undefined);
}

export async function createThing(deps: Deps, caller: Caller, input: ThingInput) {
  const { db } = deps;
  await requireSite(db, caller, input.site);
  authorize(caller, thingResource(input.class), 'create', input.site);
  await checkCategories(db, caller.orgId, input.categories);
  await checkParents(db, caller, input.parents);
  await checkPhotos(db, caller, input.photo);
  const row = await withTags(
    db,
    caller.orgId,
    input,
    (tx) => repo.insertThing(tx, caller.orgId, input),
    'created',
  );
  publish(deps, caller, 'created', row);
  return presentThing(row);
}

const classOf = (row: ThingRow): ThingClass => (row.class === 'worker' ? 'worker' : 'item');

function authorizeModify(caller: Caller, cls: ThingClass, siteId: string) {
  authorize(caller, thingResource(cls), 'modify', siteId);
}

export async function updateThing(deps: Deps, caller: Caller, id: string, body: ThingUpdateInput) {
  const { db } = deps;
  const current = await requireThing(db, caller, id);
  const view = await workerViewFor(db, caller);
  // A caller who sees this worker as a pseudonym cannot see its identity, so cannot change it:
  // the name, serial, description and photos it sends (the withheld ones it was shown) are
  // replaced by the stored ones.
  const keep = isMasked(view, current)
    ? {
        name: current.name,
        serial: current.serial,
        description: current.description,
        photo: current.photo ?? [],
      }
    : {};
  const input: ThingInput = { ...body, ...keep, site: body.site ?? current.siteId };
  authorizeModify(caller, classOf(current), current.siteId);
  if (input.site !== current.siteId) {
    await requireSite(db, caller, input.site);
    authorizeModify(caller, input.class, input.site);
  }
  if (input.class !== current.class) authorizeModify(caller, input.class, input.site);
  await checkCategories(db, caller.orgId, input.categories);
  await checkParents(db, caller, input.parents, id);
  await checkPhotos(db, caller, input.photo, current.photo ?? []);
  const row = await withTags(
    db,
    caller.orgId,
    input,
    async (tx) => {
      const updated = await repo.updateThing(tx, caller.orgId, id, input, current);
      if (!updated) throw notFound('Thing');
      return updated;
    },
    'updated',
  );
  publish(deps, caller, 'updated', row);
  return maskThing(view, presentThing(row));
}

export async function deleteThing(deps: Deps, caller: Caller, id: string) {
  const { db } = deps;
  const current = await requireThing(db, caller, id);
  authorize(caller, thingResource(classOf(current)), 'delete', current.siteId);
  const deleted = await db.transaction(async (tx) => {
    const done = await repo.softDeleteThing(tx, caller.orgId, id);
    if (done) await enqueueThingWebhooks(tx, caller.orgId, 'deleted', id);
    return done;
  });
  if (!deleted) throw notFound('Thing');
  publish(deps, caller, 'deleted', current);
}

/** Things linked to `id` (the thing's Parents/Children tab): its children, or the things in its parents[]. */
export async function linkedThings(
  db: Db,
  caller: Caller,
  id: string,
  link: 'children' | 'parents',
  query: ListQuery,
) {
  const thing = await requireThing(db, caller, id);
  const extra = link === 'children' ? links.childrenOf(id) : links.amongIds(thing.parents);
  const view = await workerViewFor(db, caller);
  const { rows, total, totalCapped } = await repo.listThings(
    db,
    {
      ...query,
      orgId: caller.orgId,
      scope: siteScope(caller),
      ...(await workerFilter(db, caller, undefined)),
      pseudonymousSites: [...view.maskedSites],
    },
    extra,
  );
  return { items: rows.map((row) => maskThing(view, presentThing(row))), total, totalCapped };
}
