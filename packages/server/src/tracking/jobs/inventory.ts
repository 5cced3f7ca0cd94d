/**
 * Kit inventory: a parent thing (one that other things name in `parents`) that has
 * been in a zone for the settle time is checked once — when it settles — by the engine's
 * `inventoryCheck`: its children not in the zone are missing (or, a single one seen elsewhere, in
 * the wrong zone), and kit members that arrived with it whose parents are all elsewhere are
 * unexpected. Each run checks the parents that settled since the previous run.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { JobScope } from '../../platform/jobs.js';
import {
  type EpochMs,
  type ExceptionRecord,
  INVENTORY_SETTLE_MS,
  inventoryCheck,
  inventoryDue,
  type ThingState,
} from '../engine/index.js';
import type { InventoryCleared } from '../store/index.js';
import type { JobDeps } from './deps.js';
import { type KnownThings, loadThings, type OrgZones, tsParam } from './load.js';
import { eachDueOrganization } from './per-organization.js';
import { storeExceptions } from './raise.js';

export const INVENTORY_INTERVAL_MS = 10_000;
/** After a pause (all instances down), parents that settled at most this long ago are still checked. */
const INVENTORY_CATCH_UP_MS = 3_600_000;

/** Parents `t` (in zone `z`) whose stay settles in (from, now]. */
const settling = (from: EpochMs, now: EpochMs, settleMs: number) =>
  sql`t.last_zone_time > ${tsParam(from - settleMs)} AND t.last_zone_time <= ${tsParam(now - settleMs)}
    AND EXISTS (SELECT 1 FROM things c WHERE c.org_id = t.org_id AND c.deleted_at IS NULL
      AND c.parents @> ARRAY[t.id]::text[])`;

async function zonesOfThings(tx: Tx, orgId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, string | null>();
  const found = await rows<{ id: string; zone_id: string | null }>(
    tx,
    sql`SELECT id, zone_id FROM things WHERE org_id = ${orgId} AND deleted_at IS NULL
      AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Map(found.map((r) => [r.id, r.zone_id]));
}

/** Which of a kit's counts its check found right (no exception of that kind). */
function clearedOf(
  parentId: string,
  found: ExceptionRecord[],
  children: readonly ThingState[],
): InventoryCleared {
  return {
    parentId,
    children: children.map((c) => c.id),
    // A single child seen elsewhere is a wrong-zone record: an overage type with an expected zone.
    shortage: !found.some((e) => e.type === 'inventoryThingsMissing' || e.expectedZoneId !== null),
    overage: !found.some((e) => e.type === 'inventoryThingsUnexpected' && e.expectedZoneId === null),
  };
}

/** The exceptions of one settled parent, and which of its counts were right. */
async function checkKit(
  tx: Tx,
  orgId: string,
  parent: ThingState,
  zones: OrgZones,
  known: KnownThings,
  now: EpochMs,
  settleMs: number,
): Promise<{ found: ExceptionRecord[]; cleared: InventoryCleared }> {
  if (parent.zoneId === null || parent.lastZoneTime === null)
    return { found: [], cleared: { parentId: parent.id, children: [], shortage: false, overage: false } };
  const children = await loadThings(tx, orgId, sql`t.parents @> ARRAY[${parent.id}]::text[]`);
  const occupants = await loadThings(
    tx,
    orgId,
    sql`t.zone_id = ${parent.zoneId} AND cardinality(t.parents) > 0
      AND t.last_zone_time BETWEEN ${tsParam(parent.lastZoneTime - settleMs)}
        AND ${tsParam(parent.lastZoneTime + settleMs)}`,
  );
  for (const [id, name] of [...children.names, ...occupants.names]) known.names.set(id, name);
  for (const id of [...children.workers, ...occupants.workers]) known.workers.add(id);
  const parentIds = [...new Set(occupants.things.flatMap((t) => t.parents))];
  const parentZones = await zonesOfThings(tx, orgId, parentIds);
  const found = inventoryCheck(
    { parent, children: children.things, zoneOccupants: occupants.things, parentZones },
    zones.zones,
    now,
    settleMs,
  );
  return { found, cleared: clearedOf(parent.id, found, children.things) };
}

/** Checks the kits whose parent settled in (since, now]; resolves with how many exceptions were stored. */
export async function checkInventory(
  deps: JobDeps,
  now: EpochMs,
  since: EpochMs | undefined,
  scope: JobScope = {},
  settleMs = INVENTORY_SETTLE_MS,
) {
  const from = Math.max(since ?? now - INVENTORY_INTERVAL_MS, now - INVENTORY_CATCH_UP_MS);
  if (from >= now) return 0;
  const due = settling(from, now, settleMs);
  // Not cut short when the scheduler stops: this run covers the window since the previous one,
  // and an organization left out would lose it.
  return eachDueOrganization(deps, { now, scope, due, stopEarly: false }, async (tx, orgId, zones) => {
    const parents = await loadThings(tx, orgId, sql`t.zone_id IS NOT NULL AND ${due}`);
    const known: KnownThings = { names: new Map(parents.names), workers: new Set(parents.workers) };
    const found: ExceptionRecord[] = [];
    const cleared: InventoryCleared[] = [];
    for (const parent of parents.things) {
      if (!inventoryDue(parent, from, now, settleMs)) continue;
      const kit = await checkKit(tx, orgId, parent, zones, known, now, settleMs);
      found.push(...kit.found);
      cleared.push(kit.cleared);
    }
    return storeExceptions(tx, orgId, found, now, zones, known, cleared);
  });
}
