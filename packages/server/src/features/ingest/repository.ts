/** Endpoint lookups of the ingest routes; raw sightings are the tracking store's, status records the endpoint status feature's. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { endpoints } from '../../db/schema.js';

/** What an authenticated reader is: enough to scope and process its batches. */
export interface EndpointIdentity {
  id: string;
  orgId: string;
  siteId: string;
  uuid: string;
  name: string;
}

export async function findEndpointByUuid(
  db: Tx,
  uuid: string,
): Promise<{ identity: EndpointIdentity; key: string } | undefined> {
  const [row] = await db
    .select({
      id: endpoints.id,
      orgId: endpoints.orgId,
      siteId: endpoints.siteId,
      uuid: endpoints.uuid,
      name: endpoints.name,
      key: endpoints.key,
    })
    .from(endpoints)
    .where(eq(endpoints.uuid, uuid));
  if (!row) return undefined;
  const { key, ...identity } = row;
  return { identity, key };
}
