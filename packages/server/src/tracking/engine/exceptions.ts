/**
 * Zone time exceptions: a stay longer than the zone's alert time, raised once per
 * stay. The scheduler calls `dueTimeExceptions` every few seconds so one fires within 15 s of
 * the overrun with no new sighting; a stay that closes overrun raises one too (the unique key
 * type + thing + zone + stayStart makes the second copy a no-op).
 */
import { MSG } from '@sightline/shared';
import type { ExceptionRecord } from './outputs.js';
import type { EpochMs, ThingState, ZoneModel } from './types.js';

const NS_PER_MS = 1_000_000;
const NS_PER_MINUTE = 60_000_000_000;

export const msToNs = (ms: number) => Math.round(ms * NS_PER_MS);

/** The once-per-stay key the DB layer reports existing exceptions by. */
export const stayKey = (thingId: string, zoneId: string, stayStart: EpochMs) =>
  `${thingId}|${zoneId}|${stayStart}`;

/** When a stay started at `stayStart` overruns `durationNs` (undefined = the zone has no limit). */
function overrunAt(stayStart: EpochMs, durationNs: number): EpochMs | undefined {
  return durationNs > 0 ? stayStart + Math.ceil(durationNs / NS_PER_MS) : undefined;
}

/** Reaching the alert time counts as overrunning it. */
export function hasOverrun(stayStart: EpochMs, at: EpochMs, durationNs: number): boolean {
  const due = overrunAt(stayStart, durationNs);
  return due !== undefined && at >= due;
}

export function timeException(thingId: string, zone: ZoneModel, stayStart: EpochMs): ExceptionRecord {
  const minutes = Number((zone.durationNs / NS_PER_MINUTE).toFixed(2));
  return {
    type: 'zoneTimeException',
    siteId: zone.siteId,
    time: overrunAt(stayStart, zone.durationNs) ?? stayStart,
    thingId,
    zoneId: zone.id,
    multipleThings: [],
    timeDurationNs: zone.durationNs,
    stayStart,
    expectedZoneId: null,
    message: MSG.exceptionTime(zone.name, minutes),
  };
}

/** Things whose current stay has overrun its zone's alert time and has no exception yet. */
export function dueTimeExceptions(
  things: Iterable<ThingState>,
  zones: ReadonlyMap<string, ZoneModel>,
  existingForStay: ReadonlySet<string>,
  now: EpochMs,
): ExceptionRecord[] {
  const due: ExceptionRecord[] = [];
  for (const thing of things) {
    if (thing.deleted || thing.zoneId === null || thing.lastZoneTime === null) continue;
    const zone = zones.get(thing.zoneId);
    if (!zone || !hasOverrun(thing.lastZoneTime, now, zone.durationNs)) continue;
    if (existingForStay.has(stayKey(thing.id, zone.id, thing.lastZoneTime))) continue;
    due.push(timeException(thing.id, zone, thing.lastZoneTime));
  }
  return due;
}
