/** Report periods in a site's timezone: its local days, and the default period (today). */
import { REPORT_MSG, type ReportRange } from '@sightline/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { badRequest } from '../../platform/errors.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const MAX_DAYS = 366;

/** Midnight starting the site-local day that contains `at`. */
const localDayStart = (at: Date, timeZone: string) => dayjs(at).tz(timeZone).startOf('day').toDate();

/** The site-local calendar date (YYYY-MM-DD) and clock time (HH:mm) at `at`. */
export function localClock(at: Date, timeZone: string) {
  const d = dayjs(at).tz(timeZone);
  return { date: d.format('YYYY-MM-DD'), time: d.format('HH:mm') };
}

/** [start, end) of the site-local calendar date `date` (YYYY-MM-DD). */
export function localDay(date: string, timeZone: string) {
  const start = dayjs.tz(date, timeZone);
  return { after: start.toDate(), before: start.add(1, 'day').toDate() };
}

/**
 * The period [after, before): missing ends default to the site-local day (today, or the day of the
 * one end given); after must precede before, and a period spans at most 366 days.
 */
export function resolvePeriod(range: ReportRange, timeZone: string, now: Date) {
  const after = range.after
    ? new Date(range.after)
    : range.before
      ? localDayStart(new Date(new Date(range.before).getTime() - 1), timeZone)
      : localDayStart(now, timeZone);
  const before = range.before
    ? new Date(range.before)
    : dayjs(localDayStart(after, timeZone)).tz(timeZone).add(1, 'day').toDate();
  if (!(after < before)) throw badRequest(REPORT_MSG.range, [{ path: 'after', message: REPORT_MSG.range }]);
  if (before.getTime() - after.getTime() > MAX_DAYS * 86_400_000)
    throw badRequest(REPORT_MSG.rangeTooLong, [{ path: 'before', message: REPORT_MSG.rangeTooLong }]);
  return { after, before };
}
