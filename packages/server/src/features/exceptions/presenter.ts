/**
 * Exceptions as the API presents them, with thing and zone names, who acknowledged or resolved
 * them, and the message (its text fixed by `exceptionMessage` in @sightline/shared). The live
 * stream's `exception` message is a shorter record built from the engine's output
 * (`exceptionData`, tracking/store/publish.ts) or from this record (state changes).
 */
import {
  type ExceptionNote,
  type ExceptionRecord,
  type ExceptionState,
  exceptionMessage,
  RESOLVED_BY_SYSTEM,
  type ThingClass,
} from '@sightline/shared';
import type { ExceptionRow } from '../../db/rows.js';

export interface ExceptionNames {
  thingName: string | null;
  thingClass: string | null;
  zoneName: string | null;
  expectedZoneName: string | null;
  acknowledgedByName: string | null;
  resolvedByName: string | null;
  endpointName: string | null;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The text of the last note given with `change`. */
const lastNote = (notes: readonly ExceptionNote[], change: ExceptionNote['change']) =>
  [...notes].reverse().find((n) => n.change === change)?.text ?? null;

export function presentException(row: ExceptionRow, names: ExceptionNames): ExceptionRecord {
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
    endpoint: row.endpointId,
    endpointName: names.endpointName,
    antenna: row.antenna,
    timeDuration: row.timeDurationNs,
    stayStart: iso(row.stayStart),
    resolvedAt: iso(row.resolvedAt),
    state: row.state as ExceptionState,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedByName: row.acknowledgedBy === null ? null : names.acknowledgedByName,
    acknowledgedAt: iso(row.acknowledgedAt),
    resolvedBy: row.resolvedBy,
    resolvedByName:
      row.resolvedBy === RESOLVED_BY_SYSTEM
        ? 'System'
        : row.resolvedBy === null
          ? null
          : names.resolvedByName,
    notes: row.notes,
    acknowledgementNote: lastNote(row.notes, 'acknowledged'),
    resolutionNote: lastNote(row.notes, 'resolved'),
    note: row.notes.at(-1)?.text ?? null,
    escalatedAt: iso(row.escalatedAt),
    reminders: row.reminders,
    remindedAt: iso(row.remindedAt),
  };
  return { ...record, message: exceptionMessage(record) };
}
