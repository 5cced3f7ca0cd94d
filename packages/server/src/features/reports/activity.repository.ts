/**
 * The Activity report's queries (events by thing and site-local day). PostgreSQL does the
 * aggregation — events and stays per (thing, day, zone), then per (thing, day) — for one batch of
 * things at a time, taken in name order, so a month of millions of events is read through the
 * covering index events_thing_time_idx (migration 0010) batch by batch and never sits in memory.
 */
import { NO_THING_ID } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { type EventDaysCover, eventDaysCover } from './event-days.js';
import {
  ids,
  type ReportFilter,
  reportRows,
  reportSettings,
  siteZones,
  thingFilter,
  ts,
  zoneIn,
} from './repository.js';

/** Events of the site in the period (alias e), of `thing` (an id or an array expression). */
const eventsOf = (f: ReportFilter, thing: SQL) =>
  sql`e.thing_id = ${thing} AND e.site_id = ${f.siteId} AND e.time >= ${ts(f.after)} AND e.time < ${ts(f.before)}
      AND ${zoneIn(f, sql`e.zone_id`)}`;
/** Closed stays of the site overlapping the period (alias d). */
const staysOf = (f: ReportFilter, thing: SQL) =>
  sql`d.thing_id = ${thing} AND d.site_id = ${f.siteId} AND d.time_end > ${ts(f.after)}
      AND d.time_start < ${ts(f.before)} AND ${zoneIn(f, sql`d.zone_id`)}`;
/** The open stay of thing t in a zone of the site, begun before the period's end and `now`. */
const openStayOf = (f: ReportFilter, now: Date) =>
  sql`t.deleted_at IS NULL AND t.zone_id IN ${siteZones(f)} AND t.last_zone_time IS NOT NULL
      AND t.last_zone_time < ${ts(f.before)} AND t.last_zone_time < ${ts(now)} AND ${zoneIn(f, sql`t.zone_id`)}`;

/** Thing t passes the filters and has an event or a stay at the site in the period. */
const hasActivity = (f: ReportFilter, now: Date) =>
  sql`t.org_id = ${f.orgId} AND t.id <> ${NO_THING_ID} AND ${thingFilter(f)}
      AND (EXISTS (SELECT 1 FROM events e WHERE ${eventsOf(f, sql`t.id`)})
        OR EXISTS (SELECT 1 FROM zone_durations d WHERE ${staysOf(f, sql`t.id`)})
        OR (${openStayOf(f, now)}))`;

/** The site-local days of the period, and the closed and open stays of the batch's things. */
function daysAndStays(f: ReportFilter, now: Date, batch: SQL) {
  const tz = f.timeZone;
  return sql`days AS MATERIALIZED (
      SELECT d::date AS day, d AT TIME ZONE ${tz} AS day_start, (d + interval '1 day') AT TIME ZONE ${tz} AS day_end
      FROM generate_series(
        (${ts(f.after)} AT TIME ZONE ${tz})::date::timestamp,
        ((${ts(f.before)} - interval '1 microsecond') AT TIME ZONE ${tz})::date::timestamp,
        interval '1 day') AS d
    ),
    stays AS (
      SELECT d.thing_id, d.zone_id, d.time_start AS s, d.time_end AS e FROM zone_durations d WHERE ${staysOf(f, batch)}
      UNION ALL
      SELECT t.id, t.zone_id, t.last_zone_time, ${ts(now)} FROM things t
        WHERE t.org_id = ${f.orgId} AND t.id = ${batch} AND ${openStayOf(f, now)}
    )`;
}

