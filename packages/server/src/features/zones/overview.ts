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

async function zoneOverview(db: Db, caller: Caller, siteId: string): Promise<ZoneOverviewRow[]> {
  await requireSite(db, caller, siteId);
  const count = (cls?: string) =>
    cls
      ? sql<number>`(count(${things.id}) FILTER (WHERE ${things.class} = ${cls}))::int`
      : sql<number>`count(${things.id})::int`;
  return db
    .select({
      _id: zones.id,
      name: zones.name,
      total: count(),
      items: count('item'),
      workers: count('worker'),
    })
    .from(zones)
    .leftJoin(
      things,
      and(eq(things.zoneId, zones.id), eq(things.orgId, caller.orgId), isNull(things.deletedAt)),
    )
    .where(and(eq(zones.orgId, caller.orgId), eq(zones.siteId, siteId)))
    .groupBy(zones.id, zones.name)
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
