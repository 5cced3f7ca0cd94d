import type { LOCATION_TAG_SORT_FIELDS, LocationTagInput, LocationTagListQuery } from '@sightline/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { LocationTagRow } from '../../db/rows.js';
import { locationTags, maps, zones } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentLocationTag } from './presenter.js';

function toRow(input: LocationTagInput) {
  return {
    name: input.name,
    tag: input.tag,
    zoneId: input.zone,
    mapId: input.map,
    x: input.xycoordinates[0],
    y: input.xycoordinates[1],
  };
}

const zoneName: SQL = sql`(SELECT lower(${zones.name}) FROM ${zones} WHERE ${zones.id} = ${locationTags.zoneId})`;

const listSpec: ListSpec<(typeof LOCATION_TAG_SORT_FIELDS)[number]> = {
  sortable: {
    name: sql`lower(${locationTags.name})`,
    tag: locationTags.tag,
    zone: zoneName,
    xycoordinates: locationTags.x,
  },
  defaultSort: [asc(sql`lower(${locationTags.name})`), asc(locationTags.id)],
  searchable: [locationTags.name, locationTags.tag],
};

export async function listLocationTags(db: Tx, orgId: string, query: LocationTagListQuery) {
  const scope = and(
    eq(locationTags.orgId, orgId),
    eq(locationTags.siteId, query.site),
    query.zone ? eq(locationTags.zoneId, query.zone) : undefined,
    query.map ? eq(locationTags.mapId, query.map) : undefined,
  );
  return listPage(db, locationTags, scope, query, listSpec, presentLocationTag);
}

export async function findLocationTag(
  db: Tx,
  orgId: string,
  id: string,
): Promise<LocationTagRow | undefined> {
  const [row] = await db
    .select()
    .from(locationTags)
    .where(and(eq(locationTags.orgId, orgId), eq(locationTags.id, id)));
  return row;
}

export async function insertLocationTag(db: Tx, orgId: string, input: LocationTagInput) {
  const [row] = await db
    .insert(locationTags)
    .values({ id: newId(), orgId, siteId: input.site, ...toRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateLocationTag(db: Tx, orgId: string, id: string, input: LocationTagInput) {
  const [row] = await db
    .update(locationTags)
    .set(toRow(input))
    .where(and(eq(locationTags.orgId, orgId), eq(locationTags.id, id)))
    .returning();
  return row;
}

export async function deleteLocationTag(db: Tx, orgId: string, id: string): Promise<void> {
  await db.delete(locationTags).where(and(eq(locationTags.orgId, orgId), eq(locationTags.id, id)));
}

export async function zoneOfSite(db: Tx, orgId: string, siteId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.orgId, orgId), eq(zones.siteId, siteId), eq(zones.id, id)));
  return !!row;
}

export async function mapOfSite(db: Tx, orgId: string, siteId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: maps.id })
    .from(maps)
    .where(and(eq(maps.orgId, orgId), eq(maps.siteId, siteId), eq(maps.id, id)));
  return !!row;
}
