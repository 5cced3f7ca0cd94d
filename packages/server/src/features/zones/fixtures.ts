/** Test fixtures for records other features own (endpoints) or that tests need in bulk (zones). */
import { endpoints, zones } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';

export async function makeEndpoint(app: App, orgId: string, siteId: string, name = 'Dock door') {
  const id = newId();
  await app.ctx.db
    .insert(endpoints)
    .values({ id, orgId, siteId, name, uuid: `uuid-${id}`, key: `key-${id}` });
  return { id };
}

export async function makeZone(app: App, orgId: string, siteId: string, name = 'Zone') {
  const id = newId();
  await app.ctx.db.insert(zones).values({ id, orgId, siteId, name });
  return { id, name };
}
