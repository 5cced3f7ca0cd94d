/** SQL of endpoint status records: one insert per record, the endpoint's antenna states read under its row lock. */
import type { AntennaStatus } from '@sightline/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EndpointStatusRow } from '../../db/rows.js';
import { endpointStatus, endpoints } from '../../db/schema.js';
import type { ReaderHeartbeat } from '../../tracking/formats/index.js';

/**
 * The antenna states of the endpoint's newest record, after locking the endpoint's row: the
 * records of one endpoint are written one at a time, so each starts from the one before it.
 */
export async function lockedAntennaStates(db: Tx, endpointId: string): Promise<unknown> {
  await db.execute(sql`SELECT 1 FROM ${endpoints} WHERE ${endpoints.id} = ${endpointId} FOR UPDATE`);
  const [row] = await db
    .select({ antennas: endpointStatus.antennas })
    .from(endpointStatus)
    .where(eq(endpointStatus.endpointId, endpointId))
    .orderBy(desc(endpointStatus.time), desc(endpointStatus.id))
    .limit(1);
  return row?.antennas ?? [];
}

/** A status record, and the endpoint's last sign of life. */
export async function insertStatus(
  db: Tx,
  endpointId: string,
  status: ReaderHeartbeat,
  antennas: AntennaStatus[],
  time: Date,
): Promise<EndpointStatusRow> {
  const [row] = await db
    .insert(endpointStatus)
    .values({
      endpointId,
      time,
      kind: status.kind ?? 'heartbeat',
      message: status.message ?? '',
      ip: status.ip ?? '',
      version: status.version ?? '',
      uptime: status.uptime ?? null,
      readerTemp: status.readerTemp ?? null,
      cpu: status.cpu ?? null,
      antennas,
      dropped: status.dropped ?? null,
      buffered: status.buffered ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await db.update(endpoints).set({ lastHeartbeat: time }).where(eq(endpoints.id, endpointId));
  return row;
}
