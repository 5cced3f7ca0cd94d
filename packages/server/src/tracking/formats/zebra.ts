/**
 * Zebra FX7500/FX9600/ATR7000 IoT Connector (docs/readers.md): tag data events, batched (a JSON
 * array) or not (one object), and management events, of which the heartbeat becomes an endpoint
 * status record. Timestamps carry an offset without a colon (`+0000`).
 */
import { ANTENNA_MAX, EPC_HEX_PATTERN, SIGHTINGS_PER_REQUEST_MAX } from '@sightline/shared';
import { z } from 'zod';
import {
  asEventArray,
  type EpochMs,
  fail,
  type NormalizedSighting,
  type ParsedBatch,
  parseAt,
  type ReaderHeartbeat,
  readerTimeMs,
} from './types.js';

export const ZebraEventEnvelope = z.object({
  type: z.string().max(100).optional(),
  /** Present on management events only (e.g. `RG` = reader gateway). */
  component: z.string().max(100).optional(),
  timestamp: readerTimeMs.optional(),
  eventNum: z.number().optional(),
  data: z.unknown().optional(),
});

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});

export const ZebraTagData = z.object({
  idHex: z
    .string(required('a string'))
    .trim()
    .regex(EPC_HEX_PATTERN, 'must be 1 to 128 hex characters')
    .transform((v) => v.toUpperCase()),
  format: z.string().optional(),
  eventNum: z.number().optional(),
  antenna: z.number().int().min(0).max(ANTENNA_MAX).optional(),
  peakRssi: z.number().min(-1000).max(1000).optional(),
  reads: z.number().optional(),
});

/** A number, or a string holding one (firmware versions differ). */
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const text = z.union([z.string().max(100), z.number().transform(String)]);

export const ZebraHeartbeatData = z.object({
  radio_control: z.object({ UPTIME: numeric.optional(), VERSION: text.optional() }).optional(),
  system: z.object({ temperature: numeric.optional(), version: text.optional() }).optional(),
  version: text.optional(),
});

function isManagement(e: z.infer<typeof ZebraEventEnvelope>): boolean {
  return e.component !== undefined || e.type === 'heartbeat';
}

export function parseZebra(body: unknown, receivedAt: EpochMs): ParsedBatch {
  const events = asEventArray(body, 'event', SIGHTINGS_PER_REQUEST_MAX);
  const sightings: NormalizedSighting[] = [];
  const warnings: string[] = [];
  let heartbeat: ReaderHeartbeat | undefined;
  events.forEach((raw, i) => {
    const at = `event[${i}]`;
    const e = parseAt(ZebraEventEnvelope, raw, at);
    if (isManagement(e)) {
      if (e.type === 'heartbeat')
        heartbeat = toHeartbeat(parseAt(ZebraHeartbeatData, e.data ?? {}, `${at}.data`));
      else warnings.push(`${at}: management event ${e.type ?? '(no type)'} ignored`);
      return;
    }
    if (e.data === undefined) fail(`${at}.data`, 'is required');
    const d = parseAt(ZebraTagData, e.data, `${at}.data`);
    sightings.push({
      tag: d.idHex,
      antenna: d.antenna ?? 0,
      time: e.timestamp ?? receivedAt,
      direction: 'NEAR',
      ...(d.peakRssi === undefined ? {} : { rssi: d.peakRssi }),
      alarmTamper: false,
    });
  });
  return { ok: true, sightings, warnings, ...(heartbeat ? { heartbeat } : {}) };
}

function toHeartbeat(d: z.infer<typeof ZebraHeartbeatData>): ReaderHeartbeat {
  const heartbeat: ReaderHeartbeat = {};
  const uptime = d.radio_control?.UPTIME;
  const readerTemp = d.system?.temperature;
  const version = d.version ?? d.system?.version ?? d.radio_control?.VERSION;
  if (uptime !== undefined) heartbeat.uptime = uptime;
  if (readerTemp !== undefined) heartbeat.readerTemp = readerTemp;
  if (version !== undefined) heartbeat.version = version;
  return heartbeat;
}
