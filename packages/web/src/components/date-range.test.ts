import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { activeQuickRange, type DateRange, quickDateRange, withEnd, withStart } from './date-range';

const NOW = new Date(2026, 4, 15, 13, 30);
const local = (iso: string | undefined) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss.SSS');

describe('quick date ranges', () => {
  it('covers whole days: today, 7 days = 6 back, 30 days = 29 back', () => {
    const today = quickDateRange('today', NOW);
    expect([local(today.after), local(today.before)]).toEqual([
      '2026-05-15 00:00:00.000',
      '2026-05-15 23:59:59.999',
    ]);
    expect(local(quickDateRange('7d', NOW).after)).toBe('2026-05-09 00:00:00.000');
    expect(local(quickDateRange('30d', NOW).after)).toBe('2026-04-16 00:00:00.000');
    expect(local(quickDateRange('30d', NOW).before)).toBe('2026-05-15 23:59:59.999');
  });

  it('tells which quick range a range is, if any', () => {
    expect(activeQuickRange(quickDateRange('7d', NOW), NOW)).toBe('7d');
    expect(activeQuickRange(quickDateRange('today', NOW), NOW)).toBe('today');
    const other: DateRange = { after: quickDateRange('7d', NOW).after, before: undefined };
    expect(activeQuickRange(other, NOW)).toBeUndefined();
  });
});

describe('picking a start or end date', () => {
  const range = quickDateRange('7d', NOW);

  it('takes the start of the start day and the end of the end day', () => {
    const started = withStart(range, dayjs('2026-05-12T18:00'));
    expect(local(started?.after)).toBe('2026-05-12 00:00:00.000');
    expect(started?.before).toBe(range.before);
    const ended = withEnd(range, dayjs('2026-05-13T08:00'));
    expect(local(ended?.before)).toBe('2026-05-13 23:59:59.999');
    expect(ended?.after).toBe(range.after);
  });

  it('moves the other end rather than leave an empty range', () => {
    const late = withStart(
      { after: range.after, before: dayjs('2026-05-10').endOf('day').toISOString() },
      dayjs('2026-05-12'),
    );
    expect([local(late?.after), local(late?.before)]).toEqual([
      '2026-05-12 00:00:00.000',
      '2026-05-12 23:59:59.999',
    ]);
    const early = withEnd(range, dayjs('2026-05-01'));
    expect([local(early?.after), local(early?.before)]).toEqual([
      '2026-05-01 00:00:00.000',
      '2026-05-01 23:59:59.999',
    ]);
  });

  it('opens a cleared side and ignores invalid or unset (before year 1000) dates', () => {
    expect(withStart(range, null)).toEqual({ after: undefined, before: range.before });
    expect(withEnd(range, null)).toEqual({ after: range.after, before: undefined });
    expect(withStart(range, dayjs('not a date'))).toBeUndefined();
    expect(withEnd(range, dayjs('0999-12-31'))).toBeUndefined();
  });
});
