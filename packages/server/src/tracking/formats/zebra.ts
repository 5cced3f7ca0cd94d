/**
 * Zebra FX7500/FX9600/ATR7000 IoT Connector and RFD40/RFD90 handhelds (docs/readers.md): tag data
 * events, batched (a JSON array) or not (one object), handhelds' `dataEVT` (`data.tagData[]`), and
 * management events: the heartbeat, gpi, warnings and errors each become an endpoint status record.
 * Timestamps carry an offset without a colon (`+0000`).
 */
import { ANTENNA_MAX, EPC_HEX_PATTERN, SIGHTINGS_PER_REQUEST_MAX } from '@sightline/shared';
import { z } from 'zod';
import { epcFromHex } from './epc.js';
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

/**
 * A management heartbeat's data as Zebra's data model sends it (lower-case camel keys; older
 * firmware: upper-case), described for the API document. Parsing reads it leniently
 * (`zebraHeartbeat`): a field it cannot read is left out, the heartbeat is never refused.
 */
export const ZebraHeartbeatData = z
  .object({
    radio_control: z
      .object({
        cpu: numeric.optional(),
        uptime: z.union([z.string(), z.number()]).optional(),
        antennas: z.record(z.string(), z.string()).optional(),
        numTagReads: z.number().optional(),
      })
      .loose()
      .optional(),
    reader_gateway: z
      .object({
        uptime: z.union([z.string(), z.number()]).optional(),
        numDataMessagesRetained: z.number().optional(),
        numDataMessagesDropped: z.number().optional(),
      })
      .loose()
      .optional(),
    system: z
      .object({
        cpu: z.union([numeric, z.object({ system: z.number(), user: z.number() }).loose()]).optional(),
        uptime: z.union([z.string(), z.number()]).optional(),
        temperature: z.union([numeric, z.object({ ambient: z.number(), pa: z.number() }).loose()]).optional(),
        version: text.optional(),
      })
      .loose()
      .optional(),
    version: text.optional(),
  })
  .loose();

/** Zebra handheld (RFD40/RFD90) `dataEVT` tag data: `data.tagData[]`, each record one tag. */
const ZebraHandheldTagData = z
  .object({
    epc: z.string().max(200).optional(),
    idHex: z.string().max(200).optional(),
    eventNum: z.number().optional(),
    antenna: z.number().int().min(0).max(ANTENNA_MAX).optional(),
    antennaId: z.number().int().min(0).max(ANTENNA_MAX).optional(),
    peakRssi: z.number().min(-1000).max(1000).optional(),
    rssi: z.number().min(-1000).max(1000).optional(),
    timestamp: readerTimeMs.optional(),
  })
  .loose();

/** Management events name a component (`RG`, `RC`, …); a heartbeat may come without one. */
function isManagement(e: z.infer<typeof ZebraEventEnvelope>): boolean {
  return e.component !== undefined || e.type === 'heartbeat';
}

const isHandheldData = (data: unknown): data is { tagData: unknown[] } =>
  isRecord(data) && Array.isArray(data.tagData);

