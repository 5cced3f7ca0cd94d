import type { ZONE_SORT_FIELDS, ZoneInput, ZoneListQuery } from '@sightline/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { ZoneRow } from '../../db/rows.js';
import { endpoints, locationTags, things, zones } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentZone } from './presenter.js';

/**
 * The writable fields: every field of the input under its own name as a column, but the site
 * (fixed at creation), the duration and the entry delay (stored in nanoseconds as `durationNs` and
 * `entryDelayNs`).
 */
function toRow(input: ZoneInput) {
  const { site: _fixed, duration, entryDelay, ...stored } = input;
  return { ...stored, durationNs: duration, entryDelayNs: entryDelay };
}

const listSpec: ListSpec<(typeof ZONE_SORT_FIELDS)[number]> = {
  sortable: {
    name: sql`lower(${zones.name})`,
    description: zones.description,
    duration: zones.durationNs,
    killDuration: zones.killDuration,
  },
  defaultSort: [asc(sql`lower(${zones.name})`), asc(zones.id)],
  searchable: [zones.name, zones.description],
};

export function listZones(db: Tx, orgId: string, query: ZoneListQuery) {
  const scope = and(eq(zones.orgId, orgId), eq(zones.siteId, query.site));
  return listPage(db, zones, scope, query, listSpec, presentZone);
}

export async function findZone(db: Tx, orgId: string, id: string): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.orgId, orgId), eq(zones.id, id)));
  return row;
}

export async function insertZone(db: Tx, orgId: string, input: ZoneInput): Promise<ZoneRow> {
  const [row] = await db
    .insert(zones)
    .values({ id: newId(), orgId, siteId: input.site, ...toRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateZone(db: Tx, orgId: string, id: string, input: ZoneInput) {
  const [row] = await db
    .update(zones)
    .set(toRow(input))
    .where(and(eq(zones.orgId, orgId), eq(zones.id, id)))
    .returning();
  return row;
}

/** Deletes a zone and clears what points at it (location tags, things currently in it). */
export async function deleteZone(db: Tx, orgId: string, id: string): Promise<void> {
  await db
    .update(locationTags)
    .set({ zoneId: null })
    .where(and(eq(locationTags.orgId, orgId), eq(locationTags.zoneId, id)));
  await db
    .update(things)
    .set({ zoneId: null })
    .where(and(eq(things.orgId, orgId), eq(things.zoneId, id)));
  await db.delete(zones).where(and(eq(zones.orgId, orgId), eq(zones.id, id)));
}

/** Which of `ids` are endpoints of the site. */
export async function endpointIdsOfSite(db: Tx, orgId: string, siteId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: endpoints.id })
    .from(endpoints)
    .where(and(eq(endpoints.orgId, orgId), eq(endpoints.siteId, siteId), inArray(endpoints.id, ids)));
  return new Set(rows.map((r) => r.id));
}
