/**
 * The EPCIS query's SQL: Sightline's events with the EPCIS ids of their endpoint, zone and site,
 * in event-time order from a page token, narrowed by the standard's parameters; and the eventIDs
 * answered, so `GET /api/epcis/events/{eventID}` finds them again.
 */
import { defaultEpcisId, epcMatch } from '@sightline/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { endpoints, epcisEventIds, events, sites, zones } from '../../db/schema.js';
import { numberArray, textArray } from '../../tracking/store/arrays.js';
import { tagMatches } from '../things/epc-search.js';
import { BIZ_STEP_SQL, type EventFilter } from './filters.js';
import type { SightlineEventRow } from './presenter.js';

/** A record's EPCIS id in SQL: its own, or the one derived from its id. */
const epcisIdSql = (
  kind: 'endpoint' | 'zone' | 'site',
  table: typeof endpoints | typeof zones | typeof sites,
) =>
  sql`(CASE WHEN ${table.epcisId} = '' THEN ${defaultEpcisId(kind, '')} || ${table.id} ELSE ${table.epcisId} END)`;

const list = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Endpoints named by their EPCIS id; `within`: also every endpoint of a site so named. */
function endpointsNamed(orgId: string, ids: string[], within: boolean): SQL {
  const site = within
    ? sql` OR ${endpoints.siteId} IN (SELECT ${sites.id} FROM ${sites} WHERE ${sites.orgId} = ${orgId} AND ${epcisIdSql('site', sites)} IN ${list(ids)})`
    : sql``;
  // The derived id names an endpoint even when it has its own (the console filters by it).
  const derived = sql`${defaultEpcisId('endpoint', '')} || ${endpoints.id} IN ${list(ids)}`;
  return sql`${events.endpointId} IN (SELECT ${endpoints.id} FROM ${endpoints} WHERE ${endpoints.orgId} = ${orgId} AND (${epcisIdSql('endpoint', endpoints)} IN ${list(ids)} OR ${derived}${site}))`;
}

/** Events whose bizLocation is named: their zone's id, the site's for events without a zone. */
function locationsNamed(orgId: string, ids: string[], within: boolean): SQL {
  const zoneNamed = sql`${events.zoneId} IN (SELECT ${zones.id} FROM ${zones} WHERE ${zones.orgId} = ${orgId} AND ${epcisIdSql('zone', zones)} IN ${list(ids)})`;
  const siteNamed = sql`${events.siteId} IN (SELECT ${sites.id} FROM ${sites} WHERE ${sites.orgId} = ${orgId} AND ${epcisIdSql('site', sites)} IN ${list(ids)})`;
  // Within a site: every event there. Equal to a site's id: the events it is the bizLocation of.
  return within
    ? sql`(${zoneNamed} OR ${siteNamed})`
    : sql`(${zoneNamed} OR (${events.zoneId} IS NULL AND ${siteNamed}))`;
}

/** Sightline's events (kind 0) after the token's event in (time, kind, id) order. */
function afterToken(after: NonNullable<EventFilter['after']>) {
  const time = new Date(after.time);
  return after.kind === 0
    ? sql`(${events.time}, ${events.id}) > (${time}, ${after.id})`
    : sql`${events.time} > ${time}`;
}