export function parseZebra(body: unknown, receivedAt: EpochMs): ParsedBatch {
  const events = asEventArray(body, 'event', SIGHTINGS_PER_REQUEST_MAX);
  const sightings: NormalizedSighting[] = [];
  const warnings: string[] = [];
  const readerEvents: ReaderHeartbeat[] = [];
  let heartbeat: ReaderHeartbeat | undefined;
  events.forEach((raw, i) => {
    const at = `event[${i}]`;
    const e = parseAt(ZebraEventEnvelope, raw, at);
    if (isManagement(e)) {
      if (e.type === 'heartbeat') heartbeat = zebraHeartbeat(e.data);
      else {
        const event = zebraManagementEvent(e.type, e.data);
        if (event) readerEvents.push(event);
        else warnings.push(`${at}: management event ${e.type ?? '(no type)'} ignored`);
      }
      return;
    }
    if (e.data === undefined) fail(`${at}.data`, 'is required');
    if (isHandheldData(e.data)) {
      sightings.push(
        ...handheldSightings(e.data.tagData, e.timestamp ?? receivedAt, `${at}.data.tagData`, warnings),
      );
      return;
    }
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
  if (sightings.length > SIGHTINGS_PER_REQUEST_MAX)
    fail('event', `at most ${SIGHTINGS_PER_REQUEST_MAX} tags per request (got ${sightings.length})`);
  return {
    ok: true,
    sightings,
    warnings,
    ...(heartbeat ? { heartbeat } : {}),
    ...(readerEvents.length ? { readerEvents } : {}),
  };
}

/**
 * A handheld's tag records. `eventNum` is the only member every record carries (the operating
 * mode's metadata decides the rest): a record without an EPC is skipped with a warning; a
 * malformed one refuses the message, as Zebra's fixed-reader tag data does.
 */
function handheldSightings(
  records: unknown[],
  eventTime: EpochMs,
  base: string,
  warnings: string[],
): NormalizedSighting[] {
  return records.flatMap((raw, j) => {
    const at = `${base}[${j}]`;
    const r = parseAt(ZebraHandheldTagData, raw, at);
    const hex = r.epc ?? r.idHex;
    if (hex === undefined) {
      warnings.push(`${at}: a tag record without epc skipped`);
      return [];
    }
    const tag = epcFromHex(hex);
    if (!tag) fail(`${at}.${r.epc === undefined ? 'idHex' : 'epc'}`, 'must be 1 to 128 hex characters');
    const rssi = r.peakRssi ?? r.rssi;
    return [
      {
        tag,
        antenna: r.antenna ?? r.antennaId ?? 0,
        time: r.timestamp ?? eventTime,
        direction: 'NEAR' as const,
        ...(rssi === undefined ? {} : { rssi }),
        alarmTamper: false,
      },
    ];
  });
}

/** `numDataMessagesDropped`, `NUM_DATA_MESSAGES_DROPPED` and `numdatamessagesdropped` are one key. */
const keyOf = (name: string) => name.replace(/_/g, '').toLowerCase();

function field(source: unknown, name: string): unknown {
  if (!isRecord(source)) return undefined;
  const wanted = keyOf(name);
  const key = Object.keys(source).find((k) => keyOf(k) === wanted);
  return key === undefined ? undefined : source[key];
}

function numberOf(value: unknown): number | undefined {
  const parsed = numeric.safeParse(value);
  return parsed.success && Number.isFinite(parsed.data) ? parsed.data : undefined;
}

/** Seconds, from a number or Zebra's `H:MM:SS` (also `D days, H:MM:SS` and `D:HH:MM:SS`). */
export function uptimeSeconds(value: unknown): number | undefined {
  const n = numberOf(value);
  if (n !== undefined) return n;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(?:(\d+)\s*days?,?\s*|(\d+):(?=\d+:\d+:\d+))?(\d+):(\d{1,2}):(\d{1,2})\s*$/.exec(value);
  if (!m) return undefined;
  const days = Number(m[1] ?? m[2] ?? 0);
  return ((days * 24 + Number(m[3])) * 60 + Number(m[4])) * 60 + Number(m[5]);
}

/** A number, or an object of readings of which the first named one is taken (`{ ambient, pa }`). */
function reading(value: unknown, names: string[]): number | undefined {
  const n = numberOf(value);
  if (n !== undefined || !isRecord(value)) return n;
  for (const name of names) {
    const v = numberOf(field(value, name));
    if (v !== undefined) return v;
  }
  return undefined;
}

/** CPU in use: a number, or `{ system, user }` (their sum). */
function cpuOf(value: unknown): number | undefined {
  const n = numberOf(value);
  if (n !== undefined || !isRecord(value)) return n;
  const system = numberOf(field(value, 'system'));
  const user = numberOf(field(value, 'user'));
  return system === undefined && user === undefined ? undefined : (system ?? 0) + (user ?? 0);
}

/** `{ "1": "connected", "3": "disconnected" }`; other states and ports are left out. */
function antennaStates(value: unknown): ReaderHeartbeat['antennas'] {
  if (!isRecord(value)) return undefined;
  const states = Object.entries(value).flatMap(([port, state]): NonNullable<ReaderHeartbeat['antennas']> => {
    const antenna = Number(port);
    const s = typeof state === 'string' ? state.toLowerCase() : '';
    if (!Number.isInteger(antenna) || antenna < 0 || antenna > ANTENNA_MAX) return [];
    return s === 'connected' || s === 'disconnected' ? [{ antenna, state: s }] : [];
  });
  return states.length ? states.sort((a, b) => a.antenna - b.antenna) : undefined;
}

/**
 * A heartbeat's readings: the system's uptime (else the radio's, else the gateway's), its ambient
 * temperature (else the PA's), its CPU (system + user, else the radio's), the radio's antenna
 * states, and the gateway's dropped and retained (buffered) data messages.
 */
function zebraHeartbeat(data: unknown): ReaderHeartbeat {
  const radio = field(data, 'radio_control');
  const gateway = field(data, 'reader_gateway');
  const system = field(data, 'system');
  const out: ReaderHeartbeat = {};
  const uptime = [system, radio, gateway].map((part) => uptimeSeconds(field(part, 'uptime'))).find(defined);
  const readerTemp = reading(field(system, 'temperature'), ['ambient', 'pa']);
  const cpu = cpuOf(field(system, 'cpu')) ?? cpuOf(field(radio, 'cpu'));
  const antennas = antennaStates(field(radio, 'antennas'));
  const dropped = numberOf(field(gateway, 'numDataMessagesDropped'));
  const buffered = numberOf(field(gateway, 'numDataMessagesRetained'));
  const version = [field(data, 'version'), field(system, 'version'), field(radio, 'version')]
    .map((v) => text.safeParse(v))
    .find((v) => v.success)?.data;
  if (uptime !== undefined) out.uptime = uptime;
  if (readerTemp !== undefined) out.readerTemp = readerTemp;
  if (version !== undefined) out.version = version;
  if (cpu !== undefined) out.cpu = cpu;
  if (antennas) out.antennas = antennas;
  if (dropped !== undefined) out.dropped = dropped;
  if (buffered !== undefined) out.buffered = buffered;
  return out;
}

const defined = <T>(v: T | undefined): v is T => v !== undefined;

const messageOf = (data: unknown) => {
  const m = field(data, 'message');
  return typeof m === 'string' ? m.slice(0, 500) : '';
};

/** `gpi` (`{ pin, state }`), `warning(s)` and `error(s)` (`{ message }`); any other type is undefined. */
function zebraManagementEvent(type: string | undefined, data: unknown): ReaderHeartbeat | undefined {
  switch (type?.toLowerCase()) {
    case 'gpi': {
      const pin = numberOf(field(data, 'pin'));
      const state = field(data, 'state');
      return { kind: 'gpi', message: `GPI ${pin ?? '?'}: ${typeof state === 'string' ? state : '?'}` };
    }
    case 'warning':
    case 'warnings':
      return { kind: 'warning', message: messageOf(data) };
    case 'error':
    case 'errors':
      return { kind: 'error', message: messageOf(data) };
    default:
      return undefined;
  }
}
