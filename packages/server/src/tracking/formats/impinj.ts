/**
 * Impinj R700/R720 IoT device interface (docs/readers.md): the event webhook posts a JSON array of
 * ReaderEvents (an empty array when the linger time passes with no reads = a heartbeat); MQTT
 * delivers one event per message. Only `tagInventory` events carry sightings.
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

/** Accepted and ignored: they carry no sighting. */
const NON_SIGHTING_TYPES = new Set([
  'antennaConnected',
  'antennaDisconnected',
  'inventoryStatus',
  'antennaActivation',
  'inventoryTerminated',
  'diagnostic',
]);

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
  events.forEach((raw, i) => {
    const at = `event[${i}]`;
    const envelope = parseAt(ImpinjReaderEvent, raw, at);
    const record = isRecord(raw) ? raw : {};
    const type = eventTypeOf(record, envelope.eventType);
    if (type === 'tagInventory') {
      if (record.tagInventoryEvent === undefined) fail(`${at}.tagInventoryEvent`, 'is required');
      const e = parseAt(ImpinjTagInventoryEvent, record.tagInventoryEvent, `${at}.tagInventoryEvent`);
      sightings.push({
        tag: e.tag,
        antenna: e.antennaPort ?? 0,
        time: e.lastSeenTime ?? envelope.timestamp ?? receivedAt,
        direction: 'NEAR',
        ...(e.peakRssiCdbm === undefined ? {} : { rssi: e.peakRssiCdbm / 100 }),
        alarmTamper: false,
      });
    } else if (type === 'overflow') {
      warnings.push(`${at}: the reader reported an overflow (reads were dropped on the reader)`);
    } else if (!type || !NON_SIGHTING_TYPES.has(type)) {
      warnings.push(`${at}: event type ${type ?? '(none)'} ignored`);
    }
  });
  return { ok: true, sightings, warnings };
}
