/**
 * Reader sightings and heartbeats (the native interface of docs/readers.md): the body a native
 * reader posts, and the timestamp rule every reader format shares.
 */
import { z } from 'zod';
import { GATE_DIRECTIONS } from './constants.js';

/** At most this many sightings (or reader events) per ingest request. */
export const SIGHTINGS_PER_REQUEST_MAX = 5000;
export const ANTENNA_MAX = 64;
/** An EPC in hex: 1 to 128 hex digits (up to 512 bits), stored upper case. */
export const EPC_HEX_PATTERN = /^[0-9A-Fa-f]{1,128}$/;

// YYYY-MM-DDTHH:mm[:ss[.fraction]] then Z, ±HH:MM, ±HHMM or ±HH (Zebra sends +0000).
const READER_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,12}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Parses an ISO 8601 time with a timezone into epoch milliseconds, or undefined when invalid.
 * Explicit rather than `Date.parse`: readers send up to nanosecond fractions (Impinj) and offsets
 * without a colon (Zebra), which engines parse inconsistently. Sub-millisecond digits are
 * truncated, never rounded, so a time never moves into the next millisecond.
 */
export function parseReaderTime(value: string): number | undefined {
  const m = READER_TIME.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const second = m[6] ? Number(m[6]) : 0;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return undefined;
  if (month === 2 && day === 29 && !isLeapYear(year)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (!m[8]) {
    const offsetHours = Number(m[10]);
    const offsetMins = m[11] ? Number(m[11]) : 0;
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export const ReaderTime = z
  .string()
  .max(64)
  .refine((v) => parseReaderTime(v) !== undefined, 'must be an ISO 8601 time with a timezone');

export const EpcHex = z
  .string()
  .trim()
  .regex(EPC_HEX_PATTERN, 'must be 1 to 128 hex characters')
  .transform((v) => v.toUpperCase());

export const SightingDirection = z.enum(GATE_DIRECTIONS);

/** Stored as PostgreSQL `real`: a value beyond its range (1e308) would fail the whole batch. */
const REAL_MAX = 3.4e38;
export const SightingData = z.object({ cFloat0: z.number().min(-REAL_MAX).max(REAL_MAX).optional() });
export type SightingData = z.infer<typeof SightingData>;

/** One native sighting (docs/readers.md); `time` defaults to the receipt time, `direction` to NEAR. */
export const Sighting = z.object({
  tag: EpcHex,
  antenna: z.number().int().min(0).max(ANTENNA_MAX).default(0),
  time: ReaderTime.optional(),
  direction: SightingDirection.default('NEAR'),
  /** dBm; real readers report about -100..0, the range leaves room without reaching `real`'s limits. */
  rssi: z.number().min(-1000).max(1000).optional(),
  data: SightingData.optional(),
  alarmTamper: z.boolean().default(false),
});
export type Sighting = z.infer<typeof Sighting>;
export type SightingInput = z.input<typeof Sighting>;

/** Endpoint credentials may travel in the body instead of the headers (as MQTT messages carry them). */
const BodyCredentials = {
  uuid: z.string().max(100).optional(),
  key: z.string().max(200).optional(),
};

export const NativeSightingsBody = z.object({
  ...BodyCredentials,
  sightings: z
    .array(Sighting)
    .max(SIGHTINGS_PER_REQUEST_MAX, `at most ${SIGHTINGS_PER_REQUEST_MAX} sightings per request`),
});
export type NativeSightingsBody = z.infer<typeof NativeSightingsBody>;

export const HeartbeatBody = z.object({
  ...BodyCredentials,
  /** Seconds since the reader started. */
  uptime: z.number().min(0).max(1e12).optional(),
  /** Degrees Celsius. */
  readerTemp: z.number().min(-273.15).max(1000).optional(),
  ip: z.string().max(64).optional(),
  version: z.string().max(100).optional(),
});
export type HeartbeatBody = z.infer<typeof HeartbeatBody>;