/** The query's conditions on `events`; `site`: the one on its site (by default, one of `f.sites`). */
function where(
  orgId: string,
  f: EventFilter,
  site = sql`${events.siteId} IN ${list(f.sites)}`,
): SQL | undefined {
  const epcs = [...(f.MATCH_epc ?? []), ...(f.MATCH_anyEPC ?? [])];
  return and(
    sql`${events.orgId} = ${orgId}`,
    site,
    f.GE_eventTime ? sql`${events.time} >= ${new Date(f.GE_eventTime)}` : undefined,
    f.LT_eventTime ? sql`${events.time} < ${new Date(f.LT_eventTime)}` : undefined,
    // recordTime is the event's last sighting, as its eventTime.
    f.GE_recordTime ? sql`${events.time} >= ${new Date(f.GE_recordTime)}` : undefined,
    f.LT_recordTime ? sql`${events.time} < ${new Date(f.LT_recordTime)}` : undefined,
    f.bizSteps
      ? sql`(${sql.join([sql`false`, ...f.bizSteps.map((s) => BIZ_STEP_SQL[s])], sql` OR `)})`
      : undefined,
    f.EQ_readPoint ? endpointsNamed(orgId, f.EQ_readPoint, false) : undefined,
    f.WD_readPoint ? endpointsNamed(orgId, f.WD_readPoint, true) : undefined,
    f.EQ_bizLocation ? locationsNamed(orgId, f.EQ_bizLocation, false) : undefined,
    f.WD_bizLocation ? locationsNamed(orgId, f.WD_bizLocation, true) : undefined,
    f.MATCH_epc || f.MATCH_anyEPC ? tagMatches(sql`${events.tag}`, epcMatch(epcs)) : undefined,
    f.after ? afterToken(f.after) : undefined,
    f.hideWorkersAt.length
      ? sql`NOT (${events.siteId} IN ${list(f.hideWorkersAt)} AND EXISTS (SELECT 1 FROM things w WHERE w.id = ${events.thingId} AND w.class = 'worker'))`
      : undefined,
  );
}

/** What an ObjectEvent is made of (SightlineEventRow). */
const EVENT_FIELDS = {
  id: events.id,
  tag: events.tag,
  time: events.time,
  direction: events.direction,
  endpointId: events.endpointId,
  endpointEpcisId: endpoints.epcisId,
  zoneId: events.zoneId,
  zoneEpcisId: zones.epcisId,
  siteId: events.siteId,
  siteEpcisId: sites.epcisId,
  timezone: sites.timezone,
};

/**
 * One page (and one more row, to know there is a next) of the caller's events, oldest first. The
 * page is chosen from `events` alone, then joined, and ordered by time NULLS FIRST (time is never
 * null): that is the order of the (site, time DESC NULLS LAST) index read backwards, so PostgreSQL
 * reads the page's rows and stops (an incremental sort by id within a time), where `time ASC`
 * (NULLS LAST) or a join first makes it read and sort the whole day. Over several sites (a caller
 * of the whole organization), see `pageOverSites`.
 */
export async function sightlineEvents(db: Tx, orgId: string, f: EventFilter, limit: number) {
  if (f.sites.length > 1) return pageRows(db, orgId, await pageOverSites(db, orgId, f, limit));
  const page = db
    .select({
      id: events.id,
      tag: events.tag,
      time: events.time,
      direction: events.direction,
      endpointId: events.endpointId,
      zoneId: events.zoneId,
      siteId: events.siteId,
    })
    .from(events)
    .where(where(orgId, f))
    .orderBy(sql`${events.time} ASC NULLS FIRST`, events.id)
    .limit(limit)
    .as('page');
  const rows = await db
    .select({
      id: page.id,
      tag: page.tag,
      time: page.time,
      direction: page.direction,
      endpointId: page.endpointId,
      endpointEpcisId: endpoints.epcisId,
      zoneId: page.zoneId,
      zoneEpcisId: zones.epcisId,
      siteId: page.siteId,
      siteEpcisId: sites.epcisId,
      timezone: sites.timezone,
    })
    .from(page)
    .innerJoin(sites, sql`${sites.id} = ${page.siteId}`)
    .leftJoin(endpoints, sql`${endpoints.id} = ${page.endpointId}`)
    .leftJoin(zones, sql`${zones.id} = ${page.zoneId}`)
    .orderBy(page.time, page.id);
  return rows satisfies SightlineEventRow[];
}

/**
 * The ids of a page over several sites. The (site, time) index gives one site's events in time
 * order, but not those of a list of sites: `site_id IN (…)` makes PostgreSQL read every event of
 * the time range at every site and sort them for each page. Instead each site's first `limit`
 * events are read as one site's page is (a LATERAL subquery per site, each stopping after `limit`
 * rows), and the page is the first `limit` of those: at most sites × limit rows read.
 */
