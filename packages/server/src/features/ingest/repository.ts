/** Endpoint lookups and heartbeats of the ingest routes; raw sightings are the tracking store's. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EndpointStatusRow } from '../../db/rows.js';
import { endpointStatus, endpoints } from '../../db/schema.js';
import type { ReaderHeartbeat } from '../../tracking/formats/index.js';

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

/** An endpoint status record and the endpoint's last heartbeat, together. */
export async function insertHeartbeat(
  db: Tx,
  endpointId: string,
  heartbeat: ReaderHeartbeat,
  time: Date,
): Promise<EndpointStatusRow> {
  const [row] = await db
    .insert(endpointStatus)
    .values({
      endpointId,
      time,
      ip: heartbeat.ip ?? '',
      version: heartbeat.version ?? '',
      uptime: heartbeat.uptime ?? null,
      readerTemp: heartbeat.readerTemp ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await db.update(endpoints).set({ lastHeartbeat: time }).where(eq(endpoints.id, endpointId));
  return row;
}
