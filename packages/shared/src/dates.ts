import dayjs from 'dayjs';
import { z } from 'zod';

/**
 * Times Sightline accepts are instants from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (in
 * UTC, after the offset is applied): PostgreSQL refuses year 0000 and JS Date writes years past
 * 9999 as `+010000`, which PostgreSQL refuses too.
 */
const MIN_TIME = Date.parse('0001-01-01T00:00:00Z');
const MAX_TIME = Date.parse('9999-12-31T23:59:59.999Z');
export const TIME_RANGE_MSG = 'must be a time from year 0001 to year 9999 (UTC)';

/** Whether a time (ms since the epoch, or text Date.parse reads) is in the range above. */
export function inTimeRange(time: number | string): boolean {
  const ms = typeof time === 'number' ? time : Date.parse(time);
  return ms >= MIN_TIME && ms <= MAX_TIME;
}

/** ISO 8601 with its timezone (`Z` or an offset), within the accepted range. */
export const isoTime = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine(inTimeRange, { error: TIME_RANGE_MSG });

/** A time in a query or body: ISO 8601 with its timezone (`Z` or an offset). */
export const IsoTime = isoTime('must be an ISO 8601 time with a timezone');

/** A day (YYYY-MM-DD) or a time with its timezone, within the accepted range. */
export const IsoDayOrTime = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .refine(inTimeRange, { error: TIME_RANGE_MSG });

/** Dates before year 1000 are unset (the console shows them as 'N/A'). */
export function isUnsetDate(value: string | Date | null | undefined): boolean {
  if (!value) return true;
  const d = dayjs(value);
  return !d.isValid() || d.year() < 1000;
}

/** Quick ranges: Today; 7 days (6 back); 30 days (29 back); 31 days (30 back); current month. */
export type QuickRange = 'today' | '7d' | '30d' | '31d' | 'month';
export function quickRange(range: QuickRange, now: Date = new Date()): { after: string; before: string } {
  const end = dayjs(now).endOf('day');
  const back = { today: 0, '7d': 6, '30d': 29, '31d': 30, month: -1 }[range];
  const start = back < 0 ? dayjs(now).startOf('month') : dayjs(now).subtract(back, 'day').startOf('day');
  return { after: start.toISOString(), before: end.toISOString() };
}
