/** The WHERE of every thing list and export: organization, the caller's sites, and the query's filters. */
import type { ThingClass } from '@sightline/shared';
import { type AnyColumn, and, eq, gte, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { things, zones } from '../../db/schema.js';

export interface ThingFilter {
  orgId: string;
  /** Sites the caller is limited to; undefined = every site of the organization. */
  scope?: string[];
  site?: string;
  class?: ThingClass;
  category?: string;
  tags?: string[];
  zone?: string;
  map?: string;
  after?: string;
  /** The site hides its workers (the setting hideWorkers): only items are listed. */
  hideWorkers?: boolean;
  /**
   * Sites whose workers the caller sees as pseudonyms: a text search never matches those workers,
   * so searching for a real name, serial or description cannot tell who a pseudonym is.
   */
  pseudonymousSites?: readonly string[];
  /**
   * Some of the caller's sites hide their workers: a worker is listed only where it is seen on one
   * of these sites (home site or current zone), the caller's sites that show workers.
   */
  workerSites?: string[];
}

/**
 * Things of these sites: their home site is one of them, or their current zone is in one (a thing
 * is seen on the site where it is as well as on its home site).
 * The zones are read first into an array (an InitPlan), so each side of the OR is an index
 * condition (`things_site_idx`, `things_zone_idx`) the planner can combine (BitmapOr); with
 * `zone_id IN (SELECT ..)` the OR could only be tested row by row. `columns`: the same test on
 * another table's home site and zone (the kept category counts, category-counts.ts).
 */
export function inSites(
  orgId: string,
  siteIds: readonly string[],
  columns: { siteId: SQL | AnyColumn; zoneId: SQL | AnyColumn } = things,
): SQL {
  const ids = [...siteIds];
  return sql`(${columns.siteId} = ANY(${sql.param(ids)}::text[]) OR ${columns.zoneId} = ANY(ARRAY(
    SELECT ${zones.id} FROM ${zones} WHERE ${zones.orgId} = ${orgId} AND ${zones.siteId} = ANY(${sql.param(ids)}::text[]))))`;
}

export function thingWhere(f: ThingFilter): SQL | undefined {
  return and(
    eq(things.orgId, f.orgId),
    isNull(things.deletedAt),
    f.scope ? inSites(f.orgId, f.scope) : undefined,
    f.site ? inSites(f.orgId, [f.site]) : undefined,
    f.class ? eq(things.class, f.class) : undefined,
    f.hideWorkers ? ne(things.class, 'worker') : undefined,
    f.workerSites ? or(ne(things.class, 'worker'), inSites(f.orgId, f.workerSites)) : undefined,
    f.category ? sql`${things.categories} @> ARRAY[${f.category}]::text[]` : undefined,
    f.tags?.length
      ? sql`${things.id} IN (SELECT thing_id FROM thing_tags WHERE org_id = ${f.orgId} AND tag = ANY(${sql.param(f.tags)}::text[]))`
      : undefined,
    f.zone ? eq(things.zoneId, f.zone) : undefined,
    f.map ? eq(things.mapId, f.map) : undefined,
    // Changed or seen since `after`.
    f.after ? gte(sql`greatest(${things.timeModified}, ${things.lastEvent})`, new Date(f.after)) : undefined,
  );
}

/**
 * The row's thing (by its id column) is not a worker: a site that hides its workers leaves their
 * events, stays and exceptions out of every list, count and report. A row without a thing passes.
 */
export const notAWorker = (thingId: SQL | AnyColumn): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${things} WHERE ${things.id} = ${thingId} AND ${things.class} = 'worker')`;

/** With a search term: the workers of `pseudonymousSites` left out (see ThingFilter). */
export function searchableByCaller(f: ThingFilter & { search?: string; search2?: string }): SQL | undefined {
  if (!f.pseudonymousSites?.length || !(f.search?.trim() || f.search2?.trim())) return undefined;
  return sql`NOT (${things.class} = 'worker' AND ${things.siteId} = ANY(${sql.param([...f.pseudonymousSites])}::text[]))`;
}

/**
 * The row's list of things (an array of thing ids) is empty or names something besides workers:
 * a row about workers only (an exception whose things are all workers) is left out where workers
 * are hidden.
 */
export const notOnlyWorkers = (thingIds: SQL | AnyColumn): SQL =>
  sql`(cardinality(${thingIds}) = 0 OR EXISTS (SELECT 1 FROM unnest(${thingIds}) AS listed(id)
    WHERE ${notAWorker(sql`listed.id`)}))`;

/** Of these thing ids, the workers'. */
export async function workerIds(db: Tx, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: things.id })
    .from(things)
    .where(and(eq(things.orgId, orgId), eq(things.class, 'worker'), inArray(things.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}
