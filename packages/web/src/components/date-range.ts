/**
 * Date range filters (Events, exceptions, a thing's tabs, reports): whole days, from the start of
 * the start date to the end of the end date, and the quick ranges Today, Last 7 Days (6 days back)
 * and Last 30 Days (29 back) computed by the shared `quickRange`.
 */
import { type QuickRange, quickRange } from '@sightline/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** ISO bounds; an undefined side is open (a cleared date). */
export interface DateRange {
  after: string | undefined;
  before: string | undefined;
}

export const QUICK_RANGES: readonly { range: QuickRange; label: string }[] = [
  { range: 'today', label: 'Today' },
  { range: '7d', label: 'Last 7 Days' },
  { range: '30d', label: 'Last 30 Days' },
];

/** The quick range's bounds as a DateRange. */
export const quickDateRange = (range: QuickRange, now = new Date()): DateRange => quickRange(range, now);

/** Which quick range, if any, the range is exactly. */
export function activeQuickRange(value: DateRange, now = new Date()): QuickRange | undefined {
  return QUICK_RANGES.map((q) => q.range).find((r) => {
    const q = quickRange(r, now);
    return q.after === value.after && q.before === value.before;
  });
}

/**
 * A picked date: null for a cleared field; undefined while it is invalid or partly typed (a year
 * before 1000 counts as unset).
 */
function picked(date: Dayjs | null): Dayjs | null | undefined {
  if (date === null) return null;
  return date.isValid() && date.year() >= 1000 ? date : undefined;
}

/**
 * The range with a new start date (from its first moment), or undefined to keep the range as it
 * is (an invalid date). A start after the end moves the end to the start's day.
 */
export function withStart(range: DateRange, date: Dayjs | null): DateRange | undefined {
  const day = picked(date);
  if (day === undefined) return undefined;
  if (day === null) return { ...range, after: undefined };
  const after = day.startOf('day');
  const before = range.before && dayjs(range.before).isBefore(after) ? after.endOf('day') : undefined;
  return { after: after.toISOString(), before: before ? before.toISOString() : range.before };
}

/** The range with a new end date (to its last moment); an end before the start moves the start. */
export function withEnd(range: DateRange, date: Dayjs | null): DateRange | undefined {
  const day = picked(date);
  if (day === undefined) return undefined;
  if (day === null) return { ...range, before: undefined };
  const before = day.endOf('day');
  const after = range.after && dayjs(range.after).isAfter(before) ? before.startOf('day') : undefined;
  return { after: after ? after.toISOString() : range.after, before: before.toISOString() };
}
