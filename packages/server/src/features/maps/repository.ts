import type { MAP_SORT_FIELDS, MapInput, MapListQuery } from '@sightline/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { MapRow } from '../../db/rows.js';
import { endpoints, locationTags, maps, things } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentMap } from './presenter.js';

function toRow(input: MapInput) {
  return {
    name: input.name,
    topLeftX: input.topLeft[0],
    topLeftY: input.topLeft[1],
    botRightX: input.botRight[0],
    botRightY: input.botRight[1],
  };
}

const listSpec: ListSpec<(typeof MAP_SORT_FIELDS)[number]> = {
  sortable: { name: sql`lower(${maps.name})`, timeCreated: maps.timeCreated },
  defaultSort: [asc(sql`lower(${maps.name})`), asc(maps.id)],
  searchable: [maps.name],
};

export async function listMaps(db: Tx, orgId: string, query: MapListQuery) {
  return listPage(
    db,
    maps,
    and(eq(maps.orgId, orgId), eq(maps.siteId, query.site)),
    query,
    listSpec,
    presentMap,
  );
}

export async function findMap(db: Tx, orgId: string, id: string): Promise<MapRow | undefined> {
  const [row] = await db
    .select()
    .from(maps)
    .where(and(eq(maps.orgId, orgId), eq(maps.id, id)));
  return row;
}

export async function insertMap(db: Tx, orgId: string, input: MapInput): Promise<MapRow> {
  const [row] = await db
    .insert(maps)
    .values({ id: newId(), orgId, siteId: input.site, ...toRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateMap(db: Tx, orgId: string, id: string, input: MapInput) {
  const [row] = await db
    .update(maps)
    .set(toRow(input))
    .where(and(eq(maps.orgId, orgId), eq(maps.id, id)))
    .returning();
  return row;
}

export async function setMapImage(db: Tx, orgId: string, id: string, image: string, imageType: string) {
  const [row] = await db
    .update(maps)
    .set({ image, imageType })
    .where(and(eq(maps.orgId, orgId), eq(maps.id, id)))
    .returning();
  return row;
}

/** Deletes a map and clears what points at it: location tags, endpoints, things placed on it. */
export async function deleteMap(db: Tx, orgId: string, id: string): Promise<void> {
  await db
    .update(locationTags)
    .set({ mapId: null })
    .where(and(eq(locationTags.orgId, orgId), eq(locationTags.mapId, id)));
  await db
    .update(endpoints)
    .set({ mapId: null })
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.mapId, id)));
  await db
    .update(things)
    .set({ mapId: null, x: null, y: null })
    .where(and(eq(things.orgId, orgId), eq(things.mapId, id)));
  await db.delete(maps).where(and(eq(maps.orgId, orgId), eq(maps.id, id)));
}
