/**
 * The report queries (DESIGN §9). Each reads one site of one organization in a period
 * [after, before); "days" are calendar days in the site's timezone, computed by PostgreSQL
 * (`AT TIME ZONE`), so a stay across midnight is split between the two days it touches.
 */
import { NO_THING_ID } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { textArray } from '../../tracking/store/arrays.js';

export interface ReportFilter {
  orgId: string;
  siteId: string;
  /** Chosen zones; empty = every zone of the site. */
  zones: string[];
  /** Chosen categories; empty = every thing, with or without categories. */
  categories: string[];
  class?: 'item' | 'worker';
  after: Date;
  before: Date;
  timeZone: string;
}

/**
 * A report query's rows, with PostgreSQL's JIT off for it (`SET LOCAL` in a short transaction, a
 * savepoint inside one). The report queries aggregate hundreds of thousands of rows and their
 * estimates (days × stays) pass `jit_above_cost`, so PostgreSQL compiled each with LLVM inlining
 * and optimisation: 5.4 s of a 14.6 s Activity batch went to compiling (docs/benchmarks.md
 * "Reports, round 3"), more than the aggregation saves by it.
 */
export function reportRows<T>(db: Tx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return rows<T>(tx, query);
  });
}

export const ids = (list: string[]) => sql`${textArray(list, (v) => v)}::text[]`;
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `column` is one of the chosen zones (always true when none are chosen). */
export const zoneIn = (f: ReportFilter, column: SQL) =>
  f.zones.length ? sql`${column} = ANY(${ids(f.zones)})` : sql`TRUE`;
/** The thing alias `t` passes the category and class filters. */
export const thingFilter = (f: ReportFilter) =>
  sql`${
    f.categories.length ? sql`t.categories && ${ids(f.categories)}` : sql`TRUE`
  } AND ${f.class ? sql`t.class = ${f.class}` : sql`TRUE`}`;
export const siteZones = (f: ReportFilter) =>
  sql`(SELECT id FROM zones WHERE org_id = ${f.orgId} AND site_id = ${f.siteId})`;

export interface ThingInfo {
  id: string;
  name: string;
  class: string;
  tag: string | null;
  categories: string[];
}

export interface SeenRow extends ThingInfo {
  zone_name: string | null;
  first_seen: Date | string;
  last_seen: Date | string;
  n: number;
}

/** Things of the chosen categories with an event in the chosen zones in the period. */
export function seenThings(db: Tx, f: ReportFilter) {
  return reportRows<SeenRow>(
    db,
    sql`SELECT t.id, t.name, t.class, t.tag1 AS tag, t.categories, z.name AS zone_name,
          s.first_seen, s.last_seen, s.n
        FROM (
          SELECT e.thing_id, min(e.first_time) AS first_seen, max(e.time) AS last_seen, count(*)::int AS n,
            (array_agg(e.zone_id ORDER BY e.time DESC))[1] AS last_zone
          FROM events e
          WHERE e.org_id = ${f.orgId} AND e.site_id = ${f.siteId}
            AND e.time >= ${ts(f.after)} AND e.time < ${ts(f.before)}
            AND e.thing_id <> ${NO_THING_ID} AND ${zoneIn(f, sql`e.zone_id`)}
          GROUP BY e.thing_id
        ) s
        JOIN things t ON t.id = s.thing_id AND t.org_id = ${f.orgId}
        LEFT JOIN zones z ON z.id = s.last_zone
        WHERE t.deleted_at IS NULL AND ${thingFilter(f)}
        ORDER BY lower(t.name), t.id`,
  );
}

export interface NotSeenRow extends ThingInfo {
  zone_name: string | null;
  last_event: Date | string | null;
}

/** Things of the site (home site, or now in one of its zones) with no such event in the period. */
export function notSeenThings(db: Tx, f: ReportFilter) {
  return reportRows<NotSeenRow>(
    db,
    sql`SELECT t.id, t.name, t.class, t.tag1 AS tag, t.categories, z.name AS zone_name, t.last_event
        FROM things t LEFT JOIN zones z ON z.id = t.zone_id
        WHERE t.org_id = ${f.orgId} AND t.deleted_at IS NULL
          AND (t.site_id = ${f.siteId} OR t.zone_id IN ${siteZones(f)})
          AND ${thingFilter(f)}
          AND NOT EXISTS (
            SELECT 1 FROM events e
            WHERE e.thing_id = t.id AND e.site_id = ${f.siteId}
              AND e.time >= ${ts(f.after)} AND e.time < ${ts(f.before)} AND ${zoneIn(f, sql`e.zone_id`)}
          )
        ORDER BY lower(t.name), t.id`,
  );
}

export interface CategoryCountRow {
  zone_id: string;
  zone_name: string;
  category_id: string;
  category_name: string;
  n: number;
}

