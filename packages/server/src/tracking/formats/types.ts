/**
 * What every reader format is normalised into (docs/readers.md): the same sighting, whatever the
 * reader, plus an optional heartbeat. Parsers are pure; they throw `ReaderFormatError` (a 400)
 * naming the first thing that is wrong, so nothing of a bad batch is half-applied.
 */
import { type Direction, parseReaderTime, type SightingData } from '@sightline/shared';
import { type ZodType, z } from 'zod';
import { HttpError } from '../../platform/errors.js';

/** Milliseconds since the epoch (UTC). The engine works in these; the DB layer converts to Date. */
export type EpochMs = number;

export interface NormalizedSighting {
  /** EPC, upper-case hex. */
  tag: string;
  antenna: number;
  time: EpochMs;
  direction: Direction;
  /** dBm. */
  rssi?: number;
  data?: SightingData;
  alarmTamper: boolean;
}

/** An antenna port's state as a reader reports it. */
type ReportedAntennaState = 'connected' | 'disconnected';

/**
 * An endpoint status record's fields: a heartbeat (`kind` absent) or another management event of
 * the reader. The recording adds the time and the request's ip; `antennas` names only the ports
 * the reader reported (the others keep their last known state).
 */
export interface ReaderHeartbeat {
  kind?: 'heartbeat' | 'antenna' | 'gpi' | 'warning' | 'error' | 'inventory' | 'overflow';
  message?: string;
  uptime?: number;
  readerTemp?: number;
  ip?: string;
  version?: string;
  /** CPU in use, %. */
  cpu?: number;
  antennas?: { antenna: number; state: ReportedAntennaState }[];
  dropped?: number;
  buffered?: number;
}

export interface ParsedBatch {
  ok: true;
  sightings: NormalizedSighting[];
  /** Present when the body was (or carried) a heartbeat. */
  heartbeat?: ReaderHeartbeat;
  /** The body's other management events (antenna, gpi, warning, …), in the body's order. */
  readerEvents?: ReaderHeartbeat[];
  /** Things worth logging that are not errors (e.g. an event type Sightline does not use). */
  warnings: string[];
}

export interface FieldError {
  path: string;
  message: string;
}

export class ReaderFormatError extends HttpError {
  constructor(readonly fieldErrors: FieldError[]) {
    const [first] = fieldErrors;
    const more = fieldErrors.length > 1 ? ` (and ${fieldErrors.length - 1} more)` : '';
    super(400, first ? `${formatFieldError(first)}${more}` : 'invalid body', undefined, fieldErrors);
    this.name = 'ReaderFormatError';
  }
}

const MAX_REPORTED_ERRORS = 20;

function formatFieldError(e: FieldError): string {
  return e.path ? `${e.path}: ${e.message}` : e.message;
}

/** `event` + [3, 'tagInventoryEvent'] → `event[3].tagInventoryEvent`. */
function joinPath(base: string, path: readonly PropertyKey[]): string {
  let out = base;
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

export function fail(path: string, message: string): never {
  throw new ReaderFormatError([{ path, message }]);
}

/** Validates `value` with `schema`, reporting issues at `base` + the issue's path. */
export function parseAt<T>(schema: ZodType<T>, value: unknown, base: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ReaderFormatError(
    result.error.issues
      .slice(0, MAX_REPORTED_ERRORS)
      .map((issue) => ({ path: joinPath(base, issue.path), message: issue.message })),
  );
}

/** Readers post either a JSON array or (unbatched) one object: always an array, capped. */
export function asEventArray(body: unknown, label: string, max: number): unknown[] {
  const events = Array.isArray(body) ? body : [body];
  if (events.length > max) fail(label, `at most ${max} events per request (got ${events.length})`);
  return events;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reader timestamp (ISO 8601 with a timezone, up to nanoseconds) as epoch milliseconds. */
export const readerTimeMs = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const ms = parseReaderTime(value);
    if (ms !== undefined) return ms;
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 time with a timezone' });
    return z.NEVER;
  });
