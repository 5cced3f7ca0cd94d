/**
 * GET zones/overview?site= — the Home 'Zone Overview' chart: per zone of the site, how
 * many things are in it now, split into items and workers. Empty zones are listed with zeros.
 */
import { ZoneOverviewQuery, ZoneOverviewRow } from '@sightline/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { zoneCountChanges, zoneCounts, zones } from '../../db/schema.js';
import { callerOf } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { App } from '../../platform/context.js';
import { hidesWorkers, requireSite } from '../sites/service.js';

/**
 * Exact counts, zone by zone, from the counts the triggers on `things` keep (migration 0012,
 * counts.ts): per zone of the site, its folded counts plus its changes not folded yet, both read
 * through their primary key / zone index in one statement (one snapshot). Counting the things
 * themselves read every thing's index entry per visit (a million at scale;
 * docs/decisions/0015-kept-counts.md).
 */
async function zoneOverview(db: Db, caller: Caller, siteId: string): Promise<ZoneOverviewRow[]> {
  // A site that hides its workers counts its items only.
  const classes = hidesWorkers(await requireSite(db, caller, siteId)) ? sql`c.class = 'item'` : sql`TRUE`;
  const kept = sql`(SELECT ${zoneCounts.class} AS class, ${zoneCounts.n} AS n FROM ${zoneCounts}
      WHERE ${zoneCounts.zoneId} = ${zones.id} AND ${zoneCounts.orgId} = ${caller.orgId}
    UNION ALL SELECT ${zoneCountChanges.class}, ${zoneCountChanges.n} FROM ${zoneCountChanges}
      WHERE ${zoneCountChanges.zoneId} = ${zones.id} AND ${zoneCountChanges.orgId} = ${caller.orgId})`;
  const inZone = db
    .select({
      total: sql<number>`coalesce(sum(c.n) FILTER (WHERE ${classes}), 0)::int`.as('total'),
      items: sql<number>`coalesce(sum(c.n) FILTER (WHERE c.class = 'item'), 0)::int`.as('items'),
      workers: sql<number>`coalesce(sum(c.n) FILTER (WHERE c.class = 'worker' AND ${classes}), 0)::int`.as(
        'workers',
      ),
    })
    .from(sql`${kept} AS c`)
    .as('in_zone');
  return db
    .select({
      _id: zones.id,
      name: zones.name,
      total: inZone.total,
      items: inZone.items,
      workers: inZone.workers,
    })
    .from(zones)
    .crossJoinLateral(inZone)
    .where(and(eq(zones.orgId, caller.orgId), eq(zones.siteId, siteId)))
    .orderBy(asc(sql`lower(${zones.name})`), asc(zones.id));
}

export function registerZoneOverviewRoute(app: App) {
  const { db } = app.ctx;
  app.get(
    '/api/zones/overview',
    {
      schema: {
        tags: ['zones'],
        querystring: ZoneOverviewQuery,
        response: { 200: z.array(ZoneOverviewRow) },
      },
    },
    (req) => zoneOverview(db, callerOf(req), req.query.site),
  );
}
