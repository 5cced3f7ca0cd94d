/**
 * The forms a person reads a date or a time in, for the console's screens and the server's mails
 * alike: a date is YYYY/MM/DD in lists and filters and MM/DD/YYYY elsewhere; a date-time adds a
 * 12-hour clock to the minute ('11/27/2026 04:20 pm'); a date before year 1000 is unset ('N/A').
 * Screens show the viewer's clock; a mail, read away from the console, shows the site's.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { isUnsetDate } from './dates.js';
import { MSG } from './messages.js';

dayjs.extend(utc);

/** Display patterns (dayjs tokens). */
export const LIST_DATE_FORMAT = 'YYYY/MM/DD';
export const DATE_FORMAT = 'MM/DD/YYYY';
export const CLOCK_FORMAT = 'hh:mm a';
export const LIST_DATE_TIME_FORMAT = `${LIST_DATE_FORMAT} ${CLOCK_FORMAT}`;
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${CLOCK_FORMAT}`;

export type DateValue = string | number | Date | null | undefined;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The instant as the wall clock of `timeZone` reads it, as a Date whose UTC fields carry that
 * reading (an xlsx date, a pattern formatted in UTC): no daylight-saving change of the runtime's
 * own zone can move it.
 */
export function wallClockDate(instant: Date, timeZone: string): Date {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const at = new Date(0);
  at.setUTCFullYear(get('year'), get('month') - 1, get('day'));
  at.setUTCHours(get('hour'), get('minute'), get('second'), instant.getUTCMilliseconds());
  return at;
}

const wallClock = (instant: Date, timeZone: string) => dayjs.utc(wallClockDate(instant, timeZone));

/**
 * A date or time in one of the patterns above: in the runtime's own time zone, or on the wall
 * clock of `timeZone` (an IANA id) when given. An unset date reads 'N/A'.
 */
export function formatTimeAs(value: DateValue, pattern: string, timeZone?: string): string {
  const time = typeof value === 'number' ? new Date(value) : value;
  if (isUnsetDate(time)) return MSG.notAvailable;
  const instant = dayjs(time);
  return (timeZone ? wallClock(instant.toDate(), timeZone) : instant).format(pattern);
}

/** A date-time of a mail, on the site's clock: '11/27/2026 04:20 pm'. */
export const formatDateTimeIn = (value: DateValue, timeZone: string) =>
  formatTimeAs(value, DATE_TIME_FORMAT, timeZone);

/** A calendar day ('2026-11-27', already a day of the site) outside a list: '11/27/2026'. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m || Number(m[1]) < 1000) return MSG.notAvailable;
  return dayjs.utc(day).format(DATE_FORMAT);
}
