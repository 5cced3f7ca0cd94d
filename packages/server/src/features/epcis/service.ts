/**
 * The EPCIS query: the caller's events (its organization's, at the sites it may read, workers
 * left out where a site hides them) as ObjectEvents, and the events captured and kept, in
 * event-time order, a page at a time.
 */
import type { EpcisEvent, EpcisEventsQuery } from '@sightline/shared';
import { siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { hidesWorkers, requireSite } from '../sites/service.js';
import { capturedEvents, eventsOfEventId, presentCapturedEvent } from './captured-events.js';
import {
  asksForObserveObjectEvents,
  bizStepsAsked,
  type EventFilter,
  readPageToken,
  writePageToken,
} from './filters.js';
import { presentObjectEvent } from './presenter.js';
import * as repo from './repository.js';

export interface EventsPage {
  events: EpcisEvent[];
  /** The token of the next page; absent on the last. */
  next?: string;
}

/** The sites whose events the caller may read, narrowed to `site` when asked (404 when not readable). */
async function readableSites(ctx: AppContext, caller: Caller, site: string | undefined) {
  if (site) {
    const row = await requireSite(ctx.db, caller, site);
    return [row];
  }
  return repo.sitesOf(ctx.db, caller.orgId, siteScope(caller));
}

/** An answered event and its place in the (event time, kind, id) order. */
interface Placed {
  event: EpcisEvent;
  time: number;
  kind: 0 | 1;
  id: number;
}

const before = (a: Placed, b: Placed) => a.time - b.time || a.kind - b.kind || a.id - b.id;

/**
 * Sightline's events (at the sites the caller may read) and the captured ones (the organization's,
 * for a caller who may read every site, without `site`), merged in event-time order.
 */
export async function queryEvents(
  ctx: AppContext,
  caller: Caller,
  query: EpcisEventsQuery,
): Promise<EventsPage> {
  const sites = await readableSites(ctx, caller, query.site);
  const after = readPageToken(query.nextPageToken);
  const filter: EventFilter = {
    ...query,
    sites: sites.map((s) => s.id),
    hideWorkersAt: sites.filter(hidesWorkers).map((s) => s.id),
    bizSteps: bizStepsAsked(query.EQ_bizStep),
    after,
  };
  const limit = query.perPage + 1;
  const ours =
    asksForObserveObjectEvents(query) && sites.length
      ? await repo.sightlineEvents(ctx.db, caller.orgId, filter, limit)
      : [];
  const captured =
    !query.site && !siteScope(caller)
      ? await capturedEvents(ctx.db, caller.orgId, filter, query.EQ_bizStep, limit)
      : [];
  const merged: Placed[] = [
    ...ours.map((row) => ({
      event: presentObjectEvent(row),
      time: row.time.getTime(),
      kind: 0 as const,
      id: row.id,
    })),
    ...captured.map((row) => ({
      event: presentCapturedEvent(row),
      time: row.eventTime.getTime(),
      kind: 1 as const,
      id: row.id,
    })),
  ].sort(before);
  const page = merged.slice(0, query.perPage);
  await repo.rememberEventIds(
    ctx.db,
    caller.orgId,
    page.filter((p) => p.kind === 0).map((p) => ({ eventID: p.event.eventID ?? '', id: p.id })),
  );
  const last = page.at(-1);
  return {
    events: page.map((p) => p.event),
    next:
      merged.length > query.perPage && last
        ? writePageToken({ time: last.time, kind: last.kind, id: last.id })
        : undefined,
  };
}

/** One event by its eventID, among those the caller may read. */
/**
 * The events an eventID names, as GS1's REST binding answers it: the event and the error
 * declarations about it (captured ones carry its eventID). A captured event is answered to callers
 * of every site, as the query does.
 */
export async function getEvent(ctx: AppContext, caller: Caller, eventId: string): Promise<EpcisEvent[]> {
  const captured = siteScope(caller) ? [] : await eventsOfEventId(ctx.db, caller.orgId, eventId);
  const sourceId = await repo.eventOfEventId(ctx.db, caller.orgId, eventId);
  if (sourceId === undefined) {
    if (!captured.length) throw notFound('Event');
    return captured.map(presentCapturedEvent);
  }
  const sites = await readableSites(ctx, caller, undefined);
  // The same events as the query answers: a worker's at a site that hides workers is not found.
  const row = await repo.sightlineEvent(ctx.db, caller.orgId, sourceId, {
    sites: sites.map((s) => s.id),
    hideWorkersAt: sites.filter(hidesWorkers).map((s) => s.id),
  });
  const event = row ? presentObjectEvent(row) : undefined;
  // The event changed since (a later sighting of it): its old eventID names it no more.
  if (!event || event.eventID !== eventId) throw notFound('Event');
  return [event, ...captured.map(presentCapturedEvent)];
}
