/**
 * The report queries (docs/decisions/0032-reports.md). Each reads one site of one organization in a period
 * [after, before); "days" are calendar days in the site's timezone, computed by PostgreSQL
 * (`AT TIME ZONE`), so a stay across midnight is split between the two days it touches.
 */
import { NO_THING_ID } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { textArray } from '../../tracking/store/arrays.js';
import { nameSql, type WorkerView } from '../privacy/pseudonyms.js';

export interface ReportFilter {
  orgId: string;
  siteId: string;
  /** Chosen zones; empty = every zone of the site. */
  zones: string[];
  /** Chosen categories; empty = every thing, with or without categories. */
  categories: string[];
  class?: 'item' | 'worker';
  /** The site hides its workers (the setting hideWorkers): only items are reported. */
  hideWorkers?: boolean;
  /** What the caller may see of workers: pseudonymous ones are named by their pseudonym. */
  workers?: WorkerView;
  after: Date;
  before: Date;
  timeZone: string;
}

/**
 * A report query's rows, with PostgreSQL's JIT off and work_mem at 64 MB for it (`set_config(..,
 * true)`, i.e. SET LOCAL, in a short transaction, a savepoint inside one). The report queries aggregate hundreds of thousands of rows and their
 * estimates (days × stays) pass `jit_above_cost`, so PostgreSQL compiled each with LLVM inlining
 * and optimisation: 5.4 s of a 14.6 s Activity batch went to compiling, more than the aggregation
 * saves by it (measured; docs/benchmarks/history.md, Reports).
 */
export function reportRows<T>(db: Tx, query: SQL, opts: { serial?: boolean } = {}): Promise<T[]> {
  return db.transaction(async (tx) => {
    await reportSettings(tx, opts);
    return rows<T>(tx, query);
  });
}

/** reportRows' settings, for the rest of the transaction `tx`. */
export async function reportSettings(tx: Tx, opts: { serial?: boolean } = {}): Promise<void> {
  // work_mem: an Activity batch's hash aggregate and sort (≈130,000 groups) spilled to disk at
  // the default 4 MB (measured); for this query only. `serial`: no
  // parallel workers, for a query whose work is smaller than starting them.
  await tx.execute(
    sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)${
      opts.serial ? sql`, set_config('max_parallel_workers_per_gather', '0', true)` : sql``
    }`,
  );
}

export const ids = (list: string[]) => sql`${textArray(list, (v) => v)}::text[]`;
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `column` is one of the chosen zones (always true when none are chosen). */
export const zoneIn = (f: ReportFilter, column: SQL) =>
  f.zones.length ? sql`${column} = ANY(${ids(f.zones)})` : sql`TRUE`;
/** The thing alias `t` is of the chosen class, and not a worker when the site hides them. */
const classFilter = (f: ReportFilter) =>
  sql`${f.class ? sql`t.class = ${f.class}` : sql`TRUE`} AND ${f.hideWorkers ? sql`t.class <> 'worker'` : sql`TRUE`}`;
/** The thing alias `t` passes the category and class filters. */
export const thingFilter = (f: ReportFilter) =>
  sql`${f.categories.length ? sql`t.categories && ${ids(f.categories)}` : sql`TRUE`} AND ${classFilter(f)}`;
export const siteZones = (f: ReportFilter) =>
  sql`(SELECT id FROM zones WHERE org_id = ${f.orgId} AND site_id = ${f.siteId})`;

interface ThingInfo {
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
    sql`SELECT t.id, ${nameSql(f.workers, 't')} AS name, t.class, t.tag1 AS tag, t.categories, z.name AS zone_name,
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
    sql`SELECT t.id, ${nameSql(f.workers, 't')} AS name, t.class, t.tag1 AS tag, t.categories, z.name AS zone_name, t.last_event
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
          AND ${classFilter(f)}
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
 * remaining stay of the period for each page (measured).
 */
export function closedStays(db: Tx, f: ReportFilter, cursor: StayCursor | undefined, limit: number) {
  return rows<StayRow>(
    db,
    sql`SELECT d.id, ${nameSql(f.workers, 't')} AS name, t.class, z.name AS zone_name, d.time_start, d.time_end, d.time_duration_ns
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
    sql`SELECT ${nameSql(f.workers, 't')} AS name, t.class, z.name AS zone_name, t.last_zone_time AS time_start
        FROM things t JOIN zones z ON z.id = t.zone_id
        WHERE t.org_id = ${f.orgId} AND t.deleted_at IS NULL AND z.org_id = ${f.orgId}
          AND z.site_id = ${f.siteId} AND t.last_zone_time IS NOT NULL
          AND t.last_zone_time < ${ts(f.before)}
          AND ${zoneIn(f, sql`z.id`)} AND ${thingFilter(f)}
        ORDER BY t.last_zone_time, t.id`,
  );
}

