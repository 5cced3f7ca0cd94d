/**
 * Exceptions as the API presents them, with thing and zone names and the message (its text fixed
 * by `exceptionMessage` in @sightline/shared). The live stream's `exception` message is a shorter
 * record built from the engine's output (`exceptionData`, tracking/store/publish.ts).
 */
import { type ExceptionRecord, exceptionMessage, type ThingClass } from '@sightline/shared';
import type { ExceptionRow } from '../../db/rows.js';

interface Names {
  thingName: string | null;
  thingClass: string | null;
  zoneName: string | null;
  expectedZoneName: string | null;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentException(row: ExceptionRow, names: Names): ExceptionRecord {
  const record = {
    _id: row.id,
    type: row.type as ExceptionRecord['type'],
    time: row.time.toISOString(),
    site: row.siteId,
    thing: row.thingId,
    thingName: names.thingName,
    thingClass: (names.thingClass as ThingClass | null) ?? null,
    zone: row.zoneId,
    zoneName: names.zoneName,
    expectedZone: row.expectedZoneId,
    expectedZoneName: names.expectedZoneName,
    multipleThings: row.multipleThings,
    timeDuration: row.timeDurationNs,
    stayStart: iso(row.stayStart),
    resolvedAt: iso(row.resolvedAt),
  };
  return { ...record, message: exceptionMessage(record) };
}
