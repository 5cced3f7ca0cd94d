/**
 * Kill: a thing not seen for the zone's `killDuration` hours while in it is taken
 * out (stay closed at its last sighting) or soft-deleted. Immediate kill zones apply on entry,
 * in `Changes.move`. The scheduler calls `killDue` with the things in zones that have a duration.
 */
import { Changes } from './changes.js';
import type { EngineOutput } from './outputs.js';
import { emptyOutput } from './outputs.js';
import type { EpochMs, ThingState, ZoneModel } from './types.js';

const MS_PER_HOUR = 3_600_000;

/** The newest time anything placed the thing. */
export function lastSeen(thing: ThingState): EpochMs | null {
  const times = [thing.lastEndpointTime, thing.lastEvent, thing.lastZoneTime].filter(
    (t): t is EpochMs => t !== null,
  );
  return times.length ? Math.max(...times) : null;
}

/** When the thing is due to be killed in its current zone, or undefined if never. */
export function killAt(thing: ThingState, zone: ZoneModel): EpochMs | undefined {
  const seen = lastSeen(thing);
  if (zone.killDuration <= 0 || seen === null) return undefined;
  return seen + zone.killDuration * MS_PER_HOUR;
}

export function killDue(
  things: Iterable<ThingState>,
  zones: ReadonlyMap<string, ZoneModel>,
  now: EpochMs,
): EngineOutput {
  const byId = new Map<string, ThingState>();
  for (const thing of things) byId.set(thing.id, thing);
  const changes = new Changes(zones, byId);
  for (const thing of byId.values()) {
    if (thing.deleted || thing.zoneId === null) continue;
    const zone = zones.get(thing.zoneId);
    const due = zone && killAt(thing, zone);
    if (!zone || due === undefined || now < due) continue;
    const editable = changes.edit(thing.id);
    if (editable) changes.kill(editable, zone, lastSeen(thing) ?? now);
  }
  return {
    ...emptyOutput(),
    things: changes.changedThings(),
    zoneStays: changes.stays,
    exceptions: changes.exceptions,
    messages: changes.messages,
  };
}