/**
 * The stays overlapping the period, as a SQL fragment: the closed ones, those the Zones History
 * table lists. A stay in progress (a thing still in its zone) is not one of them until it ends.
 */
function staysInPeriod(f: ReportFilter) {
  return sql`SELECT d.thing_id, d.zone_id, d.time_start AS s, d.time_end AS e FROM zone_durations d
      WHERE d.org_id = ${f.orgId} AND d.site_id = ${f.siteId}
        AND d.time_end > ${ts(f.after)} AND d.time_start < ${ts(f.before)} AND ${zoneIn(f, sql`d.zone_id`)}
        AND ${f.hideWorkers ? sql`NOT EXISTS (SELECT 1 FROM things w WHERE w.id = d.thing_id AND w.class = 'worker')` : sql`TRUE`}`;
}

export interface ZoneTimeDbRow {
  zone_id: string;
  zone_name: string;
  secs: number | string;
  stays: number;
}

/**
 * Time spent per zone within the period (stays clipped to it) and the stays counted, read from
 * every stay: the reference for zoneTimes (the tests compare the two), which reads the rollup
 * instead (docs/decisions/0037-zones-history-rollup.md).
 */
export function zoneTimesFromStays(db: Tx, f: ReportFilter) {
  return reportRows<ZoneTimeDbRow>(
    db,
    sql`SELECT z.id AS zone_id, z.name AS zone_name,
          -- FILTER: a zone without stays has one all-NULL joined row, and least / greatest skip
          -- NULLs, so it summed the whole period (a zone never entered charted as full).
          coalesce(sum(extract(epoch FROM least(st.e, ${ts(f.before)}) - greatest(st.s, ${ts(f.after)})))
            FILTER (WHERE st.zone_id IS NOT NULL), 0)::float8 AS secs,
          count(st.thing_id)::int AS stays
        FROM zones z
        LEFT JOIN (${staysInPeriod(f)}) st ON st.zone_id = z.id
        WHERE z.org_id = ${f.orgId} AND z.site_id = ${f.siteId} AND ${zoneIn(f, sql`z.id`)}
        GROUP BY z.id, z.name
        ORDER BY lower(z.name), z.id`,
  );
}

const QUARTER_MS = 900_000;

/**
 * The Zones History chart: time spent per zone within the period (stays clipped to it) and the
 * stays overlapping it — the same figures as zoneTimesFromStays, from the rollup
 * zone_time_quarters (migration 0014) instead of every stay of the period.
 *
 * With a0 / a1 the quarters around `after` (equal when it is a quarter's start) and b0 / b1 those
 * around `before`, the closed stays split into
 *   - E, the stays with an entry or exit inside an unaligned edge quarter [a0, a1) / [b0, b1):
 *     read one by one (two small index ranges per edge) and clipped exactly;
 *   - the others, whose part in the middle quarters [a1, b0) is the rollup's `us`, and whose part
 *     in an edge window [after, a1) / [b0, before) is the window's whole length when they span
 *     the edge quarter (crossing(a0) minus the stays of E that cross a0), nothing otherwise.
 * Stays counted: those beginning in the middle quarters (minus E's, and minus zero-length stays
 * exactly at an aligned `after`, which do not overlap the period) + those in progress at a0 (minus
 * E's) + E's overlapping the period. Stays whose exit precedes their entry (not rolled up) are
 * read from the stays themselves; stays in progress are not counted, as the table beside the
 * chart lists closed stays only. Seconds are summed as numeric and converted once,
 * like the raw query, so the floating-point result is identical.
 */
