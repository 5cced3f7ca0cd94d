/**
 * Sightline's events as EPCIS 2.0 ObjectEvents, and the documents that carry them. Every event is
 * an observation of its tag's EPC (`OBSERVE`) at its endpoint (`readPoint`) and zone
 * (`bizLocation`; the site's id when the event has no zone), at its last sighting (`eventTime`)
 * with the site's UTC offset then. The business step follows the kind of event
 * (`EPCIS_BIZ_STEPS`, docs/epcis.md). The eventID is the CBV event hash of what is answered.
 */
import {
  decodeEpc,
  EPCIS_BIZ_STEPS,
  EPCIS_CONTEXT,
  type EpcisDocument,
  type EpcisEvent,
  type EpcisQueryDocument,
  epcisIdOf,
} from '@sightline/shared';
import { eventHash } from './event-hash.js';

/** What an ObjectEvent is made from: the event row with its endpoint's, zone's and site's ids. */
export interface SightlineEventRow {
  id: number;
  tag: string;
  time: Date;
  direction: string;
  endpointId: string | null;
  endpointEpcisId: string | null;
  zoneId: string | null;
  zoneEpcisId: string | null;
  siteId: string;
  siteEpcisId: string;
  timezone: string;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset (`+01:00`) of a timezone at an instant; UTC when the zone is unknown. */
function timeZoneOffset(timeZone: string, at: Date): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      return '+00:00';
    }
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(name)?.[1];
  return offset ?? '+00:00';
}

/** A gate passage (IN or OUT) or a move by hand put the thing into the zone; NEAR counts it there. */
function bizStepOf(row: { direction: string; endpointId: string | null }) {
  return row.endpointId === null || row.direction === 'IN' || row.direction === 'OUT'
    ? EPCIS_BIZ_STEPS.enteredZone
    : EPCIS_BIZ_STEPS.seenInZone;
}

export function presentObjectEvent(row: SightlineEventRow): EpcisEvent {
  const event = {
    type: 'ObjectEvent',
    eventTime: row.time.toISOString(),
    eventTimeZoneOffset: timeZoneOffset(row.timezone, row.time),
    epcList: [decodeEpc(row.tag).uri],
    action: 'OBSERVE',
    bizStep: bizStepOf(row),
    ...(row.endpointId
      ? {
          readPoint: {
            id: epcisIdOf('endpoint', { id: row.endpointId, epcisId: row.endpointEpcisId ?? '' }),
          },
        }
      : {}),
    bizLocation: {
      id: row.zoneId
        ? epcisIdOf('zone', { id: row.zoneId, epcisId: row.zoneEpcisId ?? '' })
        : epcisIdOf('site', { id: row.siteId, epcisId: row.siteEpcisId }),
    },
  };
  // The row is written at each sighting of the event: the last one is when it was recorded.
  return { eventID: eventHash(event), ...event, recordTime: row.time.toISOString() };
}

/** The events of a query as the REST binding answers them. */
export function queryDocument(events: EpcisEvent[], now = new Date()): EpcisQueryDocument {
  return {
    '@context': [EPCIS_CONTEXT],
    type: 'EPCISQueryDocument',
    schemaVersion: '2.0',
    creationDate: now.toISOString(),
    epcisBody: { queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: events } } },
  };
}

/** Events as a document to hand on (the Events screen's download, webhooks). */
export function epcisDocument(events: EpcisEvent[], now = new Date()): EpcisDocument {
  return {
    '@context': [EPCIS_CONTEXT],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: now.toISOString(),
    epcisBody: { eventList: events },
  };
}
