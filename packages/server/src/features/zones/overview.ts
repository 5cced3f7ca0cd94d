/**
 * GET zones/overview?site= — the Home 'Zone Overview' chart (SPEC 2.4): per zone of the site, how
 * many things are in it now, split into items and workers. Empty zones are listed with zeros.
 */
import { ZoneOverviewQuery, ZoneOverviewRow } from '@sightline/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { things, zones } from '../../db/schema.js';
import { callerOf } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { App } from '../../platform/context.js';
import { requireSite } from '../sites/service.js';

/**
 * Exact counts, zone by zone (a LATERAL count per zone): each is an index-only scan of
 * `things_zone_idx` (zone_id, class) INCLUDE (org_id, deleted_at) — no visit of the things
 * themselves, where a join of every thing to its zone read the whole table (docs/benchmarks.md).
 */
async function zoneOverview(db: Db, caller: Caller, siteId: string): Promise<ZoneOverviewRow[]> {
  await requireSite(db, caller, siteId);
  const inZone = db
    .select({
      total: sql<number>`count(*)::int`.as('total'),
      items: sql<number>`(count(*) FILTER (WHERE ${things.class} = 'item'))::int`.as('items'),
      workers: sql<number>`(count(*) FILTER (WHERE ${things.class} = 'worker'))::int`.as('workers'),
    })
    .from(things)
    .where(and(eq(things.zoneId, zones.id), eq(things.orgId, caller.orgId), isNull(things.deletedAt)))
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
