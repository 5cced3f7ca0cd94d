/**
 * The last step every exception job shares: store the exceptions a job found (the once-per-stay and
 * once-per-settle keys make a second copy a no-op) and hand what was stored to the same after-COMMIT
 * publish path as a reader batch (live stream, zone mails). Kits found right are handed on too, so the
 * alert hooks resolve their earlier shortages and overages.
 */
import type { Tx } from '../../db/client.js';
import type { EngineMessage, EpochMs, ExceptionRecord } from '../engine/index.js';
import { type InventoryCleared, writeRest } from '../store/index.js';
import { directoryOf, type KnownThings, type OrgZones } from './load.js';

export async function storeExceptions(
  tx: Tx,
  orgId: string,
  found: ExceptionRecord[],
  now: EpochMs,
  zones: OrgZones,
  known: KnownThings,
  inventoryCleared: InventoryCleared[] = [],
) {
  if (!found.length && !inventoryCleared.length) return { count: 0 };
  const exceptions = await writeRest(tx, orgId, [], [], found, now);
  const messages: EngineMessage[] = found.map((exception) => ({
    type: 'exception',
    siteId: exception.siteId,
    exception,
  }));
  return {
    count: exceptions.length,
    committed: {
      orgId,
      messages,
      eventIds: new Map(),
      exceptions,
      directory: directoryOf(zones, known),
      inventoryCleared,
    },
  };
}