export function zoneTimes(db: Tx, f: ReportFilter) {
  // The rollup counts every thing's stays: a site that hides its workers sums its items' stays.
  if (f.hideWorkers) return zoneTimesFromStays(db, f);
  const A = f.after.getTime();
  const B = f.before.getTime();
  const a0 = new Date(Math.floor(A / QUARTER_MS) * QUARTER_MS);
  const aAligned = a0.getTime() === A;
  const a1 = aAligned ? a0 : new Date(a0.getTime() + QUARTER_MS);
  const b0 = new Date(Math.floor(B / QUARTER_MS) * QUARTER_MS);
  const bAligned = b0.getTime() === B;
  const b1 = bAligned ? b0 : new Date(b0.getTime() + QUARTER_MS);
  const middle = a1 < b0;
  // The edge windows: [after, min(a1, before)) and, unless both ends are in one quarter, [b0, before).
  const w1End = a1 < f.before ? a1 : f.before;
  const w2Start = a1 <= b0 ? b0 : f.before;
  const within = (lo: Date, hi: Date) =>
    sql`((d.time_start >= ${ts(lo)} AND d.time_start < ${ts(hi)}) OR (d.time_end > ${ts(lo)} AND d.time_end < ${ts(hi)}))`;
  const edges = [aAligned ? undefined : within(a0, a1), bAligned ? undefined : within(b0, b1)].filter(
    (e) => e !== undefined,
  );
  const overlap = (lo: SQL, hi: SQL) =>
    sql`greatest(extract(epoch FROM least(e.e, ${hi}) - greatest(e.s, ${lo})), 0)`;
  return reportRows<ZoneTimeDbRow>(
    db,
    sql`WITH rollup AS (
          SELECT q.zone_id,
            sum(q.us) FILTER (WHERE q.quarter >= ${ts(a1)} AND q.quarter < ${ts(b0)}) AS us,
            sum(q.starts) FILTER (WHERE q.quarter >= ${ts(a1)} AND q.quarter < ${ts(b0)}) AS starts,
            ${aAligned && middle ? sql`sum(q.zero) FILTER (WHERE q.quarter = ${ts(a0)})` : sql`0`} AS zero,
            sum(q.crossing) FILTER (WHERE q.quarter = ${ts(a0)}) AS cross_a,
            sum(q.crossing) FILTER (WHERE q.quarter = ${ts(b0)}) AS cross_b
          FROM zone_time_quarters q
          WHERE q.site_id = ${f.siteId} AND q.org_id = ${f.orgId}
            AND q.quarter >= ${ts(a0)} AND q.quarter <= ${ts(b0)} AND ${zoneIn(f, sql`q.zone_id`)}
          GROUP BY q.zone_id
        ),
        edge AS (
          SELECT e.zone_id,
            sum(${overlap(ts(f.after), ts(w1End))} + ${overlap(ts(w2Start), ts(f.before))}) AS secs,
            count(*) FILTER (WHERE e.s < ${ts(a0)} AND e.e > ${ts(a0)}) AS span_a,
            count(*) FILTER (WHERE e.s < ${ts(b0)} AND e.e > ${ts(b0)}) AS span_b,
            count(*) FILTER (WHERE e.s >= ${ts(a1)} AND e.s < ${ts(b0)}) AS mid_starts,
            count(*) FILTER (WHERE e.e > ${ts(f.after)} AND e.s < ${ts(f.before)}) AS n
          FROM (
            SELECT d.zone_id, d.time_start AS s, d.time_end AS e FROM zone_durations d
            WHERE d.org_id = ${f.orgId} AND d.site_id = ${f.siteId} AND d.time_end >= d.time_start
              AND ${zoneIn(f, sql`d.zone_id`)} AND ${edges.length ? sql`(${sql.join(edges, sql` OR `)})` : sql`FALSE`}
          ) e
          GROUP BY e.zone_id
        ),
        inverted AS (
          SELECT d.zone_id,
            sum(extract(epoch FROM least(d.time_end, ${ts(f.before)}) - greatest(d.time_start, ${ts(f.after)}))) AS secs,
            count(*) AS n
          FROM zone_durations d
          WHERE d.org_id = ${f.orgId} AND d.site_id = ${f.siteId} AND d.time_end < d.time_start
            AND d.time_end > ${ts(f.after)} AND d.time_start < ${ts(f.before)} AND ${zoneIn(f, sql`d.zone_id`)}
          GROUP BY d.zone_id
        )
        SELECT z.id AS zone_id, z.name AS zone_name,
          (coalesce(r.us, 0) * 0.000001 + coalesce(ed.secs, 0)
            + extract(epoch FROM ${ts(w1End)} - ${ts(f.after)}) * (coalesce(r.cross_a, 0) - coalesce(ed.span_a, 0))
            + extract(epoch FROM ${ts(f.before)} - ${ts(w2Start)}) * (coalesce(r.cross_b, 0) - coalesce(ed.span_b, 0))
            + coalesce(l.secs, 0))::float8 AS secs,
          (coalesce(r.starts, 0) - coalesce(r.zero, 0) - coalesce(ed.mid_starts, 0)
            + coalesce(r.cross_a, 0) - coalesce(ed.span_a, 0) + coalesce(ed.n, 0) + coalesce(l.n, 0))::int AS stays
        FROM zones z
        LEFT JOIN rollup r ON r.zone_id = z.id
        LEFT JOIN edge ed ON ed.zone_id = z.id
        LEFT JOIN inverted l ON l.zone_id = z.id
        WHERE z.org_id = ${f.orgId} AND z.site_id = ${f.siteId} AND ${zoneIn(f, sql`z.id`)}
        ORDER BY lower(z.name), z.id`,
    // Its parts read a few thousand rows: starting parallel workers for the open stays cost more
    // (72 ms on the loaded machine) than the whole query's work.
    { serial: true },
  );
}

export function namesOf(db: Tx, table: 'zones' | 'categories', orgId: string) {
  return rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM ${sql.identifier(table)} WHERE org_id = ${orgId}`,
  );
}
