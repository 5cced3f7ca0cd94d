/** Writes the demo rows in bulk: one INSERT per table (the caller's transaction). */
import type { Tx } from '../../db/client.js';
import {
  endpointStatus,
  endpoints,
  events,
  locationTags,
  maps,
  sites,
  things,
  thingTags,
  zones,
} from '../../db/schema.js';
import type { SiteRows } from './site-rows.js';
import type { ThingRows } from './thing-rows.js';

export async function insertDemoRows(tx: Tx, siteRows: SiteRows[], thingRows: ThingRows[]): Promise<void> {
  await tx.insert(sites).values(siteRows.map((s) => s.site));
  await tx.insert(maps).values(siteRows.map((s) => s.map));
  await tx.insert(zones).values(siteRows.flatMap((s) => s.zones));
  await tx.insert(endpoints).values(siteRows.flatMap((s) => s.endpoints));
  await tx.insert(endpointStatus).values(siteRows.flatMap((s) => s.heartbeats));
  await tx.insert(locationTags).values(siteRows.flatMap((s) => s.locationTags));
  await tx.insert(things).values(thingRows.flatMap((t) => t.things));
  await tx.insert(thingTags).values(thingRows.flatMap((t) => t.tags));
  await tx.insert(events).values(thingRows.flatMap((t) => t.events));
}
