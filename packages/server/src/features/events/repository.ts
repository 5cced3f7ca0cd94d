/** Events, event sources and zone durations of a site: rows ↔ API objects and their queries. */

import type {
  EVENT_SORT_FIELDS,
  EventListQuery,
  ZONE_DURATION_SORT_FIELDS,
  ZoneDurationQuery,
  ZoneDurationRecord,
} from '@sightline/shared';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { endpoints, events, locationTags, things, zoneDurations, zones } from '../../db/schema.js';
import { serialApiId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { notAWorker } from '../things/filters.js';
import { presentEvent } from './presenter.js';

const eventSpec: ListSpec<(typeof EVENT_SORT_FIELDS)[number]> = {
  sortable: {
    time: events.time,
    firstTime: events.firstTime,
    tag: events.tag,
    repeatCount: events.repeatCount,
    antenna: events.antenna,
    direction: events.direction,
  },
  // Newest first, as the Events screen lists them.
  defaultSort: [desc(events.time), desc(events.id)],
  searchable: [events.tag],
};

/** `hideWorkers`: the site hides its workers, so their events are left out. */
export async function listEvents(db: Tx, orgId: string, query: EventListQuery, hideWorkers = false) {
  const scope = and(
    eq(events.orgId, orgId),
    eq(events.siteId, query.site),
    query.after ? gte(events.time, new Date(query.after)) : undefined,
    query.before ? lte(events.time, new Date(query.before)) : undefined,
    query.endpoint?.length ? inArray(events.endpointId, query.endpoint) : undefined,
    query.thing ? eq(events.thingId, query.thing) : undefined,
    hideWorkers ? notAWorker(events.thingId) : undefined,
  );
  const select = (tx: Tx) =>
    tx
      .select({
        event: events,
        endpointName: endpoints.name,
        zoneName: zones.name,
        locationTagName: locationTags.name,
      })
      .from(events)
      .leftJoin(endpoints, eq(endpoints.id, events.endpointId))
      .leftJoin(zones, eq(zones.id, events.zoneId))
      .leftJoin(locationTags, eq(locationTags.id, events.locationTagId));
  return listPage(db, events, scope, query, eventSpec, (r) => presentEvent(r.event, r.event.id, r), {
    select,
  });
}

/** The site's endpoints as the Events filter lists them: id and name, by name. */
export async function listEventSources(db: Tx, orgId: string, siteId: string) {
  return db
    .select({ _id: endpoints.id, name: endpoints.name })
    .from(endpoints)
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.siteId, siteId)))
    .orderBy(asc(sql`lower(${endpoints.name})`), asc(endpoints.id));
}

const durationSpec: ListSpec<(typeof ZONE_DURATION_SORT_FIELDS)[number]> = {
  sortable: {
    timeStart: zoneDurations.timeStart,
    timeEnd: zoneDurations.timeEnd,
    timeDuration: zoneDurations.timeDurationNs,
  },
  // NULLS LAST (exit is never null) so zone_durations_site_end_idx returns the rows in order.
  defaultSort: [sql`${zoneDurations.timeEnd} DESC NULLS LAST`, desc(zoneDurations.id)],
  searchable: [],
};

/** Stays that overlap [after, before], newest exit first. */
/** `hideWorkers`: the site hides its workers, so their stays are left out. */
export async function listZoneDurations(
  db: Tx,
  orgId: string,
  query: ZoneDurationQuery,
  hideWorkers = false,
) {
  const scope: SQL | undefined = and(
    eq(zoneDurations.orgId, orgId),
    eq(zoneDurations.siteId, query.site),
    query.after ? gte(zoneDurations.timeEnd, new Date(query.after)) : undefined,
    query.before ? lte(zoneDurations.timeStart, new Date(query.before)) : undefined,
    query.thing ? eq(zoneDurations.thingId, query.thing) : undefined,
    hideWorkers ? notAWorker(zoneDurations.thingId) : undefined,
  );
  const select = (tx: Tx) =>
    tx
      .select({ stay: zoneDurations, thingName: things.name, zoneName: zones.name })
      .from(zoneDurations)
      .leftJoin(things, eq(things.id, zoneDurations.thingId))
      .leftJoin(zones, eq(zones.id, zoneDurations.zoneId));
  const toRecord = ({
    stay,
    thingName,
    zoneName,
  }: Awaited<ReturnType<typeof select>>[number]): ZoneDurationRecord => ({
    _id: serialApiId(stay.id),
    thing: stay.thingId,
    thingName,
    zone: stay.zoneId,
    zoneName,
    timeStart: stay.timeStart.toISOString(),
    timeEnd: stay.timeEnd.toISOString(),
    timeDuration: stay.timeDurationNs,
  });
  return listPage(db, zoneDurations, scope, query, durationSpec, toRecord, { select });
}

export async function findZone(db: Tx, orgId: string, zoneId: string) {
  const [row] = await db
    .select({ id: zones.id, siteId: zones.siteId })
    .from(zones)
    .where(and(eq(zones.orgId, orgId), eq(zones.id, zoneId)));
  return row;
}
