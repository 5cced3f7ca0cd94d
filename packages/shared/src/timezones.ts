/** IANA time zones for the site editor's timezone select (GET api/timezones). */
import { z } from 'zod';

export const Timezone = z.object({ id: z.string(), name: z.string() });
export type Timezone = z.infer<typeof Timezone>;

/**
 * Current IANA names of zones that ICU (CLDR) still lists under their old, deprecated names, so
 * the select offers 'Asia/Kolkata' rather than 'Asia/Calcutta'. Both are valid time zone ids.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** IANA time zone ids the runtime knows, by their current names, sorted, UTC first. */
export function timezoneIds(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const known = (intl.supportedValuesOf?.('timeZone') ?? []).map((id) => CURRENT_NAMES[id] ?? id);
  const ids = [...new Set(known)].filter((id) => id !== 'UTC').sort();
  return ['UTC', ...ids];
}

/** Whether the runtime knows `id` as a time zone: a site's zone drives every report and schedule. */
export function isTimeZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

export const TIMEZONE_MSG = { required: 'timezone is required', unknown: 'unknown timezone' } as const;

/** A time zone id as a site stores it: an IANA name the runtime knows. */
export const TimeZoneId = z
  .string()
  .min(1, TIMEZONE_MSG.required)
  .max(100)
  .refine(isTimeZone, TIMEZONE_MSG.unknown);

/** Offset of `timeZone` from UTC at `at`, in minutes (east positive). */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const label = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(label);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * The standard (non-daylight-saving) offset: the smaller of January's and July's, so a zone's
 * label does not change twice a year and reads the same in both hemispheres.
 */
export function standardOffsetMinutes(timeZone: string, year = new Date().getUTCFullYear()): number {
  return Math.min(
    utcOffsetMinutes(timeZone, new Date(Date.UTC(year, 0, 1))),
    utcOffsetMinutes(timeZone, new Date(Date.UTC(year, 6, 1))),
  );
}

export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** 'Europe/Berlin (UTC+01:00)'. */
export const timezoneName = (id: string, year?: number) =>
  `${id} (${formatUtcOffset(standardOffsetMinutes(id, year))})`;

let cached: { year: number; options: Timezone[] } | undefined;
/** Every time zone as `{ id, name }`, computed once per year. */
export function timezoneOptions(): Timezone[] {
  const year = new Date().getUTCFullYear();
  if (cached?.year !== year) {
    cached = { year, options: timezoneIds().map((id) => ({ id, name: timezoneName(id, year) })) };
  }
  return cached.options;
}