async function pageOverSites(db: Tx, orgId: string, f: EventFilter, limit: number) {
  const perSite = where(orgId, f, sql`${events.siteId} = s.site_id`);
  const found = await rows<{ id: string | number }>(
    db,
    sql`SELECT p.id FROM unnest(${textArray(f.sites, (id) => id)}::text[]) AS s(site_id)
      CROSS JOIN LATERAL (
        SELECT ${events.id} AS id, ${events.time} AS time FROM ${events} WHERE ${perSite}
        ORDER BY ${events.time} ASC NULLS FIRST, ${events.id} LIMIT ${limit}
      ) p
      ORDER BY p.time ASC NULLS FIRST, p.id LIMIT ${limit}`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * The rows of a page chosen by `pageOverSites`, joined, oldest first. Its conditions were the
 * page's: asked again here, they would make PostgreSQL expect one row of the 101 and join them
 * by scanning the zones for each.
 */
async function pageRows(db: Tx, orgId: string, ids: number[]) {
  if (!ids.length) return [];
  return joinedEvents(
    db,
    and(sql`${events.orgId} = ${orgId}`, sql`${events.id} = ANY(${numberArray(ids, (id) => id)}::bigint[])`),
  );
}

/** Events with their site, endpoint and zone, oldest first. */
async function joinedEvents(db: Tx, condition: SQL | undefined) {
  const rows = await db
    .select(EVENT_FIELDS)
    .from(events)
    .innerJoin(sites, sql`${sites.id} = ${events.siteId}`)
    .leftJoin(endpoints, sql`${endpoints.id} = ${events.endpointId}`)
    .leftJoin(zones, sql`${zones.id} = ${events.zoneId}`)
    .where(condition)
    .orderBy(events.time, events.id);
  return rows satisfies SightlineEventRow[];
}

/** Sightline's events by id (those of workers at `f.hideWorkersAt` left out), oldest first. */
export async function sightlineEventsById(db: Tx, orgId: string, ids: number[], f: EventFilter) {
  if (!ids.length) return [];
  return joinedEvents(db, and(where(orgId, f), sql`${events.id} IN ${list(ids.map(String))}`));
}

/** The eventIDs of events answered, so that asking for one by its id finds it. */
export async function rememberEventIds(db: Tx, orgId: string, answered: { eventID: string; id: number }[]) {
  if (!answered.length) return;
  await db
    .insert(epcisEventIds)
    .values(answered.map((a) => ({ orgId, eventId: a.eventID, sourceId: a.id })))
    .onConflictDoNothing();
}

/** The Sightline event an eventID was answered for. */
export async function eventOfEventId(db: Tx, orgId: string, eventId: string) {
  const [row] = await db
    .select({ sourceId: epcisEventIds.sourceId })
    .from(epcisEventIds)
    .where(sql`${epcisEventIds.orgId} = ${orgId} AND ${epcisEventIds.eventId} = ${eventId}`);
  return row?.sourceId;
}

/** The organization's sites, or those of `only`, with whether each hides its workers. */
export async function sitesOf(db: Tx, orgId: string, only: string[] | undefined) {
  return db
    .select({ id: sites.id, settings: sites.settings })
    .from(sites)
    .where(
      and(
        sql`${sites.orgId} = ${orgId}`,
        only ? sql`${sites.id} IN ${list(only.length ? only : [''])}` : undefined,
      ),
    );
}

/** One Sightline event by its id, as the query reads it (a worker's at `hideWorkersAt` left out). */
export async function sightlineEvent(
  db: Tx,
  orgId: string,
  id: number,
  at: Pick<EventFilter, 'sites' | 'hideWorkersAt'>,
) {
  const f: EventFilter = { ...at, perPage: 1, after: undefined };
  const [row] = await db
    .select(EVENT_FIELDS)
    .from(events)
    .innerJoin(sites, sql`${sites.id} = ${events.siteId}`)
    .leftJoin(endpoints, sql`${endpoints.id} = ${events.endpointId}`)
    .leftJoin(zones, sql`${zones.id} = ${events.zoneId}`)
    .where(and(where(orgId, f), sql`${events.id} = ${id}`));
  return row;
}