/** Per zone of the site, how many things of each category are in it now (no zero rows). */
export function categoryCounts(db: Tx, f: ReportFilter) {
  return reportRows<CategoryCountRow>(
    db,
    sql`SELECT z.id AS zone_id, z.name AS zone_name, c.id AS category_id, c.name AS category_name,
          count(*)::int AS n
        FROM things t
        JOIN zones z ON z.id = t.zone_id AND z.org_id = ${f.orgId} AND z.site_id = ${f.siteId}
        CROSS JOIN LATERAL unnest(t.categories) AS tc(category_id)
        JOIN categories c ON c.id = tc.category_id AND c.org_id = ${f.orgId}
        WHERE t.org_id = ${f.orgId} AND t.deleted_at IS NULL
          AND ${zoneIn(f, sql`z.id`)}
          AND ${f.categories.length ? sql`c.id = ANY(${ids(f.categories)})` : sql`TRUE`}
          AND ${f.class ? sql`t.class = ${f.class}` : sql`TRUE`}
        GROUP BY z.id, z.name, c.id, c.name
        ORDER BY lower(z.name), z.id, lower(c.name), c.id`,
  );
}

export interface StayRow {
  id: number;
  name: string;
  class: string;
  zone_name: string;
  time_start: Date | string;
  time_end: Date | string;
  time_duration_ns: number | string;
}

export interface StayCursor {
  end: string;
  id: number;
}

/**
 * Closed stays overlapping the period, by exit time: one page after `cursor` (keyset paging).
 * `NULLS FIRST` (exit is never null, so the order is the same): it is the order a backward scan
 * of zone_durations_site_end_idx `(site_id, time_end DESC NULLS LAST)` gives, so each page reads
 * 2,000 index entries and stops; with the default `NULLS LAST` PostgreSQL read and sorted every
 * remaining stay of the period for each page (docs/benchmarks.md "Reports, round 3").
 */
export function closedStays(db: Tx, f: ReportFilter, cursor: StayCursor | undefined, limit: number) {
  return rows<StayRow>(
    db,
    sql`SELECT d.id, t.name, t.class, z.name AS zone_name, d.time_start, d.time_end, d.time_duration_ns
        FROM zone_durations d
        JOIN things t ON t.id = d.thing_id
        JOIN zones z ON z.id = d.zone_id
        WHERE d.org_id = ${f.orgId} AND d.site_id = ${f.siteId}
          AND d.time_end > ${ts(f.after)} AND d.time_start < ${ts(f.before)}
          AND ${zoneIn(f, sql`d.zone_id`)} AND ${thingFilter(f)}
          ${cursor ? sql`AND (d.time_end, d.id) > (${cursor.end}::timestamptz, ${cursor.id})` : sql``}
        ORDER BY d.time_end NULLS FIRST, d.id
        LIMIT ${limit}`,
  );
}

export interface OpenStayRow {
  name: string;
  class: string;
  zone_name: string;
  time_start: Date | string;
}

/** Stays still open (things now in a zone of the site) that began before the period's end. */
export function openStays(db: Tx, f: ReportFilter) {
  return rows<OpenStayRow>(
    db,
    sql`SELECT t.name, t.class, z.name AS zone_name, t.last_zone_time AS time_start
        FROM things t JOIN zones z ON z.id = t.zone_id
        WHERE t.org_id = ${f.orgId} AND t.deleted_at IS NULL AND z.org_id = ${f.orgId}
          AND z.site_id = ${f.siteId} AND t.last_zone_time IS NOT NULL
          AND t.last_zone_time < ${ts(f.before)}
          AND ${zoneIn(f, sql`z.id`)} AND ${thingFilter(f)}
        ORDER BY t.last_zone_time, t.id`,
  );
}

/** Closed and open stays overlapping the period (open ones end at `now`), as a SQL fragment. */
function staysInPeriod(f: ReportFilter, now: Date) {
  return sql`SELECT d.thing_id, d.zone_id, d.time_start AS s, d.time_end AS e FROM zone_durations d
      WHERE d.org_id = ${f.orgId} AND d.site_id = ${f.siteId}
        AND d.time_end > ${ts(f.after)} AND d.time_start < ${ts(f.before)} AND ${zoneIn(f, sql`d.zone_id`)}
    UNION ALL
    SELECT t.id, t.zone_id, t.last_zone_time, ${ts(now)} FROM things t
      WHERE t.org_id = ${f.orgId} AND t.deleted_at IS NULL AND t.zone_id IN ${siteZones(f)}
        AND t.last_zone_time IS NOT NULL AND t.last_zone_time < ${ts(f.before)}
        AND t.last_zone_time < ${ts(now)} AND ${zoneIn(f, sql`t.zone_id`)}`;
}

export interface ZoneTimeDbRow {
  zone_id: string;
  zone_name: string;
  secs: number | string;
  stays: number;
}

/** Time spent per zone within the period (stays clipped to it): the Zones History chart. */
export function zoneTimes(db: Tx, f: ReportFilter, now: Date) {
  return reportRows<ZoneTimeDbRow>(
    db,
    sql`SELECT z.id AS zone_id, z.name AS zone_name,
          coalesce(sum(extract(epoch FROM least(st.e, ${ts(f.before)}) - greatest(st.s, ${ts(f.after)}))), 0)::float8 AS secs,
          count(st.thing_id)::int AS stays
        FROM zones z
        LEFT JOIN (${staysInPeriod(f, now)}) st ON st.zone_id = z.id
        WHERE z.org_id = ${f.orgId} AND z.site_id = ${f.siteId} AND ${zoneIn(f, sql`z.id`)}
        GROUP BY z.id, z.name
        ORDER BY lower(z.name), z.id`,
  );
}

export function namesOf(db: Tx, table: 'zones' | 'categories', orgId: string) {
  return rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM ${sql.identifier(table)} WHERE org_id = ${orgId}`,
  );
}