/** Per (thing, site-local day, zone) of the given things: first / last seen, events and seconds on site. */
function perZoneDay(f: ReportFilter, now: Date, thingIds: string[]) {
  const tz = f.timeZone;
  const localDay = sql`(e.time AT TIME ZONE ${tz})::date`;
  const lo = sql`greatest(st.s, days.day_start, ${ts(f.after)})`;
  const hi = sql`least(st.e, days.day_end, ${ts(f.before)})`;
  const batch = sql`ANY(${ids(thingIds)})`;
  return sql`${daysAndStays(f, now, batch)},
    zone_day AS (
      SELECT thing_id, day, zone_id, min(first_seen) AS first_seen, max(last_seen) AS last_seen,
        sum(n)::int AS n, sum(secs)::float8 AS secs
      FROM (
        -- First seen is clipped to the day's start after grouping: min(greatest(x, c)) =
        -- greatest(min(x), c), and first_time is never null; one timezone conversion per event.
        SELECT g.thing_id, g.day, g.zone_id, greatest(g.first_time, g.day::timestamp AT TIME ZONE ${tz}) AS first_seen,
          g.last_seen, g.n, 0::float8 AS secs
        FROM (
          SELECT e.thing_id, ${localDay} AS day, e.zone_id, min(e.first_time) AS first_time,
            max(e.time) AS last_seen, count(*) AS n
          FROM events e WHERE ${eventsOf(f, batch)}
          GROUP BY 1, 2, 3
        ) g
        UNION ALL
        SELECT st.thing_id, days.day, st.zone_id, NULL, NULL, 0, sum(extract(epoch FROM ${hi} - ${lo}))::float8
        FROM stays st JOIN days ON st.s < days.day_end AND st.e > days.day_start
        WHERE ${hi} > ${lo}
        GROUP BY 1, 2, 3
      ) u
      GROUP BY 1, 2, 3
    ),
    batch AS (SELECT id, ord FROM unnest(${ids(thingIds)}) WITH ORDINALITY AS b(id, ord))`;
}

export interface ActivityDayRow {
  thing_id: string;
  day: string;
  first_seen: Date | string | null;
  last_seen: Date | string | null;
  n: number;
  secs: number;
  /** Seconds per zone id, zones with time only. */
  zone_secs: Record<string, number>;
}

/**
 * One row per thing and site-local day, in the order of `thingIds`, then by day: events grouped
 * straight by (thing, day) and stays by (thing, day, zone) then (thing, day), joined. The same
 * rows as activityDaysByZone (compared in activity.test.ts) without its per-zone level of events:
 * 85,000 (thing, day, zone) rows aggregated, joined and sorted for 500 things and 20 days, against
 * 10,500 + 20,000 here (docs/benchmarks/history.md, Reports). Without chosen zones, the period's
 * whole site-local days come from the events rollup where it holds them (event-days.ts): the
 * rollup's rows, its pending events and the events above its watermark, read in one snapshot
 * (REPEATABLE READ) with the watermark; the partial days at the period's ends are read live.
 */
