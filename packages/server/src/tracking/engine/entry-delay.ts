/**
 * A zone's entry delay: a thing's move into the zone counts only once it has been seen there
 * continuously for that long; until then it stays where it was, and the zone is pending. The stay,
 * once counted, starts at the first sighting in the zone. A sighting that puts the thing anywhere
 * else (its current zone, another zone, off site) ends the wait, so a thing flickering across a
 * doorway within the delay makes no stays and no zone changes.
 */
import type { EpochMs, ThingState, ZoneModel } from './types.js';

export type EntryDecision =
  /** No zone change; the pending zone and its first sighting as they are now. */
  | { kind: 'wait'; pendingZoneId: string | null; pendingZoneSince: EpochMs | null }
  /** Move to `zoneId`, the stay starting at `at`. */
  | { kind: 'move'; zoneId: string | null; at: EpochMs };

const NS_PER_MS = 1_000_000;
const notPending = { pendingZoneId: null, pendingZoneSince: null } as const;

/** The entry delay of a zone in ms (0: none, or not a zone). */
function entryDelayMs(zone: ZoneModel | undefined): number {
  return zone ? Math.ceil((zone.entryDelayNs ?? 0) / NS_PER_MS) : 0;
}

/**
 * What a sighting at `time` that puts the thing in `target` (null: off site) does, given the
 * thing's current and pending zones.
 */
export function enterZone(
  thing: Pick<ThingState, 'zoneId' | 'pendingZoneId' | 'pendingZoneSince'>,
  target: string | null,
  time: EpochMs,
  zones: ReadonlyMap<string, ZoneModel>,
): EntryDecision {
  if (target === thing.zoneId) return { kind: 'wait', ...notPending };
  const delay = target === null ? 0 : entryDelayMs(zones.get(target));
  if (delay <= 0) return { kind: 'move', zoneId: target, at: time };
  const since = thing.pendingZoneId === target ? (thing.pendingZoneSince ?? time) : time;
  if (time - since >= delay) return { kind: 'move', zoneId: target, at: since };
  return { kind: 'wait', pendingZoneId: target, pendingZoneSince: since };
}
