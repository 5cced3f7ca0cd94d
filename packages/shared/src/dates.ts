import dayjs from 'dayjs';
import { z } from 'zod';

/** A time in a query or body: ISO 8601 with its timezone (`Z` or an offset). */
export const IsoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time with a timezone' });

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