export function activityDays(db: Tx, f: ReportFilter, now: Date, thingIds: string[]) {
  // A transaction of the caller (a savepoint) keeps the caller's isolation; the report's callers pass the pool.
  return (db as Db).transaction(
    async (tx) => {
      await reportSettings(tx);
      const cover = f.zones.length ? undefined : await eventDaysCover(tx, f);
      return rows<ActivityDayRow>(tx, activityDaysQuery(f, now, thingIds, cover));
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Events per (thing, site-local day) of the batch: from the events (`cover` undefined), or from
 * the rollup for the whole days `cover` names plus the events it does not hold.
 */
function eventsPerDay(f: ReportFilter, thingIds: string[], cover?: EventDaysCover) {
  const tz = f.timeZone;
  const batch = sql`ANY(${ids(thingIds)})`;
  const day = sql`(e.time AT TIME ZONE ${tz})::date`;
  if (!cover)
    return sql`SELECT e.thing_id, ${day} AS day, min(e.first_time) AS first_time,
        max(e.time) AS last_seen, count(*) AS n
      FROM events e WHERE ${eventsOf(f, batch)}
      GROUP BY 1, 2`;
  const inRange = (after: Date, before: Date) => eventsOf({ ...f, after, before }, batch);
  const live = (where: SQL) =>
    sql`SELECT e.thing_id, ${day} AS day, min(e.first_time) AS first_time, max(e.time) AS last_seen, count(*) AS n
      FROM events e WHERE ${where} GROUP BY 1, 2`;
  return sql`SELECT thing_id, day, min(first_time) AS first_time, max(last_seen) AS last_seen, sum(n) AS n FROM (
      SELECT r.thing_id, r.day, r.first_time, r.last_time AS last_seen, r.n::bigint AS n FROM event_days r
        WHERE r.site_id = ${f.siteId} AND r.thing_id = ${batch}
          AND r.day >= ${cover.firstDay}::date AND r.day <= ${cover.lastDay}::date
      UNION ALL
      -- Events the rollup does not hold: newer than its watermark, or open when folded.
      ${live(sql`e.id > ${cover.eventId}::bigint AND ${inRange(cover.start, cover.end)}`)}
      UNION ALL
      ${live(sql`e.id IN (SELECT p.event_id FROM event_days_pending p
          WHERE p.org_id = ${f.orgId} AND p.site_id = ${f.siteId} AND p.thing_id = ${batch})
        AND ${inRange(cover.start, cover.end)}`)}
      UNION ALL
      -- The partial days at the period's ends.
      ${live(inRange(f.after, cover.start))}
      UNION ALL
      ${live(inRange(cover.end, f.before))}
    ) u GROUP BY 1, 2`;
}

/** activityDays' statement (exported for the benchmark's EXPLAIN). */
export function activityDaysQuery(f: ReportFilter, now: Date, thingIds: string[], cover?: EventDaysCover) {
  const tz = f.timeZone;
  const lo = sql`greatest(st.s, days.day_start, ${ts(f.after)})`;
  const hi = sql`least(st.e, days.day_end, ${ts(f.before)})`;
  const batch = sql`ANY(${ids(thingIds)})`;
  return sql`WITH ${daysAndStays(f, now, batch)},
        ev AS (${eventsPerDay(f, thingIds, cover)}),
        zone_secs AS (
          SELECT st.thing_id, days.day, st.zone_id, sum(extract(epoch FROM ${hi} - ${lo}))::float8 AS secs
          FROM stays st JOIN days ON st.s < days.day_end AND st.e > days.day_start
          WHERE ${hi} > ${lo}
          GROUP BY 1, 2, 3
        ),
        day_secs AS (
          SELECT thing_id, day, sum(secs)::float8 AS secs,
            jsonb_object_agg(zone_id, secs) FILTER (WHERE zone_id IS NOT NULL AND secs > 0) AS zone_secs
          FROM zone_secs GROUP BY 1, 2
        ),
        batch AS (SELECT id, ord FROM unnest(${ids(thingIds)}) WITH ORDINALITY AS b(id, ord))
        SELECT batch.id AS thing_id, to_char(coalesce(ev.day, ds.day), 'YYYY-MM-DD') AS day,
          -- First seen clipped to the day's start (as activityDaysByZone: min(greatest(x, c)) = greatest(min(x), c)).
          CASE WHEN ev.thing_id IS NOT NULL
            THEN greatest(ev.first_time, coalesce(ev.day, ds.day)::timestamp AT TIME ZONE ${tz}) END AS first_seen,
          ev.last_seen, coalesce(ev.n, 0)::int AS n, coalesce(ds.secs, 0)::float8 AS secs,
          coalesce(ds.zone_secs, '{}') AS zone_secs
        FROM ev FULL JOIN day_secs ds ON ds.thing_id = ev.thing_id AND ds.day = ev.day
        JOIN batch ON batch.id = coalesce(ev.thing_id, ds.thing_id)
        ORDER BY batch.ord, coalesce(ev.day, ds.day)`;
}

/**
 * activityDays with a per (thing, day, zone) level of events, the level activityDays skips: the
 * reference activity.test.ts compares activityDays with.
 */
export function activityDaysByZone(db: Tx, f: ReportFilter, now: Date, thingIds: string[]) {
  return reportRows<ActivityDayRow>(
    db,
    sql`WITH ${perZoneDay(f, now, thingIds)}
        SELECT zd.thing_id, to_char(zd.day, 'YYYY-MM-DD') AS day, min(zd.first_seen) AS first_seen,
          max(zd.last_seen) AS last_seen, sum(zd.n)::int AS n, sum(zd.secs)::float8 AS secs,
          coalesce(jsonb_object_agg(zd.zone_id, zd.secs) FILTER (WHERE zd.zone_id IS NOT NULL AND zd.secs > 0), '{}')
            AS zone_secs
        FROM zone_day zd JOIN batch ON batch.id = zd.thing_id
        GROUP BY zd.thing_id, zd.day, batch.ord
        ORDER BY batch.ord, zd.day`,
  );
}

export interface ActivityZoneDayRow {
  thing_id: string;
  day: string;
  zone_name: string;
  first_seen: Date | string | null;
  last_seen: Date | string | null;
  n: number;
  secs: number;
}

/** Flattened: one row per thing, site-local day and zone, in the order of `thingIds`, day, zone name. */
export function activityZoneDays(db: Tx, f: ReportFilter, now: Date, thingIds: string[]) {
  return reportRows<ActivityZoneDayRow>(
    db,
    sql`WITH ${perZoneDay(f, now, thingIds)}
        SELECT zd.thing_id, to_char(zd.day, 'YYYY-MM-DD') AS day, coalesce(z.name, '') AS zone_name,
          zd.first_seen, zd.last_seen, zd.n, zd.secs
        FROM zone_day zd JOIN batch ON batch.id = zd.thing_id LEFT JOIN zones z ON z.id = zd.zone_id
        ORDER BY batch.ord, zd.day, lower(coalesce(z.name, '')), zd.zone_id`,
  );
}

/** Zones of the site where things passing the filters spent time in the period: the per-zone columns. */
export function activityZones(db: Tx, f: ReportFilter, now: Date) {
  const overlap = (s: SQL, e: SQL) => sql`least(${e}, ${ts(f.before)}) > greatest(${s}, ${ts(f.after)})`;
  return reportRows<{ id: string; name: string }>(
    db,
    sql`SELECT z.id, z.name FROM zones z
        WHERE z.org_id = ${f.orgId} AND z.site_id = ${f.siteId} AND ${zoneIn(f, sql`z.id`)}
          AND (EXISTS (
              SELECT 1 FROM zone_durations d JOIN things t ON t.id = d.thing_id
              WHERE d.site_id = ${f.siteId} AND d.zone_id = z.id AND d.time_end > ${ts(f.after)}
                AND d.time_start < ${ts(f.before)} AND ${overlap(sql`d.time_start`, sql`d.time_end`)}
                AND ${thingFilter(f)})
            OR EXISTS (
              SELECT 1 FROM things t
              WHERE t.org_id = ${f.orgId} AND t.zone_id = z.id AND ${openStayOf(f, now)} AND ${thingFilter(f)}
                AND ${overlap(sql`t.last_zone_time`, ts(now))}))
        ORDER BY lower(z.name), z.id`,
  );
}

export interface ActivityThing {
  id: string;
  name: string;
  class: string;
  sort_name: string;
}

export interface ActivityCursor {
  sortName: string;
  id: string;
}

/**
 * The next `limit` things after `cursor` (by name) with an event or a stay at the site in the
 * period. Deleted things are included: history stays readable.
 */
export function activityThings(
  db: Tx,
  f: ReportFilter,
  now: Date,
  cursor: ActivityCursor | undefined,
  limit: number,
  offset = 0,
) {
  return reportRows<ActivityThing>(
    db,
    sql`SELECT t.id, t.name, t.class, lower(t.name) AS sort_name FROM things t
        WHERE ${hasActivity(f, now)}
          ${cursor ? sql`AND (lower(t.name), t.id) > (${cursor.sortName}, ${cursor.id})` : sql``}
        ORDER BY lower(t.name), t.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many things have activity at the site in the period (the paged screen's total). */
export async function countActivityThings(db: Tx, f: ReportFilter, now: Date) {
  const [row] = await reportRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM things t WHERE ${hasActivity(f, now)}`,
  );
  return row?.n ?? 0;
}
