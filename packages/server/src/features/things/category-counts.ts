/**
 * Live things per (organization, category, class, home site, zone), kept by triggers on `things`
 * (migration 0015, docs/decisions/0015-kept-counts.md): they append +1 / -1 rows to
 * `category_count_changes`, folded into `category_counts` every few seconds. A things list
 * filtered by category reads its total here instead of visiting every matching thing; the
 * total is the same — the same tests on the same columns, in one snapshot, folded or not.
 */
import { LIST_TOTAL_CAP } from '@sightline/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { foldKeptCounts, type KeptCounts } from '../../db/kept-counts.js';
import { CATEGORY_COUNTS_LOCK } from '../../db/locks.js';
import { inSites, type ThingFilter } from './filters.js';

export const categoryCounts: KeptCounts = {
  what: 'category counts',
  lock: CATEGORY_COUNTS_LOCK,
  fold: sql`SELECT fold_category_count_changes() AS n`,
  everyMs: 5000,
};

const counted = {
  siteId: sql.raw('c.site_id'),
  zoneId: sql.raw('c.zone_id'),
};

/** The list's tests the kept counts answer; the others (tags, map, after, a search) need the rows. */
export function countsAnswer(f: ThingFilter & { search?: string; search2?: string }): f is ThingFilter & {
  category: string;
} {
  return Boolean(
    f.category && !f.tags?.length && !f.map && !f.after && !f.search?.trim() && !f.search2?.trim(),
  );
}

/**
 * The capped total of a things list filtered by a category (as `cappedCount` answers it), from
 * the kept counts plus the changes not folded yet. Call only when `countsAnswer(filter)`.
 */
export async function categoryTotal(
  db: Tx,
  f: ThingFilter & { category: string },
  cap = LIST_TOTAL_CAP,
): Promise<{ total: number; totalCapped: boolean }> {
  const where: SQL | undefined = and(
    f.class ? sql`c.class = ${f.class}` : undefined,
    f.hideWorkers ? sql`c.class <> 'worker'` : undefined,
    f.scope ? inSites(f.orgId, f.scope, counted) : undefined,
    f.site ? inSites(f.orgId, [f.site], counted) : undefined,
    f.zone ? sql`c.zone_id = ${f.zone}` : undefined,
  );
  const [r] = await rows<{ n: string | number | null }>(
    db,
    sql`SELECT sum(c.n) AS n FROM (
          SELECT class, site_id, zone_id, n FROM category_counts WHERE org_id = ${f.orgId} AND category = ${f.category}
          UNION ALL
          SELECT class, site_id, zone_id, n FROM category_count_changes WHERE org_id = ${f.orgId} AND category = ${f.category}
        ) c ${where ? sql`WHERE ${where}` : sql``}`,
  );
  const n = Number(r?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/** Folds the appended changes into the counts; resolves with the rows changed, -1 when another fold ran. */
export const foldCategoryCounts = (db: Db) => foldKeptCounts(db, categoryCounts);
