/** SQL of the endpoints feature: endpoints, their heartbeat history and their reader configuration. */
import type {
  ENDPOINT_SORT_FIELDS,
  EndpointInput,
  EndpointListQuery,
  EndpointStatusQuery,
} from '@sightline/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EndpointRow, EndpointStatusRow } from '../../db/rows.js';
import { endpointStatus, endpoints, maps, zones } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { liveConnections } from '../connections/repository.js';
import { presentEndpoint, presentEndpointStatus } from './presenter.js';

function toRow(input: EndpointInput) {
  return {
    name: input.name,
    mapId: input.map,
    x: input.xycoordinates[0],
    y: input.xycoordinates[1],
    externalGate: input.externalgate,
    description: input.description,
    epcisId: input.epcisId,
    autoEnroll: input.autoEnroll.enabled,
    autoEnrollLocations: input.autoEnroll.locationEnabled,
    antennas: input.antennas,
    ...(input.connection ? connectionRow(input.connection) : {}),
  };
}

/** The settings as jsonb and the password in its own column (left as it is when not sent). */
function connectionRow({ password, ...settings }: NonNullable<EndpointInput['connection']>) {
  return { connection: settings, ...(password === undefined ? {} : { connectionPassword: password }) };
}

const listSpec: ListSpec<(typeof ENDPOINT_SORT_FIELDS)[number]> = {
  sortable: { name: sql`lower(${endpoints.name})`, uuid: endpoints.uuid },
  defaultSort: [asc(sql`lower(${endpoints.name})`), asc(endpoints.id)],
  searchable: [endpoints.name, endpoints.uuid],
};

/** The newest heartbeat of each endpoint (one index scan each, by endpoint_status_endpoint_time_idx). */
export async function latestStatuses(db: Tx, endpointIds: string[]): Promise<Map<string, EndpointStatusRow>> {
  if (!endpointIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([endpointStatus.endpointId])
    .from(endpointStatus)
    .where(inArray(endpointStatus.endpointId, endpointIds))
    .orderBy(endpointStatus.endpointId, desc(endpointStatus.time), desc(endpointStatus.id));
  return new Map(rows.map((r) => [r.endpointId, r]));
}

export async function listEndpoints(db: Tx, orgId: string, query: EndpointListQuery) {
  const scope = and(eq(endpoints.orgId, orgId), eq(endpoints.siteId, query.site));
  const page = await listPage(db, endpoints, scope, query, listSpec, (r) => r);
  const ids = page.items.map((r) => r.id);
  const statuses = await latestStatuses(db, ids);
  const live = await liveConnections(db, ids);
  return {
    items: page.items.map((r) => presentEndpoint(r, statuses.get(r.id), live.get(r.id))),
    total: page.total,
    totalCapped: page.totalCapped,
  };
}

export async function findEndpoint(db: Tx, orgId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(endpoints)
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.id, id)));
  return row;
}

/** Uuids are unique across all organizations: ingest finds an endpoint by its uuid alone. */
export async function uuidTaken(db: Tx, uuid: string, selfId?: string): Promise<boolean> {
  const [row] = await db.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.uuid, uuid));
  return row !== undefined && row.id !== selfId;
}

/** Which of `ids` are maps of the site. */
export async function mapIdsOfSite(db: Tx, orgId: string, siteId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: maps.id })
    .from(maps)
    .where(and(eq(maps.orgId, orgId), eq(maps.siteId, siteId), inArray(maps.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertEndpoint(
  db: Tx,
  orgId: string,
  input: EndpointInput,
  secrets: { uuid: string; key: string },
): Promise<EndpointRow> {
  const [row] = await db
    .insert(endpoints)
    .values({ id: newId(), orgId, siteId: input.site, ...secrets, ...toRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEndpoint(db: Tx, orgId: string, id: string, input: EndpointInput, uuid: string) {
  const [row] = await db
    .update(endpoints)
    .set({ ...toRow(input), uuid })
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.id, id)))
    .returning();
  return row;
}

export async function setKey(db: Tx, orgId: string, id: string, key: string) {
  const [row] = await db
    .update(endpoints)
    .set({ key })
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.id, id)))
    .returning();
  return row;
}

/**
 * Deletes an endpoint and removes it from zone gates (a gate naming a missing endpoint would make
 * the zone unsavable). Its heartbeats and raw sightings are left to the retention purge's
 * background removal; events and thing states keep its id as history.
 */
export async function deleteEndpoint(db: Tx, orgId: string, id: string): Promise<void> {
  await db.execute(sql`UPDATE ${zones}
    SET gates = COALESCE(
      (SELECT jsonb_agg(g) FROM jsonb_array_elements(${zones.gates}) AS g WHERE g->>'endpoint' IS DISTINCT FROM ${id}),
      '[]'::jsonb)
    WHERE ${zones.orgId} = ${orgId} AND ${zones.gates} @> ${JSON.stringify([{ endpoint: id }])}::jsonb`);
  await db.delete(endpoints).where(and(eq(endpoints.orgId, orgId), eq(endpoints.id, id)));
}

/** Heartbeats of one endpoint, newest first, with the total for x-total-count. */
export async function listStatuses(db: Tx, endpointId: string, query: EndpointStatusQuery) {
  const where = eq(endpointStatus.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(endpointStatus)
      .where(where)
      .orderBy(desc(endpointStatus.time), desc(endpointStatus.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ n: count() }).from(endpointStatus).where(where),
  ]);
  return { items: rows.map(presentEndpointStatus), total: total?.n ?? 0 };
}

export async function setConfig(db: Tx, orgId: string, id: string, config: unknown) {
  const [row] = await db
    .update(endpoints)
    .set({ config })
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.id, id)))
    .returning({ config: endpoints.config });
  return row?.config;
}
