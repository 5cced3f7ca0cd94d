/**
 * Impinj R700/R720 IoT device interface (docs/readers.md): the event webhook posts a JSON array of
 * ReaderEvents (an empty array when the linger time passes with no reads = a heartbeat); MQTT
 * delivers one event per message, the reader's HTTP stream one a line. `tagInventory` events
 * carry sightings; antenna, inventory status, overflow and GPI events the reader's health.
 */
import { ANTENNA_MAX, SIGHTINGS_PER_REQUEST_MAX } from '@sightline/shared';
import { z } from 'zod';
import { epcFromBase64, epcFromHex } from './epc.js';
import {
  asEventArray,
  type EpochMs,
  fail,
  isRecord,
  type NormalizedSighting,
  type ParsedBatch,
  parseAt,
  type ReaderHeartbeat,
  readerTimeMs,
} from './types.js';

export const ImpinjReaderEvent = z.object({
  timestamp: readerTimeMs.optional(),
  eventType: z.string().max(100).optional(),
  hostname: z.string().max(255).optional(),
});

export const ImpinjTagInventoryEvent = z
  .object({
    epc: z.string().max(200).optional(),
    epcHex: z.string().max(200).optional(),
    antennaPort: z.number().int().min(0).max(ANTENNA_MAX).optional(),
    antennaName: z.string().optional(),
    peakRssiCdbm: z.number().min(-100_000).max(100_000).optional(),
    frequency: z.number().optional(),
    transmitPowerCdbm: z.number().optional(),
    lastSeenTime: readerTimeMs.optional(),
  })
  .transform((e, ctx) => {
    // `epcHex` (off by default on the reader) wins when both are sent; else decode base64 `epc`.
    if (e.epcHex !== undefined) {
      const tag = epcFromHex(e.epcHex);
      if (tag) return { ...e, tag };
      ctx.addIssue({ code: 'custom', path: ['epcHex'], message: 'must be 1 to 128 hex characters' });
    } else if (e.epc !== undefined) {
      const tag = epcFromBase64(e.epc);
      if (tag) return { ...e, tag };
      ctx.addIssue({ code: 'custom', path: ['epc'], message: 'must be the base64 of 1 to 64 EPC bytes' });
    } else {
      ctx.addIssue({ code: 'custom', message: 'epc or epcHex is required' });
    }
    return z.NEVER;
  });

/** Accepted and ignored: they carry neither a sighting nor the reader's health. */
const IGNORED_TYPES = new Set(['antennaActivation', 'inventoryTerminated', 'diagnostic']);

/** Older firmware omits `eventType`: the payload key (`tagInventoryEvent`, ...) names it. */
function eventTypeOf(raw: Record<string, unknown>, declared: string | undefined): string | undefined {
  if (declared) return declared;
  const key = Object.keys(raw).find((k) => k.endsWith('Event'));
  return key?.slice(0, -'Event'.length);
}

/** Parses a webhook body (array or one event); an empty array is a heartbeat. */
export function parseImpinj(body: unknown, receivedAt: EpochMs): ParsedBatch {
  const events = asEventArray(body, 'event', SIGHTINGS_PER_REQUEST_MAX);
  if (events.length === 0) return { ok: true, sightings: [], heartbeat: {}, warnings: [] };
  const sightings: NormalizedSighting[] = [];
  const warnings: string[] = [];
  const readerEvents: ReaderHeartbeat[] = [];
  events.forEach((raw, i) => {
    const one = parseImpinjEvent(raw, receivedAt, `event[${i}]`);
    sightings.push(...one.sightings);
    readerEvents.push(...(one.readerEvents ?? []));
    warnings.push(...one.warnings);
  });
  return { ok: true, sightings, warnings, ...(readerEvents.length ? { readerEvents } : {}) };
}

/**
 * One Impinj ReaderEvent, already parsed from JSON: a webhook array's item, an MQTT message, a
 * line of the reader's HTTP stream. A `tagInventory` event is a sighting; `antennaConnected`,
 * `antennaDisconnected`, `inventoryStatus`, `overflow` and `gpiTransition` are status records
 * (`readerEvents`); other types are ignored with a warning. Throws a ReaderFormatError (naming
 * `at`) only for a malformed tag event.
 */
export function parseImpinjEvent(raw: unknown, receivedAt: EpochMs, at = 'event'): ParsedBatch {
  const envelope = parseAt(ImpinjReaderEvent, raw, at);
  const record = isRecord(raw) ? raw : {};
  const type = eventTypeOf(record, envelope.eventType);
  const empty: ParsedBatch = { ok: true, sightings: [], warnings: [] };
  if (type === 'tagInventory') {
    if (record.tagInventoryEvent === undefined) fail(`${at}.tagInventoryEvent`, 'is required');
    const e = parseAt(ImpinjTagInventoryEvent, record.tagInventoryEvent, `${at}.tagInventoryEvent`);
    const sighting: NormalizedSighting = {
      tag: e.tag,
      antenna: e.antennaPort ?? 0,
      time: e.lastSeenTime ?? envelope.timestamp ?? receivedAt,
      direction: 'NEAR',
      ...(e.peakRssiCdbm === undefined ? {} : { rssi: e.peakRssiCdbm / 100 }),
      alarmTamper: false,
    };
    return { ...empty, sightings: [sighting] };
  }
  if (type && IGNORED_TYPES.has(type)) return empty;
  const status = type ? impinjStatus(type, record[`${type}Event`]) : undefined;
  if (status) {
    const warnings =
      status.kind === 'overflow'
        ? [`${at}: the reader reported an overflow (reads were dropped on the reader)`]
        : [];
    return { ...empty, readerEvents: [status], warnings };
  }
  return { ...empty, warnings: [`${at}: event type ${type ?? '(none)'} ignored`] };
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/** The status record of a non-tag event, or undefined when Sightline does not use the type. */
function impinjStatus(type: string, payload: unknown): ReaderHeartbeat | undefined {
  const p = isRecord(payload) ? payload : {};
  switch (type) {
    case 'antennaConnected':
    case 'antennaDisconnected': {
      const state = type === 'antennaConnected' ? 'connected' : 'disconnected';
      const port = p.antennaPort;
      const valid = typeof port === 'number' && Number.isInteger(port) && port >= 0 && port <= ANTENNA_MAX;
      return {
        kind: 'antenna',
        message: `Antenna ${valid ? port : '?'} ${state}`,
        ...(valid ? { antennas: [{ antenna: port, state }] } : {}),
      };
    }
    case 'inventoryStatus':
      return {
        kind: 'inventory',
        message: `Inventory ${typeof p.status === 'string' ? p.status : 'status changed'}`,
      };
    case 'overflow': {
      const dropped = count(p.eventsPurged);
      const buffered = count(p.eventsRemaining);
      return {
        kind: 'overflow',
        message:
          dropped === undefined
            ? 'Overflow: events were dropped on the reader'
            : `Overflow: ${dropped} events dropped`,
        ...(dropped === undefined ? {} : { dropped }),
        ...(buffered === undefined ? {} : { buffered }),
      };
    }
    case 'gpiTransition':
      return {
        kind: 'gpi',
        message: `GPI ${typeof p.gpi === 'number' ? p.gpi : '?'}: ${typeof p.transition === 'string' ? p.transition : '?'}`,
      };
    default:
      return undefined;
  }
}
