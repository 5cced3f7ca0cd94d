import dayjs from 'dayjs';
import { z } from 'zod';
import { MSG } from './messages.js';

/** A time in a query or body: ISO 8601 with its timezone (`Z` or an offset). */
export const IsoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time with a timezone' });

/** Date display rules: dates before year 1000 are unset and show 'N/A'. */
export function isUnsetDate(value: string | Date | null | undefined): boolean {
  if (!value) return true;
  const d = dayjs(value);
  return !d.isValid() || d.year() < 1000;
}
export const formatListDate = (v: string | Date | null | undefined) =>
  isUnsetDate(v) ? MSG.notAvailable : dayjs(v).format('YYYY/MM/DD');
export const formatDate = (v: string | Date | null | undefined) =>
  isUnsetDate(v) ? MSG.notAvailable : dayjs(v).format('MM/DD/YYYY');
export const formatDateTime = (v: string | Date | null | undefined) =>
  isUnsetDate(v) ? MSG.notAvailable : dayjs(v).format('MM/DD/YYYY hh:mm a');

/** Quick ranges: Today; 7 days (6 back); 30 days (29 back); 31 days (30 back); current month. */
export type QuickRange = 'today' | '7d' | '30d' | '31d' | 'month';
export function quickRange(range: QuickRange, now: Date = new Date()): { after: string; before: string } {
  const end = dayjs(now).endOf('day');
  const back = { today: 0, '7d': 6, '30d': 29, '31d': 30, month: -1 }[range];
  const start = back < 0 ? dayjs(now).startOf('month') : dayjs(now).subtract(back, 'day').startOf('day');
  return { after: start.toISOString(), before: end.toISOString() };
}
