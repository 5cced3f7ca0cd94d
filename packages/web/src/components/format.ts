/**
 * Every display format of the web screens, in one place: no other web file formats a date, a
 * time, a length of time or a count (`format-scan.test.ts` fails on one that does).
 *
 * Dates: YYYY/MM/DD in lists (any table or list of records, its cells and their tooltips) and
 * filters; MM/DD/YYYY elsewhere (editors, detail pages, facts, map tooltips). Date-times add a
 * 12-hour clock to the minute, 'hh:mm am'. A date before year 1000 is unset and shows 'N/A'.
 * Lengths of time show their two largest units: '2 h 5 min', '45 s'.
 */
import {
  CLOCK_FORMAT,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  type DateValue,
  formatTimeAs,
  LIST_DATE_FORMAT,
  LIST_DATE_TIME_FORMAT,
} from '@sightline/shared';
import dayjs from 'dayjs';

/** What an empty cell or fact shows. */
export const NONE = '—';

/** Picker and display patterns (dayjs tokens), the shared forms that mails use too. */
export { CLOCK_FORMAT, DATE_FORMAT, DATE_TIME_FORMAT, LIST_DATE_FORMAT };
/** A time of day stored as text (the site's daily report time): 24-hour 'HH:mm'. */
export const STORED_TIME_OF_DAY = 'HH:mm';

/** Screens show the viewer's own clock. */
const shown = (pattern: string) => (v: DateValue) => formatTimeAs(v, pattern);

/** A date in a list or a filter: '2026/11/27'. */
export const formatListDate = shown(LIST_DATE_FORMAT);
/** A date-time in a list: '2026/11/27 04:20 pm'. */
export const formatListDateTime = shown(LIST_DATE_TIME_FORMAT);
/** A date anywhere but a list: '11/27/2026'. */
export const formatDate = shown(DATE_FORMAT);
/** A date-time anywhere but a list: '11/27/2026 04:20 pm'. */
export const formatDateTime = shown(DATE_TIME_FORMAT);
/**
 * A date-time anywhere but a list, on a site's clock ('11/27/2026 04:20 pm' in Europe/Berlin): the
 * browser's clock when the site has no known timezone.
 */
export function formatSiteDateTime(v: DateValue, timezoneId: string | undefined): string {
  if (!timezoneId) return formatDateTime(v);
  try {
    return formatTimeAs(v, DATE_TIME_FORMAT, timezoneId);
  } catch {
    // An unknown zone name (RangeError): the browser's clock rather than nothing.
    return formatDateTime(v);
  }
}

/** An ISO 8601 time inside a text ('… offline since 2026-11-27T15:20:00.000Z'). */
const EMBEDDED_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** A server text with the times it names shown on the site's clock, in the usual date form. */
export const formatTimesIn = (text: string, timezoneId: string | undefined) =>
  text.replace(EMBEDDED_TIME, (iso) => formatSiteDateTime(iso, timezoneId));

/** A running clock (Zone Status ticks each second, so it shows them): '04:20:05 pm'. */
export const formatClock = (v: Date | number) => dayjs(v).format('hh:mm:ss a');

/** A count with thousands separators: '12,345'. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** The sensor reading data.cFloat0, rounded to one decimal; '' when there is none. */
export const formatCFloat0 = (v: number | null | undefined) =>
  typeof v !== 'number' || !Number.isFinite(v) ? '' : (Math.round(v * 10) / 10).toFixed(1);

/** The sensor value (cFloat0) as a fact or cell: one decimal, '—' when there is none. */
export const formatSensor = (v: number | null | undefined) => formatCFloat0(v) || NONE;

/** Map coordinates (fractions 0-1 of the map's width and height) as percentages across and down the map. */
export const formatMapPoint = (xy: readonly [number, number] | null | undefined) =>
  xy ? `${(xy[0] * 100).toFixed(1)}% across, ${(xy[1] * 100).toFixed(1)}% down` : NONE;

const round2 = (n: number) => String(Math.round(n * 100) / 100);
/** Endpoint coordinates, to two decimals: '120, 45.46'. */
export const formatCoordinates = ([x, y]: readonly [number, number]) => `${round2(x)}, ${round2(y)}`;

/** A reader's temperature to one decimal: '41.5 °C'. */
export const formatTemperature = (celsius: number | null | undefined) =>
  celsius === null || celsius === undefined ? NONE : `${Math.round(celsius * 10) / 10} °C`;

/** A tag's peak RSSI to one decimal: '-52.5 dBm'. */
export const formatRssi = (dbm: number | null | undefined) =>
  dbm === null || dbm === undefined ? NONE : `${Math.round(dbm * 10) / 10} dBm`;

/** Days, hours, minutes, seconds in nanoseconds. */
const UNIT_NS = [86_400e9, 3_600e9, 60e9, 1e9] as const;
const UNIT_LABELS = ['d', 'h', 'min', 's'] as const;

/**
 * A length of time in nanoseconds, the one form of every list, report and editor: its two
 * largest units from the largest non-zero one, a zero second unit left out ('1 d 3 h', '2 h 5 min',
 * '1 h', '45 s'); under a second (or negative) '0 s'; none '—'.
 */
export function formatDuration(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || !Number.isFinite(ns)) return NONE;
  let rest = Math.max(0, Math.floor(ns));
  const counts = UNIT_NS.map((unit) => {
    const n = Math.floor(rest / unit);
    rest -= n * unit;
    return n;
  });
  const first = counts.findIndex((n) => n > 0);
  if (first === -1) return '0 s';
  return counts
    .slice(first, first + 2)
    .map((n, i) => [n, first + i] as const)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n} ${UNIT_LABELS[unit]}`)
    .join(' ');
}

/** A length of time in seconds (a reader's uptime), in the one form of durations. */
export const formatSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined || seconds < 0 ? NONE : formatDuration(seconds * 1e9);
