/**
 * Endpoint status records (docs/readers.md): every heartbeat and management event of a reader —
 * whatever carried it (HTTP, MQTT, a reader connection) — is recorded here, one record each, with
 * the reader's antenna states as known after it, then published on the live stream as a
 * `heartbeat` message. Antenna states go through `recordAntennaStates` alone, which hands each
 * change to the antenna alert.
 */

import { type AntennaStatus, presentHeartbeat, storedAntennaStates } from '@sightline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { EndpointStatusRow } from '../../db/rows.js';
import type { AppContext } from '../../platform/context.js';
import type { ReaderHeartbeat } from '../../tracking/formats/index.js';
import { antennaStateChanged } from '../alerts/antenna.js';
import { insertStatus, lockedAntennaStates } from './repository.js';

/** The reader an event came from: enough to scope the record and its live message. */
interface StatusEndpoint {
  id: string;
  orgId: string;
  siteId: string;
  name: string;
}

/** One antenna port whose state changed; `from` null = never reported before. */
export interface AntennaChange {
  antenna: number;
  from: AntennaStatus['state'] | null;
  to: AntennaStatus['state'];
}

/**
 * The endpoint's antenna states after a report: the stored states with the reported ports
 * replaced (the ports not reported keep their last known state), by port, and what changed.
 */
export function mergeAntennaStates(
  stored: AntennaStatus[],
  reported: readonly AntennaStatus[],
): { states: AntennaStatus[]; changes: AntennaChange[] } {
  const byPort = new Map(stored.map((a) => [a.antenna, a.state]));
  const changes: AntennaChange[] = [];
  for (const { antenna, state } of reported) {
    const from = byPort.get(antenna) ?? null;
    if (from !== state) changes.push({ antenna, from, to: state });
    byPort.set(antenna, state);
  }
  const states = [...byPort]
    .map(([antenna, state]) => ({ antenna, state }))
    .sort((a, b) => a.antenna - b.antenna);
  return { states, changes };
}

/**
 * Records the reported antenna states in the endpoint's status (inside the record's transaction,
 * under the endpoint's row lock): the one place antenna states are written.
 */
async function recordAntennaStates(
  tx: Tx,
  endpointId: string,
  reported: readonly AntennaStatus[],
): Promise<{ states: AntennaStatus[]; changes: AntennaChange[] }> {
  const stored = storedAntennaStates(await lockedAntennaStates(tx, endpointId));
  return mergeAntennaStates(stored, reported);
}

/**
 * The antenna alert: each antenna that went to `disconnected` raises `antennaDisconnected` for the
 * endpoint, and going back to `connected` clears it (features/alerts/antenna.ts). Runs after the
 * status commits, one antenna at a time.
 */
async function antennaAlert(
  ctx: AppContext,
  log: FastifyBaseLogger,
  endpoint: StatusEndpoint,
  changes: readonly AntennaChange[],
  at: number,
): Promise<void> {
  const deps = { db: ctx.db, live: ctx.live, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl };
  for (const change of changes) {
    log.info({ endpoint: endpoint.id, ...change }, `antenna ${change.antenna} ${change.to}`);
    await antennaStateChanged(deps, {
      organization: endpoint.orgId,
      endpointId: endpoint.id,
      antenna: change.antenna,
      connected: change.to === 'connected',
      time: new Date(at),
    });
  }
}

/**
 * Records one status record (ip from the report, else `requestIp`) and publishes it. Runs the
 * antenna alert after COMMIT for the antenna states that changed.
 */
export async function recordEndpointStatus(
  ctx: AppContext,
  log: FastifyBaseLogger,
  endpoint: StatusEndpoint,
  status: ReaderHeartbeat,
  requestIp: string,
  now = Date.now(),
): Promise<EndpointStatusRow> {
  const { row, changes } = await ctx.db.transaction(async (tx) => {
    const antennas = await recordAntennaStates(tx, endpoint.id, status.antennas ?? []);
    const inserted = await insertStatus(
      tx,
      endpoint.id,
      { ...status, ip: status.ip || requestIp },
      antennas.states,
      new Date(now),
    );
    return { row: inserted, changes: antennas.changes };
  });
  const data = presentHeartbeat(row, endpoint.name);
  await ctx.live
    .publish([{ type: 'heartbeat', orgId: endpoint.orgId, siteId: endpoint.siteId, data, at: now }])
    .catch((err: unknown) => log.error({ err }, 'live publish failed'));
  if (changes.length)
    await antennaAlert(ctx, log, endpoint, changes, now).catch((err: unknown) =>
      log.error({ err }, 'antenna alert failed'),
    );
  return row;
}
