/**
 * Every display format of the web screens, in one place. Dates follow the shared rules
 * (`formatListDate`, `formatDate`, `formatDateTime` in @sightline/shared: YYYY/MM/DD in lists and
 * filters, MM/DD/YYYY elsewhere, before year 1000 'N/A'); the rest are numbers and lengths of time.
 */
import { isUnsetDate, MSG } from '@sightline/shared';
import dayjs from 'dayjs';

/** What an empty cell or fact shows. */
export const NONE = '—';

/** List date-times (events): YYYY/MM/DD with a 12-hour clock to the second, unset as 'N/A'. */
export const formatListDateTime = (v: string | null | undefined) =>
  isUnsetDate(v) ? MSG.notAvailable : dayjs(v).format('YYYY/MM/DD hh:mm:ss a');

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

/** Days, hours, minutes, seconds in milliseconds. */
const UNIT_MS = [86_400_000, 3_600_000, 60_000, 1000] as const;

/**
 * A length of time as its two largest units, [count, unit index] from the largest non-zero unit;
 * a zero second unit is left out (1 h, not 1 h 0 min). Empty under a second.
 */
function twoLargestUnits(ms: number): [number, number][] {
  let rest = Math.max(0, Math.floor(ms));
  const counts = UNIT_MS.map((unit) => {
    const n = Math.floor(rest / unit);
    rest -= n * unit;
    return n;
  });
  const first = counts.findIndex((n) => n > 0);
  if (first === -1) return [];
  return counts
    .slice(first, first + 2)
    .map((n, i): [number, number] => [n, first + i])
    .filter(([n], i) => i === 0 || n > 0);
}

function durationText(ms: number, labels: readonly [string, string, string, string], gap: string) {
  const parts = twoLargestUnits(ms);
  if (!parts.length) return `0${gap}${labels[3]}`;
  return parts.map(([n, unit]) => `${n}${gap}${labels[unit]}`).join(' ');
}

/** A zone stay's length from nanoseconds: '2 h 5 min', '45 s', '0 s'. */
export const formatStay = (ns: number) => durationText(ns / 1_000_000, ['d', 'h', 'min', 's'], ' ');

/** Reader uptime from seconds, compact: '3d 4h', '4h 12m', '12m 5s', '45s'. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NONE;
  return durationText(seconds * 1000, ['d', 'h', 'm', 's'], '');
}
