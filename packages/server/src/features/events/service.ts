/** Events, event sources, zone durations (read: access to the site) and manual moves (modify things). */

import type { EventListQuery, EventRecord, ManualEventBody, ZoneDurationQuery } from '@sightline/shared';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { readableIds } from '../../platform/references.js';
import { moveByHand } from '../../tracking/store/index.js';
import { maskThingName, workerViewFor } from '../privacy/pseudonyms.js';
import { hidesWorkers, requireSite } from '../sites/service.js';
import { readableThing } from '../things/service.js';
import { thingOfTag } from '../things/tags.js';
import * as repo from './repository.js';

const UNKNOWN_TAG = 'Unknown tag';

export async function listEvents(ctx: AppContext, caller: Caller, query: EventListQuery) {
  const site = await requireSite(ctx.db, caller, query.site);
  return repo.listEvents(ctx.db, caller.orgId, query, hidesWorkers(site));
}

export async function listEventSources(ctx: AppContext, caller: Caller, siteId: string) {
  await requireSite(ctx.db, caller, siteId);
  return repo.listEventSources(ctx.db, caller.orgId, siteId);
}

export async function listZoneDurations(ctx: AppContext, caller: Caller, query: ZoneDurationQuery) {
  const site = await requireSite(ctx.db, caller, query.site);
  const [page, view] = await Promise.all([
    repo.listZoneDurations(ctx.db, caller.orgId, query, hidesWorkers(site)),
    workerViewFor(ctx.db, caller),
  ]);
  return { ...page, items: page.items.map((stay) => maskThingName(view, stay, stay.thing)) };
}

/** A manual move: the tag's thing is placed in the zone as if a gate saw it. */
export async function createManualEvent(
  ctx: AppContext,
  caller: Caller,
  body: ManualEventBody,
): Promise<EventRecord> {
  const zone = await repo.findZone(ctx.db, caller.orgId, body.zone);
  if (!zone || !hasSite(caller, zone.siteId)) throw notFound('Zone');
  authorize(caller, 'things', 'modify', zone.siteId);
  // The tag's thing must be one the caller can read; another site's thing is an unknown tag.
  const thingId = await thingOfTag(ctx.db, caller.orgId, body.tag);
  if (thingId && !(await readableIds(ctx.db, caller, readableThing, [thingId])).has(thingId))
    throw new HttpError(404, UNKNOWN_TAG);
  const move = { orgId: caller.orgId, tag: body.tag, zoneId: zone.id, siteId: zone.siteId };
  const event = await moveByHand(ctx.tracking, move, Date.now());
  if (!event) throw new HttpError(404, UNKNOWN_TAG);
  return event;
}
