/**
 * Kit inventory: once a parent thing has been in a zone for the settle time, its
 * children that are not in that zone are missing, and things that entered the zone around the
 * parent's arrival whose parents are all elsewhere are unexpected. A single missing child that
 * is seen in another zone gives a "wrong zone" exception instead of a shortage.
 */
import { MSG } from '@sightline/shared';
import type { ExceptionRecord } from './outputs.js';
import type { EpochMs, ThingState, ZoneModel } from './types.js';

export const INVENTORY_SETTLE_MS = 120_000;

export interface KitView {
  parent: ThingState;
  /** Things whose `parents` include the parent. */
  children: readonly ThingState[];
  /** Things now in the parent's zone (to find overages). */
  zoneOccupants: readonly ThingState[];
  /** Current zone of the occupants' parents; a parent not listed counts as elsewhere. */
  parentZones: ReadonlyMap<string, string | null>;
}

/** When the parent's current stay settles, or undefined when it is in no zone. */
function settledAt(parent: ThingState, settleMs = INVENTORY_SETTLE_MS): EpochMs | undefined {
  if (parent.deleted || parent.zoneId === null || parent.lastZoneTime === null) return undefined;
  return parent.lastZoneTime + settleMs;
}

/** For the scheduler: the parent settled in (since, now], so it is checked once per stay. */
export function inventoryDue(
  parent: ThingState,
  since: EpochMs,
  now: EpochMs,
  settleMs = INVENTORY_SETTLE_MS,
) {
  const at = settledAt(parent, settleMs);
  return at !== undefined && at > since && at <= now;
}

export function inventoryCheck(
  kit: KitView,
  zones: ReadonlyMap<string, ZoneModel>,
  now: EpochMs,
  settleMs = INVENTORY_SETTLE_MS,
): ExceptionRecord[] {
  const { parent } = kit;
  const at = settledAt(parent, settleMs);
  if (at === undefined || now < at || parent.zoneId === null || parent.lastZoneTime === null) return [];
  const zoneId = parent.zoneId;
  const stayStart = parent.lastZoneTime;
  const zoneName = (id: string) => zones.get(id)?.name ?? id;
  const base = {
    siteId: zones.get(zoneId)?.siteId ?? parent.siteId,
    time: at,
    timeDurationNs: null,
    stayStart,
    expectedZoneId: null,
  };
  const found: ExceptionRecord[] = [];

  const missing = kit.children.filter((c) => !c.deleted && c.zoneId !== zoneId);
  const [single] = missing;
  if (missing.length === 1 && single.zoneId !== null) {
    found.push({
      ...base,
      type: 'inventoryThingsUnexpected',
      thingId: single.id,
      zoneId: single.zoneId,
      multipleThings: [single.id],
      expectedZoneId: zoneId,
      message: MSG.exceptionWrongZone(zoneName(zoneId), zoneName(single.zoneId)),
    });
  } else if (missing.length > 0) {
    found.push({
      ...base,
      type: 'inventoryThingsMissing',
      thingId: parent.id,
      zoneId,
      multipleThings: missing.map((c) => c.id),
      message: MSG.exceptionShortage(zoneName(zoneId)),
    });
  }

  const zoneOf = (id: string) => (id === parent.id ? zoneId : (kit.parentZones.get(id) ?? null));
  const unexpected = kit.zoneOccupants.filter(
    (t) =>
      !t.deleted &&
      t.id !== parent.id &&
      t.zoneId === zoneId &&
      t.lastZoneTime !== null &&
      Math.abs(t.lastZoneTime - stayStart) <= settleMs &&
      // Only kit members: a thing without parents belongs to no kit and is never an overage.
      t.parents.length > 0 &&
      t.parents.every((p) => zoneOf(p) !== zoneId),
  );
  if (unexpected.length > 0) {
    found.push({
      ...base,
      type: 'inventoryThingsUnexpected',
      thingId: parent.id,
      zoneId,
      multipleThings: unexpected.map((t) => t.id),
      message: MSG.exceptionOverage(zoneName(zoneId)),
    });
  }
  return found;
}
