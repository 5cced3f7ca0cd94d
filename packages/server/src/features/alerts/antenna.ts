/**
 * An antenna's state as its reader reports it (Impinj `antennaDisconnected` / `antennaConnected`
 * events, Zebra heartbeats' antenna states, LLRP antenna events), parsed by the ingest formats: a
 * disconnected antenna raises one `antennaDisconnected` exception (one open per antenna, by the
 * unique key), a connected one resolves it as the system.
 */
import { and, eq, ne } from 'drizzle-orm';
import { endpoints, exceptions } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { enqueueExceptionWebhooks } from '../webhooks/outbox.js';
import { type AlertDeps, announce, resolveBySystem, storeAlerts } from './raise.js';

export interface AntennaState {
  /** The organization of the endpoint. */
  organization: string;
  endpointId: string;
  antenna: number;
  connected: boolean;
  /** When the reader reported it. */
  time: Date;
}

/** Raises or clears the antenna's alert; resolves with what changed (0 or 1). */
export async function antennaStateChanged(deps: AlertDeps, state: AntennaState): Promise<number> {
  const { organization: orgId, endpointId, antenna, connected, time } = state;
  const steps = await deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ siteId: endpoints.siteId })
      .from(endpoints)
      .where(and(eq(endpoints.orgId, orgId), eq(endpoints.id, endpointId)));
    if (!endpoint) return [];
    if (!connected) {
      const raised = await storeAlerts(tx, orgId, [
        {
          id: newId(time.getTime()),
          orgId,
          siteId: endpoint.siteId,
          type: 'antennaDisconnected',
          time,
          endpointId,
          antenna,
          multipleThings: [],
          stayStart: time,
        },
      ]);
      const changes = raised.map((record) => ({ change: 'created' as const, record }));
      await enqueueExceptionWebhooks(tx, orgId, changes);
      return changes;
    }
    const open = await tx
      .select({ id: exceptions.id })
      .from(exceptions)
      .where(
        and(
          eq(exceptions.orgId, orgId),
          eq(exceptions.type, 'antennaDisconnected'),
          eq(exceptions.endpointId, endpointId),
          eq(exceptions.antenna, antenna),
          ne(exceptions.state, 'resolved'),
        ),
      );
    const resolved = await resolveBySystem(
      tx,
      orgId,
      open.map((o) => o.id),
      time,
    );
    const changes = resolved.map((record) => ({ change: 'resolved' as const, record }));
    await enqueueExceptionWebhooks(tx, orgId, changes);
    return changes;
  });
  await announce(deps, orgId, steps);
  return steps.length;
}
