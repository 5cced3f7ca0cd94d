import type { Antenna, Endpoint, EndpointListQuery } from '@sightline/shared';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { endpoints } from '../../db/schema.js';
import { type ListSpec, listClauses } from '../../platform/list-query.js';

type EndpointRow = typeof endpoints.$inferSelect;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** antennas is jsonb: read it defensively, so one odd entry cannot break a list. */
function antennasOf(value: unknown): Antenna[] {
  if (!Array.isArray(value)) return [];
  return value.map((a: { antenna?: unknown; xycoordinates?: unknown; map?: unknown }) => {
    const xy = Array.isArray(a?.xycoordinates) ? a.xycoordinates : [];
    return {
      antenna: Math.trunc(num(a?.antenna)),
      xycoordinates: [num(xy[0]), num(xy[1])],
      map: typeof a?.map === 'string' && a.map ? a.map : null,
    };
  });
}

/** The API shape; the endpoint's `key` (its ingest secret) is never part of it. */
export function toApi(row: EndpointRow): Endpoint {
  return {
    _id: row.id,
    name: row.name,
    uuid: row.uuid,
    site: row.siteId,
    map: row.mapId,
    xycoordinates: [row.x, row.y],
    externalgate: row.externalGate,
    description: row.description,
    autoEnroll: { enabled: row.autoEnroll, locationEnabled: row.autoEnrollLocations },
    antennas: antennasOf(row.antennas),
  };
}

const listSpec: ListSpec = {
  sortable: { name: endpoints.name, uuid: endpoints.uuid },
  defaultSort: [asc(endpoints.name), asc(endpoints.id)],
  searchable: [endpoints.name, endpoints.uuid],
};

export async function listEndpoints(db: Tx, orgId: string, query: EndpointListQuery) {
  const c = listClauses(query, listSpec);
  const where: SQL | undefined = and(eq(endpoints.orgId, orgId), eq(endpoints.siteId, query.site), c.where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(endpoints)
      .where(where)
      .orderBy(...c.orderBy)
      .limit(c.limit)
      .offset(c.offset),
    db.select({ n: count() }).from(endpoints).where(where),
  ]);
  return { items: rows.map(toApi), total: total?.n ?? 0 };
}
